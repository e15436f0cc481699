#include "render/diagramrenderer.h"
#include "render/celltextpainter.h"
#include "render/diagramstyle.h"
#include "render/largeimage.h"

#include <QFont>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace lx {

using namespace diagramstyle;

namespace {

QFont fontOfSize(int pixelSize, bool bold = false)
{
    return DiagramRenderer::textFont(pixelSize, bold);
}

// WCAG's relative luminance of an sRGB colour, in [0, 1].
double relativeLuminance(QRgb c)
{
    auto channel = [](int v) {
        const double x = v / 255.0;
        return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(qRed(c)) + 0.7152 * channel(qGreen(c)) + 0.0722 * channel(qBlue(c));
}

} // namespace

QRgb visibleOutline(QRgb color, const DiagramPalette &palette)
{
    // An outline drawn in the light theme's ink (black, dark grey) vanishes on the dark theme's
    // background: below a contrast ratio of 2:1 it takes the palette's foreground instead.
    const double a = relativeLuminance(color), b = relativeLuminance(palette.background);
    const double ratio = (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05);
    return ratio < 2.0 ? palette.foreground : color;
}

QFont DiagramRenderer::textFont(int pixelSize, bool bold)
{
    QFont f;
    f.setPixelSize(std::max(1, pixelSize));
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting);
    return f;
}

DiagramPalette DiagramPalette::light()
{
    return {qRgb(255, 255, 255), qRgb(0, 0, 0), qRgb(170, 170, 170), qRgb(96, 96, 96),
            qRgb(255, 0, 170)};
}

DiagramPalette DiagramPalette::dark()
{
    return {qRgb(30, 30, 30), qRgb(230, 230, 230), qRgb(90, 90, 90), qRgb(160, 160, 160),
            qRgb(255, 80, 200)};
}

DiagramRenderer::DiagramRenderer(const Diagram &diagram, const RenderOptions &options)
    : m_diagram(&diagram), m_options(options), m_palette(DiagramPalette::forOptions(options)),
      m_geometry(DiagramGeometry::compute(diagram, options))
{
    // One size for every cell label of the view: the largest at which the widest text of every
    // panel fits its cells. When that is too small to read, no cell label is drawn at all.
    int size = 0;
    for (size_t i = 0; i < diagram.panels.size(); ++i) {
        const DiagramCellSource::TextExtent e = diagram.panels[i].textExtent();
        if (e.lines <= 0 || e.chars <= 0)
            continue; // no text in this panel
        const int fit = cellTextPixelSize(int(i), e.lines, e.chars);
        if (fit == 0) {
            size = 0;
            break;
        }
        size = size == 0 ? fit : std::min(size, fit);
    }
    m_labelPx = size;
}

bool DiagramRenderer::drawsGrid(int panel) const
{
    const auto &p = m_geometry.panels()[size_t(panel)];
    return m_options.grid && p.cellWidth >= kMinOutlinePixels && p.cellHeight >= kMinOutlinePixels;
}

int DiagramRenderer::cellTextPixelSize(int panel, int lines, int chars) const
{
    if (!m_options.labels || lines <= 0 || chars <= 0)
        return 0;
    const auto &p = m_geometry.panels()[size_t(panel)];
    // Fill at most 75% of the height per line and 90% of the width; never larger than the
    // label font so large cells do not get poster text.
    const double byHeight = p.cellHeight * 0.75 / lines;
    const double byWidth = (p.cellWidth - 2) * 0.9 / (0.6 * chars);
    const int size =
        int(std::floor(std::min({byHeight, byWidth, kLabelPx * m_geometry.scale() * 1.2})));
    const int floor = m_options.minCellTextPx > 0 ? m_options.minCellTextPx : m_options.minTextPx;
    return size >= std::max(kMinTextPixelSize, floor) ? size : 0;
}

void DiagramRenderer::paint(QPainter *painter, const QRect &exposed) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setRenderHint(QPainter::TextAntialiasing, true);
    const QRect area = exposed.intersected(QRect(QPoint(0, 0), m_geometry.size()));
    if (!m_options.transparent && area.isValid())
        painter->fillRect(area, QColor(m_palette.background));

    painter->setPen(QColor(m_palette.foreground));
    if (m_geometry.titleRect().intersects(exposed)) {
        painter->setFont(fontOfSize(m_geometry.textPx(kTitlePx), true));
        painter->drawText(m_geometry.titleRect().adjusted(0, 0, m_geometry.size().width(), 0),
                          Qt::AlignLeft | Qt::AlignVCenter, m_diagram->title);
    }
    if (m_geometry.subtitleRect().intersects(exposed)) {
        painter->setFont(fontOfSize(m_geometry.textPx(kSubtitlePx)));
        painter->setPen(QColor(m_palette.muted));
        painter->drawText(m_geometry.subtitleRect().adjusted(0, 0, m_geometry.size().width(), 0),
                          Qt::AlignLeft | Qt::AlignVCenter, m_diagram->subtitle);
    }
    for (size_t i = 0; i < m_diagram->panels.size(); ++i) {
        if (m_geometry.panels()[i].bounds.intersects(exposed))
            paintPanel(painter, int(i), exposed);
    }
    paintAnnotations(painter);
    paintTables(painter, exposed);
    if (m_options.legend && m_geometry.legendRect().intersects(exposed))
        paintLegend(painter);
    painter->restore();
}

std::pair<int, int> DiagramRenderer::columnRange(int index, int x0, int x1) const
{
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const int c0 = m_geometry.columnAt(index, std::max(x0, pg.cells.left()));
    const int c1 = m_geometry.columnAt(index, std::min(x1, pg.cells.right() - 1));
    return std::pair{c0, c1};
}

std::pair<int, int> DiagramRenderer::rowRange(int index, int y0, int y1) const
{
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const int r0 = m_geometry.rowAt(index, std::max(y0, pg.cells.top()));
    const int r1 = m_geometry.rowAt(index, std::min(y1, pg.cells.bottom() - 1));
    return std::pair{r0, r1};
}

void DiagramRenderer::paintPanel(QPainter *painter, int index, const QRect &exposed) const
{
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    paintPanelLabels(painter, index, exposed);
    if (m_options.labels && m_geometry.textPx(kHeaderPx) >= kMinTextPixelSize)
        paintHeaders(painter, index, exposed);

    const QRect visible = exposed.intersected(pg.cells);
    if (!visible.isValid() || pg.rows == 0 || pg.cols == 0)
        return;
    const auto [c0, c1] = columnRange(index, visible.left(), visible.right());
    const auto [r0, r1] = rowRange(index, visible.top(), visible.bottom());
    if (c0 < 0 || r0 < 0)
        return;
    const CellRange range{r0, r1, c0, c1};
    const bool grid = drawsGrid(index);
    paintFills(painter, index, visible, range, grid);
    if (grid)
        paintGrid(painter, index, range);
    paintCellTexts(painter, index, range);
    paintGroups(painter, index, exposed);
    if (m_options.highlightedElement >= 0)
        paintSelection(painter, index, range);
}

void DiagramRenderer::paintPanelLabels(QPainter *painter, int index, const QRect &exposed) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const double s = m_geometry.scale();
    const QColor fg(m_palette.foreground);
    const int labelPx = m_geometry.textPx(kLabelPx);
    if (pg.title.isValid() && pg.title.intersects(exposed)) {
        painter->setPen(fg);
        painter->setFont(fontOfSize(labelPx, true));
        painter->drawText(pg.title.adjusted(0, 0, 0, -px(2 * s)), Qt::AlignLeft | Qt::AlignBottom,
                          dp.title);
    }
    const QString rowAxis = dp.rowAxisLabel.isEmpty() ? m_diagram->rowAxisLabel : dp.rowAxisLabel;
    const QString colAxis =
        dp.columnAxisLabel.isEmpty() ? m_diagram->columnAxisLabel : dp.columnAxisLabel;
    if (pg.columnAxis.isValid() && pg.columnAxis.intersects(exposed)) {
        painter->setPen(fg);
        painter->setFont(fontOfSize(labelPx));
        painter->drawText(pg.columnAxis, Qt::AlignCenter | Qt::TextDontClip, colAxis);
    }
    if (pg.rowAxis.isValid() && pg.rowAxis.intersects(exposed)) {
        painter->save();
        painter->setPen(fg);
        painter->setFont(fontOfSize(labelPx));
        painter->translate(pg.rowAxis.center().x(), pg.rowAxis.center().y());
        painter->rotate(-90);
        const QRect r(-pg.rowAxis.height() / 2, -pg.rowAxis.width() / 2, pg.rowAxis.height(),
                      pg.rowAxis.width());
        painter->drawText(r, Qt::AlignCenter | Qt::TextDontClip, rowAxis);
        painter->restore();
    }
}

void DiagramRenderer::paintFills(QPainter *painter, int index, const QRect &visible,
                                 const CellRange &range, bool grid) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    // Small cells on a raster device: rasterise the visible block ourselves.
    const QTransform t = painter->worldTransform();
    const bool rasterPath = !grid && painter->paintEngine() &&
                            painter->paintEngine()->type() == QPaintEngine::Raster &&
                            t.type() <= QTransform::TxTranslate && t.dx() == std::floor(t.dx()) &&
                            t.dy() == std::floor(t.dy());
    if (rasterPath) {
        const QRect block = visible.intersected(
            QRect(pg.cells.topLeft(), QSize(pg.cells.width() - 1, pg.cells.height() - 1)));
        if (block.isValid())
            painter->drawImage(block.topLeft(), rasterise(index, block));
        return;
    }
    for (int r = range.r0; r <= range.r1; ++r) {
        const int y0 = m_geometry.rowEdge(index, r);
        const int y1 = m_geometry.rowEdge(index, r + 1);
        if (y1 <= y0)
            continue;
        // One fill per run of equal colours.
        int c = range.c0;
        while (c <= range.c1) {
            const QRgb fill = dp.fill(r, c);
            int e = c + 1;
            while (e <= range.c1 && dp.fill(r, e) == fill)
                ++e;
            if (qAlpha(fill) != 0) {
                const int x0 = m_geometry.columnEdge(index, c);
                const int x1 = m_geometry.columnEdge(index, e);
                painter->fillRect(QRect(x0, y0, x1 - x0, y1 - y0), QColor::fromRgba(fill));
            }
            c = e;
        }
    }
}

QImage DiagramRenderer::rasterise(int index, const QRect &block) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    QImage img = largeImage(block.size()); // a large block reused from one repaint to the next
    if (img.isNull())
        return img;
    std::vector<int> colOf(size_t(block.width()));
    for (int x = 0; x < block.width(); ++x)
        colOf[size_t(x)] = m_geometry.columnAt(index, block.left() + x);
    // One cell per pixel (the cell under its top-left corner), each cell read once per run of
    // pixels: a computed panel is asked for the sampled cells only.
    std::vector<QRgb> rowFills(size_t(block.width()));
    int lastRow = -1;
    for (int y = 0; y < block.height(); ++y) {
        const int row = m_geometry.rowAt(index, block.top() + y);
        auto *line = reinterpret_cast<QRgb *>(img.scanLine(y));
        if (row != lastRow) {
            int lastCol = -1;
            QRgb fill = 0;
            for (int x = 0; x < block.width(); ++x) {
                if (colOf[size_t(x)] != lastCol) {
                    lastCol = colOf[size_t(x)];
                    fill = qPremultiply(dp.fill(row, lastCol));
                }
                rowFills[size_t(x)] = fill;
            }
            lastRow = row;
        }
        std::copy(rowFills.begin(), rowFills.end(), line);
    }
    return img;
}

void DiagramRenderer::paintGrid(QPainter *painter, int index, const CellRange &range) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const QColor gc(m_palette.grid);
    const int top = m_geometry.rowEdge(index, range.r0);
    const int bottom = m_geometry.rowEdge(index, range.r1 + 1);
    const int left = m_geometry.columnEdge(index, range.c0);
    const int right = m_geometry.columnEdge(index, range.c1 + 1);
    for (int c = range.c0; c <= range.c1 + 1; ++c)
        painter->fillRect(QRect(m_geometry.columnEdge(index, c), top, 1, bottom - top + 1), gc);
    for (int r = range.r0; r <= range.r1 + 1; ++r)
        painter->fillRect(QRect(left, m_geometry.rowEdge(index, r), right - left + 1, 1), gc);
    // Own outlines, inside the cell.
    for (int r = range.r0; r <= range.r1; ++r) {
        for (int c = range.c0; c <= range.c1; ++c) {
            const QRgb o = dp.cell(r, c).outline;
            if (qAlpha(o) == 0)
                continue;
            const QRect cr = m_geometry.cellRect(index, r, c);
            painter->setPen(QPen(QColor::fromRgba(o), 1));
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(cr.adjusted(1, 1, -1, -1));
        }
    }
}

void DiagramRenderer::paintCellTexts(QPainter *painter, int index, const CellRange &range) const
{
    // Every cell label of the view in its one size (labelPixelSize), or none.
    const int size = labelPixelSize();
    if (size <= 0)
        return;
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    painter->setFont(fontOfSize(size));
    CellTextPainter labels(painter); // each distinct label line shaped once
    // Most neighbours share a text colour: set the pen only when it changes (QPainter would
    // compare and keep an equal pen, but only after building it).
    std::optional<QRgb> penColour;
    for (int r = range.r0; r <= range.r1; ++r) {
        for (int c = range.c0; c <= range.c1; ++c) {
            const QString text = dp.text(r, c);
            if (text.isEmpty())
                continue;
            const QRgb fill = dp.cell(r, c).fill;
            const QRgb colour =
                qAlpha(fill) == 0 ? m_palette.foreground : contrastText(fill).rgba();
            if (penColour != colour) {
                painter->setPen(QColor::fromRgba(colour));
                penColour = colour;
            }
            const QRect cr = m_geometry.cellRect(index, r, c).adjusted(1, 1, 0, 0);
            labels.draw(cr, text);
        }
    }
}

void DiagramRenderer::paintGroups(QPainter *painter, int index, const QRect &exposed) const
{
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const DiagramGeometry::Panel &pg = m_geometry.panels()[size_t(index)];
    const double s = m_geometry.scale();
    const int headerPx = m_geometry.textPx(kHeaderPx);
    for (const DiagramGroup &grp : dp.groups) {
        if (grp.cells.isEmpty())
            continue;
        const int gx0 = m_geometry.columnEdge(index, std::clamp(grp.cells.left(), 0, pg.cols));
        const int gx1 = m_geometry.columnEdge(index, std::clamp(grp.cells.right() + 1, 0, pg.cols));
        const int gy0 = m_geometry.rowEdge(index, std::clamp(grp.cells.top(), 0, pg.rows));
        const int gy1 = m_geometry.rowEdge(index, std::clamp(grp.cells.bottom() + 1, 0, pg.rows));
        const int w = std::max(1, px(grp.penWidth * s));
        const QRect outer(gx0, gy0, gx1 - gx0 + 1, gy1 - gy0 + 1);
        if (!outer.intersects(exposed))
            continue;
        const QRgb rgb = visibleOutline(grp.color, m_palette);
        const QColor col = QColor::fromRgba(rgb);
        if (grp.dashed) {
            QPen pen(col, w, Qt::DashLine);
            pen.setJoinStyle(Qt::MiterJoin);
            painter->setPen(pen);
            painter->setBrush(Qt::NoBrush);
            painter->drawRect(QRectF(outer).adjusted(w / 2.0, w / 2.0, -w / 2.0, -w / 2.0));
        } else {
            painter->fillRect(QRect(outer.left(), outer.top(), outer.width(), w), col);
            painter->fillRect(QRect(outer.left(), outer.bottom() - w + 1, outer.width(), w), col);
            painter->fillRect(QRect(outer.left(), outer.top(), w, outer.height()), col);
            painter->fillRect(QRect(outer.right() - w + 1, outer.top(), w, outer.height()), col);
        }
        if (m_options.labels && !grp.label.isEmpty() && headerPx >= kMinTextPixelSize) {
            painter->setFont(fontOfSize(headerPx, true));
            const int tw = DiagramGeometry::textWidth(grp.label, headerPx) + px(4 * s);
            const QRect lr(outer.left() + w, outer.top() + w, tw, px(headerPx * 1.4));
            painter->fillRect(lr, col);
            painter->setPen(contrastText(rgb));
            painter->drawText(lr, Qt::AlignCenter, grp.label);
        }
    }
}

void DiagramRenderer::paintSelection(QPainter *painter, int index, const CellRange &range) const
{
    // The highlighted element wherever it appears in this panel.
    const DiagramPanel &dp = m_diagram->panels[size_t(index)];
    const QColor hc(m_palette.highlight);
    const int w = std::max(2, px(2 * m_geometry.scale()));
    for (int r = range.r0; r <= range.r1; ++r) {
        for (int c = range.c0; c <= range.c1; ++c) {
            if (dp.cell(r, c).elementId != m_options.highlightedElement)
                continue;
            const QRect cr = m_geometry.cellRect(index, r, c).adjusted(0, 0, 1, 1);
            const int ww = std::min({w, cr.width() / 2, cr.height() / 2});
            if (ww <= 0 || cr.width() <= 2 * ww || cr.height() <= 2 * ww) {
                painter->fillRect(cr.adjusted(-w, -w, w, w), hc);
                continue;
            }
            painter->fillRect(QRect(cr.left(), cr.top(), cr.width(), ww), hc);
            painter->fillRect(QRect(cr.left(), cr.bottom() - ww + 1, cr.width(), ww), hc);
            painter->fillRect(QRect(cr.left(), cr.top(), ww, cr.height()), hc);
            painter->fillRect(QRect(cr.right() - ww + 1, cr.top(), ww, cr.height()), hc);
        }
    }
}

void DiagramRenderer::paintTables(QPainter *painter, const QRect &exposed) const
{
    const double s = m_geometry.scale();
    const int headerPx = m_geometry.textPx(kHeaderPx);
    const QColor fg(m_palette.foreground);
    const QColor gc(m_palette.grid);
    for (size_t i = 0; i < m_diagram->tables.size() && i < m_geometry.tables().size(); ++i) {
        const DiagramTable &t = m_diagram->tables[i];
        const DiagramGeometry::Table &tg = m_geometry.tables()[i];
        if (!tg.bounds.intersects(exposed))
            continue;
        if (tg.title.isValid()) {
            painter->setPen(fg);
            painter->setFont(fontOfSize(m_geometry.textPx(kLabelPx), true));
            // The width is an estimate from the character count: never clip a bold title to it.
            painter->drawText(tg.title.adjusted(0, 0, tg.title.width() / 2 + px(40 * s), 0),
                              Qt::AlignLeft | Qt::AlignVCenter, t.title);
        }
        const int ncols = int(tg.columnLefts.size()) - 1;
        int y = tg.top;
        auto drawRow = [&](const QStringList &cells, const std::vector<QRgb> *fills, bool bold) {
            painter->setFont(fontOfSize(headerPx, bold));
            for (int c = 0; c < ncols; ++c) {
                const QRect r(tg.columnLefts[size_t(c)], y,
                              tg.columnLefts[size_t(c) + 1] - tg.columnLefts[size_t(c)],
                              tg.rowHeight);
                QColor textColor = fg;
                if (fills && size_t(c) < fills->size() && qAlpha((*fills)[size_t(c)])) {
                    painter->fillRect(r, QColor::fromRgba((*fills)[size_t(c)]));
                    textColor = contrastText((*fills)[size_t(c)]);
                }
                painter->setPen(textColor);
                if (c < cells.size())
                    // The widths are estimates: a text a little wider runs into the right
                    // padding rather than being cut.
                    painter->drawText(r.adjusted(px(5 * s), 0, -px(5 * s), 0),
                                      Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                                      cells.at(c));
            }
            painter->fillRect(QRect(tg.columnLefts.front(), y,
                                    tg.columnLefts.back() - tg.columnLefts.front() + 1, 1),
                              gc);
            y += tg.rowHeight;
        };
        if (!t.header.isEmpty())
            drawRow(t.header, nullptr, true);
        for (size_t r = 0; r < t.rows.size(); ++r)
            drawRow(t.rows[r], r < t.fills.size() ? &t.fills[r] : nullptr, false);
        painter->fillRect(
            QRect(tg.columnLefts.front(), y, tg.columnLefts.back() - tg.columnLefts.front() + 1, 1),
            gc);
        for (int x : tg.columnLefts)
            painter->fillRect(QRect(x, tg.top, 1, y - tg.top + 1), gc);
    }
}

void DiagramRenderer::paintLegend(QPainter *painter) const
{
    const double s = m_geometry.scale();
    const QColor fg(m_palette.foreground);
    if (m_geometry.legendTitleRect().isValid()) {
        painter->setPen(fg);
        painter->setFont(fontOfSize(m_geometry.textPx(kLabelPx), true));
        painter->drawText(m_geometry.legendTitleRect().adjusted(0, 0, px(200 * s), 0),
                          Qt::AlignLeft | Qt::AlignVCenter, m_diagram->legendTitle);
    }
    painter->setFont(fontOfSize(m_geometry.textPx(kLabelPx)));
    const auto &items = m_geometry.legendItems();
    for (size_t i = 0; i < items.size() && i < m_diagram->legend.size(); ++i) {
        const DiagramLegendEntry &e = m_diagram->legend[i];
        const QRect &sw = items[i].swatch;
        painter->fillRect(sw, QColor::fromRgba(e.color));
        const QColor oc = qAlpha(e.outline) ? QColor::fromRgba(e.outline) : QColor(m_palette.muted);
        const int ow = qAlpha(e.outline) ? std::max(1, px(2 * s)) : 1;
        painter->fillRect(QRect(sw.left(), sw.top(), sw.width(), ow), oc);
        painter->fillRect(QRect(sw.left(), sw.bottom() - ow + 1, sw.width(), ow), oc);
        painter->fillRect(QRect(sw.left(), sw.top(), ow, sw.height()), oc);
        painter->fillRect(QRect(sw.right() - ow + 1, sw.top(), ow, sw.height()), oc);
        painter->setPen(fg);
        painter->drawText(items[i].text.adjusted(0, 0, px(40 * s), 0),
                          Qt::AlignLeft | Qt::AlignVCenter, e.text);
    }
}

} // namespace lx
