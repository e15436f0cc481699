#include "render/figurefit.h"

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

bool canRearrange(const Diagram &d)
{
    if (d.panels.size() < 2)
        return false;
    for (const DiagramPanel &p : d.panels)
        if (p.origin.x() >= 0 || p.origin.y() >= 0)
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

int subtitleWidth(const QString &text, const RenderOptions &options)
{
    Diagram probe;
    probe.subtitle = text;
    return DiagramGeometry::compute(probe, options).subtitleRect().width();
}

int contentWidth(const Diagram &d, const RenderOptions &one)
{
    Diagram bare = d;
    bare.title.clear();
    bare.subtitle.clear();
    return DiagramGeometry::compute(bare, one).size().width();
}

} // namespace

QString wrapSubtitle(const QString &subtitle, int width, const RenderOptions &options)
{
    if (subtitle.isEmpty() || subtitle.contains(QLatin1Char('\n')) ||
        subtitleWidth(subtitle, options) <= width)
        return subtitle;
    QStringList lines;
    QString line;
    for (const QString &word : subtitle.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && subtitleWidth(longer, options) > width) {
            lines << line;
            line = word;
        } else {
            line = longer;
        }
    }
    if (!line.isEmpty())
        lines << line;
    return lines.join(QLatin1Char('\n'));
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
// does not shrink with it).
std::pair<Diagram, RenderOptions> arrangedAt(const Candidate &c, RenderOptions options, double s)
{
    options.scale = s;
    options.tableColumns = c.tableColumns;
    options.tablesBeside = c.tablesBeside;
    if (c.columns <= 0)
        return {c.base, options};
    return {arrangePanels(c.base, options, c.columns), options};
}

std::vector<Candidate> candidatesFor(const Diagram &diagram, const RenderOptions &options,
                                     QSize target)
{
    std::vector<Candidate> candidates{{0, diagram, 1}};
    if (canRearrange(diagram))
        for (int c = 1; size_t(c) < diagram.panels.size(); ++c)
            candidates.push_back({c, diagram, 1});
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
    // A subtitle longer than the figure is wide may wrap, so it does not set the scale; a few
    // line widths are tried, since more lines make the figure taller.
    const size_t unwrapped = candidates.size();
    for (size_t i = 0; i < unwrapped; ++i) {
        const Candidate c = candidates[i]; // a copy: push_back below may move the candidates
        const Diagram d = arrangedAt(c, options, 1.0).first;
        const int content = std::max(contentWidth(d, one), 480);
        if (c.base.subtitle.isEmpty() || subtitleWidth(c.base.subtitle, one) <= content)
            continue;
        for (const double factor : {1.0, 1.5, 2.0, 3.0}) {
            Candidate wrapped = c;
            wrapped.base.subtitle = wrapSubtitle(c.base.subtitle, int(content * factor), one);
            if (wrapped.base.subtitle != c.base.subtitle)
                candidates.push_back(std::move(wrapped));
        }
    }
    // Tables side by side where there are several, and beside the panels rather than below:
    // a wide page has room there.
    const size_t single = candidates.size();
    for (const bool beside : {false, true})
        for (int t = 1; t <= 3 && size_t(t) <= diagram.tables.size(); ++t)
            for (size_t i = 0; i < single; ++i) {
                if ((t == 1 && !beside) || (beside && diagram.panels.empty()))
                    continue; // the first is the candidate itself; nothing to sit beside
                Candidate c = candidates[i];
                c.tableColumns = t;
                c.tablesBeside = beside;
                candidates.push_back(std::move(c));
            }
    return candidates;
}

FittedFigure fitWith(const Diagram &diagram, const RenderOptions &options, QSize target,
                     double maxScale)
{
    FittedFigure best;
    best.diagram = diagram;
    best.options = options;
    double bestScale = -1;
    for (const Candidate &c : candidatesFor(diagram, options, target)) {
        const QSize natural =
            sizeAt(arrangedAt(c, options, 1.0).first, arrangedAt(c, options, 1.0).second, 1.0);
        if (natural.isEmpty())
            continue;
        double s = std::min({maxScale, double(target.width()) / natural.width(),
                             double(target.height()) / natural.height()});
        // Lower until the measured layout fits (rounding of text and lines, text that keeps
        // its minimum size).
        auto fitsAt = [&](double scale) {
            const auto [d, o] = arrangedAt(c, options, scale);
            return within(sizeAt(d, o, scale), target);
        };
        for (int i = 0; i < 80 && s > kMinScale && !fitsAt(s); ++i)
            s *= 0.98;
        s = std::max(s, kMinScale);
        if (s > bestScale + 1e-9) {
            bestScale = s;
            std::tie(best.diagram, best.options) = arrangedAt(c, options, s);
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
    readable.minTextPx = std::max(options.minTextPx, kFittedMinTextPx);
    FittedFigure f = fitWith(diagram, readable, target, maxScale);
    if (f.fits || readable.minTextPx == options.minTextPx)
        return f;
    return fitWith(diagram, options, target, maxScale);
}

} // namespace lx
