#include "analysis/kernelnvidia.h"

#include "analysis/banks.h"
#include "analysis/nvwavefronts.h"

#include <algorithm>

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

namespace {

// Whether the access's vector is the thread's leading registers, consecutive along `dim`: the
// registers a global load vectorised along `dim` filled as packed 32-bit words.
bool vectorIsPacked(const LinearLayout &reg, const NvSharedAccess &a, int dim)
{
    const LinearLayout unique = reg.removeZeroBasesAlongDim("register");
    for (size_t i = 0; i < a.tileRegisters.size(); ++i) {
        if (a.tileRegisters[i] != int(i) || int(i) >= unique.inDimSizeLog2("register"))
            return false;
        const LinearLayout::Basis &b = unique.basis("register", int(i));
        for (size_t d = 0; d < b.size(); ++d)
            if (b[d] != (int(d) == dim ? int32_t(1) << i : 0))
                return false;
    }
    return !a.tileRegisters.empty();
}

} // namespace

int64_t nvidiaAccessOf(const Architecture &arch, const LinearLayout &reg,
                       const LinearLayout &shared, bool isWrite, KernelOpReport &r,
                       std::optional<int> packedDim)
{
    Expected<LinearLayout> cvt = nvidiaLocalCvt(reg, shared);
    if (!cvt) {
        r.problem = cvt.message();
        return 1;
    }
    NvSharedAccess access =
        nvidiaSharedAccessOfCvt(*cvt, r.elementBits, isWrite, nvMatrixFeaturesOf(arch));
    if (access.kind == NvAccessKind::Plain && isWrite && packedDim &&
        vectorIsPacked(reg, access, *packedDim))
        access.mnemonic =
            nvidiaPlainMnemonic(access.elementsPerInstruction, r.elementBits, isWrite, true);
    const NvSharedAccess *a = &access;
    r.instruction = a->mnemonic;
    r.count = r.issued = a->count;
    KernelLdsAccess entry{a->mnemonic, a->count, a->count, isWrite};
    if (Expected<NvWavefronts> w =
            nvidiaWavefronts(arch, *cvt, *a, std::max(8, r.elementBits), isWrite)) {
        entry.wavefronts = w->measured;
        entry.textbookWavefronts = w->textbook;
        entry.idealWavefronts = w->ideal;
        entry.ways = w->maxWays;
        r.maxWays = w->maxWays;
        r.cyclesPerCta = w->measured;
        r.idealCyclesPerCta = w->ideal;
    } else {
        r.cyclesNote = "wavefronts not analysed: " + w.message();
    }
    if (a->kind == NvAccessKind::Plain)
        if (Expected<int64_t> t = tritonBankConflicts(reg, shared, r.elementBits))
            entry.tritonExtraWavefronts = *t;
    r.accesses = {entry};
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
