#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace lx {

using namespace diagramstyle;

int DiagramGeometry::textWidth(const QString &text, int pixelSize)
{
    return int(std::ceil(double(text.size()) * 0.6 * pixelSize));
}

namespace {

// The room an axis label needs along its length. The estimate of textWidth is an average; an
// axis label is short and may be all wide letters ("dword", "M"), so it gets a wider em.
int axisLabelLength(const QString &label, int labelPx, double s)
{
    return int(std::ceil(double(label.size()) * 0.75 * labelPx)) + px(6 * s);
}

// Panel `dp` laid out in local coordinates: its cell area at (0, 0), decorations at negative
// coordinates above and to the left.
DiagramGeometry::Panel layoutPanel(const Diagram &diagram, const DiagramPanel &dp, bool labels,
                                   double s, int minPx)
{
    const int labelPx = textPx(kLabelPx, s, minPx);
    const int headerPx = textPx(kHeaderPx, s, minPx);
    const double cw = diagram.cellSize.width() * s;
    const double ch = diagram.cellSize.height() * s;
    DiagramGeometry::Panel p;
    p.rows = dp.rows();
    p.cols = dp.columns();
    p.cellWidth = cw;
    p.cellHeight = ch;
    const int w = int(std::floor(p.cols * cw)) + 1;
    const int h = int(std::floor(p.rows * ch)) + 1;
    p.cells = QRect(0, 0, w, h);
    const QString rowAxis = dp.rowAxisLabel.isEmpty() ? diagram.rowAxisLabel : dp.rowAxisLabel;
    const QString colAxis =
        dp.columnAxisLabel.isEmpty() ? diagram.columnAxisLabel : dp.columnAxisLabel;
    int top = 0;
    int left = 0;
    if (labels && !dp.columnHeaders.isEmpty()) {
        const int hh = px(headerPx * 1.5);
        p.columnHeaders = QRect(0, top - hh, w, hh);
        top -= hh;
    }
    if (labels && !colAxis.isEmpty()) {
        const int hh = px(labelPx * 1.5);
        // A label longer than the cells reaches past them, centred on them: never clipped.
        const int len = std::max(w, axisLabelLength(colAxis, labelPx, s));
        p.columnAxis = QRect((w - len) / 2, top - hh, len, hh);
        top -= hh;
    }
    if (!dp.title.isEmpty()) {
        const int hh = px(labelPx * 1.6);
        p.title =
            QRect(0, top - hh, std::max(w, DiagramGeometry::textWidth(dp.title, labelPx)), hh);
        top -= hh;
    }
    if (labels && !dp.rowHeaders.isEmpty()) {
        const int ww = DiagramGeometry::textWidth(
                           QString(maxLength(dp.rowHeaders), QLatin1Char('0')), headerPx) +
                       px(6 * s);
        p.rowHeaders = QRect(left - ww, 0, ww, h);
        left -= ww;
    }
    if (labels && !rowAxis.isEmpty()) {
        const int ww = px(labelPx * 1.6);
        const int len = std::max(h, axisLabelLength(rowAxis, labelPx, s));
        p.rowAxis = QRect(left - ww, (h - len) / 2, ww, len);
        left -= ww;
    }
    p.bounds = QRect(left, top, w - left, h - top);
    for (const QRect &axis : {p.rowAxis, p.columnAxis})
        if (axis.isValid())
            p.bounds = p.bounds.united(axis);
    for (const DiagramGroup &grp : dp.groups) {
        if (labels && !grp.label.isEmpty())
            p.bounds.setRight(
                std::max(p.bounds.right(), DiagramGeometry::textWidth(grp.label, headerPx)));
    }
    if (p.title.isValid())
        p.bounds = p.bounds.united(p.title);
    return p;
}

} // namespace

int DiagramGeometry::layoutTitles(const Diagram &diagram, int margin, int &right)
{
    const double s = m_scale;
    const int titlePx = textPx(kTitlePx);
    const int subtitlePx = textPx(kSubtitlePx);
    int y = margin;
    if (!diagram.title.isEmpty()) {
        m_title = QRect(margin, y, textWidth(diagram.title, titlePx), px(titlePx * 1.4));
        y = m_title.bottom() + 1;
        right = std::max(right, m_title.right());
    }
    if (!diagram.subtitle.isEmpty()) {
        // A subtitle may be wrapped into lines (figurefit wraps it to the figure's width).
        const QStringList lines = diagram.subtitle.split(QLatin1Char('\n'));
        int width = 0;
        for (const QString &line : lines)
            width = std::max(width, textWidth(line, subtitlePx));
        m_subtitle = QRect(margin, y, width, px(subtitlePx * 1.5 * double(lines.size())));
        y = m_subtitle.bottom() + 1;
        right = std::max(right, m_subtitle.right());
    }
    if (y > margin)
        y += px(6 * s);
    return y;
}

QRect DiagramGeometry::placePanels(const Diagram &diagram, bool labels, QPoint topLeft, int &right)
{
    const double s = m_scale;
    std::vector<Panel> panels;
    std::vector<QPoint> cellOrigins; // unplaced: cell-area top-left in "placement" coordinates
    double flowX = 0;
    const int gap = px(diagram.panelGap * s);
    for (const DiagramPanel &dp : diagram.panels) {
        const Panel p = layoutPanel(diagram, dp, labels, s, m_minTextPx);
        QPoint origin;
        if (dp.origin.x() >= 0 && dp.origin.y() >= 0) {
            origin = QPoint(px(dp.origin.x() * s), px(dp.origin.y() * s));
        } else {
            origin = QPoint(px(flowX) - p.bounds.left(), 0);
        }
        flowX = std::max(flowX, double(origin.x() + p.bounds.right() + 1 + gap));
        panels.push_back(p);
        cellOrigins.push_back(origin);
    }
    // Translate so the union of all panels starts at topLeft.
    QRect all;
    for (size_t i = 0; i < panels.size(); ++i)
        all = all.united(panels[i].bounds.translated(cellOrigins[i]));
    const QPoint shift = panels.empty() ? QPoint() : topLeft - all.topLeft();
    for (size_t i = 0; i < panels.size(); ++i) {
        const QPoint d = cellOrigins[i] + shift;
        Panel &p = panels[i];
        for (QRect *r : {&p.bounds, &p.cells, &p.title, &p.columnAxis, &p.columnHeaders, &p.rowAxis,
                         &p.rowHeaders}) {
            if (r->isValid())
                r->translate(d);
        }
        right = std::max(right, p.bounds.right());
    }
    m_panels = std::move(panels);
    return all;
}

int DiagramGeometry::annotationsBottom(const Diagram &diagram, int bottom, int &right) const
{
    const int labelPx = textPx(kLabelPx);
    for (const DiagramAnnotation &a : diagram.annotations) {
        for (const DiagramPoint *pt : {&a.from, &a.to}) {
            if (pt->panel >= 0 && size_t(pt->panel) >= m_panels.size())
                continue;
            const QPointF q = map(*pt);
            right = std::max(right, px(q.x()));
            bottom = std::max(bottom, px(q.y()));
        }
        if (a.kind == DiagramAnnotation::Text && a.from.panel < 0) {
            const QPointF q = map(a.from);
            const QStringList lines = a.text.split(QLatin1Char('\n'));
            right = std::max(
                right, px(q.x()) + textWidth(QString(maxLength(lines), QLatin1Char('0')), labelPx));
            bottom = std::max(bottom, px(q.y()) + px(labelPx * 1.4 * double(lines.size())));
        }
    }
    return bottom;
}

int DiagramGeometry::layoutTables(const Diagram &diagram, int margin, int y, int &right,
                                  int columns)
{
    const double s = m_scale;
    const int labelPx = textPx(kLabelPx);
    const int headerPx = textPx(kHeaderPx);
    const int gap = px(10 * s);
    // A column's padding grows with its text where the text keeps a minimum size.
    const double pad = headerPx > px(kHeaderPx * s) ? headerPx / kHeaderPx : s;
    // Each table laid out at (margin, 0), then moved to its column.
    std::vector<Table> laid;
    for (const DiagramTable &t : diagram.tables) {
        Table tg;
        const int rowH = px(headerPx * 1.8);
        tg.rowHeight = rowH;
        int top = 0;
        if (!t.title.isEmpty()) {
            tg.title = QRect(margin, 0, textWidth(t.title, labelPx), px(labelPx * 1.6));
            top = tg.title.bottom() + 1;
        }
        tg.top = top;
        qsizetype ncols = t.header.size();
        for (const QStringList &r : t.rows)
            ncols = std::max(ncols, r.size());
        int x = margin;
        tg.columnLefts.push_back(x);
        for (qsizetype c = 0; c < ncols; ++c) {
            qsizetype chars = c < t.header.size() ? t.header.at(c).size() : 0;
            for (const QStringList &r : t.rows)
                if (c < r.size())
                    chars = std::max(chars, r.at(c).size());
            x += textWidth(QString(chars, QLatin1Char('0')), headerPx) + px(16 * pad);
            tg.columnLefts.push_back(x);
        }
        const int nrows = int(t.rows.size()) + (t.header.isEmpty() ? 0 : 1);
        tg.bounds =
            QRect(margin, 0, std::max(x, tg.title.right() + 1) - margin, top + nrows * rowH + 1);
        laid.push_back(std::move(tg));
    }
    // Columns filled in order: a column takes tables until it holds its share of the height.
    columns = std::clamp(columns, 1, std::max(1, int(laid.size())));
    int total = 0;
    for (const Table &t : laid)
        total += t.bounds.height() + 1 + gap;
    const int share = (total + columns - 1) / columns;
    int x = 0, column = 0, columnY = y, columnRight = margin, bottom = y;
    for (Table &tg : laid) {
        if (columnY > y && columnY - y + tg.bounds.height() / 2 > share && column + 1 < columns) {
            ++column;
            x = columnRight + 1 + px(24 * s) - margin;
            columnY = y;
        }
        const QPoint by(x, columnY);
        tg.bounds.translate(by);
        if (tg.title.isValid())
            tg.title.translate(by);
        tg.top += columnY;
        for (int &left : tg.columnLefts)
            left += x;
        right = std::max(right, tg.bounds.right());
        columnRight = std::max(columnRight, tg.bounds.right());
        columnY = tg.bounds.bottom() + 1 + gap;
        bottom = std::max(bottom, columnY);
        m_tables.push_back(std::move(tg));
    }
    return laid.empty() ? y : bottom;
}

int DiagramGeometry::layoutLegend(const Diagram &diagram, int margin, int y, int &right)
{
    // Entries flow left to right, wrapping at the width of the content so far. Swatches and
    // gaps go with the text: where the text floor (minTextPx) holds the text up, they keep its
    // proportions instead of shrinking to nothing beside it.
    const int labelPx = textPx(kLabelPx);
    const double s = labelPx > px(kLabelPx * m_scale) ? double(labelPx) / kLabelPx : m_scale;
    const int wrap = std::max(right, px(360 * s));
    const int rowH = px(labelPx * 1.6);
    const int sw = px(12 * s);
    int lx = margin;
    int ly = y;
    const int top = y;
    if (!diagram.legendTitle.isEmpty()) {
        m_legendTitle = QRect(margin, y, textWidth(diagram.legendTitle, labelPx), rowH);
        right = std::max(right, m_legendTitle.right());
        ly += rowH;
    }
    int legendRight = margin;
    for (const DiagramLegendEntry &e : diagram.legend) {
        const int tw = textWidth(e.text, labelPx);
        const int itemW = sw + px(4 * s) + tw + px(14 * s);
        if (lx > margin && lx + itemW > wrap) {
            lx = margin;
            ly += rowH;
        }
        LegendItem item;
        item.swatch = QRect(lx, ly + (rowH - sw) / 2, sw, sw);
        item.text = QRect(lx + sw + px(4 * s), ly, tw, rowH);
        legendRight = std::max(legendRight, item.text.right());
        m_legendItems.push_back(item);
        lx += itemW;
    }
    m_legend = QRect(margin, top, legendRight - margin + 1, ly + rowH - top);
    right = std::max(right, m_legend.right());
    return m_legend.bottom() + 1;
}

DiagramGeometry DiagramGeometry::compute(const Diagram &diagram, const RenderOptions &options)
{
    DiagramGeometry g;
    const double s = options.scale > 0 ? options.scale : 1.0;
    g.m_scale = s;
    g.m_minTextPx = std::max(0, options.minTextPx);
    const int margin = px(kMargin * s);

    int right = margin; // rightmost used pixel so far
    int y = g.layoutTitles(diagram, margin, right);
    const QRect all = g.placePanels(diagram, options.labels, QPoint(margin, y), right);
    // Free annotations are in diagram units from the top-left of the panel area.
    g.m_freeOrigin = QPointF(margin, y);
    int drawnRight = margin; // the rightmost pixel of the annotations
    const int bottom =
        g.annotationsBottom(diagram, all.isValid() ? y + all.height() : y, drawnRight);
    right = std::max(right, drawnRight);
    const bool drawn = all.isValid() || !diagram.annotations.empty();
    if (options.tablesBeside && drawn && !diagram.tables.empty()) {
        // Beside the panels, or beside a figure drawn with annotations only.
        const int left = all.isValid() ? all.right() : drawnRight;
        const int tablesBottom =
            g.layoutTables(diagram, left + 1 + px(24 * s), y, right, options.tableColumns);
        y = std::max(bottom + px(10 * s), tablesBottom);
    } else {
        y = bottom + (diagram.panels.empty() && diagram.annotations.empty() ? 0 : px(10 * s));
        y = g.layoutTables(diagram, margin, y, right, options.tableColumns);
    }
    if (options.legend && !diagram.legend.empty())
        y = g.layoutLegend(diagram, margin, y, right);
    else if (!diagram.tables.empty())
        y -= px(10 * s);
    g.m_size = QSize(right + 1 + margin, y + margin);
    return g;
}

int DiagramGeometry::columnEdge(int panel, int c) const
{
    const Panel &p = m_panels[size_t(panel)];
    return p.cells.left() + int(std::floor(c * p.cellWidth));
}

int DiagramGeometry::rowEdge(int panel, int r) const
{
    const Panel &p = m_panels[size_t(panel)];
    return p.cells.top() + int(std::floor(r * p.cellHeight));
}

QRect DiagramGeometry::cellRect(int panel, int row, int col) const
{
    const int x0 = columnEdge(panel, col);
    const int y0 = rowEdge(panel, row);
    return QRect(x0, y0, columnEdge(panel, col + 1) - x0, rowEdge(panel, row + 1) - y0);
}

namespace {
// The index i in [0, n) with edge(i) <= v < edge(i + 1), edges being floor(i * step) + origin.
int indexAt(int v, int origin, double step, int n)
{
    if (n <= 0 || step <= 0 || v < origin)
        return -1;
    const int last = origin + int(std::floor(n * step));
    if (v >= last)
        return -1;
    int i = std::clamp(int(std::floor((v - origin) / step)), 0, n - 1);
    while (i > 0 && origin + int(std::floor(i * step)) > v)
        --i;
    while (i + 1 < n && origin + int(std::floor((i + 1) * step)) <= v)
        ++i;
    return i;
}
} // namespace

int DiagramGeometry::columnAt(int panel, int x) const
{
    const Panel &p = m_panels[size_t(panel)];
    return indexAt(x, p.cells.left(), p.cellWidth, p.cols);
}

int DiagramGeometry::rowAt(int panel, int y) const
{
    const Panel &p = m_panels[size_t(panel)];
    return indexAt(y, p.cells.top(), p.cellHeight, p.rows);
}

DiagramHit DiagramGeometry::hitTest(const Diagram &diagram, QPoint point) const
{
    for (size_t i = 0; i < m_panels.size() && i < diagram.panels.size(); ++i) {
        const int col = columnAt(int(i), point.x());
        const int row = rowAt(int(i), point.y());
        if (col >= 0 && row >= 0) {
            return DiagramHit{int(i), row, col, diagram.panels[i].cell(row, col).elementId};
        }
    }
    return {};
}

QPointF DiagramGeometry::map(const DiagramPoint &point) const
{
    if (point.panel >= 0 && size_t(point.panel) < m_panels.size()) {
        const Panel &p = m_panels[size_t(point.panel)];
        return QPointF(p.cells.left() + point.pos.x() * p.cellWidth,
                       p.cells.top() + point.pos.y() * p.cellHeight);
    }
    return m_freeOrigin + point.pos * m_scale;
}

} // namespace lx
