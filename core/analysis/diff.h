#pragma once

// Layout diff: how two layouts over the same out-dims differ.
//
// The owners of an element under a layout L are the hardware indices h (one value per in-dim)
// with L(h) = element. Two layouts are compared on the union of their in-dims: a dim a layout
// does not have counts as size 1 (only index 0 exists there), a dim of size 1 is the same as a
// missing one, and an index beyond a layout's size of a dim owns nothing under that layout.
//
//  - equal: the same function: the same in-dims with the same sizes (size-1 dims aside), the same
//    out-dims and sizes (order aside), and every hardware index landing on the same element.
//  - differing elements: those whose owner sets differ. An element differs exactly when some h
//    lands on it under one layout and elsewhere (or nowhere) under the other, which is how it is
//    counted: one pass over the hardware indices of the union, marking A(h) and B(h) when they
//    disagree. Example: swapping two lane bases of a blocked layout moves every element those
//    lanes own, but an element owned by lane 1 under A and by lane 2 under B differs even though
//    both own it once.
//  - basis delta: per in-dim, the bases of A and of B (B's components in A's out-dim order) and
//    the indices where they differ.
//  - conversion: what convert_layout(A) -> B costs (analysis/conversion.h) when both are
//    distributed layouts; otherwise the reason there is none.

#include "analysis/conversion.h"
#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

struct InDimDelta
{
    std::string inDim;
    int32_t sizeA = 1; // 1 when the layout lacks the dim
    int32_t sizeB = 1;
    std::vector<LinearLayout::Basis> basesA;
    std::vector<LinearLayout::Basis> basesB; // components in A's out-dim order
    std::vector<int> changed;                // basis indices that differ (or exist on one side)
    bool operator==(const InDimDelta &) const = default;
};

struct LayoutDiff
{
    bool equal = false;
    int64_t differingElements = 0;
    // Per element (flattened in A's out-dim order, first out-dim fastest): 1 where the owner
    // sets differ. Empty when the tensor has more than kMaxMaskElements elements.
    std::vector<uint8_t> differs;
    std::vector<InDimDelta> basisDelta;
    std::optional<ConversionPlan> conversion;
    std::string conversionNote; // why there is no conversion, when there is none
};

inline constexpr int64_t kMaxMaskElements = int64_t(1) << 22;
// The enumeration visits every hardware index of the union once.
inline constexpr int kMaxDiffInBits = 26;

// Requires: the same out-dim names and sizes (any order); at most 2^26 hardware indices in the
// union of in-dims. elementBits: the element width for the conversion's LDS bytes.
[[nodiscard]] Expected<LayoutDiff> diffLayouts(const LinearLayout &a, const LinearLayout &b,
                                               int elementBits = 16);

// The result as JSON text: {"equal", "differingElements", "basisDelta": [{"inDim", "sizeA",
// "sizeB", "a", "b", "changed"}], "conversion": {"kind", "movedDims", "ldsBytes", "reason"} or
// null, "conversionNote"}.
[[nodiscard]] std::string diffToJson(const LayoutDiff &diff);
// A short report for people: one line per fact.
[[nodiscard]] std::string diffToText(const LayoutDiff &diff, const LinearLayout &a);

} // namespace lx
