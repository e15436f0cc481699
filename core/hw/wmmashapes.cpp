#include "hw/wmmashapes.h"

#include <algorithm>

namespace lx {

namespace {

constexpr std::array<std::array<int32_t, 3>, 6> kShapes{
    {{16, 16, 4}, {16, 16, 32}, {16, 16, 64}, {16, 16, 128}, {32, 16, 64}, {32, 16, 128}}};

} // namespace

std::span<const std::array<int32_t, 3>> wmmaV3LayoutShapes()
{
    return kShapes;
}

bool isWmmaV3LayoutShape(const std::array<int32_t, 3> &shape)
{
    return std::find(kShapes.begin(), kShapes.end(), shape) != kShapes.end();
}

std::string wmmaV3LayoutShapesText()
{
    std::string s;
    for (const auto &[m, n, k] : kShapes)
        s += (s.empty() ? "" : ", ") + std::to_string(m) + "x" + std::to_string(n) + "x" +
             std::to_string(k);
    return s;
}

} // namespace lx
