#pragma once

// Free functions mirroring Triton's LayoutUtils (include/triton/Tools/LayoutUtils.h) and the
// shape-fitting helpers of LinearLayoutConversions.cpp that every builder in builders.h uses.
// They follow Triton result for result, dimension order included (see
// docs/linear-layouts.md §13 and docs/gfx1250-layouts.md §1). Where Triton
// asserts, these return an Error.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lx {

using NamedShape = std::vector<std::pair<std::string, int32_t>>;

// "dim0", "dim1", ..., "dim<rank-1>".
[[nodiscard]] std::vector<std::string> standardOutDimNames(int rank);

// Triton's orderPerDim: the dims in the order the bases first move them, then the remaining dims
// from the last down (how the #ttg reader normalises a padded layout's order).
[[nodiscard]] std::vector<int32_t> orderOfBases(const std::vector<Basis> &bases, int rank);

// identityStandardND's bases as a list: offsets walk `order` (fastest first), each dim over its
// size. Requires: order indexes shape; every shape entry a power of two.
[[nodiscard]] std::vector<Basis> identityBases(const std::vector<int32_t> &shape,
                                               const std::vector<int32_t> &order);

// The product over i of identity1D(shape[order[i]], inDim, "dim<order[i]>"): the out-dims come out
// in `order` (minor first), not in dim0, dim1, ... order.
// Requires: order a permutation of 0..rank-1, every shape entry a power of two.
[[nodiscard]] Expected<LinearLayout> identityStandardND(const std::string &inDim,
                                                        const std::vector<int32_t> &shape,
                                                        const std::vector<int32_t> &order);

// For each out-dim the new size is min(size, shape[o]); components at or above the new size are
// set to 0 (broadcast). With broadcastRegisters = false, `register` bases that were nonzero and
// became all zero are dropped. Not required to be surjective.
// Requires: `shape` names exactly the out-dims of `layout`, every size a power of two.
[[nodiscard]] Expected<LinearLayout> ensureLayoutNotLargerThan(const LinearLayout &layout,
                                                               const NamedShape &shape,
                                                               bool broadcastRegisters = true);

// For each out-dim in the layout's order, multiplies by identity1D(shape[o] / size, first in-dim,
// o): the layout repeats along its most minor in-dim (repetition registers or offsets).
// Requires: the first in-dim is `register` or `offset`; `shape` names exactly the out-dims.
[[nodiscard]] Expected<LinearLayout> ensureLayoutNotSmallerThan(const LinearLayout &layout,
                                                                const NamedShape &shape);
// The same on a layout about to be dropped: its bases move into the result.
[[nodiscard]] Expected<LinearLayout> ensureLayoutNotSmallerThan(LinearLayout &&layout,
                                                                const NamedShape &shape);

// The CGA layout (in-dim `block`, out-dims dim0..dim<rank-1>) of a list of block bases. Out sizes
// are inferred from the bases (zero bases broadcast).
[[nodiscard]] Expected<LinearLayout> makeCgaLayout(const std::vector<Basis> &blockBases, int rank);

// Triton's combineCtaCgaWithShape: fits the CTA layout (in-dims register/lane/warp or offset,
// out-dims in their repetition order) to shape / cgaSize, multiplies by the CGA layout clipped
// to the shape, and returns out-dims dim0, dim1, ... .
// Postcondition: every out-dim size equals the shape.
// The CTA layout is taken by value: pass a temporary (or std::move) and its bases are reused.
[[nodiscard]] Expected<LinearLayout> combineCtaCgaWithShape(LinearLayout ctaLayout,
                                                            const LinearLayout &cgaLayout,
                                                            const std::vector<int32_t> &shape);

// One basis vector as text: "[0, 4]".
[[nodiscard]] std::string formatBasis(const LinearLayout::Basis &basis);

// The first out-dim a basis moves (its first nonzero component), or -1 for a zero basis.
[[nodiscard]] int firstMovedDim(const LinearLayout::Basis &basis);

// True when every component of the basis is zero (a broadcast).
[[nodiscard]] bool isZeroBasis(const LinearLayout::Basis &basis);

// The sum of the out-dims' log2 sizes.
[[nodiscard]] int totalOutBits(const LinearLayout &layout);

} // namespace lx
