#pragma once

// Element types by name, as MLIR and Gluon spell them (f16, bf16, f8E4M3FN, i8, ...) plus the
// short aliases people type (fp16, f8, fp4). One table for every analysis and command.

#include "base/expected.h"

#include <string_view>

namespace lx {

// Bits of one element; an Error listing the known names otherwise.
[[nodiscard]] Expected<int> dtypeBits(std::string_view dtype);

} // namespace lx
