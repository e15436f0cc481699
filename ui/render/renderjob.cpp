#include "render/renderjob.h"

#include "base/boundedread.h"
#include "base/jsoninput.h"
#include "io/layoutjson.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "render/exporter.h"
#include "render/exportformat.h"
#include "render/figurefit.h"
#include "render/ownershipdiagram.h"
#include "render/scenefigure.h"
#include "render/viewregistry.h"
#include "request/defaults.h"
#include "request/figures.h"
#include "request/shape.h"

#include <QFileInfo>

#include <charconv>

namespace lx {

namespace {

// A figure title longer than this would only make an unreadable, enormous figure.
constexpr size_t kMaxRenderTitleChars = 1000;

RenderRefusal renderUsage(std::string message)
{
    return RenderRefusal{std::move(message), true};
}

RenderRefusal renderBad(std::string message)
{
    return RenderRefusal{std::move(message), false};
}

// --view-index as a non-negative int; -1 when malformed.
int renderViewIndex(const std::string &text)
{
    int v = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < 0)
        return -1;
    return v;
}

// The number of characters of a UTF-8 text (a title's length as the command counts it).
size_t utf16Length(const std::string &text)
{
    return size_t(QString::fromStdString(text).size());
}

// The scene view --view-index names, else the first of kind `kind` (when --view is given), else
// the first view; null when the scene has none.
Expected<const SceneView *> pickRenderSceneView(const RenderSource &source, const Scene &scene,
                                                int viewIndex, const std::string &kind)
{
    if (viewIndex < 0) {
        for (const SceneView &v : scene.views)
            if (!source.view || v.kind == kind)
                return &v;
        return static_cast<const SceneView *>(nullptr);
    }
    if (size_t(viewIndex) >= scene.views.size())
        return makeError("--view-index " + std::to_string(viewIndex) + ": the scene has " +
                         std::to_string(scene.views.size()) + " views");
    const SceneView *view = &scene.views[size_t(viewIndex)];
    if (source.view && view->kind != kind)
        return makeError("--view-index " + std::to_string(viewIndex) + " is a '" + view->kind +
                         "' view, not '" + kind +
                         "': give one of --view-index and --view, or matching ones");
    return view;
}

// --preset/--scene: the request becomes the scene's, with its chosen view and title;
// `everyView` gets every view of a scene whose figure is all of them (none picked).
std::optional<RenderRefusal> sceneRenderJob(const RenderSource &source, int viewIndex,
                                            RenderJob &job)
{
    const Expected<Scene> scene = source.loadScene();
    if (!scene)
        return renderBad(scene.message());
    Expected<ViewRequest> base = sceneRequest(*scene);
    if (!base)
        return renderBad(base.message());
    base->kind = job.request.kind; // --view, unless a scene view below says otherwise
    job.request = std::move(*base);
    const Expected<const SceneView *> view =
        pickRenderSceneView(source, *scene, viewIndex, job.request.kind);
    if (!view)
        return renderUsage(view.message());
    const bool picked = source.view || viewIndex >= 0;
    if (!picked && sceneFigureShowsEveryView(*scene))
        job.everyView = sceneViewRequests(*scene, job.request);
    if (*view)
        job.request = withSceneView(std::move(job.request), **view);
    // The scene's title names its figure; a view picked out of a scene of several with --view or
    // --view-index keeps the view's own title.
    if (!picked || scene->views.size() <= 1)
        job.request.title = scene->title.empty() ? scene->name : scene->title;
    return std::nullopt;
}

// --options, --color-by and --title on top of the request.
std::optional<RenderRefusal> renderViewOptions(const RenderSource &source,
                                               const nlohmann::json &extraOptions,
                                               ViewRequest &request)
{
    for (const auto &[key, value] : extraOptions.items())
        request.options[key] = value;
    if (source.colorBy) {
        if (const auto color = parseOwnerColor(*source.colorBy); !color)
            return renderUsage("--color-by: " + color.message());
        request.options["colorBy"] = *source.colorBy;
    }
    if (source.title)
        request.title = *source.title;
    if (const size_t n = utf16Length(request.title); n > kMaxRenderTitleChars)
        return RenderRefusal{"the title has " + std::to_string(n) +
                                 " characters; a figure title is at most " +
                                 std::to_string(kMaxRenderTitleChars),
                             source.title.has_value()};
    return std::nullopt;
}

// The layout of --layout TEXT over `shape`, or of --layout-json FILE, added to the request.
std::optional<RenderRefusal>
addRenderLayout(const RenderSource &source, const std::vector<int32_t> &shape, ViewRequest &request)
{
    if (source.layout) {
        const auto attr = parseLayoutText(*source.layout);
        if (!attr)
            return renderBad("--layout: " + attr.message());
        auto layout = toLinearLayout(**attr, shape);
        if (!layout)
            return renderBad("--layout: " + layout.message());
        request.layouts.push_back({ttgMnemonic(**attr), std::move(*layout), shape, {}, *attr});
        return std::nullopt;
    }
    const std::string &path = *source.layoutJson;
    const auto contents = readBounded(path, kMaxInputFileBytes, "a layout JSON file");
    if (!contents)
        return renderBad(contents.message());
    const auto parsed = parseJson(*contents);
    if (!parsed)
        return renderBad(path + ": " + parsed.message());
    const nlohmann::json &j = *parsed;
    const nlohmann::json &lj = j.is_object() && j.contains("layout") ? j.at("layout") : j;
    auto layout = layoutFromJson(lj);
    if (!layout)
        return renderBad(path + ": " + layout.message());
    request.layouts.push_back(
        {QFileInfo(QString::fromStdString(path)).completeBaseName().toStdString(),
         std::move(*layout),
         {},
         {},
         nullptr});
    return std::nullopt;
}

} // namespace

std::optional<RenderRefusal> renderSourceProblem(const RenderSource &source)
{
    const bool fromScene = source.preset || source.sceneFile;
    const int sources = int(source.layout.has_value()) + int(source.layoutJson.has_value()) +
                        int(source.preset) + int(source.sceneFile);
    if (sources != 1)
        return renderUsage("give exactly one of --preset NAME, --scene FILE, --layout TEXT "
                           "--shape MxN, --layout-json FILE");
    if (source.viewIndex && (renderViewIndex(*source.viewIndex) < 0 || !fromScene))
        return renderUsage("--view-index takes a non-negative integer and goes with --preset or "
                           "--scene");
    if (source.layout) {
        if (!source.shape)
            return renderUsage("--layout needs --shape MxN");
        if (!parseShape(*source.shape))
            return renderUsage("--shape must look like 128x128 (positive integers), not '" +
                               *source.shape + "'");
    } else if (source.shape) {
        return renderUsage("--shape goes with --layout");
    }
    return std::nullopt;
}

RenderJobAnswer renderJob(const RenderSource &source)
{
    RenderJobAnswer answer;
    if ((answer.refusal = renderSourceProblem(source)))
        return answer;
    const int viewIndex = source.viewIndex ? renderViewIndex(*source.viewIndex) : -1;
    std::vector<int32_t> shape;
    if (source.layout)
        shape = *parseShape(*source.shape);
    RenderJob job;
    job.request.kind = source.view ? *source.view : "ownership";
    if (!findViewKind(job.request.kind)) {
        answer.refusal = renderUsage(buildView(job.request).message());
        return answer;
    }
    nlohmann::json extraOptions =
        source.optionValues.is_object() ? source.optionValues : nlohmann::json::object();
    if (source.options) {
        auto parsed = parseJson(*source.options);
        if (!parsed) {
            answer.refusal = renderUsage("--options: " + parsed.message());
            return answer;
        }
        if (!parsed->is_object()) {
            answer.refusal = renderUsage("--options must be a JSON object");
            return answer;
        }
        extraOptions = std::move(*parsed);
    }
    if (source.preset || source.sceneFile)
        if ((answer.refusal = sceneRenderJob(source, viewIndex, job)))
            return answer;
    // --arch replaces the scene's architecture, as in every analyze command; an unknown name or
    // an unreadable file is refused by the view that needs it, naming it.
    job.request.arch =
        source.arch ? *source.arch
                    : (job.request.arch.empty() ? std::string(kDefaultArch) : job.request.arch);
    if ((answer.refusal = renderViewOptions(source, extraOptions, job.request)))
        return answer;
    if (source.layout || source.layoutJson)
        if ((answer.refusal = addRenderLayout(source, shape, job.request)))
            return answer;
    answer.job = std::move(job);
    return answer;
}

Expected<RenderedJob> renderJobFigure(const RenderJob &job)
{
    Expected<Diagram> view = buildView(job.request);
    if (!view)
        return view.error();
    if (job.everyView.empty())
        return RenderedJob{std::move(*view), std::nullopt};
    std::vector<Diagram> parts;
    for (const ViewRequest &v : job.everyView) {
        Expected<Diagram> d = buildView(v);
        if (!d)
            return d.error();
        parts.push_back(std::move(*d));
    }
    Expected<Diagram> figure = combineDiagrams(parts, QString::fromStdString(job.request.title));
    if (!figure)
        return figure.error();
    return RenderedJob{std::move(*view), std::move(*figure)};
}

std::optional<RenderRefusal> writeRenderedFigure(const Diagram &figure,
                                                 const RenderOptions &options, QSize fit,
                                                 const QString &path, QStringList *warnings)
{
    ExportFormat *format = exportFormatForPath(path);
    if (!format)
        return renderUsage("cannot tell the format of '" + path.toStdString() + "': use " +
                           exportSuffixesText().toStdString());
    if (!fit.isValid()) {
        const QString error = exportDiagram(figure, options, path, *format);
        if (!error.isEmpty())
            return renderBad(error.toStdString());
        return std::nullopt;
    }
    const FittedFigure fitted = fitDiagram(figure, options, fit);
    if (!fitted.fits)
        return renderBad(
            "the figure does not fit in " + std::to_string(fit.width()) + "x" +
            std::to_string(fit.height()) + " pixels even at the smallest scale (it needs " +
            std::to_string(fitted.size.width()) + "x" + std::to_string(fitted.size.height()) + ")");
    if (warnings)
        *warnings << fitted.warnings;
    const QString error = exportDiagram(fitted.diagram, fitted.options, path, *format);
    if (!error.isEmpty())
        return renderBad(error.toStdString());
    return std::nullopt;
}

nlohmann::json viewFiguresJson(const Diagram &view, const std::string &kind)
{
    nlohmann::json figures = nlohmann::json::array();
    for (const DiagramFigure &f : view.figures)
        figures.push_back({{"key", f.key.toStdString()},
                           {"label", f.label.toStdString()},
                           {"text", f.value.toStdString()},
                           {"value", f.number ? nlohmann::json(*f.number) : nlohmann::json()},
                           {"unit", f.unit.toStdString()},
                           {"provenance", figureSourceName(f.source)},
                           {"note", f.toolTip.toStdString()}});
    return nlohmann::json{{"view", kind}, {"figures", figures}};
}

Expected<ViewRequest> dsLoadTrFigureRequest(ViewRequest view, const std::optional<Scene> &scene,
                                            const std::string &kind)
{
    if (!kind.empty()) {
        if (scene)
            for (const SceneView &v : scene->views)
                if (v.kind == kind)
                    view = withSceneView(std::move(view), v);
        view.kind = kind;
    }
    if (view.kind.empty()) // layouts given as text: the default the help names
        view.kind = "ds-load-tr-panels";
    if (!findViewKind(view.kind))
        return buildView(view).error();
    return view;
}

} // namespace lx
