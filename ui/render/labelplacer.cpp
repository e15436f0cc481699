#include "render/labelplacer.h"

#include <algorithm>
#include <cmath>

namespace lx {

bool segmentMeetsRect(const QLineF &segment, const QRectF &rect)
{
    // Liang-Barsky clipping of the segment to the rectangle: it meets the rectangle when some
    // part of it survives.
    const double x0 = segment.x1(), y0 = segment.y1();
    const double dx = segment.dx(), dy = segment.dy();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0 - rect.left(), rect.right() - x0, y0 - rect.top(), rect.bottom() - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false; // parallel to this edge and outside it
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    return true;
}

void LabelPlacer::addLine(const QLineF &line, double width)
{
    m_lines.push_back({line, width});
}

void LabelPlacer::addOutline(const QRectF &rect, double width)
{
    const QRectF r = rect.normalized();
    addLine(QLineF(r.topLeft(), r.topRight()), width);
    addLine(QLineF(r.topRight(), r.bottomRight()), width);
    addLine(QLineF(r.bottomRight(), r.bottomLeft()), width);
    addLine(QLineF(r.bottomLeft(), r.topLeft()), width);
}

bool LabelPlacer::isFree(const QRectF &rect, bool avoidLines) const
{
    for (const QRectF &l : m_labels)
        if (l.intersects(rect))
            return false;
    if (avoidLines)
        for (const Line &l : m_lines) {
            const double h = l.width / 2;
            if (segmentMeetsRect(l.line, rect.adjusted(-h, -h, h, h)))
                return false;
        }
    return true;
}

std::optional<QRectF> LabelPlacer::place(const std::vector<QRectF> &candidates, bool avoidLines)
{
    for (const QRectF &c : candidates)
        if (isFree(c, avoidLines)) {
            m_labels.push_back(c);
            return c;
        }
    return std::nullopt;
}

std::vector<QRectF> LabelPlacer::besideLine(QPointF a, QPointF b, QSizeF size, double gap)
{
    const bool steep = std::abs(b.y() - a.y()) > std::abs(b.x() - a.x());
    std::vector<QRectF> out;
    for (const double t : {0.5, 0.25, 0.75}) {
        const QPointF m = a + (b - a) * t;
        if (steep) {
            out.emplace_back(QPointF(m.x() + gap, m.y() - size.height() / 2), size);
            out.emplace_back(QPointF(m.x() - gap - size.width(), m.y() - size.height() / 2), size);
        } else {
            out.emplace_back(QPointF(m.x() - size.width() / 2, m.y() - gap - size.height()), size);
            out.emplace_back(QPointF(m.x() - size.width() / 2, m.y() + gap), size);
        }
    }
    // Past either end: above or below a steep line's ends, beside a flat line's ends, each
    // centred on the end, then starting or ending there.
    for (const QPointF end : {a, b}) {
        if (steep) {
            const bool top = end.y() <= std::min(a.y(), b.y());
            const double y = top ? end.y() - gap - size.height() : end.y() + gap;
            for (const double dx : {-size.width() / 2, -size.width(), 0.0})
                out.emplace_back(QPointF(end.x() + dx, y), size);
        } else {
            const bool left = end.x() <= std::min(a.x(), b.x());
            const double x = left ? end.x() - gap - size.width() : end.x() + gap;
            for (const double dy : {-size.height() / 2, -size.height(), 0.0})
                out.emplace_back(QPointF(x, end.y() + dy), size);
        }
    }
    return out;
}

} // namespace lx
