#pragma once

// Triton's generic shared-memory lowering, the rule behind every plain (not transposed) LDS
// access: a local_load or local_store of any distributed layout (an FMA `#ttg.dot_op` of a
// `#blocked` parent included) and both halves of a convert_layout that goes through LDS.
//
// local_load / local_store (TritonGPUToLLVM/MemoryOpToLLVM.cpp lowerLocalLdSt, Utility.cpp
// lowerLdSt, Tools/LayoutUtils.cpp largestVectorisation):
//   cvt = reg.invertAndCompose(shared)   (register, lane, warp) -> offset [, partition]
//   1. the register bases that are zero over every out-dim are removed (a replica is neither
//      loaded nor stored twice: actionRemoveBroadcastedRegs);
//   2. the partition out-dim is set aside (it selects a base pointer, not an offset);
//   3. the largest v = 2^k, at most 128 bits, such that offsets 1, 2, ..., 2^(k-1) are each the
//      image of some register basis, and every other basis (register, lane, warp) leaves the low
//      k offset bits alone (divideLeft(cvt, identity1D(v, register, offset)) exists). The
//      registers may be permuted to find them -- any register basis may sit in the vector --
//      unless the vector is capped by the source (a padded layout: at most its smallest
//      interval), where Triton allows no permutation and only the leading registers count.
//   One instruction per v registers: issued = 2^(non-zero register bases) / v; the assembly
//   keeps 2^rank(register bases over offset and partition) / v (LLVM merges equal addresses).
//
// Worked example (an FMA A operand on gfx1250): dot_op<{opIdx = 0, parent = blocked<
// sizePerThread [4, 4]>}> of 64x64 f32 read from an M-contiguous buffer (order [0, 1]): the
// registers walk K first (64 of them, offset strides of 64), then M by 1, 2 (sizePerThread) --
// getNumConsecutiveInOut of the register order is 1, but M's two bases map to offsets 1 and 2,
// so v = 4 (128 bits, ds_load_b128) once they are moved to the front: 1024 registers / 4 = 256
// loads per thread, not 1024 ds_load_b32.
//
// convert_layout through LDS (ConvertLayoutOpToLLVM.cpp transferWithinBlockSwizzling,
// Tools/GenericSwizzling.cpp optimalSwizzlingLdSt / getVbasis, as Triton 3.6 has them): the
// scratch layout's lowest offset bits are the "vector basis": the tensor bases that are registers
// in both layouts, in the source's order, at most 128 bits. When that is narrower than a 32-bit
// bank word it is filled: first with the registers of one side that are warps of the other (the
// side with more of them, on a tie the one with the lowest basis; with none, the destination's
// side), then with warps of both, then with warps of either, up to 32 bits. Above the vector
// come the bank bases (the tensor bits independent of the vector and of the segment, Triton's
// computeSegment over the lanes of both sides) and the segment. When the vector is under 128
// bits the bank bases are reordered to put one side's registers first: the side that filled the
// bank word, else the side with more registers among them. Each side is then an ordinary access
// of its own map onto that scratch: its vector is largestVectorisation above. Checked against the
// assembly of every transpose and reduction of tests/data/kernels/lds-paths.
//
// Worked example (the epilogue of an FMA matmul, 64x64 f16): #blocked sizePerThread [4, 4],
// threadsPerWarp [2, 16], warpsPerCTA [4, 1] -> #blocked sizePerThread [1, 1], threadsPerWarp
// [1, 32], warpsPerCTA [2, 2]. Source registers: n 1, 2, m 1, 2, 32; destination registers: m 2,
// 4, 8, 16, 32. Both: m 2, m 32 -- 4 elements, 64 bits: 32 registers / 4 = 8 ds_store_b64 and
// 8 ds_load_b64 per thread (the assembly merges them in pairs: 4 ds_store_2addr_b64, 4
// ds_load_2addr_b64).

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

// The vectorisation step 3 found.
struct LdsVectorisation
{
    int elements = 1;            // elements per access (v)
    int registerBases = 0;       // non-zero register bases (after step 1)
    int broadcastBases = 0;      // zero register bases removed in step 1
    bool permuted = false;       // the vector's registers are not the leading ones
    std::vector<int> vectorRegs; // indices (into cvt's register bases) of the vector, in order
};

// Steps 1-3 for `cvt` (register, lane, warp [, block]) -> offset [, partition] of
// `elementBits`-bit elements. maxElements caps v and forbids the permutation (Triton's
// maybeMaxVecElems); absent, v is at most 128 / elementBits (1 for wider elements).
[[nodiscard]] LdsVectorisation largestVectorisation(const LinearLayout &cvt, int elementBits,
                                                    std::optional<int> maxElements = {});

// The two halves of a convert_layout through LDS: elements per store and per load, and the
// distinct registers of each side (the store and load counts are registers / elements).
struct LdsRoundTrip
{
    int storeElements = 1;
    int loadElements = 1;
    int64_t storeRegisters = 1;       // distinct source registers (replicas removed)
    int64_t loadRegisters = 1;        // distinct destination registers
    std::vector<int64_t> vectorBasis; // flattened tensor indices of the scratch's low offset bits
    // Triton moves the tensor through the scratch in `reps` rounds (store, barrier, load,
    // barrier), one per value of the registers both sides hold that the vector does not: the
    // scratch holds the tensor's elements / reps (getNumScratchElemsSwizzledCvt).
    int64_t reps = 1;
    // Each side's (register, lane, warp) -> scratch element offset and the register bases of one
    // vector (indices into its register bases); absent where the scratch is not a basis of the
    // tensor.
    struct Side
    {
        LinearLayout onScratch;
        std::vector<int> vectorRegs;
    };
    std::optional<Side> storeSide, loadSide;
    // The flattened tensor index of every offset bit of the scratch, low to high (vector, bank,
    // segment).
    std::vector<int64_t> scratch;
};

// A basis as one flattened out index: the out-dims in order, the first the least significant.
[[nodiscard]] int64_t flatBasisIndex(const LinearLayout &l, const LinearLayout::Basis &b);

// Requires: src and dst distributed layouts of the same tensor (the same out-dims and sizes).
[[nodiscard]] Expected<LdsRoundTrip> ldsRoundTrip(const LinearLayout &src, const LinearLayout &dst,
                                                  int elementBits);

// Triton's computeSegment (GenericSwizzling.cpp): the `length` segment bases of a scratch whose
// accesses read the flattened tensor bases bankSrc and bankDst in one wavefront: the unit bits
// neither side reads, then XORs of the two sides' own bits, then (when still short) those bits
// themselves (the bank conflicts it accepts).
[[nodiscard]] std::vector<int64_t> scratchSegment(const std::vector<int64_t> &bankSrc,
                                                  const std::vector<int64_t> &bankDst, int dim,
                                                  int length);

// A side's (register, lane, warp) -> scratch offset map, the scratch's offset bit j holding the
// flattened tensor vector `positions[j]` (a basis of the tensor's `dim` bits); nullopt when the
// positions are not a basis.
[[nodiscard]] std::optional<LinearLayout>
sideOnScratch(const LinearLayout &side, const std::vector<int64_t> &positions, int dim);

} // namespace lx
