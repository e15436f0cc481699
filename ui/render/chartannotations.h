#pragma once

// Drawing primitives of the views that draw with annotations in diagram units (no panel): a line
// or arrow, a box with its name, a text, and a chart's frame with gridded, labelled axes. Shared by
// the LDS views (ldsdiagram.cpp: datapath, allocator, partitions) and the microbenchmark sweep
// (microbenchsweepdiagram.cpp), so each draws with one set of helpers.

#include "render/diagram.h"

#include <QPointF>
#include <QString>

#include <functional>

namespace lx::chart {

// A point in diagram units, outside every panel.
[[nodiscard]] DiagramPoint at(double x, double y);

// A Line or Arrow (or, with `fill`, a Box) from `from` to `to`.
void line(Diagram &d, DiagramAnnotation::Kind kind, QPointF from, QPointF to, QRgb color,
          double pen, const QString &text = {}, QRgb fill = 0);
// A box at (x, y) of w x h named `text`, filled with `fill`.
void box(Diagram &d, double x, double y, double w, double h, const QString &text, QRgb fill,
         QRgb color = qRgb(0, 0, 0), double pen = 1.5);
// Text with its top left corner at (x, y).
void text(Diagram &d, double x, double y, const QString &s);

// A round step for axis ticks over [0, range]: 1, 2 or 5 times a power of ten, about `target`
// ticks. Requires range > 0 and target > 0.
[[nodiscard]] double tickStep(double range, int target);

// A chart's plotting area in diagram units; values map linearly from [0, max] on each axis (y
// grows upwards).
struct ChartFrame
{
    double left = 90, top = 20, width = 1000, height = 520;
    double xMax = 1, yMax = 1;

    [[nodiscard]] double x(double v) const { return left + v / xMax * width; }
    [[nodiscard]] double y(double v) const { return top + height - v / yMax * height; }
};

// One axis: a grid line and a tick label every `step` from 0 to the frame's max, the labels
// written by `tickText`, and the axis' title.
struct ChartAxis
{
    double step = 1;
    std::function<QString(double)> tickText;
    QString title;
};

// The frame's grid, its two axis lines, the tick labels and the axes' titles.
void drawAxes(Diagram &d, const ChartFrame &frame, const ChartAxis &xAxis, const ChartAxis &yAxis);

} // namespace lx::chart
