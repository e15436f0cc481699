#pragma once

// Partition analysis of a shared layout read by a distributed layout (the AMD MI450 LDS blog, Part
// II: the partition-conflict rule, Fig 13, the microbenchmark).
//
//  - cvt = distributed.invertAndCompose(shared): (register, lane, warp) -> (offset[, partition]).
//    For a partitioned shared layout every basis of cvt with a non-zero partition component
//    "feeds" the partition coordinate (highlighted in Fig 13).
//  - Byte address of an element = base of its partition buffer (from the allocator) + offset x
//    element bytes; hardware partition = address / partition size (CuModel::partitionOfOffset).
//  - Instruction model: one load moves `registersPerLoad` consecutive registers per lane (128
//    bits for ds_load_b128); load i of a warp is register index i x registersPerLoad ...
//    (i + 1) x registersPerLoad - 1, for every lane. All warps issue load i in the same cycle
//    (the blog's same-cycle model), so load i is a partition conflict when two SIMD pairs touch
//    a common hardware partition in it.

#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace lx {

// The linear part of #ttg.partitioned_shared over a rank-2 tensor (docs/gfx1250-layouts.md §4.3):
// inner identity over the piece shape walking `order` (order[0] fastest), then `partition` ->
// partitionDim at the piece extent, then numGroups more offset bases along partitionDim.
// In-dims offset, block, partition; out-dims dim0, dim1. Requires powers of two and
// shape[partitionDim] divisible by numPartitions x numGroups.
[[nodiscard]] Expected<LinearLayout> partitionedSharedLayout(const std::array<int32_t, 2> &shape,
                                                             const std::array<int, 2> &order,
                                                             int numPartitions, int numGroups,
                                                             int partitionDim);

// One basis of cvt and whether it feeds the partition coordinate.
struct CvtBasisRow
{
    std::string inDim;
    int index = 0;
    int32_t offset = 0;
    int32_t partition = 0; // 0 when the shared layout has no partition dim
    bool feedsPartition = false;
};

struct PartitionConversion
{
    LinearLayout cvt; // (register, lane, warp[, block]) -> (offset[, block][, partition])
    std::vector<CvtBasisRow> rows;
    bool partitioned = false;
};

// Requires: the distributed layout's image lies in the shared layout's (same out-dims).
[[nodiscard]] Expected<PartitionConversion> partitionConversion(const LinearLayout &distributed,
                                                                const LinearLayout &shared);

struct WarpLoadAccess
{
    int warp = 0;
    int pair = 0;
    std::set<int> partitions; // hardware partitions touched
    int64_t bytes = 0;
};

struct LoadInstruction
{
    int index = 0;
    std::vector<WarpLoadAccess> warps;
    bool conflict = false;
    std::set<int> conflictPartitions; // partitions touched by two or more pairs
    int portsUsable = 1;              // ports that can run this load in one cycle
    int64_t bytes = 0;
};

// The partition-conflict rule for one load, given each warp's SIMD pair and the hardware
// partitions it touches: a partition touched by warps of two different pairs is a conflict, and
// the pairs then serialise onto one port; without a conflict each pair present uses its own port
// (at most numPorts). Returns `load` with conflictPartitions, conflict and portsUsable set.
[[nodiscard]] LoadInstruction classifyLoad(LoadInstruction load, int numPorts);

struct PartitionAccessReport
{
    PartitionConversion conversion;
    std::vector<LoadInstruction> loads;
    int conflictingLoads = 0;
    int64_t totalBytes = 0;
    int64_t bytesConflicting = 0;
    int64_t bytesFree = 0;
    int numWarps = 0;
    int registersPerLoad = 0;
};

struct PartitionAccessSpec
{
    LinearLayout distributed;
    LinearLayout shared;
    int elemBits = 16;
    int loadBits = 128;                 // bits per lane per load (ds_load_b128)
    std::vector<int64_t> bufferOffsets; // byte base of each partition buffer (one if plain)
};

// Requires: elemBits in {8, 16, 32, 64}, loadBits a multiple of elemBits, one buffer offset per
// partition of the shared layout; else an Error.
[[nodiscard]] Expected<PartitionAccessReport>
analyzePartitionAccess(const PartitionAccessSpec &spec, const CuModel &cu);

} // namespace lx
