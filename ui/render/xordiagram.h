#pragma once

// The XOR decomposition of one hardware index as a small diagram: one row per set input bit
// (its basis, in binary, one panel per out-dim, most significant bit on the left) and a last row
// with their XOR, the element the index lands on. The title is XorDecomposition::toString(),
// e.g. "warp=3 → [2,1] ⊕ [1,0] = [3,1]". The result row carries the element id, so selecting
// it highlights the element in the ownership view.

#include "analysis/ownership.h"
#include "base/expected.h"
#include "render/diagram.h"

namespace lx {

struct ViewRequest;

// Requires: `decomposition` made by decomposeXor for `layout`.
[[nodiscard]] Diagram xorDiagram(const LinearLayout &layout, const XorDecomposition &decomposition);

// Registry entry point. Options: one integer per in-dim name ("register", "lane", "warp",
// "block", "offset", ...; absent = 0) and "layout".
[[nodiscard]] Expected<Diagram> buildXorView(const ViewRequest &request);

} // namespace lx
