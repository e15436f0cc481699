#include "analysis/nvsharedaccess.h"
#include "base/intmath.h"

#include "analysis/ldslowering.h"
#include "layout/dimnames.h"

#include <algorithm>
#include <bit>

namespace lx {

namespace {
using namespace dims;

// The offset of basis i of `dim` (cvt's only out-dim is offset).
int32_t offsetOf(const LinearLayout &cvt, const std::string &dim, int i)
{
    return cvt.basis(dim, i)[0];
}

std::string hex(int32_t v)
{
    return std::to_string(v);
}

// Registers chosen for the low bits of a tile: for each wanted offset, the first register basis
// not chosen yet whose offset is exactly that (Triton's regPermForDivide); empty on failure with
// `why` naming the offset no register holds.
std::vector<int> chooseRegisters(const LinearLayout &cvt, const std::vector<int32_t> &wanted,
                                 std::string &why)
{
    std::vector<int> chosen;
    const int regs = cvt.inDimSizeLog2(kRegister);
    for (int32_t want : wanted) {
        int found = -1;
        for (int i = 0; i < regs && found < 0; ++i)
            if (offsetOf(cvt, kRegister, i) == want &&
                std::find(chosen.begin(), chosen.end(), i) == chosen.end())
                found = i;
        if (found < 0) {
            why = "no register of a thread holds the element at offset " + hex(want) +
                  " of its 16-byte row";
            return {};
        }
        chosen.push_back(found);
    }
    return chosen;
}

// Every basis outside the tile (the chosen registers and lanes) leaves the low `lowBits` offset
// bits alone: divideLeft(cvt, tile) exists. Otherwise `why` names the first basis that does not.
bool othersLeaveLowBits(const LinearLayout &cvt, const std::vector<int> &tileRegs,
                        const std::vector<int> &tileLanes, int lowBits, std::string &why)
{
    const int32_t low = (int32_t(1) << lowBits) - 1;
    for (const auto &[dim, bases] : cvt.bases())
        for (int i = 0; i < int(bases.size()); ++i) {
            const std::vector<int> *inTile = dim == kRegister ? &tileRegs
                                             : dim == kLane   ? &tileLanes
                                                              : nullptr;
            if (inTile && std::find(inTile->begin(), inTile->end(), i) != inTile->end())
                continue;
            if ((bases[size_t(i)][0] & low) != 0) {
                why = dim + " basis " + std::to_string(i) + " moves to offset " +
                      hex(bases[size_t(i)][0]) + ", inside the " +
                      std::to_string(int32_t(1) << lowBits) + "-element tile of one instruction";
                return false;
            }
        }
    return true;
}

std::string matrixMnemonic(bool isWrite, bool transposed, int bits, int matrices)
{
    std::string shape = "m8n8";
    std::string type = ".b16";
    if (transposed && bits == 8) {
        shape = isWrite ? "m16n8" : "m16n16";
        type = ".b8";
    }
    return std::string(isWrite ? "stmatrix" : "ldmatrix") + ".sync.aligned." + shape + ".x" +
           std::to_string(matrices) + (transposed ? ".trans" : "") + ".shared" + type;
}

// The non-transposed tile: 32 / bits registers then lanes 0 and 1 along offset; `regs` receives
// the chosen registers.
bool tryMatrix(const LinearLayout &cvt, int bits, std::string &why, std::vector<int> &regs)
{
    if (bits > 32) {
        why = "elements of " + std::to_string(bits) + " bits (a matrix row packs 32-bit words)";
        return false;
    }
    const int r = floorLog2(32 / bits);
    std::vector<int32_t> wanted;
    for (int k = 0; k < r; ++k)
        wanted.push_back(int32_t(1) << k);
    regs = chooseRegisters(cvt, wanted, why);
    if (int(regs.size()) < r)
        return false;
    if (cvt.inDimSizeLog2(kLane) < 5) {
        why = "fewer than 32 lanes";
        return false;
    }
    for (int l = 0; l < 2; ++l)
        if (offsetOf(cvt, kLane, l) != (int32_t(1) << (r + l))) {
            why = "lane basis " + std::to_string(l) + " moves to offset " +
                  hex(offsetOf(cvt, kLane, l)) + ", not " + hex(int32_t(1) << (r + l)) +
                  " (lanes 0 and 1 must continue the 16-byte row)";
            return false;
        }
    return othersLeaveLowBits(cvt, regs, {0, 1}, r + 2, why);
}

// The transposed tile: lanes 2, 3, 4 along offset (8-bit: one register above them).
bool tryTransposed(const LinearLayout &cvt, int bits, bool isWrite,
                   const NvMatrixFeatures &features, std::string &why, std::vector<int> &regs)
{
    if (bits != 16 && !(bits == 8 && features.matrixB8)) {
        why = bits == 8 ? "8-bit transposed matrices need sm100"
                        : "a transposed matrix needs 16-bit elements";
        return false;
    }
    if (cvt.inDimSizeLog2(kLane) < 5) {
        why = "fewer than 32 lanes";
        return false;
    }
    for (int l = 0; l < 3; ++l)
        if (offsetOf(cvt, kLane, 2 + l) != (int32_t(1) << l)) {
            why = "lane basis " + std::to_string(2 + l) + " moves to offset " +
                  hex(offsetOf(cvt, kLane, 2 + l)) + ", not " + hex(int32_t(1) << l) +
                  " (lanes 2, 3, 4 must walk one 16-byte column)";
            return false;
        }
    regs.clear();
    if (bits == 8) {
        regs = chooseRegisters(cvt, {8}, why);
        if (regs.empty())
            return false;
    }
    const int lowBits = bits == 8 ? 4 : 3;
    if (!othersLeaveLowBits(cvt, regs, {2, 3, 4}, lowBits, why))
        return false;
    const int needed = bits == 16 ? 2 : (isWrite ? 4 : 8);
    if (cvt.inDimSize(kRegister) < needed) {
        why = "a thread holds " + std::to_string(cvt.inDimSize(kRegister)) +
              " registers, fewer than one matrix needs (" + std::to_string(needed) + ")";
        return false;
    }
    return true;
}

} // namespace

std::string nvidiaPlainMnemonic(int elements, int bits, bool isWrite, bool packed)
{
    int n = std::max(1, elements), b = bits;
    // Loads of 32 bits or more read 32-bit words (the PTX of every kernel in
    // tests/data/kernels/nvidia has no ld.shared.v2.b16); stores pack past four elements, or when
    // the registers hold packed words already (a vectorised global load filled them).
    if ((n > 4 || ((!isWrite || packed) && n * b >= 32)) && b < 32) {
        n = n * b / 32;
        b = 32;
    }
    std::string out = isWrite ? "st.shared" : "ld.shared";
    if (n > 1)
        out += ".v" + std::to_string(std::min(n, 4));
    return out + ".b" + std::to_string(b);
}

namespace {

// A matrix access (transposed or not) of `cvt` whose tile registers are `regs`.
NvSharedAccess matrixAccess(const LinearLayout &cvt, int bits, bool isWrite, bool transposed,
                            std::vector<int> regs)
{
    NvSharedAccess out;
    out.registers = int64_t(1) << cvt.inDimSizeLog2(kRegister);
    const int perCore = !transposed ? 32 / bits : bits == 16 ? 2 : (isWrite ? 4 : 8);
    const int perInstr = int(std::min<int64_t>(128 / bits, out.registers));
    out.kind = transposed ? NvAccessKind::MatrixTransposed : NvAccessKind::Matrix;
    out.elementsPerInstruction = std::max(perInstr, perCore);
    out.matrices = std::max(1, perInstr / perCore);
    out.count = out.registers / out.elementsPerInstruction;
    out.mnemonic = matrixMnemonic(isWrite, transposed, bits, out.matrices);
    out.tileRegisters = std::move(regs);
    return out;
}

NvSharedAccess plainAccessOfCvt(const LinearLayout &cvt, int bits, bool isWrite)
{
    NvSharedAccess out;
    out.registers = int64_t(1) << cvt.inDimSizeLog2(kRegister);
    const LdsVectorisation v = largestVectorisation(cvt, bits);
    out.kind = NvAccessKind::Plain;
    out.elementsPerInstruction = v.elements;
    out.count = out.registers / std::max(1, v.elements);
    out.mnemonic = nvidiaPlainMnemonic(v.elements, bits, isWrite);
    out.tileRegisters = v.vectorRegs;
    return out;
}

} // namespace

std::optional<NvSharedAccess> nvidiaSharedAccessAs(const LinearLayout &cvt, int elementBits,
                                                   bool isWrite, NvAccessKind only)
{
    const int bits = std::max(1, elementBits);
    std::string why;
    std::vector<int> regs;
    NvMatrixFeatures all;
    all.ldmatrix = all.stmatrix = all.matrixB8 = true;
    switch (only) {
    case NvAccessKind::Plain:
        return plainAccessOfCvt(cvt, bits, isWrite);
    case NvAccessKind::Matrix:
        if (!tryMatrix(cvt, bits, why, regs))
            return std::nullopt;
        return matrixAccess(cvt, bits, isWrite, false, std::move(regs));
    case NvAccessKind::MatrixTransposed:
        if (!tryTransposed(cvt, bits, isWrite, all, why, regs))
            return std::nullopt;
        return matrixAccess(cvt, bits, isWrite, true, std::move(regs));
    }
    return std::nullopt;
}

NvSharedAccess nvidiaSharedAccessOfCvt(const LinearLayout &cvt, int elementBits, bool isWrite,
                                       const NvMatrixFeatures &features)
{
    const int bits = std::max(1, elementBits);
    std::string whyNot, whyNotTransposed;
    const bool hasMatrix = isWrite ? features.stmatrix : features.ldmatrix;
    if (!hasMatrix) {
        whyNot = whyNotTransposed =
            std::string("the architecture has no ") + (isWrite ? "stmatrix" : "ldmatrix");
    } else {
        std::vector<int> regs;
        if (tryMatrix(cvt, bits, whyNot, regs))
            return matrixAccess(cvt, bits, isWrite, false, std::move(regs));
        if (tryTransposed(cvt, bits, isWrite, features, whyNotTransposed, regs)) {
            NvSharedAccess out = matrixAccess(cvt, bits, isWrite, true, std::move(regs));
            out.whyNotMatrix = whyNot;
            return out;
        }
    }
    NvSharedAccess out = plainAccessOfCvt(cvt, bits, isWrite);
    out.whyNotMatrix = whyNot;
    out.whyNotTransposed = whyNotTransposed;
    return out;
}

Expected<LinearLayout> nvidiaLocalCvt(const LinearLayout &reg, const LinearLayout &shared)
{
    if (!reg.hasInDim(kRegister) || !reg.hasInDim(kLane))
        return makeError("the register layout has no register and lane dims");
    if (!shared.hasInDim(kOffset))
        return makeError("the shared layout has no offset dim");
    const LinearLayout unique = reg.removeZeroBasesAlongDim(kRegister);
    Expected<LinearLayout> cvt = unique.invertAndCompose(shared);
    if (!cvt)
        return makeError("cannot map the registers onto shared memory: " + cvt.message());
    LinearLayout local = *cvt;
    if (local.hasInDim("block") || local.hasOutDim("block")) {
        std::optional<LinearLayout> q = local.quotient({"block"});
        if (!q)
            return makeError("the access reaches shared memory of other CTAs");
        local = std::move(*q);
    }
    std::vector<std::string> ins;
    for (const std::string &d : {kRegister, kLane, kWarp})
        if (local.hasInDim(d))
            ins.push_back(d);
    return local.sublayout(ins, {kOffset});
}

Expected<NvSharedAccess> nvidiaSharedAccess(const LinearLayout &reg, const LinearLayout &shared,
                                            int elementBits, bool isWrite,
                                            const NvMatrixFeatures &features)
{
    Expected<LinearLayout> cvt = nvidiaLocalCvt(reg, shared);
    if (!cvt)
        return cvt.error();
    return nvidiaSharedAccessOfCvt(*cvt, elementBits, isWrite, features);
}

} // namespace lx
