#pragma once

// Raw linear layouts in JSON, the format of tests/data/conformance and of a scene's "layout":
//
//   {"bases": [["register", [[0, 1], [1, 0]]], ["lane", [...]], ...],
//    "outDims": [["dim0", 16], ["dim1", 16]]}
//
// in-dims and out-dims in order (Triton compares order). Also accepted on input:
//  - "sizesInferred": true: out sizes are inferred from the bases (Triton's constructor without
//    sizes, which requires surjectivity); any sizes given in "outDims" must then agree;
//  - the object form of the gfx1250 vectors file:
//    {"inOrder": [...], "outOrder": [...], "bases": {inDim: [[...], ...]}, "outDims": {name:
//    size}}.
// Malformed input (wrong arity, negative or non-integer values, sizes that are not powers of two
// or exceed 2^30, a basis out of range) gives an Error naming the place; nothing throws.

#include "base/expected.h"

#include <nlohmann/json_fwd.hpp>

namespace lx {

class LinearLayout;

[[nodiscard]] Expected<LinearLayout> layoutFromJson(const nlohmann::json &j);
// Always the array form, dims in order.
[[nodiscard]] nlohmann::json layoutToJson(const LinearLayout &layout);

} // namespace lx
