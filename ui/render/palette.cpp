#include "render/palette.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace lx {

QRgb categoricalColor(int index, int count)
{
    // Light tints of the Tableau 10 colours: distinct, and black text stays readable.
    static constexpr std::array<QRgb, 10> kTen = {
        0xFF9EC5E8u, 0xFFFFBE86u, 0xFFA6DBA0u, 0xFFF4A6A6u, 0xFFC9B3E0u,
        0xFFD7B9A8u, 0xFFF5BFE0u, 0xFFC8C8C8u, 0xFFE3E38Cu, 0xFF9FDDE6u,
    };
    if (count <= 0)
        count = 1;
    index = ((index % count) + count) % count;
    if (count <= int(kTen.size()))
        return kTen[size_t(index)];
    const int hue = int(std::lround(360.0 * index / count)) % 360;
    const int lightness = (index % 2) ? 200 : 170;
    return QColor::fromHsl(hue, 170, lightness).rgb();
}

QRgb rampColor(double t)
{
    t = std::clamp(t, 0.0, 1.0);
    // Three stops: (68,119,200) → (120,200,140) → (250,230,120).
    struct Stop
    {
        double r, g, b;
    };
    static constexpr std::array<Stop, 3> stops = {
        {{110, 150, 220}, {130, 205, 150}, {250, 230, 120}}};
    const double x = t * 2;
    const int i = std::min(1, int(x));
    const double f = x - i;
    const Stop &a = stops[size_t(i)];
    const Stop &b = stops[size_t(i) + 1];
    return qRgb(int(std::lround(a.r + (b.r - a.r) * f)), int(std::lround(a.g + (b.g - a.g) * f)),
                int(std::lround(a.b + (b.b - a.b) * f)));
}

QRgb simdPairColor(int pair)
{
    // Dark and saturated: an outline in it stands out on the light warp fills
    // (categoricalColor), which use the same hue families.
    return pair == 0 ? qRgb(25, 70, 160) : qRgb(185, 85, 0);
}

QRgb simdColor(int simd)
{
    static constexpr std::array<QRgb, 4> kSimd = {0xFF78AAE6u, 0xFFFAAA64u, 0xFFB4D2F5u,
                                                  0xFFFDD2A8u};
    return kSimd[size_t(simd & 3)];
}

} // namespace lx
