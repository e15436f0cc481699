#pragma once

// The instruction shapes [M, N, K] a WMMA version 3 layout (#ttg.amd_wmma<{version = 3}>) may
// name, as Triton's verifier accepts them (docs/gfx1250-layouts.md §3.1): 16x16x4, 16x16x32,
// 16x16x64, 16x16x128, 32x16x64, 32x16x128. The one list: the #ttg reader, the ctaLayout
// analysis and the builder dialog's help ask it. Which of them an element width can use is
// wmmaV3Shapes(bits) in hw/dtype.h (every one of those is in this list).

#include <array>
#include <cstdint>
#include <span>
#include <string>

namespace lx {

[[nodiscard]] std::span<const std::array<int32_t, 3>> wmmaV3LayoutShapes();
[[nodiscard]] bool isWmmaV3LayoutShape(const std::array<int32_t, 3> &shape);
// "16x16x4, 16x16x32, ..., 32x16x128", for messages.
[[nodiscard]] std::string wmmaV3LayoutShapesText();

} // namespace lx
