#pragma once

// The named attribute that describes a linear layout, when one does: a layout edited by hand
// (raw bases) that happens to equal #ttg.swizzled_shared(8, 1, 8, [1, 0]) or a #ttg.blocked
// copies as that, and only a layout no named form describes copies as #ttg.linear /
// #ttg.shared_linear (io/ttgtext.h linearAttrFor).

#include "base/expected.h"
#include "layout/attrs.h"

namespace lx {

class LinearLayout;

// A #ttg.swizzled_shared (in-dim offset only) or #ttg.blocked (in-dims register, lane, warp)
// attribute whose linear layout over the out-dim sizes of `layout` equals it, trying every
// order and every power-of-two parameter (the smallest swizzle first); null when none does.
// Out-dims must be dim0, dim1, ... in order, rank at most 3.
[[nodiscard]] LayoutAttrPtr namedAttrFor(const LinearLayout &layout);

// namedAttrFor when it finds one, else linearAttrFor.
[[nodiscard]] Expected<LayoutAttrPtr> describingAttrFor(const LinearLayout &layout);

} // namespace lx
