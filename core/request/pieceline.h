#pragma once

// Figure 11's cache-line arithmetic (docs/lds-models.md §3.1): a piece of a partitioned operand
// is a band of `pieceExtent` elements along partition_dim; when the operand is contiguous along
// that dim (the blog's N-contiguous B), one row of a piece is pieceExtent x element bytes of
// global memory, read as a fraction of a cache line (the architecture file's cacheLineBytes).

#include "request/figures.h"

#include <optional>

namespace lx {

struct OperandPartitioning;

// "pieceRowBytes<op>" (the bytes of one row of a piece) and "cacheLine<op>" (the share of a
// cache line it uses), computed from the piece extent, the element width and the cache line of
// the architecture file (CuModel::cacheLineBytes); nothing when the operand is not separable or the
// file states no cache line.
[[nodiscard]] std::vector<Figure> pieceRowFigures(const std::optional<ModelConstant> &cacheLine,
                                                  const OperandPartitioning &op, int elementBits);

// "1 line", "1/4 of a line", "2 lines", "37.5 % of a line".
[[nodiscard]] std::string cacheLineShareText(int64_t bytes, int64_t lineBytes);

} // namespace lx
