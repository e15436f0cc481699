// Pictures of a layout or of a scene's view as `render` draws them, through the renderer's render
// job (render/renderjob.h), the function the command calls: the same checks and messages, the
// same figure, written to a file (its format from the suffix) or returned as SVG or PNG bytes,
// and the view's figures (`render --figures`). The picture of `analyze ds-load-tr -o` likewise.

#include "core.h"

#include "render/exporter.h"
#include "render/exportformat.h"
#include "render/renderjob.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/dsloadtrinput.h"
#include "request/scenerequests.h"

#include <pybind11/stl.h>

#include <QSize>
#include <QString>

namespace lxpy {

namespace {
using namespace lxpy::prefix;

// The render job's source from the arguments: a preset, a scene (a path or a dict, read here)
// or a layout's text over a shape, with the view's choices.
struct PyRenderSource
{
    lx::RenderSource source;
    std::shared_ptr<lx::Scene> scene;
};

PyRenderSource renderSourceArgs(py::handle preset, py::handle scene, py::handle layout,
                                py::handle shape, py::handle view, py::handle viewIndex,
                                py::handle arch, py::handle options, py::handle colourBy,
                                py::handle title)
{
    PyRenderSource out;
    lx::RenderSource &s = out.source;
    s.preset = !preset.is_none();
    s.sceneFile = !scene.is_none();
    if (s.preset != s.sceneFile) {
        out.scene = std::make_shared<lx::Scene>(sceneArg(preset, scene, kRender).scene);
        s.loadScene = [loaded = out.scene] { return lx::Expected<lx::Scene>(*loaded); };
    }
    s.layout = optionalText(layout, "layout");
    s.shape = optionalText(shape, "shape");
    s.view = optionalText(view, "view");
    if (!viewIndex.is_none())
        s.viewIndex = py::str(viewIndex).cast<std::string>();
    s.arch = optionalText(arch, "arch");
    if (!options.is_none()) {
        if (!py::isinstance<py::dict>(options))
            throw LayoutError{kRender + "--options must be a JSON object"};
        s.optionValues = jsonValue(options, "options");
    }
    s.colorBy = optionalText(colourBy, "colour_by");
    s.title = optionalText(title, "title");
    return out;
}

lx::RenderJob renderJobOf(const lx::RenderSource &source)
{
    lx::RenderJobAnswer answer = lx::renderJob(source);
    if (answer.refusal)
        throw LayoutError{kRender + answer.refusal->message};
    return std::move(*answer.job);
}

// The figure drawn into `path` (its format from the suffix; scale or fit as given) when a path is
// given (an empty string returned), else its bytes in `d.format`. Call without the GIL.
std::string drawOrWrite(const lx::Diagram &figure, const Drawing &d,
                        const std::optional<std::string> &path, const std::string &prog)
{
    if (!path)
        return drawDiagram(figure, d);
    lx::RenderOptions options;
    if (d.scale)
        options.scale = *d.scale;
    const QSize fit = d.fit ? QSize(d.fit->first, d.fit->second) : QSize();
    if (const auto problem =
            lx::writeRenderedFigure(figure, options, fit, QString::fromStdString(*path)))
        throw LayoutError{prog + problem->message};
    return {};
}

py::object bytesOrNone(const std::optional<std::string> &path, const std::string &bytes)
{
    if (path)
        return py::none();
    return py::bytes(bytes);
}

std::optional<std::string> pathArg(py::handle path)
{
    if (path.is_none())
        return std::nullopt;
    return toString(py::module_::import("os").attr("fspath")(path), "path");
}

py::object renderPicture(py::handle preset, py::handle scene, py::handle layout, py::handle shape,
                         py::handle view, py::handle viewIndex, py::handle arch, py::handle options,
                         py::handle colourBy, py::handle title, py::handle path, py::handle format,
                         py::handle scale, py::handle fit)
{
    const PyRenderSource src = renderSourceArgs(preset, scene, layout, shape, view, viewIndex, arch,
                                                options, colourBy, title);
    const Drawing d = drawingArgs(format, scale, fit);
    const std::optional<std::string> file = pathArg(path);
    ensureGuiApplication();
    std::string bytes;
    {
        py::gil_scoped_release release;
        const lx::RenderJob job = renderJobOf(src.source);
        lx::Expected<lx::RenderedJob> rendered = lx::renderJobFigure(job);
        if (!rendered)
            throw LayoutError{kRender + rendered.message()};
        bytes = drawOrWrite(rendered->figure(), d, file, kRender);
    }
    return bytesOrNone(file, bytes);
}

py::object renderFigures(py::handle preset, py::handle scene, py::handle layout, py::handle shape,
                         py::handle view, py::handle viewIndex, py::handle arch, py::handle options)
{
    const PyRenderSource src = renderSourceArgs(preset, scene, layout, shape, view, viewIndex, arch,
                                                options, py::none(), py::none());
    ensureGuiApplication();
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        const lx::RenderJob job = renderJobOf(src.source);
        lx::Expected<lx::Diagram> diagram = lx::buildView(job.request);
        if (!diagram)
            throw LayoutError{kRender + diagram.message()};
        j = lx::viewFiguresJson(*diagram, job.request.kind);
    }
    return jsonObject(std::move(j));
}

// The picture `analyze ds-load-tr ... -o PATH [--view KIND]` writes: of layouts given as text
// (packed fp4 too) or of a preset's or scene's ds-load-tr view; bytes when no path is given.
py::object dsLoadTrPicture(py::handle shared, py::handle dst, py::handle shape, py::handle dtype,
                           py::handle arch, bool packedFp4, py::handle dstShape, py::handle preset,
                           py::handle scene, py::handle view, py::handle path, py::handle format)
{
    lx::ViewRequest req;
    std::optional<lx::Scene> loaded;
    const std::optional<std::string> t = optionalText(dtype, "dtype");
    if (!preset.is_none() || !scene.is_none()) {
        SceneArg s = sceneArg(preset, scene, kTr, true);
        lx::Expected<lx::ViewRequest> r = lx::dsLoadTrSceneRequest(s.scene, s.what);
        if (!r)
            throw LayoutError{kTr + r.message()};
        req = std::move(*r);
        if (t)
            req.options["dtype"] = *t;
        loaded = std::move(s.scene);
    } else {
        lx::DsLoadTrTextArgs args;
        args.shared = optionalText(shared, "shared");
        args.dst = optionalText(dst, "dst");
        args.shape = optionalText(shape, "shape");
        args.dstShape = optionalText(dstShape, "dst_shape");
        args.dtype = t;
        args.packedFp4 = packedFp4;
        lx::DsLoadTrTextAnswer answer = lx::dsLoadTrTextRequest(args);
        if (!answer.request)
            throw LayoutError{kTr + answer.message};
        req = std::move(*answer.request);
    }
    if (!arch.is_none())
        req.arch = toString(arch, "arch");
    else if (req.arch.empty())
        req.arch = std::string(lx::kDefaultArch);
    const std::string kind = view.is_none() ? std::string() : toString(view, "view");
    const Drawing d = drawingArgs(format, py::none(), py::none());
    const std::optional<std::string> file = pathArg(path);
    lx::Expected<lx::ViewRequest> figure = lx::dsLoadTrFigureRequest(req, loaded, kind);
    if (!figure)
        throw LayoutError{kTr + figure.message()};
    ensureGuiApplication();
    std::string bytes;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::Diagram> built = lx::buildView(*figure);
        if (!built)
            throw LayoutError{kTr + built.message()};
        bytes = drawOrWrite(*built, d, file, kTr);
    }
    return bytesOrNone(file, bytes);
}

} // namespace

void defineRender(py::module_ &m)
{
    m.def("render", &renderPicture, py::arg("preset") = py::none(), py::arg("scene") = py::none(),
          py::arg("layout") = py::none(), py::arg("shape") = py::none(),
          py::arg("view") = py::none(), py::arg("view_index") = py::none(),
          py::arg("arch") = py::none(), py::arg("options") = py::none(),
          py::arg("colour_by") = py::none(), py::arg("title") = py::none(),
          py::arg("path") = py::none(), py::arg("format") = py::none(),
          py::arg("scale") = py::none(), py::arg("fit") = py::none(),
          "The figure `render` draws for these sources: written to `path` (SVG, PDF, PNG or "
          "TikZ by its suffix) and None returned, or, without a path, returned as SVG or PNG "
          "bytes (format); scale (0, 64] or fit (width, height) in pixels.");
    m.def("render_figures", &renderFigures, py::arg("preset") = py::none(),
          py::arg("scene") = py::none(), py::arg("layout") = py::none(),
          py::arg("shape") = py::none(), py::arg("view") = py::none(),
          py::arg("view_index") = py::none(), py::arg("arch") = py::none(),
          py::arg("options") = py::none(),
          "`render --figures`: the view's figures ({view, figures}), as a Json view.");
    m.def("ds_load_tr_picture", &dsLoadTrPicture, py::arg("shared") = py::none(),
          py::arg("dst") = py::none(), py::arg("shape") = py::none(), py::arg("dtype") = py::none(),
          py::arg("arch") = py::none(), py::arg("packed_fp4") = false,
          py::arg("dst_shape") = py::none(), py::arg("preset") = py::none(),
          py::arg("scene") = py::none(), py::arg("view") = py::none(), py::arg("path") = py::none(),
          py::arg("format") = py::none(),
          "The picture `analyze ds-load-tr ... -o PATH [--view KIND]` writes (bytes without a "
          "path).");
}

} // namespace lxpy
