#pragma once

// Element types by name, as MLIR and Gluon spell them (f16, bf16, f8E4M3FN, i8, ...) plus the
// short aliases people type (fp16, f8, fp4). One table for every analysis and command.

#include "base/expected.h"

#include <array>
#include <cstdint>
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

// The WMMA version 3 (gfx1250) instruction shapes [M, N, K] for A and B operands of `bits`-bit
// elements, as LLVM's ROCDL intrinsics for gfx1250 name them (wmma.*.16x16x4.f32,
// 16x16x32.f16/bf16, 16x16x64 and 16x16x128 for 8-bit types, the scaled 16x16x128.f8f6f4 and
// 32x16x128.f4): 32 bits 16x16x4; 16 bits 16x16x32; 8 bits 16x16x64, 16x16x128; 6 bits
// 16x16x128; 4 bits 16x16x128, 32x16x128. Empty for other widths.
[[nodiscard]] std::vector<std::array<int32_t, 3>> wmmaV3Shapes(int bits);

} // namespace lx
