#pragma once

// Partition conflicts of one plain LDS access of a kernel op (analysis/partitions.h): on an
// architecture with a CU model of its LDS partitions (gfx1250), every warp issues load i in the
// same cycle, and a hardware partition that warps of two SIMD pairs reach in one load is a
// conflict. The buffer is placed at offset 0 (a partitioned layout's pieces one partition stride
// apart), as the allocator places a first allocation; padding is not applied to the offsets.

#include "analysis/banks.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <optional>

namespace lx {

// The loads with a partition conflict, or nullopt where the architecture has no partition model
// or the access cannot be enumerated (elements of other than 8..64 bits, too many accesses).
[[nodiscard]] std::optional<int> accessPartitionConflicts(const Architecture &arch,
                                                          const LinearLayout &reg,
                                                          const SharedMemoryLayout &shared,
                                                          int elementBits, int accessBits);

} // namespace lx
