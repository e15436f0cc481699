#include "render/annotationlabels.h"

#include "render/diagramstyle.h"
#include "render/labelplacer.h"

#include <QFontMetricsF>

#include <algorithm>
#include <optional>

namespace lx {

using namespace diagramstyle;

namespace {

QRectF textBox(const QFont &font, const QString &text)
{
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft | Qt::AlignTop,
                                            text);
}

QRectF boxRect(const DiagramAnnotation &a, const DiagramGeometry &geometry)
{
    return QRectF(geometry.map(a.from), geometry.map(a.to)).normalized();
}

// Whether a box drawn after box `index` hides `label` (a filled box) or a stroke drawn after it
// crosses it.
bool hiddenLater(const Diagram &d, const DiagramGeometry &geometry,
                 const std::vector<AnnotationStroke> &strokes, size_t index, const QRectF &label)
{
    for (size_t j = index + 1; j < d.annotations.size(); ++j) {
        const DiagramAnnotation &b = d.annotations[j];
        if (b.kind == DiagramAnnotation::Box && qAlpha(b.fill) &&
            boxRect(b, geometry).intersects(label))
            return true;
    }
    for (const AnnotationStroke &s : strokes) {
        if (s.annotation <= index)
            continue;
        const double h = s.width / 2;
        if (segmentMeetsRect(s.line, label.adjusted(-h, -h, h, h)))
            return true;
    }
    return false;
}

// A box's name inside its box, in the label font or smaller down to floorPx.
std::optional<AnnotationLabel> placeBoxName(const Diagram &d, const DiagramGeometry &geometry,
                                            const std::vector<AnnotationStroke> &strokes,
                                            LabelPlacer &placer, size_t index, int labelPx,
                                            int floorPx)
{
    const DiagramAnnotation &a = d.annotations[index];
    const QRectF r = boxRect(a, geometry);
    for (int size = labelPx; size >= floorPx; --size) {
        const QRectF t = textBox(DiagramRenderer::textFont(size), a.text);
        if (t.width() > r.width() - 2 || t.height() > r.height())
            continue;
        const QSizeF ts = t.size();
        const QPointF c = r.center();
        std::vector<QRectF> places;
        for (const QRectF &p :
             {QRectF(c - QPointF(ts.width() / 2, ts.height() / 2), ts),
              QRectF(QPointF(c.x() - ts.width() / 2, r.top() + 1), ts),
              QRectF(QPointF(c.x() - ts.width() / 2, r.bottom() - 1 - ts.height()), ts)})
            if (!hiddenLater(d, geometry, strokes, index, p))
                places.push_back(p);
        // Lines drawn before the box pass under its fill: only labels are avoided.
        if (const std::optional<QRectF> at = placer.place(places, false))
            return AnnotationLabel{index, *at, size};
        // A smaller font may fit between the strokes that cross this size's places.
    }
    return std::nullopt;
}

} // namespace

double annotationPenWidth(const DiagramAnnotation &a, double scale)
{
    return std::max(1.0, a.penWidth * scale);
}

std::vector<AnnotationStroke> annotationStrokes(const Diagram &diagram,
                                                const DiagramGeometry &geometry)
{
    std::vector<AnnotationStroke> out;
    for (size_t i = 0; i < diagram.annotations.size(); ++i) {
        const DiagramAnnotation &a = diagram.annotations[i];
        const double width = annotationPenWidth(a, geometry.scale());
        if (a.kind == DiagramAnnotation::Line || a.kind == DiagramAnnotation::Arrow) {
            out.push_back({i, QLineF(geometry.map(a.from), geometry.map(a.to)), width});
        } else if (a.kind == DiagramAnnotation::Box) {
            const QRectF r = boxRect(a, geometry);
            out.push_back({i, QLineF(r.topLeft(), r.topRight()), width});
            out.push_back({i, QLineF(r.topRight(), r.bottomRight()), width});
            out.push_back({i, QLineF(r.bottomRight(), r.bottomLeft()), width});
            out.push_back({i, QLineF(r.bottomLeft(), r.topLeft()), width});
        }
    }
    return out;
}

std::vector<AnnotationLabel> placeAnnotationLabels(const Diagram &diagram,
                                                   const DiagramGeometry &geometry,
                                                   const RenderOptions &options)
{
    std::vector<AnnotationLabel> out;
    if (diagram.annotations.empty())
        return out;
    const double s = geometry.scale();
    const int labelPx = geometry.textPx(kLabelPx);
    const QFont font = DiagramRenderer::textFont(labelPx);
    // The smallest a box's name may shrink to inside its box before it is left out.
    const int floorPx =
        std::max({DiagramRenderer::kMinTextPixelSize, options.minTextPx, labelPx * 2 / 3});
    const std::vector<AnnotationStroke> strokes = annotationStrokes(diagram, geometry);
    LabelPlacer placer;
    for (const AnnotationStroke &st : strokes)
        placer.addLine(st.line, st.width);
    for (const DiagramAnnotation &a : diagram.annotations)
        if (a.kind == DiagramAnnotation::Text && !a.text.isEmpty())
            placer.addFixed(textBox(font, a.text).translated(geometry.map(a.from)));

    for (size_t i = 0; i < diagram.annotations.size(); ++i)
        if (diagram.annotations[i].kind == DiagramAnnotation::Box &&
            !diagram.annotations[i].text.isEmpty())
            if (auto label = placeBoxName(diagram, geometry, strokes, placer, i, labelPx, floorPx))
                out.push_back(*label);

    // A line's caption beside it, over no label and, where it can be, crossed by no line.
    for (size_t i = 0; i < diagram.annotations.size(); ++i) {
        const DiagramAnnotation &a = diagram.annotations[i];
        if ((a.kind != DiagramAnnotation::Line && a.kind != DiagramAnnotation::Arrow) ||
            a.text.isEmpty())
            continue;
        const QSizeF ts = textBox(font, a.text).size() + QSizeF(4, 0);
        const std::vector<QRectF> places =
            LabelPlacer::besideLine(geometry.map(a.from), geometry.map(a.to), ts, 3 * s + 1);
        std::optional<QRectF> at = placer.place(places);
        // Painted on the page's background, a caption hides the lines under it: where every
        // place is crossed, one free of labels is taken (not on a transparent page).
        if (!at && !options.transparent)
            at = placer.place(places, false);
        if (at)
            out.push_back({i, *at, labelPx});
    }
    return out;
}

} // namespace lx
