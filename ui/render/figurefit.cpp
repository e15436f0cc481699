#include "render/figurefit.h"

#include "render/diagramstyle.h"

#include <QRect>

#include <algorithm>
#include <cmath>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

namespace lx {

namespace {

constexpr double kMinScale = 0.05;

bool canArrangeBlocks(const Diagram &d)
{
    return d.blocks.size() >= 2;
}

// Whether panels placed at fixed origins form a grid read row by row: panels of one size, every
// row at the columns of the first, the last row possibly shorter, in reading order. Such panels
// may flow into other rows; any other placement (strips around a tile) means something.
bool isPanelGrid(const Diagram &d)
{
    const DiagramPanel &first = d.panels.front();
    std::vector<double> columns;
    for (const DiagramPanel &p : d.panels) {
        if (p.rows() != first.rows() || p.columns() != first.columns())
            return false;
        if (p.origin.y() != first.origin.y())
            break;
        if (!columns.empty() && p.origin.x() <= columns.back())
            return false;
        columns.push_back(p.origin.x());
    }
    for (size_t i = 0; i < d.panels.size(); ++i) {
        const QPointF o = d.panels[i].origin;
        const QPointF rowStart = d.panels[i - i % columns.size()].origin;
        if (o.x() != columns[i % columns.size()] || o.y() != rowStart.y() ||
            (i >= columns.size() && o.y() <= d.panels[i - columns.size()].origin.y()))
            return false;
    }
    return true;
}

bool canRearrange(const Diagram &d)
{
    if (d.panels.size() < 2)
        return false;
    const bool flowing = std::all_of(d.panels.begin(), d.panels.end(), [](const DiagramPanel &p) {
        return p.origin.x() < 0 && p.origin.y() < 0;
    });
    const bool placed = std::all_of(d.panels.begin(), d.panels.end(), [](const DiagramPanel &p) {
        return p.origin.x() >= 0 && p.origin.y() >= 0;
    });
    if (!flowing && !(placed && isPanelGrid(d)))
        return false;
    // Free annotations are placed relative to the panel area as the diagram flows it.
    for (const DiagramAnnotation &a : d.annotations)
        if (a.from.panel < 0 || a.to.panel < 0)
            return false;
    return true;
}

QSize sizeAt(const Diagram &d, RenderOptions o, double scale)
{
    o.scale = scale;
    return DiagramGeometry::compute(d, o).size();
}

bool within(QSize s, QSize target)
{
    return s.width() <= target.width() && s.height() <= target.height();
}

} // namespace

namespace {

// Tooltips of a panel cut out of a wider one: the source's columns are offset.
class OffsetTooltipSource : public DiagramTooltipSource
{
public:
    OffsetTooltipSource(std::shared_ptr<const DiagramTooltipSource> source, int columnOffset)
        : m_source(std::move(source)), m_offset(columnOffset)
    {
    }
    QString tooltip(int row, int col) const override
    {
        return m_source->tooltip(row, col + m_offset);
    }

private:
    std::shared_ptr<const DiagramTooltipSource> m_source;
    int m_offset;
};

// The subtitle's width as the geometry estimates it (DiagramGeometry::layoutTitles).
int subtitleWidth(const QString &line, const RenderOptions &options)
{
    const double scale = options.scale > 0 ? options.scale : 1.0;
    return DiagramGeometry::textWidth(
        line, diagramstyle::textPx(diagramstyle::kSubtitlePx, scale, options.minTextPx));
}

} // namespace

QString wrapSubtitle(const QString &subtitle, int width, const RenderOptions &options)
{
    QStringList lines;
    for (const QString &own : subtitle.split(QLatin1Char('\n'))) {
        if (subtitleWidth(own, options) <= width) {
            lines << own;
            continue;
        }
        // Greedy: each line takes words while the next one still fits.
        QString line;
        for (const QString &word : own.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && subtitleWidth(longer, options) > width) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

Diagram arrangeBlocks(const Diagram &diagram, int columns)
{
    const size_t n = diagram.blocks.size();
    if (n < 2 || columns < 1 || size_t(columns) >= n)
        return diagram;
    QRectF all;
    for (const QRectF &b : diagram.blocks)
        all = all.united(b);
    const size_t cols = size_t(columns);
    const size_t rows = (n + cols - 1) / cols;
    std::vector<double> colWidth(cols, 0.0), rowHeight(rows, 0.0);
    for (size_t i = 0; i < n; ++i) {
        colWidth[i % cols] = std::max(colWidth[i % cols], diagram.blocks[i].width());
        rowHeight[i / cols] = std::max(rowHeight[i / cols], diagram.blocks[i].height());
    }
    Diagram out = diagram;
    std::vector<QPointF> shift(n);
    double bottom = all.top();
    for (size_t i = 0; i < n; ++i) {
        QPointF at = all.topLeft();
        for (size_t c = 0; c < i % cols; ++c)
            at.rx() += colWidth[c];
        for (size_t r = 0; r < i / cols; ++r)
            at.ry() += rowHeight[r];
        shift[i] = at - diagram.blocks[i].topLeft();
        out.blocks[i].translate(shift[i]);
        bottom = std::max(bottom, out.blocks[i].bottom());
    }
    const QPointF below(0, bottom - all.bottom());
    for (DiagramAnnotation &a : out.annotations) {
        if (a.from.panel >= 0)
            continue;
        QPointF d;
        // Half-open: a point on the edge two blocks share belongs to the one it starts.
        const QPointF p = a.from.pos;
        const auto block =
            std::find_if(diagram.blocks.begin(), diagram.blocks.end(), [&](const QRectF &b) {
                return p.x() >= b.left() && p.x() < b.right() && p.y() >= b.top() &&
                       p.y() < b.bottom();
            });
        if (block != diagram.blocks.end())
            d = shift[size_t(block - diagram.blocks.begin())];
        else if (a.from.pos.y() >= all.bottom())
            d = below;
        a.from.pos += d;
        if (a.to.panel < 0)
            a.to.pos += d;
    }
    return out;
}

Diagram wrapPanelColumns(const Diagram &diagram, int pieces)
{
    if (diagram.panels.size() != 1 || !diagram.annotations.empty() || pieces < 2 ||
        diagram.panels.front().origin.x() >= 0 || diagram.panels.front().columns() < pieces)
        return diagram;
    const DiagramPanel &whole = diagram.panels.front();
    const int cols = whole.columns();
    const int per = (cols + pieces - 1) / pieces;
    Diagram out = diagram;
    out.panels.clear();
    for (int c0 = 0; c0 < cols; c0 += per) {
        const int n = std::min(per, cols - c0);
        DiagramPanel p(whole.rows(), n);
        p.title = c0 == 0 ? whole.title : QString();
        p.rowHeaders = whole.rowHeaders;
        if (!whole.columnHeaders.isEmpty())
            p.columnHeaders = whole.columnHeaders.mid(c0, n);
        p.rowAxisLabel = whole.rowAxisLabel;
        p.columnAxisLabel = whole.columnAxisLabel;
        p.strings = whole.strings;
        if (whole.tooltipSource)
            p.tooltipSource = std::make_shared<OffsetTooltipSource>(whole.tooltipSource, c0);
        for (int r = 0; r < whole.rows(); ++r)
            for (int c = 0; c < n; ++c)
                p.cell(r, c) = whole.cell(r, c0 + c);
        for (const DiagramGroup &g : whole.groups) {
            const QRect part = g.cells.intersected(QRect(c0, 0, n, whole.rows()));
            if (part.isEmpty())
                continue;
            DiagramGroup piece = g;
            piece.cells = part.translated(-c0, 0);
            p.groups.push_back(std::move(piece));
        }
        out.panels.push_back(std::move(p));
    }
    return out;
}

Diagram arrangePanels(const Diagram &diagram, const RenderOptions &options, int columns)
{
    if (!canRearrange(diagram) || columns < 1 || size_t(columns) >= diagram.panels.size())
        return diagram;
    const double scale = options.scale > 0 ? options.scale : 1.0;
    const DiagramGeometry g = DiagramGeometry::compute(diagram, options);
    const size_t n = diagram.panels.size();
    const size_t cols = size_t(columns);
    const size_t rows = (n + cols - 1) / cols;
    std::vector<double> colWidth(cols, 0.0), rowHeight(rows, 0.0);
    for (size_t i = 0; i < n; ++i) {
        const QRect b = g.panels()[i].bounds;
        colWidth[i % cols] = std::max(colWidth[i % cols], b.width() / scale);
        rowHeight[i / cols] = std::max(rowHeight[i / cols], b.height() / scale);
    }
    // Origins are in diagram units (pixels at scale 1); the gap leaves room for text that
    // rounds up at smaller scales.
    const double gap = std::max(diagram.panelGap, 8.0) * 1.5;
    Diagram out = diagram;
    for (size_t i = 0; i < n; ++i) {
        double x = 0, y = 0;
        for (size_t c = 0; c < i % cols; ++c)
            x += colWidth[c] + gap;
        for (size_t r = 0; r < i / cols; ++r)
            y += rowHeight[r] + gap;
        const DiagramGeometry::Panel &p = g.panels()[i];
        // The origin places the cell area; the decorations (headers, axis, title) sit above
        // and to the left of it.
        out.panels[i].origin = QPointF(x + (p.cells.left() - p.bounds.left()) / scale,
                                       y + (p.cells.top() - p.bounds.top()) / scale);
    }
    return out;
}

namespace {

// One arrangement to try: panels in rows of `columns` (0: the diagram's own flow) of `base`,
// tables in `tableColumns` columns.
struct Candidate
{
    int columns = 0;
    Diagram base;
    int tableColumns = 1;
    bool tablesBeside = false;
};

// The candidate's diagram and options at scale `s` (panels arranged at that scale, where text
// does not shrink with it), its subtitle wrapped to the width of a page `pageWidth` wide.
std::pair<Diagram, RenderOptions> arrangedAt(const Candidate &c, RenderOptions options, double s,
                                             int pageWidth)
{
    options.scale = s;
    options.tableColumns = c.tableColumns;
    options.tablesBeside = c.tablesBeside;
    Diagram d = c.columns <= 0 ? c.base : arrangePanels(c.base, options, c.columns);
    const int margin = diagramstyle::px(diagramstyle::kMargin * s);
    d.subtitle = wrapSubtitle(d.subtitle, pageWidth - 2 * margin - 1, options);
    return {std::move(d), options};
}

std::vector<Candidate> candidatesFor(const Diagram &diagram, const RenderOptions &options,
                                     QSize target)
{
    std::vector<Candidate> candidates{{0, diagram, 1}};
    if (canRearrange(diagram))
        for (int c = 1; size_t(c) < diagram.panels.size(); ++c)
            candidates.push_back({c, diagram, 1});
    if (canArrangeBlocks(diagram))
        for (int c = 1; size_t(c) < diagram.blocks.size(); ++c)
            candidates.push_back({0, arrangeBlocks(diagram, c), 1});
    RenderOptions one = options;
    one.scale = 1.0;
    if (diagram.panels.size() == 1 && diagram.annotations.empty()) {
        const QSize natural = DiagramGeometry::compute(diagram, one).size();
        const double aspect = double(natural.width()) / std::max(1, natural.height());
        const double pageAspect = double(target.width()) / target.height();
        for (int k = 2; k <= 64 && aspect / (k * k) > pageAspect / 4.0; ++k) {
            Diagram cut = wrapPanelColumns(diagram, k);
            if (cut.panels.size() > 1)
                candidates.push_back({1, std::move(cut), 1});
        }
    }
    // Tables side by side where there are several, and beside the panels rather than below:
    // a wide page has room there.
    const size_t single = candidates.size();
    const bool drawn = !diagram.panels.empty() || !diagram.blocks.empty();
    for (const bool beside : {false, true})
        for (int t = 1; t <= 3 && size_t(t) <= diagram.tables.size(); ++t)
            for (size_t i = 0; i < single; ++i) {
                if ((t == 1 && !beside) || (beside && !drawn))
                    continue; // the first is the candidate itself; nothing to sit beside
                Candidate c = candidates[i];
                c.tableColumns = t;
                c.tablesBeside = beside;
                candidates.push_back(std::move(c));
            }
    return candidates;
}

// Whether every cell label the diagram has is drawn (the renderer draws all or none).
bool keepsCellLabels(const Diagram &d, const RenderOptions &o)
{
    if (!o.labels)
        return true;
    const bool anyText = std::any_of(d.panels.begin(), d.panels.end(), [](const DiagramPanel &p) {
        return p.textExtent().lines > 0 && p.textExtent().chars > 0;
    });
    return !anyText || DiagramRenderer(d, o).labelPixelSize() > 0;
}

// The largest scale at most `start` at which the candidate fits `target` (kMinScale when none
// does): text and rounding make the size a step function of the scale, so bisection.
double largestFittingScale(const Candidate &c, const RenderOptions &options, QSize target,
                           double start)
{
    auto fitsAt = [&](double scale) {
        const auto [d, o] = arrangedAt(c, options, scale, target.width());
        return within(sizeAt(d, o, scale), target);
    };
    if (fitsAt(start))
        return start;
    double lo = kMinScale, hi = start;
    if (!fitsAt(lo))
        return kMinScale;
    for (int i = 0; i < 20 && hi / lo > 1.002; ++i) {
        const double mid = std::sqrt(lo * hi);
        (fitsAt(mid) ? lo : hi) = mid;
    }
    return lo;
}

FittedFigure fitWith(const Diagram &diagram, const RenderOptions &options, QSize target,
                     double maxScale)
{
    FittedFigure best;
    best.diagram = diagram;
    best.options = options;
    double bestScale = -1;
    bool bestLabels = false;
    for (const Candidate &c : candidatesFor(diagram, options, target)) {
        // The subtitle wraps at word boundaries to whatever width the page gives it, so its
        // longest line must not bound the enlargement: the first guess is the scale at which
        // everything else would fill the page, and the bisection below brings it down to what
        // fits with the subtitle wrapped.
        auto [d1, o1] = arrangedAt(c, options, 1.0, target.width());
        d1.subtitle.clear();
        const QSize natural = sizeAt(d1, o1, 1.0);
        if (natural.isEmpty())
            continue;
        const double linear = std::min({maxScale, double(target.width()) / natural.width(),
                                        double(target.height()) / natural.height()});
        const double s = largestFittingScale(c, options, target, std::max(linear, kMinScale));
        auto [d, o] = arrangedAt(c, options, s, target.width());
        const bool labels = keepsCellLabels(d, o);
        // Cell labels are the figure's content: an arrangement that keeps them beats a larger
        // one that drops them.
        if ((labels && !bestLabels) || (labels == bestLabels && s > bestScale + 1e-9)) {
            bestScale = s;
            bestLabels = labels;
            best.diagram = std::move(d);
            best.options = o;
            best.columns = c.columns;
        }
    }
    best.options.scale = std::max(bestScale, kMinScale);
    best.size = sizeAt(best.diagram, best.options, best.options.scale);
    best.fits = within(best.size, target);
    return best;
}

} // namespace

FittedFigure fitDiagram(const Diagram &diagram, const RenderOptions &options, QSize target,
                        double maxScale)
{
    if (target.width() <= 0 || target.height() <= 0) {
        FittedFigure unchanged;
        unchanged.diagram = diagram;
        unchanged.options = options;
        return unchanged;
    }
    RenderOptions readable = options;
    readable.page = QSize();
    readable.minTextPx = std::max(options.minTextPx, kFittedMinTextPx);
    FittedFigure f = fitWith(diagram, readable, target, maxScale);
    if (!f.fits && readable.minTextPx != options.minTextPx) {
        RenderOptions small = options;
        small.page = QSize();
        f = fitWith(diagram, small, target, maxScale);
        if (f.fits) {
            const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
            f.warnings << QStringLiteral("text is smaller than %1 px (down to %2 px): the figure "
                                         "has more text than a %3x%4 page shows legibly")
                              .arg(kFittedMinTextPx)
                              .arg(std::max(1, g.textPx(diagramstyle::kHeaderPx)))
                              .arg(target.width())
                              .arg(target.height());
        }
    }
    if (!keepsCellLabels(f.diagram, f.options)) {
        const QString why =
            QStringLiteral("cell labels are left out: on a %1x%2 page they would be smaller than "
                           "%3 px")
                .arg(target.width())
                .arg(target.height())
                .arg(std::max(f.options.minTextPx, DiagramRenderer::kMinTextPixelSize));
        f.warnings << why;
        // The page says so too (a larger page, or the figure unfitted, shows them): fitted
        // again with that line under the subtitle.
        Diagram said = diagram;
        said.subtitle += (said.subtitle.isEmpty() ? QString() : QStringLiteral("\n")) + why +
                         QStringLiteral(" (a larger page shows them)");
        RenderOptions base = f.options.minTextPx == readable.minTextPx ? readable : options;
        base.page = QSize();
        FittedFigure g = fitWith(said, base, target, maxScale);
        if (g.fits) {
            g.warnings = f.warnings;
            f = std::move(g);
        }
    }
    f.options.page = target;
    return f;
}

} // namespace lx
