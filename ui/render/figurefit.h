#pragma once

// Fitting a figure to a page: `render --fit WxH` and the export dialog's page size.
//
// A figure has a natural size at scale 1. To fit a slide, fitDiagram tries laying the diagram's
// side-by-side panels (or blocks of free annotations, one chart per step) out in rows (1, 2, ...
// columns), its tables below or beside, and keeps the arrangement that allows the largest scale
// with its cell labels still drawn; the subtitle is wrapped at spaces to the page's width. The
// figure is never larger than asked: text does not scale exactly linearly (whole-pixel font
// sizes), so the scale is lowered until the measured layout fits. The page itself is exactly the
// asked size (RenderOptions::page), the figure centred on it.

#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QSize>
#include <QStringList>

namespace lx {

struct FittedFigure
{
    Diagram diagram;       // the panels placed in their chosen rows
    RenderOptions options; // with the chosen scale
    QSize size;            // the figure's size at that scale, within the target
    int columns = 0;       // panels per row of the chosen arrangement (0: the diagram's own)
    bool fits = false;     // false only when even the smallest scale is larger than the target
    // What the page cannot show legibly, in words for a warning (empty: nothing): text below
    // kFittedMinTextPx, cell labels left out.
    QStringList warnings;
};

// The smallest text of a fitted figure, in pixels: titles, headers, tables and the legend
// keep at least this size while the grids shrink, and cell labels that would be smaller are
// left out (RenderOptions::minTextPx). A page too small for that is fitted without it.
constexpr int kFittedMinTextPx = 10;

// Requires: target width and height > 0. Postcondition: fits implies size fits in target, and
// options.page == target. `maxScale` caps the enlargement of a small figure. Arrangements tried:
// the diagram's own, its panels or blocks in rows of 1 .. n-1, a very wide single panel cut into
// rows, each with its tables in 1 .. 3 columns, below or beside the panels; of those that keep
// the cell labels (any, when none does) the one that allows the largest scale wins.
[[nodiscard]] FittedFigure fitDiagram(const Diagram &diagram, const RenderOptions &options,
                                      QSize target, double maxScale = 4.0);

// The subtitle broken at spaces into lines no wider than `width` device px at `options`, each
// line as full as it can be (a word longer than that stays on its own line); its own line breaks
// are kept, and a line that fits is unchanged.
[[nodiscard]] QString wrapSubtitle(const QString &subtitle, int width,
                                   const RenderOptions &options);

// The blocks of `diagram` (Diagram::blocks) placed in rows of `columns`, each moved with its free
// annotations; free annotations below every block move down with them. Unchanged when there are
// fewer than two blocks or `columns` is not in [1, blocks).
[[nodiscard]] Diagram arrangeBlocks(const Diagram &diagram, int columns);

// A single panel cut into `pieces` panels of consecutive columns (to be stacked in rows), with
// its headers, groups and tooltips; other diagrams unchanged.
[[nodiscard]] Diagram wrapPanelColumns(const Diagram &diagram, int pieces);

// Panels of `diagram` placed in rows of `columns` (its own flow when the panels have fixed
// origins or free annotations refer to the panel area). Sizes are measured at `options` (its
// scale and minimum text size), so the panels do not overlap at that scale.
[[nodiscard]] Diagram arrangePanels(const Diagram &diagram, const RenderOptions &options,
                                    int columns);

} // namespace lx
