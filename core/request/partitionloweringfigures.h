#pragma once

// The figures of a partitioned load's run-time lowering (analysis/partitionlowering.h): the
// base-pointer array, the bits that choose the partition by kind, a lane bit flagged, and the
// one-time set-up hoisted out of the K loop.

#include "analysis/partitionlowering.h"
#include "request/figures.h"

#include <vector>

namespace lx {

// Nothing when the read's shared layout has no partition.
[[nodiscard]] std::vector<Figure> partitionLoweringFigures(const PartitionLowering &lowering);

} // namespace lx
