#pragma once

// The XOR candidate of the shared-layout search (suggest.h): a shared_linear layout for one
// access whose offset bases are, in order, the access's vector (its leading non-zero register
// bases, up to `vecElems` elements), then the tile vectors of the lanes of one phase of the
// instruction that moves the vector (one per bank position), then the remaining tile bits, the
// vector's own dim first. Lanes of one phase then reach distinct banks by construction.

#include "base/expected.h"
#include "hw/arch.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

// `reg`: (register, lane, warp[, block]) -> the rank-2 tile `shape`; `bits` per element;
// `isWrite` picks the store or the load instruction. An Error when `arch` has no plain
// instruction for the access.
[[nodiscard]] Expected<LayoutAttrPtr> xorLayoutFor(const LinearLayout &reg,
                                                   const Architecture &arch,
                                                   const std::vector<int32_t> &shape, int bits,
                                                   bool isWrite, int vecElems);

} // namespace lx
