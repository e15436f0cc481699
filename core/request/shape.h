#pragma once

// Tensor shapes as people type them: "128x64" (also "128X64", "128 x 64", "128,64"). One parser for
// the command line, the builder dialog and the request layer.

#include "base/expected.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace lx {

struct ShapeRules
{
    int rank = 0;                // required number of dims; 0: any (at least one)
    bool powerOfTwo = false;     // every extent a power of two
    int64_t maxExtent = 1 << 30; // inclusive
};

// "128x64" -> {128, 64}. An error names the text and the offending part.
[[nodiscard]] Expected<std::vector<int32_t>> parseShape(std::string_view text,
                                                        const ShapeRules &rules = {});

} // namespace lx
