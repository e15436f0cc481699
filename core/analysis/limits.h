#pragma once

// Size limits of the analyses. Every analysis walks each hardware index or element at least once,
// so a request for a 2^30-element tensor would run for minutes and hold gigabytes; such requests
// are refused with the reason instead. 2^22 elements (e.g. 2048 x 2048) is far beyond one CTA's
// tile and still answers in well under a second.

#include "base/expected.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

class LinearLayout;

inline constexpr int kMaxAnalysisBits = 22;

// An error naming `what` when the layout has more than 2^kMaxAnalysisBits inputs or outputs.
[[nodiscard]] Expected<bool> checkAnalysisSize(const LinearLayout &layout, const std::string &what);
// The same for a tensor shape (the product of its extents).
[[nodiscard]] Expected<bool> checkAnalysisShape(const std::vector<int64_t> &shape,
                                                const std::string &what);

} // namespace lx
