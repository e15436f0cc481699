#pragma once

// Colours shared by every view, so "warp 1" or "pair A" has the same colour in the ownership
// grid, the ctaLayout map and the bank map.

#include <QColor>

namespace lx {

// A colour for category `index` of `count` categories: a fixed, print-friendly set of ten for
// up to ten categories, evenly spaced hues (alternating lightness) beyond.
[[nodiscard]] QRgb categoricalColor(int index, int count);
// A colour on a continuous ramp, t in [0, 1] (blue → green → yellow, readable in print).
[[nodiscard]] QRgb rampColor(double t);
// SIMD pairs on gfx1250: pair A (SIMD 0 and 2) and pair B (SIMD 1 and 3).
[[nodiscard]] QRgb simdPairColor(int pair);
// The four SIMDs (warp mod 4): pair A in blues, pair B in oranges.
[[nodiscard]] QRgb simdColor(int simd);

} // namespace lx
