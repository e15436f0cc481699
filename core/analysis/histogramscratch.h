#pragma once

// What a tt.histogram costs in shared memory (LDS), as Triton 3.6 lowers it
// (lib/Conversion/TritonGPUToLLVM/HistogramOpToLLVM.cpp; the scratch size in
// lib/Analysis/Allocation.cpp). docs/lds-models.md, "Histograms", says it in prose:
//
//   1. each warp counts its values per bin with ballots (no LDS): lane l holds bins
//      l x binsPerLane ... l x binsPerLane + binsPerLane - 1, binsPerLane = ceil(bins / lanes);
//   2. the scratch of max(bins, lanes) counters of max(8, bits) bits is zeroed: thread t writes
//      counter (t + i x threads) mod bins for i < ceil(bins / threads), a barrier;
//   3. every lane adds its binsPerLane counters with an atomic add on LDS (ds_add_u32), a barrier;
//   4. every thread reads the counters of its result registers.
// The atomic add is costed with the phase table of the single-address write of its width (the
// architecture files have no table for LDS atomics): its provenance says so.

#include "analysis/scratchcost.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

struct HistogramScratch
{
    int64_t bins = 0;
    int64_t binsPerLane = 0; // atomic adds per thread
    int64_t zeroStores = 0;  // per thread
    int64_t resultLoads = 0; // per thread: the result's distinct registers
    int counterBits = 32;
    int64_t scratchBytes = 0;
    int barriers = 2;
};

// Requires: `result` the histogram's distributed layout (register, lane, warp -> bin), its
// element width `bits`; `lanes` and `warps` the CTA's.
[[nodiscard]] Expected<HistogramScratch> histogramScratch(const LinearLayout &result, int bits,
                                                          int lanes, int warps);

// The atomic adds are named by `atomicName` ("ds_add_u32"); their lane addresses are costed with
// `arch`'s single-address write of the counter's width.
[[nodiscard]] Expected<std::vector<ScratchInstruction>>
histogramScratchInstructions(const Architecture &arch, const LinearLayout &result,
                             const HistogramScratch &scratch);

// The atomic add on LDS of a counter of `bits`: the AMDGCN mnemonic (ds_add_u32), on an NVIDIA
// architecture the PTX one (atom.shared.add.u32).
[[nodiscard]] std::string histogramAtomicName(const Architecture &arch, int bits);

} // namespace lx
