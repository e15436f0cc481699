#pragma once

// What a tt.reduce costs in shared memory (LDS), as Triton 3.6 lowers it
// (lib/Conversion/TritonGPUToLLVM/ReduceOpToLLVM.cpp, ReduceOpHelper in lib/Analysis/Utility.cpp).
// docs/lds-models.md, "Reductions across warps", says it in prose:
//
//   1. each thread combines its own registers along the axis: one accumulator per distinct
//      position of its registers off the axis (`accumulators`);
//   2. the lanes along the axis combine by shuffles (no LDS);
//   3. when warps split the axis (warps along it > 1) the partial results go through a scratch
//      buffer of the source shape with the axis cut to the warps along it, the axis first in its
//      order: each thread writes its accumulators (one scalar store each), a barrier, then
//      every thread reads max(elements / threads, 1) partials, combines them by shuffles and
//      writes as many back, a barrier, and each thread reads its results with the generic
//      vectorised load (analysis/ldslowering.h) of the result layout from that buffer.
//
// A reduction whose axis lies inside one warp needs no LDS at all (`throughLds` false). Elements
// narrower than 8 bits are stored as 8-bit ones.

#include "analysis/kernel.h"
#include "analysis/scratchcost.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

struct ReduceScratch
{
    bool throughLds = false;
    int warpsAlongAxis = 1;
    int64_t accumulators = 0;      // stores of the first step, per thread
    int64_t partialsPerThread = 0; // loads and stores of the combining step, per thread
    int64_t resultRegisters = 0;   // distinct result registers a thread reads
    int resultVector = 1;          // elements per result load
    int64_t resultLoads = 0;       // resultRegisters / resultVector
    int storedBits = 0;            // bits of one scratch element
    std::vector<int32_t> scratchShape;
    int64_t scratchBytes = 0;
    int barriers = 0;
    std::vector<int64_t> stride; // scratch elements per step of each dim (the axis first)
    // The result read back: (register, lane, warp) -> scratch element offset, and the register
    // bases of one result vector (indices into its register bases).
    LinearLayout resultOffsets;
    std::vector<int> resultVectorRegs;
};

// Requires: `src` the reduced operand's distributed layout (register, lane, warp [, block] ->
// dim0, dim1, ...), `result` the result's (the slice of `src` along `axis`), 0 <= axis < rank;
// `threads` the threads of the CTA.
[[nodiscard]] Expected<ReduceScratch> reduceScratch(const LinearLayout &src,
                                                    const LinearLayout &result, int axis,
                                                    int elementBits, int64_t threads);

// Every instruction of the three steps with the byte address of each lane in each warp, for the
// bank analysis (analysis/scratchcost.h): the accumulators' stores (lanes at axis position 0 of a
// warp that holds unique data write at the warp's row of the scratch), each round of the
// combining step (thread t reads and writes element t + round x threads; lanes past the scratch
// are masked off, only every warpsAlongAxis-th lane writes back), each result load.
// Requires: `scratch` = reduceScratch(src, ..., axis, ...).
[[nodiscard]] Expected<std::vector<ScratchInstruction>>
reduceScratchInstructions(const Architecture &arch, const LinearLayout &src, int axis,
                          const ReduceScratch &scratch);

} // namespace lx
