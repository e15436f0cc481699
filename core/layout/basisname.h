#pragma once

// The one name of a basis wherever a person reads it: tables, headers, legends, tooltips, undo
// texts and exported figures. A basis is named by the input whose image it is, as Triton's
// LinearLayout::toString writes it (" - lane=4 -> (2, 0)"): bit 2 of lane is "lane=4", so the name
// reads the same as an owner ("lane=3 register=2") and as Go to Element's query. Never "lane2"
// (a bit index) or "lane 4".

#include <cstdint>
#include <string>
#include <string_view>

namespace lx {

// Requires: 0 <= bit < 63.
[[nodiscard]] inline std::string basisName(std::string_view inDim, int bit)
{
    return std::string(inDim) + "=" + std::to_string(int64_t(1) << bit);
}

} // namespace lx
