#pragma once

// What a load from a partitioned shared layout computes at run time (the MI450 LDS blog, "How
// Partitioned Local Loads Are Lowered"; docs/lds-models.md §3.4). cvt maps (register, lane,
// warp) to (offset, partition); the partition index is the XOR of the partition components of
// the bases that feed it, and each kind of basis resolves differently:
//   register  a compile-time constant per load: the load indexes the base-pointer array with a
//             literal;
//   warp      a run-time value, but the same in every iteration of the K loop: resolved once,
//             before the loop, by reordering the base-pointer array;
//   lane      differs between the lanes of one load: the index is per lane and stays in the
//             load's address computation (flagged: the blog's "lane usually does not feed
//             partition" does not hold);
//   block     the CTA's index, constant for the kernel.
// The one-time set-up is one base pointer per partition (the array) plus the XOR of the warp
// terms; the address math inside the loop is the same XOR of offsets as without partitions.

#include "analysis/partitions.h"

#include <string>
#include <vector>

namespace lx {

struct PartitionLowering
{
    bool partitioned = false;
    int basePointers = 0; // one per partition of the shared layout
    std::vector<std::string> registerBits, laneBits, warpBits, blockBits; // "register 2", ...
    // Values the warp term takes: the distinct partition XORs of the warp bases (1: none).
    int warpTermValues = 1;
    [[nodiscard]] bool laneFlagged() const { return !laneBits.empty(); }
};

[[nodiscard]] PartitionLowering partitionLowering(const PartitionConversion &conversion);

} // namespace lx
