#pragma once

// Editing a WMMA v3 layout in its ctaLayout form: the one path from the ctaLayout editor's fields
// and from a warp tile dragged in the cta-tiles view to the document.
//
// A ctaLayout edit is its fields (warp and register bases in instruction tiles, instruction
// shape, transposition, tensor shape, element type) read, checked and built into the layout
// (ctaEdited); the document then takes it as one undoable command "Edit ctaLayout of NAME"
// (applyCtaFields). Typing the bases and dragging a tile both go through applyCtaFields, so a
// basis is refused with the same message and undone in the same single step however it was
// given. Checks, in order: each field's syntax, a WMMA v3 instruction shape, the builders
// (layout/builders.h), and every ctaLayout view of the scene that shows the layout (cta-tiles,
// cta-pieces) still analysing it (request/analysisinputs.h resolveCta): a ctaLayout whose warps
// and registers leave a tile of C uncomputed is refused with that analysis' reason.
//
// Dragging (ui/widgets/viewpane.cpp): in the cta-tiles view the tile warp 2^k computes in
// instruction 0 is the k-th warp basis, in tile units; dropping it on tile (M, N) writes [M, N]
// as that basis (moveWarpBasis), the other fields unchanged.

#include "layout/attrs.h"
#include "models/layoutdocument.h"

#include <QString>

#include <optional>
#include <vector>

namespace lx {

struct ViewRequest;

struct CtaFields
{
    QString warp;       // "[[0, 1], [1, 0]]"
    QString reg;        // "[]"
    QString instrShape; // "16,16,32"
    QString shape;      // "128x128"
    QString dtype;      // "f16" (empty: the view's default)
    bool transposed = false;
    bool operator==(const CtaFields &) const = default;
};

// "[[0, 1], [1, 0]]": the editor's form of a basis list.
[[nodiscard]] QString ctaBasesText(const BasisList &bases);

// The fields of a #ttg.amd_wmma written in its ctaLayout form; nullopt for any other layout.
[[nodiscard]] std::optional<CtaFields> ctaFieldsOf(const DocumentLayout &layout);

// The layout `layout` of `scene` edited to `fields`, or (error non-empty) why not, naming the
// field. Requires: 0 <= layout < scene.layouts.size().
struct CtaEdit
{
    std::optional<DocumentLayout> layout;
    QString error;
};
[[nodiscard]] CtaEdit ctaEdited(const SceneContents &scene, int layout, const CtaFields &fields);

// ctaEdited, then one undoable command; returns the refusal (the document is then unchanged).
[[nodiscard]] QString applyCtaFields(LayoutDocument &document, int layout, const CtaFields &fields);

// A warp basis as the cta-tiles view draws it: warp 2^bit's tile in instruction 0.
struct CtaWarpHandle
{
    int bit = 0;
    int tileM = 0;
    int tileN = 0;
    bool operator==(const CtaWarpHandle &) const = default;
};

// The warp bases of the ctaLayout the view shows (its written bases only, not the automatic
// repetitions); empty when the view is no ctaLayout view or does not build.
[[nodiscard]] std::vector<CtaWarpHandle> ctaWarpHandles(const ViewRequest &view);

// Warp basis `bit` of layout `layout` set to [tileM, tileN] through applyCtaFields; the
// refusal, or empty (also when the basis already is that tile: nothing changes then).
[[nodiscard]] QString moveWarpBasis(LayoutDocument &document, int layout, int bit, int tileM,
                                    int tileN);

} // namespace lx
