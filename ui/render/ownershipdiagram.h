#pragma once

// Ownership views of a layout.
//
// ownershipDiagram: one cell per tensor element of a 2-D slice (rows: out-dim rowDim, columns:
// out-dim colDim, other out-dims fixed), listing EVERY owner (replicas included). A cell with one
// owner reads "T5:R3" (lane 5, register 3; "W1" on a first line when the colour does not already
// say the warp and there are several warps); with up to `maxLabelOwners` owners one line each;
// with more, "×N". The fill is the colour key (lane, register, warp, SIMD, SIMD pair or block)
// of the first owner; a cell whose owners have different keys gets a black outline (listed in
// the legend). For a shared layout (an "offset" in-dim) the owners are offsets and the label is
// the offset. Tooltips (computed on hover by a DiagramTooltipSource) list every owner with its
// XOR decomposition, e.g. "warp=3 → [2,1] ⊕ [1,0] = [3,1]".
//
// inverseDiagram: hardware index → element. Rows are lanes (distributed) or offsets / columns
// (shared), columns are registers (distributed) or the low offset bits (shared); the other
// in-dims are fixed. Each cell shows the element "[r,c]" it maps to and carries its element id,
// so hovering it highlights the same element in the ownership view; its tooltip is the XOR
// decomposition of that hardware index.

#include "analysis/ownership.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "render/diagram.h"

#include <QString>

#include <optional>

#include <string>
#include <vector>

namespace lx {

struct ViewRequest;
class LinearLayout;

enum class OwnerColor
{
    Lane,
    Register,
    Warp,
    Simd,
    SimdPair,
    Block,
    Offset,
    Warpgroup // warp / 4: the warps that issue one Hopper wgmma together
};
enum class OwnerLabel
{
    Owner,
    Lane,
    Register,
    Warp,
    Offset,
    None
};

// "lane", "register", "warp", "simd", "simd-pair", "block", "offset".
[[nodiscard]] std::vector<std::string> ownerColorNames();
[[nodiscard]] Expected<OwnerColor> parseOwnerColor(const std::string &name);
// The colour key an ownership view uses without a "colorBy" option: "offset" for a shared layout
// (an "offset" in-dim), "warp" otherwise.
[[nodiscard]] std::string defaultOwnerColorName(const LinearLayout &layout);
// The colour key an ownership view of `layout` draws when asked for `colorBy`: a shared layout
// is coloured by offset (or by block), never by a distributed layout's keys.
[[nodiscard]] OwnerColor shownOwnerColor(const LinearLayout &layout, OwnerColor colorBy);
// When colouring `layout` by `colorBy` gives every element one colour because that key has one
// value (one warp, one lane, one block, ...), the sentence that says so, e.g. "The layout has one
// warp, so every element is warp 0"; empty when there are several colours. The legend, the
// window's colour-by control and its status line say it in these words. `cu` (the
// architecture's CU model) is needed for the SIMD keys only.
[[nodiscard]] QString singleOwnerColourNote(const LinearLayout &layout, OwnerColor colorBy,
                                            const std::optional<CuModel> &cu = std::nullopt);

struct OwnershipDiagramOptions
{
    OwnershipSlice slice;
    OwnerColor colorBy = OwnerColor::Warp;
    // The SIMDs and SIMD pairs of the architecture (its file's CU model): which SIMD a warp runs
    // on and which SIMDs form a pair. Required for the colours simd and simd-pair.
    std::optional<CuModel> cu;
    OwnerLabel label = OwnerLabel::Owner;
    int maxLabelOwners = 2;
    QString title;
    // What the out-dims are called in the axis labels, the subtitle and the tooltips (one name per
    // out-dim: a tensor-memory view calls them "TMEM lane" and "column"); empty: the layout's own
    // names (dim0, dim1).
    std::vector<QString> axisNames;
    // Cell shape: Auto is square once the slice has more than kSquareCellsAbove rows or columns
    // (a grid one navigates, where a square tensor should look square), else wide enough for a
    // label in one line.
    enum class Cells
    {
        Auto,
        Square,
        Wide
    } cells = Cells::Auto;
    static constexpr int kSquareCellsAbove = 128;
};

// Requires: a layout computeOwnership accepts for options.slice.
[[nodiscard]] Expected<Diagram> ownershipDiagram(const LinearLayout &layout,
                                                 const OwnershipDiagramOptions &options);

struct InverseDiagramOptions
{
    // Values of the in-dims that are neither rows nor columns (e.g. warp, block), by name.
    std::vector<LinearLayout::NamedValue> fixed;
    // Shared layouts: offsets per grid row (a power of two; 0: 16 or the offset count).
    int offsetsPerRow = 0;
    OwnershipSlice slice; // which out-dims give the colour: the element's row along rowDim
    QString title;
};

[[nodiscard]] Expected<Diagram> inverseDiagram(const LinearLayout &layout,
                                               const InverseDiagramOptions &options);

// Registry entry points. Options (JSON): "rowDim", "colDim" (out-dim indices), "fixed" (one
// value per out-dim), "colorBy" (see ownerColorNames), "label" ("owner", "lane", "register",
// "warp", "offset", "none"), "maxLabelOwners", "cells" ("auto", "square", "wide"), "axisNames"
// (one display name per out-dim, e.g. ["TMEM lane", "column"]); the colours
// simd and simd-pair read the request's architecture (its CU model). For "inverse":
// "warp", "block" (or any in-dim name with an integer value) and "offsetsPerRow".
[[nodiscard]] Expected<Diagram> buildOwnershipView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildInverseView(const ViewRequest &request);

} // namespace lx
