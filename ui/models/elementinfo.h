#pragma once

// What the window says about a hovered tensor element: its coordinates, how many hardware
// indices own it, and the XOR decomposition of one owner, e.g.
//   "dim0=3, dim1=1 · 4 owners · register=1, lane=3 → [0,1] ⊕ [1,0] ⊕ [2,0] = [3,1]".
// The owner shown is the one Gaussian elimination over the bases in in-dim order finds with
// every redundant basis unset; any owner would do, this one is deterministic.

#include "layout/linearlayout.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace lx {

// One input x (one value per in-dim, in in-dim order) with L(x) = the element of flattened id
// `elementId` (first out-dim least significant), or nullopt when no input reaches it.
[[nodiscard]] std::optional<std::vector<int32_t>> findOwner(const LinearLayout &layout,
                                                            int64_t elementId);

// The description above; an empty string when elementId is outside the layout's out-space.
[[nodiscard]] QString describeElement(const LinearLayout &layout, int64_t elementId);

} // namespace lx
