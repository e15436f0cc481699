#include "analysis/kernelnvidia.h"

namespace lx {

NvMatrixFeatures nvMatrixFeaturesOf(const Architecture &arch)
{
    NvMatrixFeatures f;
    for (const LdsInstruction &i : arch.instructions) {
        f.ldmatrix = f.ldmatrix || i.name.rfind("ldmatrix", 0) == 0;
        f.stmatrix = f.stmatrix || i.name.rfind("stmatrix", 0) == 0;
        f.matrixB8 =
            f.matrixB8 || ((i.name.rfind("ldmatrix", 0) == 0 || i.name.rfind("stmatrix", 0) == 0) &&
                           i.name.find(".b8") != std::string::npos);
    }
    return f;
}

bool isSharedMemoryInstruction(const std::string &name)
{
    return name.rfind("ds_", 0) == 0 || name.rfind("ld.shared", 0) == 0 ||
           name.rfind("st.shared", 0) == 0 || name.rfind("ldmatrix", 0) == 0 ||
           name.rfind("stmatrix", 0) == 0 || name.rfind("atom.shared", 0) == 0;
}

int64_t nvidiaAccessOf(const Architecture &arch, const LinearLayout &reg,
                       const LinearLayout &shared, bool isWrite, KernelOpReport &r)
{
    Expected<NvSharedAccess> a =
        nvidiaSharedAccess(reg, shared, r.elementBits, isWrite, nvMatrixFeaturesOf(arch));
    if (!a) {
        r.problem = a.message();
        return 1;
    }
    r.instruction = a->mnemonic;
    r.count = r.issued = a->count;
    r.accesses = {{a->mnemonic, a->count, a->count, isWrite}};
    const std::string matrix = isWrite ? "stmatrix" : "ldmatrix";
    switch (a->kind) {
    case NvAccessKind::Matrix:
        r.path = matrix;
        r.pathReason = std::to_string(a->matrices) + " matrices of 8 rows x 16 bytes per " +
                       "instruction: a 16-byte row is a thread's registers and lanes 0, 1";
        break;
    case NvAccessKind::MatrixTransposed:
        r.path = matrix + ".trans";
        r.pathReason = std::to_string(a->matrices) + " transposed matrices per instruction " +
                       "(not transposed: " + a->whyNotMatrix + ")";
        break;
    case NvAccessKind::Plain:
        r.path = "generic";
        r.pathReason = std::to_string(a->elementsPerInstruction) + " register" +
                       (a->elementsPerInstruction == 1 ? "" : "s") +
                       " contiguous in shared memory per access";
        r.reason = "no " + matrix + ": " + a->whyNotMatrix +
                   (a->whyNotTransposed.empty() || a->whyNotTransposed == a->whyNotMatrix
                        ? std::string()
                        : "; not as " + matrix + ".trans: " + a->whyNotTransposed);
        break;
    }
    return a->elementsPerInstruction;
}

} // namespace lx
