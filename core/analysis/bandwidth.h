#pragma once

// LDS bandwidth *model* (labelled as a model wherever it is shown): the blog's
//
//     cycles = fixed + bytes / rate
//
// applied load by load: a load whose SIMD pairs touch a common partition runs on one port
// (portBytesPerCycle), a conflict-free load on one port per pair present (up to ports).
// raw B/cycle = bytes / cycles (what a clock bracket measures); steady B/cycle = bytes /
// (cycles - fixed) (the reciprocal slope of a fit); peak = the fastest load's ceiling.
//
// The fixed cost is a one-parameter fit to two points: docs/worked-cases.md P1 takes the blog's
// two measurements, measured cycles - bytes / peak (67.0 and 68.0), and fitFixedCycles averages
// them (67.5). One constant fitted to the two points it is shown beside tests nothing: the model
// lands within half a cycle of both measurements by construction (323.5 for 323, 195.5 for
// 196); its figures are labelled "fitted" / "model", never "measured".
//
// The blog's microbenchmark ([NUM_WARPS, N] fp16 read once, one row per warp, 128-bit loads)
// is built by microbenchmarkLayouts from its parameters, plain or partitioned.

#include "analysis/allocator.h"
#include "analysis/partitions.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

// The model's cycles and rates for one PartitionAccessReport (whose totalBytes, bytesConflicting
// and bytesFree are the bytes it counts).
struct BandwidthEstimate
{
    double fixedCycles = 0;
    double modelCycles = 0;
    double rawBytesPerCycle = 0;
    double steadyBytesPerCycle = 0;
    double peakBytesPerCycle = 0;
};

[[nodiscard]] BandwidthEstimate estimateBandwidth(const PartitionAccessReport &access,
                                                  const CuModel &cu);

// A timed burst: cycles the clock bracket recorded, bytes moved, the port ceiling it ran at.
struct BurstMeasurement
{
    double cycles = 0;
    double bytes = 0;
    double peakBytesPerCycle = 0;
};

// fixed = mean over the measurements of (cycles - bytes / peak). Requires a non-empty list
// with positive peaks; returns 0 otherwise.
[[nodiscard]] double fitFixedCycles(const std::vector<BurstMeasurement> &measurements);

// The parameters of the blog's microbenchmark.
struct MicrobenchSpec
{
    int numWarps = 4;
    int64_t totalBytes = 64 * 1024;
    int elemBits = 16;
    int loadBits = 128;
    bool partitioned = false;
};

struct MicrobenchLayouts
{
    LinearLayout distributed; // blocked: (register, lane, warp, block) -> (dim0, dim1)
    LinearLayout shared;      // plain: (offset, block) ; partitioned: (offset, block, partition)
    int rows = 0;
    int cols = 0;
    int loadsPerWarp = 0;
};

// Requires powers of two and a tensor big enough for one load per lane; else an Error.
[[nodiscard]] Expected<MicrobenchLayouts> microbenchmarkLayouts(const MicrobenchSpec &spec,
                                                                const CuModel &cu);

// One row of the blog's microbenchmark table, computed.
struct MicrobenchRow
{
    std::string layout; // "plain" or "partitioned"
    MicrobenchSpec spec;
    MicrobenchLayouts layouts;
    AllocationResult allocation;
    PartitionAccessReport access;
    BandwidthEstimate bandwidth;
};

[[nodiscard]] Expected<MicrobenchRow> runMicrobenchmark(const MicrobenchSpec &spec,
                                                        const CuModel &cu);

} // namespace lx
