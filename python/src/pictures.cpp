// Pictures of layouts and of bank accesses drawn by the renderer library (ui/render) straight
// into bytes: the view a `render --layout TEXT --shape S` draws, built from the request the
// command builds, painted by the same renderer, returned as SVG or PNG data (no file).

#include "core.h"

#include "io/ttgtext.h"
#include "render/exporter.h"
#include "render/figurefit.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"

#include <QBuffer>
#include <QImage>

#include <cmath>
#include <optional>

namespace lxpy {

namespace {

} // namespace

Drawing drawingArgs(py::handle format, py::handle scale, py::handle fit)
{
    Drawing d;
    d.format = format.is_none() ? "svg" : toString(format, "format");
    if (d.format != "svg" && d.format != "png")
        throw LayoutError{"format: 'svg' or 'png', not '" + d.format + "'"};
    if (!scale.is_none()) {
        if (!py::isinstance<py::int_>(scale) && !py::isinstance<py::float_>(scale))
            throw LayoutError{"scale: a number in (0, 64], not " + describe(scale)};
        const double s = scale.cast<double>();
        if (!std::isfinite(s) || s <= 0 || s > 64)
            throw LayoutError{"scale: a number in (0, 64], not " + describe(scale)};
        d.scale = s;
    }
    if (!fit.is_none()) {
        if (d.scale)
            throw LayoutError{"give fit or scale, not both"};
        const std::vector<int32_t> box =
            toInt32List(fit, "fit (width, height in pixels)", 1, 100000);
        if (box.size() != 2)
            throw LayoutError{"fit: (width, height) in pixels"};
        d.fit = std::pair<int, int>{box[0], box[1]};
    }
    return d;
}

std::string drawDiagram(const lx::Diagram &diagram, const Drawing &d)
{
    lx::RenderOptions options;
    if (d.scale)
        options.scale = *d.scale;
    const lx::Diagram *drawn = &diagram;
    std::optional<lx::FittedFigure> fitted;
    if (d.fit) {
        fitted = lx::fitDiagram(diagram, options, QSize(d.fit->first, d.fit->second));
        if (!fitted->fits)
            throw LayoutError{"the figure does not fit in " + std::to_string(d.fit->first) + "x" +
                              std::to_string(d.fit->second) + " pixels even at the smallest scale"};
        drawn = &fitted->diagram;
        options = fitted->options;
    }
    if (d.format == "svg") {
        const QByteArray svg = lx::renderSvg(*drawn, options);
        return svg.toStdString();
    }
    QString error;
    const QImage image = lx::renderImage(*drawn, options, &error);
    if (image.isNull())
        throw LayoutError{error.isEmpty() ? std::string("the picture could not be drawn")
                                          : error.toStdString()};
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png.toStdString();
}

std::string draw(const lx::ViewRequest &request, const Drawing &d)
{
    lx::Expected<lx::Diagram> diagram = lx::buildView(request);
    if (!diagram)
        throw LayoutError{diagram.message()};
    return drawDiagram(*diagram, d);
}

namespace {

py::bytes layoutPicture(py::handle layout, py::handle shapeValue, py::handle view,
                        py::handle colourBy, py::handle arch, py::handle format, py::handle scale,
                        py::handle fit)
{
    const std::shared_ptr<ParsedLayout> p = layoutArg(layout, "layout");
    const std::vector<int32_t> shape = shapeArg(shapeValue);
    const Drawing d = drawingArgs(format, scale, fit);
    lx::ViewRequest request;
    request.kind = view.is_none() ? "ownership" : toString(view, "view");
    if (!lx::findViewKind(request.kind))
        throw LayoutError{lx::buildView(request).message()};
    if (!colourBy.is_none()) {
        const std::string key = toString(colourBy, "colour_by");
        if (const auto colour = lx::parseOwnerColor(key); !colour)
            throw LayoutError{"colour_by: " + colour.message()};
        request.options["colorBy"] = key;
    }
    if (!arch.is_none())
        request.arch = toString(arch, "arch");
    ensureGuiApplication();
    std::string bytes;
    {
        py::gil_scoped_release release;
        lx::ResolvedLayout r = p->resolved("", shape, "");
        if (p->attr)
            r.name = lx::ttgMnemonic(*p->attr);
        request.layouts.push_back(std::move(r));
        bytes = draw(request, d);
    }
    return py::bytes(bytes);
}

} // namespace

void definePictures(py::module_ &m)
{
    m.def("layout_picture", &layoutPicture, py::arg("layout"), py::arg("shape"),
          py::arg("view") = py::none(), py::arg("colour_by") = py::none(),
          py::arg("arch") = py::none(), py::arg("format") = py::none(),
          py::arg("scale") = py::none(), py::arg("fit") = py::none(),
          "The picture `render --layout TEXT --shape S` draws (view: ownership by default), as "
          "SVG or PNG bytes; scale (0, 64] or fit (width, height) in pixels.");
}

} // namespace lxpy
