#pragma once

// Which shared layouts a buffer written by the Tensor Data Mover may hold (hw/arch.h TdmRule).
//
// The TDM (gfx1250's `amdg.async_tdm_copy_global_to_local`, lowered to tensor_load_to_lds)
// writes a tile row by row at linear LDS addresses, inserting a padding every interval. So the
// layouts it can produce are the padded ones, the swizzled ones whose XOR pattern is the same in
// every row (maxPhase 1, i.e. no swizzle), and partitioned layouts whose pieces are one of those
// (each piece is its own linear stream). An XOR swizzle with maxPhase > 1, a #ttg.shared_linear
// or a rotating layout permutes the columns per row, which a linear stream cannot do: Gluon's
// gfx1250 tensor descriptor refuses them, and the shared-layout search (analysis/suggest.h)
// does not propose them for a TDM-fed buffer.

#include "hw/arch.h"
#include "layout/attrs.h"

#include <optional>
#include <string>

namespace lx {

// Why `attr` cannot be the layout of a buffer the TDM of `arch` writes, in one sentence;
// nullopt when it can, or when the architecture has no TDM (Architecture::tdm).
[[nodiscard]] std::optional<std::string> tdmLayoutProblem(const Architecture &arch,
                                                          const LayoutAttr &attr);

// True for the ops that write LDS through the TDM (amdg.async_tdm_copy_global_to_local, its
// fused variant and the gather).
[[nodiscard]] bool isTdmWrite(const std::string &opName);

} // namespace lx
