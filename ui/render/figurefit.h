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

// Requires: target width and height > 0. Postcondition: fits implies size fits in target.
// `maxScale` caps the enlargement of a small figure.
[[nodiscard]] FittedFigure fitDiagram(const Diagram &diagram, const RenderOptions &options,
                                      QSize target, double maxScale = 4.0);

// A single panel cut into `pieces` panels of consecutive columns (to be stacked in rows), with
// its headers, groups and tooltips; other diagrams unchanged.
[[nodiscard]] Diagram wrapPanelColumns(const Diagram &diagram, int pieces);

// Panels of `diagram` placed in rows of `columns` (its own flow when the panels have fixed
// origins or free annotations refer to the panel area). Sizes are measured at `options`.
[[nodiscard]] Diagram arrangePanels(const Diagram &diagram, const RenderOptions &options,
                                    int columns);

} // namespace lx
