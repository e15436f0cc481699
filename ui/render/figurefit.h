#pragma once

// Fitting a figure to a page: `render --fit WxH` and the export dialog's page size.
//
// A figure has a natural size at scale 1. To fit a slide, fitDiagram first tries laying the
// diagram's side-by-side panels out in rows (1, 2, ... columns) and keeps the arrangement that
// allows the largest scale, then picks the largest scale at which the whole figure fits. The
// result is never larger than asked: text does not scale exactly linearly (whole-pixel font
// sizes), so the scale is lowered until the measured layout fits.

#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QSize>

namespace lx {

struct FittedFigure
{
    Diagram diagram;       // the panels placed in their chosen rows
    RenderOptions options; // with the chosen scale
    QSize size;            // the figure's size at that scale, within the target
    int columns = 0;       // panels per row of the chosen arrangement (0: the diagram's own)
    bool fits = false;     // false only when even the smallest scale is larger than the target
};

// The smallest text of a fitted figure, in pixels: titles, headers, tables and the legend
// keep at least this size while the grids shrink, and cell labels that would be smaller are
// left out (RenderOptions::minTextPx). A page too small for that is fitted without it.
constexpr int kFittedMinTextPx = 10;

// Requires: target width and height > 0. Postcondition: fits implies size fits in target.
// `maxScale` caps the enlargement of a small figure. Arrangements tried: the diagram's own, its
// panels in rows of 1 .. n-1, a very wide single panel cut into rows, each with its tables in
// 1 .. 3 columns, below or beside the panels; the one that allows the largest scale wins.
[[nodiscard]] FittedFigure fitDiagram(const Diagram &diagram, const RenderOptions &options,
                                      QSize target, double maxScale = 4.0);

// The subtitle broken at spaces into lines no wider than `width` device px at `options` (a word
// longer than that stays on its own line); unchanged when it fits or already has line breaks.
[[nodiscard]] QString wrapSubtitle(const QString &subtitle, int width,
                                   const RenderOptions &options);

// A single panel cut into `pieces` panels of consecutive columns (to be stacked in rows), with
// its headers, groups and tooltips; other diagrams unchanged.
[[nodiscard]] Diagram wrapPanelColumns(const Diagram &diagram, int pieces);

// Panels of `diagram` placed in rows of `columns` (its own flow when the panels have fixed
// origins or free annotations refer to the panel area). Sizes are measured at `options` (its
// scale and minimum text size), so the panels do not overlap at that scale.
[[nodiscard]] Diagram arrangePanels(const Diagram &diagram, const RenderOptions &options,
                                    int columns);

} // namespace lx
