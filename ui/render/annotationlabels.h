#pragma once

// Where the labels of a diagram's free annotations go, by the one rule of labelplacer.h: no two
// labels overlap and no line crosses a label. DiagramRenderer::paintAnnotations paints the shapes
// and then these labels; tests check the rule on every figure without painting.
//
//  - A Text annotation stays where its view wrote it; later labels avoid it.
//  - A Box's name goes inside the part of its box that no later box covers and that no line or
//    outline drawn after the box crosses (lines drawn before it pass under its fill), in the
//    label font or smaller down to the floor; where it cannot be read it is left out (its view
//    names it in a table or legend).
//  - A Line's or Arrow's caption goes beside the line, crossed by no line where it can be;
//    painted on the page's background, it may else hide the lines under it, never a label.
//    With no such place it is left out.

#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QLineF>
#include <QRectF>

#include <vector>

namespace lx {

struct AnnotationLabel
{
    size_t annotation = 0; // index into Diagram::annotations
    QRectF rect;           // device px, the diagram's top-left at (0, 0)
    int pixelSize = 0;     // the font's size (DiagramRenderer::textFont)
};

// One stroke of an annotation as drawn: a line or arrow, or one edge of a box's outline.
struct AnnotationStroke
{
    size_t annotation = 0;
    QLineF line;
    double width = 1.0;
};

// The strokes of every Line, Arrow and Box of `diagram` in drawing order, in device px.
[[nodiscard]] std::vector<AnnotationStroke> annotationStrokes(const Diagram &diagram,
                                                              const DiagramGeometry &geometry);

// The placed labels: every Box name and line caption that has a free place (left out otherwise),
// in drawing order. `geometry` is the diagram's at `options`.
[[nodiscard]] std::vector<AnnotationLabel> placeAnnotationLabels(const Diagram &diagram,
                                                                 const DiagramGeometry &geometry,
                                                                 const RenderOptions &options);

// The pen width of an annotation's stroke at `scale`.
[[nodiscard]] double annotationPenWidth(const DiagramAnnotation &a, double scale);

} // namespace lx
