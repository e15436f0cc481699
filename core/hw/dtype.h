#pragma once

// Element types by name, as MLIR and Gluon spell them (f16, bf16, f8E4M3FN, i8, ...) plus the
// short aliases people type (fp16, f8, fp4). One table for every analysis and command.

#include "base/expected.h"

#include <string_view>
#include <vector>

namespace lx {

// Bits of one element; an Error listing the known names otherwise.
[[nodiscard]] Expected<int> dtypeBits(std::string_view dtype);

// amdg.local_load_packed_transposed moves fp4 pairs held in i8 layouts: the layouts' type.
inline constexpr std::string_view kPackedFp4LayoutDtype = "i8";

// The element types a picker offers (MLIR spellings, the common ones first; every one is known
// to dtypeBits).
[[nodiscard]] const std::vector<const char *> &dtypeChoices();

} // namespace lx
