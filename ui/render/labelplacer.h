#pragma once

// LabelPlacer: the one rule by which a figure's free labels are placed, whatever the view: no
// two labels overlap and no line crosses a label.
//
// Labels that cannot move (a text annotation is written where its view put it) and every line
// (arrows, the edges of boxes) are registered first. Each movable label (a box's name, an
// arrow's caption) then offers its places in order of preference and takes the first that is
// free of every label placed so far, of every fixed text and, unless told otherwise, of every
// line; a label with no free place is not placed, and the caller leaves it out or says so.
//
// Plain geometry in device pixels: no painter, no fonts (the caller measures the text), so it is
// tested without a window.

#include <QLineF>
#include <QRectF>

#include <optional>
#include <vector>

namespace lx {

class LabelPlacer
{
public:
    // Text that stays where it is: later labels avoid it.
    void addFixed(const QRectF &rect) { m_labels.push_back(rect); }
    // A line `width` px wide that labels may not cross.
    void addLine(const QLineF &line, double width = 1.0);
    // The four edges of a rectangle's outline.
    void addOutline(const QRectF &rect, double width = 1.0);

    // Whether `rect` overlaps no label (fixed or placed) and, with `avoidLines`, crosses no line.
    [[nodiscard]] bool isFree(const QRectF &rect, bool avoidLines = true) const;
    // The first of `candidates` that is free, now taken; nothing when none is.
    std::optional<QRectF> place(const std::vector<QRectF> &candidates, bool avoidLines = true);

    // The places a caption of `size` may take beside the segment from `a` to `b`: beside its
    // middle (right then left of a steep line, above then below a flat one), then beside the
    // points a quarter and three quarters along it, `gap` px away from the line, then past
    // either end of it.
    [[nodiscard]] static std::vector<QRectF> besideLine(QPointF a, QPointF b, QSizeF size,
                                                        double gap);

private:
    struct Line
    {
        QLineF line;
        double width;
    };
    std::vector<QRectF> m_labels;
    std::vector<Line> m_lines;
};

// Whether the segment crosses or touches the rectangle (either end inside counts).
[[nodiscard]] bool segmentMeetsRect(const QLineF &segment, const QRectF &rect);

} // namespace lx
