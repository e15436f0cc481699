// DiagramRenderer::paintAnnotations: a diagram's free annotations (lines, arrows, boxes, texts),
// their labels placed by the one rule of labelplacer.h: no two labels overlap and no line
// crosses a label, on screen and in every export alike.

#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"
#include "render/labelplacer.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace lx {

using namespace diagramstyle;

namespace {

QRectF textBox(const QFont &font, const QString &text)
{
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft | Qt::AlignTop,
                                            text);
}

void paintArrowHead(QPainter *painter, QPointF p0, QPointF p1, double s, const QColor &col)
{
    const QPointF d = p1 - p0;
    const double len = std::hypot(d.x(), d.y());
    if (len <= 0)
        return;
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    const double h = 8 * s;
    QPolygonF head;
    head << p1 << p1 - u * h + n * (h / 2.5) << p1 - u * h - n * (h / 2.5);
    painter->setBrush(col);
    painter->drawPolygon(head);
    painter->setBrush(Qt::NoBrush);
}

// The names of boxes: the label font size, the smallest it may shrink to, the ink on a box
// without fill.
struct BoxNameStyle
{
    int labelPx;
    int floorPx;
    QColor ink;
};

// A box's name inside the part of its box that no later box covers, in the label font or
// smaller down to floorPx, where no other label is (lines may pass under it: the box's fill
// hides what it covers); left out where it cannot be read, its view names it in a table or
// legend.
void paintBoxNames(QPainter *painter, const std::vector<DiagramAnnotation> &all,
                   const DiagramGeometry &geometry, LabelPlacer &placer, const BoxNameStyle &style)
{
    auto boxRect = [&](const DiagramAnnotation &a) {
        return QRectF(geometry.map(a.from), geometry.map(a.to)).normalized();
    };
    auto covered = [&](size_t index, const QRectF &label) {
        for (size_t j = index + 1; j < all.size(); ++j)
            if (all[j].kind == DiagramAnnotation::Box && qAlpha(all[j].fill) &&
                boxRect(all[j]).intersects(label))
                return true;
        return false;
    };
    for (size_t i = 0; i < all.size(); ++i) {
        const DiagramAnnotation &a = all[i];
        if (a.kind != DiagramAnnotation::Box || a.text.isEmpty())
            continue;
        const QRectF r = boxRect(a);
        for (int size = style.labelPx; size >= style.floorPx; --size) {
            const QFont f = DiagramRenderer::textFont(size);
            const QRectF t = textBox(f, a.text);
            if (t.width() > r.width() - 2 || t.height() > r.height())
                continue;
            const QSizeF ts = t.size();
            const QPointF c = r.center();
            std::vector<QRectF> places;
            for (const QRectF &p :
                 {QRectF(c - QPointF(ts.width() / 2, ts.height() / 2), ts),
                  QRectF(QPointF(c.x() - ts.width() / 2, r.top() + 1), ts),
                  QRectF(QPointF(c.x() - ts.width() / 2, r.bottom() - 1 - ts.height()), ts)})
                if (!covered(i, p))
                    places.push_back(p);
            const std::optional<QRectF> at = placer.place(places, false);
            if (!at)
                break;
            painter->setFont(f);
            painter->setPen(qAlpha(a.fill) ? contrastText(a.fill) : style.ink);
            painter->drawText(*at, Qt::AlignCenter, a.text);
            break;
        }
    }
}

} // namespace

void DiagramRenderer::paintAnnotations(QPainter *painter) const
{
    if (m_diagram->annotations.empty())
        return;
    const double s = m_geometry.scale();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const int labelPx = m_geometry.textPx(kLabelPx);
    const QFont font = textFont(labelPx);
    // The smallest a box's name may shrink to inside its box before it is left out.
    const int floorPx = std::max({kMinTextPixelSize, m_options.minTextPx, labelPx * 2 / 3});
    LabelPlacer placer;

    // Shapes first, each line and outline an obstacle for the labels; texts stay where their
    // view wrote them.
    for (const DiagramAnnotation &a : m_diagram->annotations) {
        const QPointF p0 = m_geometry.map(a.from);
        const QPointF p1 = m_geometry.map(a.to);
        const QColor col = QColor::fromRgba(a.color);
        const double width = std::max(1.0, a.penWidth * s);
        painter->setPen(QPen(col, width));
        switch (a.kind) {
        case DiagramAnnotation::Line:
        case DiagramAnnotation::Arrow:
            painter->drawLine(p0, p1);
            if (a.kind == DiagramAnnotation::Arrow)
                paintArrowHead(painter, p0, p1, s, col);
            placer.addLine(QLineF(p0, p1), width);
            break;
        case DiagramAnnotation::Box: {
            const QRectF r = QRectF(p0, p1).normalized();
            painter->setBrush(qAlpha(a.fill) ? QBrush(QColor::fromRgba(a.fill))
                                             : QBrush(Qt::NoBrush));
            painter->drawRect(r);
            painter->setBrush(Qt::NoBrush);
            placer.addOutline(r, width);
            break;
        }
        case DiagramAnnotation::Text:
            painter->setFont(font);
            painter->drawText(QRectF(p0, QSizeF(4000 * s, 4000 * s)), Qt::AlignLeft | Qt::AlignTop,
                              a.text);
            if (!a.text.isEmpty())
                placer.addFixed(textBox(font, a.text).translated(p0));
            break;
        }
    }

    paintBoxNames(painter, m_diagram->annotations, m_geometry, placer,
                  {labelPx, floorPx, QColor(m_palette.foreground)});

    // A line's caption beside it, never crossed by a line, on the page's background.
    painter->setFont(font);
    for (const DiagramAnnotation &a : m_diagram->annotations) {
        if ((a.kind != DiagramAnnotation::Line && a.kind != DiagramAnnotation::Arrow) ||
            a.text.isEmpty())
            continue;
        const QPointF p0 = m_geometry.map(a.from);
        const QPointF p1 = m_geometry.map(a.to);
        const QSizeF ts = textBox(font, a.text).size() + QSizeF(4, 0);
        const std::vector<QRectF> places = LabelPlacer::besideLine(p0, p1, ts, 3 * s + 1);
        const QRectF at = placer.place(places).value_or(places.front());
        if (!m_options.transparent)
            painter->fillRect(at, QColor(m_palette.background));
        painter->setPen(QColor::fromRgba(a.color));
        painter->drawText(at, Qt::AlignCenter, a.text);
    }
    painter->restore();
}

} // namespace lx
