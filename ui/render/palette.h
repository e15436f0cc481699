#pragma once

// Colours shared by every view, so "warp 1" or "SIMD pair 0" has the same colour in the ownership
// grid, the ctaLayout map and the bank map.

#include <QColor>

namespace lx {

// A colour for category `index` of `count` categories: a fixed, print-friendly set of ten for
// up to ten categories, evenly spaced hues (alternating lightness) beyond.
[[nodiscard]] QRgb categoricalColor(int index, int count);
// A colour on a continuous ramp, t in [0, 1] (blue → green → yellow, readable in print).
[[nodiscard]] QRgb rampColor(double t);
// SIMD pairs on gfx1250: SIMD pair 0 (SIMD 0 and 2, the blog's "A") and SIMD pair 1 (SIMD 1
// and 3, "B"). Views number them; a letter would read as an operand.
[[nodiscard]] QRgb simdPairColor(int pair);
// The four SIMDs (warp mod 4): SIMD pair 0 in blues, SIMD pair 1 in oranges.
[[nodiscard]] QRgb simdColor(int simd);

// Verdict colours every view uses for the same meaning: a cell or row that is fine, one that is
// not, a conflict drawn as a line or mark, and a conflicting row's pale background.
inline constexpr QRgb kVerdictOk = 0xffc8ebc8;       // qRgb(200, 235, 200)
inline constexpr QRgb kVerdictBad = 0xfff5beb9;      // qRgb(245, 190, 185)
inline constexpr QRgb kConflictMark = 0xffdc3c3c;    // qRgb(220, 60, 60)
inline constexpr QRgb kConflictRowFill = 0xfffcd6c4; // qRgb(252, 214, 196)

} // namespace lx
