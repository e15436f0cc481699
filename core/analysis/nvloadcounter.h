#pragma once

// What Nsight Compute's hardware counter of shared-memory load wavefronts
// (l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld, summed over a CTA) reads beside the
// predicted load wavefronts of a kernel without loops (analysis/nvwavefronts.h).
//
// Measured on an H200 (sm90, docs/nvidia-shared-memory.md section 6): Nsight Compute's own count
// from each instruction's addresses (its SourceCounters "L1 Wavefronts Shared") equals the
// prediction on every loop-free kernel measured, loads and stores. The hardware counter of
// stores equals it too; the one of loads adds from 0 to 1 wavefront per warp that the compiled
// instruction schedule sets, not the addresses: the same PTX with one barrier more, the same
// instructions and addresses, moved that excess from 0 to 6 or from 3 to 0, while each
// compilation repeated its own excess from launch to launch (to within one wavefront, which then
// moved to the counter's unclassified shared-memory wavefronts) and under either clock control.
// Isolated conflict-free ldmatrix and ld.shared patterns, with or without other warps' global
// traffic, showed none.

#include "hw/arch.h"
#include "io/ttgir.h"

#include <cstdint>
#include <optional>
#include <string>

namespace lx {

struct NvLoadCounterRange
{
    int64_t low = 0;  // the prediction: the instructions' own wavefronts
    int64_t high = 0; // plus one wavefront per warp
    std::string note; // the rule and its measurement, in words
};

// `excessPerWarp`: the architecture file's loadCounterExcessPerWarp (Architecture, carried by
// KernelReport); an architecture without it has no range. A range is given only for a module
// whose data-placing ops are outside every loop (scf.for, scf.while): there each instruction runs
// once per warp, as the prediction counts it. The note quotes the field's source.
[[nodiscard]] std::optional<NvLoadCounterRange>
nvidiaLoadCounterRange(const std::optional<ModelConstant> &excessPerWarp, const TtgirModule &module,
                       int64_t predictedLoadWavefronts);

} // namespace lx
