#pragma once

// What a tt.scan costs in shared memory (LDS), as Triton 3.6 lowers it
// (lib/Conversion/TritonGPUToLLVM/ScanOpToLLVM.cpp emitFastScan, ScanLoweringHelper in
// lib/Analysis/Utility.cpp; AMD has no lowering of its own). docs/lds-models.md, "Scans across
// warps", says it in prose:
//
//   1. each thread scans its contiguous elements along the axis (a "chunk": contigPerThread
//      along the axis, register bases 1, 2, 4, ... of the axis in the order of the layout);
//   2. the lanes along the axis scan the chunks' last elements by shuffles (no LDS);
//   3. when warps split the axis (warpsPerCTA along it > 1) each chunk's total goes through a
//      scratch buffer of elementBytes x numWarps x nonAxisLanes x nonAxisContig x axisBlocks x
//      nonAxisBlocks bytes, laid out chunk-major, then warp along the axis, then the flat index
//      of the thread off the axis (`parallel`): the last lane along the axis of each warp stores
//      each chunk's total (one store per chunk, per thread), a barrier, then every thread reads
//      the totals of every warp along the axis for each chunk (chunks x warpsAlongAxis loads) and
//      combines those of the warps before its own. The load of the last warp of the last chunk
//      of each off-axis position feeds only a running total nobody reads: LLVM removes it, so
//      the assembly keeps chunks x warpsAlongAxis - offAxisPositions loads.
// Triton lowers scans of #ttg.blocked layouts only; another layout is an error at the op.

#include "analysis/scratchcost.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

struct ScanScratch
{
    bool throughLds = false;
    int axisContig = 1;  // contiguous elements of a thread along the axis (a chunk)
    int axisLanes = 1;   // lanes along the axis
    int axisWarps = 1;   // warps along the axis
    int64_t chunks = 0;  // chunks per thread: its distinct registers / axisContig
    int64_t offAxis = 0; // off-axis positions of a thread (nonAxisBlocks x nonAxisContig)
    int64_t axisBlocks = 1;
    int64_t parallelThreads = 1; // threads of the CTA off the axis (numParallelLane)
    int64_t stores = 0;          // per thread: one per chunk
    int64_t loads = 0;           // per thread, those the assembly keeps
    int64_t scratchBytes = 0;
    int elementBits = 0; // bits of one scratch element (at least 8)
    int barriers = 0;
};

// Requires: `src` the scanned operand's distributed layout (register, lane, warp [, block] ->
// dim0, ...), `order` its #ttg.blocked order, 0 <= axis < rank.
[[nodiscard]] Expected<ScanScratch>
scanScratch(const LinearLayout &src, const std::vector<int32_t> &order, int axis, int elementBits);

// Every store and load of step 3 with the byte address of each lane in each warp.
[[nodiscard]] Expected<std::vector<ScratchInstruction>>
scanScratchInstructions(const Architecture &arch, const LinearLayout &src,
                        const std::vector<int32_t> &order, int axis, const ScanScratch &scratch);

} // namespace lx
