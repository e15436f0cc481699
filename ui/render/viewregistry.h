#pragma once

// The view registry: a view kind ("ownership", "inverse", "matrix", "xor", "ds-load-tr-panels",
// "cta", "banks", ...) names a function that builds a Diagram from a ViewRequest.
//
// Every kind is listed in ONE explicit table in viewregistry.cpp (kViewKinds). There is no
// self-registration through static initialisers: lx_render is a static library and the linker
// drops object files nobody references, so such registrations silently vanish.
//
// Adding a kind (other helpers): write `Expected<Diagram> buildFooView(const ViewRequest &)` in
// ui/render/foodiagram.{h,cpp}, include its header in viewregistry.cpp and add one line
// `{"foo", "one-line summary", &buildFooView},` to kViewKinds. Nothing else changes.
//
// A ViewRequest (core/request/viewrequest.h) is what a scene's `views` entry resolves to. The
// builders of the bank, ds_load_tr, ctaLayout and LDS views take their inputs, their analysis
// and their figures from the request layer (core/request/analysisinputs.h, figures.h) and draw
// them. Not every builder only draws: the ownership, inverse, matrix and operation builders run
// their analysis on the layout themselves (computeOwnership, LinearLayout's operations) to fill
// their cells. Every builder's figures, these included, are built by the request layer
// (core/request/viewfigures.h and its neighbours) and added through appendFigures below.

#include "base/expected.h"
#include "render/diagram.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <span>
#include <string>

namespace lx {

using ViewBuilder = Expected<Diagram> (*)(const ViewRequest &);

struct ViewKind
{
    const char *kind;
    const char *summary;
    ViewBuilder build;
};

// Every registered kind, in the order of the table.
[[nodiscard]] std::span<const ViewKind> viewKinds();
[[nodiscard]] const ViewKind *findViewKind(const std::string &kind);

// Appends an analysis's figures (request/figures.h) to a diagram, the way the analysis panel
// shows them: the text as value, the note (and, unless computed, the provenance) as tooltip.
void appendFigures(Diagram &d, const std::vector<Figure> &figures);

// Builds the view `request.kind`; an error for an unknown kind lists the known ones.
[[nodiscard]] Expected<Diagram> buildView(const ViewRequest &request);

// The options the view reads with the request's options as they are (request/viewrequest.h
// OptionUse), found by building it with a trace: what the view-options editor offers. The
// view's build error, if any, goes to `error`.
[[nodiscard]] std::vector<OptionUse> viewOptions(ViewRequest request, std::string *error = nullptr);

} // namespace lx
