// DiagramRenderer's row and column headers: a panel's indices along each axis (in a smaller font
// down to headerFloor when the cells are narrower than the header text, every n-th only when
// even that does not fit) and the bands that keep them in view while the
// window scrolls (frozen headers).

#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"

#include <QFont>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <utility>

namespace lx {

using namespace diagramstyle;

void DiagramRenderer::paintHeaders(QPainter *painter, int index, const QRect &exposed) const
{
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    if (pg.columnHeaders.isValid() && pg.columnHeaders.intersects(exposed))
        paintColumnHeaders(painter, index, exposed.left(), exposed.right(),
                           pg.columnHeaders.bottom());
    if (pg.rowHeaders.isValid() && pg.rowHeaders.intersects(exposed))
        paintRowHeaders(painter, index, exposed.top(), exposed.bottom(), pg.rowHeaders.right());
}

int DiagramRenderer::beginHeaders(QPainter *painter) const
{
    const int headerPx = m_geometry.textPx(kHeaderPx);
    painter->setFont(DiagramRenderer::textFont(headerPx));
    painter->setPen(QColor(m_palette.muted));
    return headerPx;
}

int DiagramRenderer::headerFloor(int headerPx)
{
    return std::max(kMinHeaderPx, headerPx * 2 / 3);
}

int DiagramRenderer::headerStep(double cell, double need)
{
    // Every k-th label, k the smallest power of two that leaves room for the text.
    int step = 1;
    while (step * cell < need && step < (1 << 20))
        step *= 2;
    return step;
}

void DiagramRenderer::paintColumnHeaders(QPainter *painter, int index, int x0, int x1,
                                         int bottom) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const int headerPx = beginHeaders(painter);
    const auto [c0, c1] = columnRange(index, x0, x1);
    const int pad = px(2 * m_geometry.scale());
    // Every header at `size` px: no two neighbours' texts meet (each centred on its column).
    auto allFit = [&](int size) {
        for (int c = 0; c + 1 < dp.columnHeaders.size(); ++c)
            if ((DiagramGeometry::textWidth(dp.columnHeaders.at(c), size) +
                 DiagramGeometry::textWidth(dp.columnHeaders.at(c + 1), size)) /
                        2 +
                    pad >
                pg.cellWidth)
                return false;
        return true;
    };
    // Every header in a smaller font (down to headerFloor) before every n-th in the full one.
    int sizePx = headerPx;
    while (sizePx > headerFloor(headerPx) && !allFit(sizePx))
        --sizePx;
    if (!allFit(sizePx))
        sizePx = headerPx;
    else if (sizePx != headerPx)
        painter->setFont(DiagramRenderer::textFont(sizePx));
    const QString widest(maxLength(dp.columnHeaders), QLatin1Char('0'));
    const int need = allFit(sizePx) ? 0 : DiagramGeometry::textWidth(widest, sizePx) + pad;
    const int step = need > 0 ? headerStep(pg.cellWidth, need) : 1;
    if (c0 < 0)
        return;
    const int height = pg.columnHeaders.height();
    for (int c = c0 - c0 % step; c <= c1 && c < dp.columnHeaders.size(); c += step) {
        const int cx = (m_geometry.columnEdge(index, c) + m_geometry.columnEdge(index, c + 1)) / 2;
        const int w = DiagramGeometry::textWidth(dp.columnHeaders.at(c), sizePx) + pad;
        const QRect r(cx - w, bottom - height + 1, 2 * w, height);
        painter->drawText(r, Qt::AlignHCenter | Qt::AlignBottom, dp.columnHeaders.at(c));
    }
}

void DiagramRenderer::paintRowHeaders(QPainter *painter, int index, int y0, int y1, int right) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const double s = m_geometry.scale();
    int headerPx = beginHeaders(painter);
    const auto [r0, r1] = rowRange(index, y0, y1);
    // Every header in a smaller font (down to headerFloor) before every n-th in the full one.
    const int fits = int(pg.cellHeight / 1.1);
    if (fits < headerPx && fits >= headerFloor(headerPx)) {
        headerPx = fits;
        painter->setFont(DiagramRenderer::textFont(headerPx));
    }
    const int step = headerStep(pg.cellHeight, headerPx * 1.1);
    if (r0 < 0)
        return;
    const int width = pg.rowHeaders.width();
    for (int r = r0 - r0 % step; r <= r1 && r < dp.rowHeaders.size(); r += step) {
        const int cy = (m_geometry.rowEdge(index, r) + m_geometry.rowEdge(index, r + 1)) / 2;
        const QRect rr(right - width + 1, cy - headerPx, width - px(4 * s), 2 * headerPx);
        painter->drawText(rr, Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip,
                          dp.rowHeaders.at(r));
    }
}

std::pair<QRect, QRect> DiagramRenderer::frozenBands(int index, const QRect &visible) const
{
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    std::pair<QRect, QRect> bands;
    if (!m_options.labels || m_geometry.textPx(kHeaderPx) < kMinTextPixelSize)
        return bands;
    const QRect cells = pg.cells.intersected(visible);
    if (!cells.isValid())
        return bands;
    // Frozen only while the headers are out of sight and the cells go on past the edge by more
    // than the band would cover.
    if (pg.columnHeaders.isValid() && pg.columnHeaders.bottom() < visible.top() &&
        cells.height() > 2 * pg.columnHeaders.height())
        bands.first = QRect(cells.left(), visible.top(), cells.width(), pg.columnHeaders.height());
    if (pg.rowHeaders.isValid() && pg.rowHeaders.right() < visible.left() &&
        cells.width() > 2 * pg.rowHeaders.width())
        bands.second = QRect(visible.left(), cells.top(), pg.rowHeaders.width(), cells.height());
    return bands;
}

std::vector<QRect> DiagramRenderer::frozenHeaderBands(const QRect &visible) const
{
    std::vector<QRect> out;
    for (int i = 0; i < int(m_geometry.panels().size()); ++i) {
        const auto [top, left] = frozenBands(i, visible);
        for (const QRect &r : {top, left})
            if (r.isValid())
                out.push_back(r);
    }
    return out;
}

void DiagramRenderer::paintFrozenHeaders(QPainter *painter, const QRect &visible) const
{
    const QColor band(m_palette.background);
    QColor rule(m_palette.muted);
    for (int i = 0; i < int(m_geometry.panels().size()); ++i) {
        const auto [top, left] = frozenBands(i, visible);
        if (top.isValid()) {
            painter->fillRect(top, band);
            paintColumnHeaders(painter, i, top.left(), top.right(), top.bottom());
            painter->setPen(rule);
            painter->drawLine(top.bottomLeft(), top.bottomRight());
        }
        if (left.isValid()) {
            painter->fillRect(left, band);
            paintRowHeaders(painter, i, left.top(), left.bottom(), left.right());
            painter->setPen(rule);
            painter->drawLine(left.topRight(), left.bottomRight());
        }
        if (top.isValid() && left.isValid())
            painter->fillRect(top.intersected(left), band);
    }
}

} // namespace lx
