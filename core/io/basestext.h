#pragma once

// The text a person types or pastes for bases: a list of vectors such as `[[0, 1], [1, 0]]`
// (one in-dim's bases, as #ttg.linear writes them), or a single component such as `16`.
// Whitespace is free; a trailing comma is allowed; nothing else is. Errors name the column.

#include "base/expected.h"
#include "layout/basis.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// One component of a basis: a whole number in [0, outSize). Requires: outSize >= 1.
[[nodiscard]] Expected<int32_t> parseBasisComponent(std::string_view text, int32_t outSize);

// A list of bases, each with exactly `components` entries (when components >= 0), every value in
// [0, 2^30). At most 64 bases (a layout has at most 64 in-bits).
[[nodiscard]] Expected<std::vector<Basis>> parseBasesText(std::string_view text,
                                                          int components = -1);

// The text parseBasesText reads back: "[[0, 1], [1, 0]]", as #ttg writes a list of bases.
[[nodiscard]] std::string formatBasesText(const std::vector<Basis> &bases);

} // namespace lx
