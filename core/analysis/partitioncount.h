#pragma once

// The number of loads with a partition conflict (analysis/partitions.h), without the report. The
// shared-layout search scores hundreds of candidate layouts per access and the kernel analysis
// every plain access of a module; both read only PartitionAccessReport::conflictingLoads, which
// the full report builds from a set of partitions per warp and per load.

#include "analysis/partitions.h"
#include "base/expected.h"
#include "hw/arch.h"

namespace lx {

// analyzePartitionAccess(spec, cu)->conflictingLoads, or its error, by the same rule (a partition
// touched in one load by warps of two different SIMD pairs), with one 64-bit mask of partitions
// per pair. Where each partition buffer lies in one partition (the usual case: a buffer under
// 64 KiB placed in one), the partitions a warp touches are those of the buffers it reaches,
// found from the conversion's partition bits alone; else every element's address is computed.
// A spec the masks cannot hold (a partition past 63, more than 64 pairs or buffers) and any
// spec the full analysis refuses are given to the full analysis, so errors read the same.
[[nodiscard]] Expected<int> countPartitionConflicts(const PartitionAccessSpec &spec,
                                                    const CuModel &cu);

} // namespace lx
