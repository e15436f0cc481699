#include "render/chartannotations.h"

#include <cmath>

using namespace Qt::StringLiterals;

namespace lx::chart {

DiagramPoint at(double x, double y)
{
    return DiagramPoint{-1, QPointF(x, y)};
}

void line(Diagram &d, DiagramAnnotation::Kind kind, QPointF from, QPointF to, QRgb color,
          double pen, const QString &text, QRgb fill)
{
    DiagramAnnotation a;
    a.kind = kind;
    a.from = at(from.x(), from.y());
    a.to = at(to.x(), to.y());
    a.color = color;
    a.penWidth = pen;
    a.text = text;
    a.fill = fill;
    d.annotations.push_back(a);
}

void box(Diagram &d, double x, double y, double w, double h, const QString &text, QRgb fill,
         QRgb color, double pen)
{
    line(d, DiagramAnnotation::Box, {x, y}, {x + w, y + h}, color, pen, text, fill);
}

void text(Diagram &d, double x, double y, const QString &s)
{
    DiagramAnnotation a;
    a.kind = DiagramAnnotation::Text;
    a.from = at(x, y);
    a.text = s;
    d.annotations.push_back(a);
}

double tickStep(double range, int target)
{
    const double raw = range / target;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw)
            return m * p;
    return 10 * p;
}

void drawAxes(Diagram &d, const ChartFrame &frame, const ChartAxis &xAxis, const ChartAxis &yAxis)
{
    const QRgb axis = qRgb(60, 60, 60), grid = qRgb(215, 215, 215);
    const double right = frame.left + frame.width, bottom = frame.top + frame.height;
    for (double v = 0; v <= frame.yMax + 1e-9; v += yAxis.step) {
        const double py = frame.y(v);
        line(d, DiagramAnnotation::Line, {frame.left, py}, {right, py}, grid, 0.8);
        text(d, frame.left - 50, py - 8, yAxis.tickText(v));
    }
    for (double v = 0; v <= frame.xMax + 1e-9; v += xAxis.step) {
        const double px = frame.x(v);
        line(d, DiagramAnnotation::Line, {px, frame.top}, {px, bottom}, grid, 0.8);
        text(d, px - 18, bottom + 6, xAxis.tickText(v));
    }
    line(d, DiagramAnnotation::Line, {frame.left, bottom}, {right, bottom}, axis, 1.5);
    line(d, DiagramAnnotation::Line, {frame.left, frame.top}, {frame.left, bottom}, axis, 1.5);
    text(d, frame.left + frame.width / 2 - 120, bottom + 30, xAxis.title);
    text(d, frame.left - 80, frame.top - 18, yAxis.title);
}

} // namespace lx::chart
