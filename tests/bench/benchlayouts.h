#pragma once

// The layouts of the side-by-side comparison with Triton 3.6: the A dot operand of a WMMA v3 layout
// with 2×2 warps (the two warps along N hold the same elements: two owners per element) and a
// swizzled shared layout, built from their `#ttg` text for an n×n (or rows×cols) tensor.

#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"

#include <stdexcept>

namespace lxbench {

inline const char *const kDotOperandText =
    "#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, "
    "0]]}, instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>";
inline const char *const kSwizzledText =
    "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>";

inline lx::LinearLayout layoutOf(const char *text, int rows, int cols)
{
    const auto attr = lx::parseTtg(text);
    if (!attr)
        throw std::runtime_error(attr.message());
    const auto layout = lx::toLinearLayout(**attr, {rows, cols});
    if (!layout)
        throw std::runtime_error(layout.message());
    return *layout;
}

inline lx::LinearLayout layoutOf(const char *text, int n)
{
    return layoutOf(text, n, n);
}

} // namespace lxbench
