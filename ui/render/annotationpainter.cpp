// DiagramRenderer::paintAnnotations: a diagram's free annotations (lines, arrows, boxes, texts),
// their labels placed by annotationlabels.h (the one rule of labelplacer.h: no two labels overlap
// and no line crosses a label), on screen and in every export alike.

#include "render/annotationlabels.h"
#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace lx {

using namespace diagramstyle;

namespace {

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

} // namespace

void DiagramRenderer::paintAnnotations(QPainter *painter) const
{
    if (m_diagram->annotations.empty())
        return;
    const double s = m_geometry.scale();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QFont font = textFont(m_geometry.textPx(kLabelPx));

    // Shapes first; texts stay where their view wrote them.
    for (const DiagramAnnotation &a : m_diagram->annotations) {
        const QPointF p0 = m_geometry.map(a.from);
        const QPointF p1 = m_geometry.map(a.to);
        const QColor col = QColor::fromRgba(a.color);
        painter->setPen(QPen(col, annotationPenWidth(a, s)));
        switch (a.kind) {
        case DiagramAnnotation::Line:
        case DiagramAnnotation::Arrow:
            painter->drawLine(p0, p1);
            if (a.kind == DiagramAnnotation::Arrow)
                paintArrowHead(painter, p0, p1, s, col);
            break;
        case DiagramAnnotation::Box: {
            const QRectF r = QRectF(p0, p1).normalized();
            painter->setBrush(qAlpha(a.fill) ? QBrush(QColor::fromRgba(a.fill))
                                             : QBrush(Qt::NoBrush));
            painter->drawRect(r);
            painter->setBrush(Qt::NoBrush);
            break;
        }
        case DiagramAnnotation::Text:
            painter->setFont(font);
            painter->drawText(QRectF(p0, QSizeF(4000 * s, 4000 * s)), Qt::AlignLeft | Qt::AlignTop,
                              a.text);
            break;
        }
    }

    // Box names on their box's fill; line captions on the page's background.
    for (const AnnotationLabel &l : placeAnnotationLabels(*m_diagram, m_geometry, m_options)) {
        const DiagramAnnotation &a = m_diagram->annotations[l.annotation];
        painter->setFont(textFont(l.pixelSize));
        if (a.kind == DiagramAnnotation::Box) {
            painter->setPen(qAlpha(a.fill) ? contrastText(a.fill) : QColor(m_palette.foreground));
        } else {
            if (!m_options.transparent)
                painter->fillRect(l.rect, QColor(m_palette.background));
            painter->setPen(QColor::fromRgba(a.color));
        }
        painter->drawText(l.rect, Qt::AlignCenter, a.text);
    }
    painter->restore();
}

} // namespace lx
