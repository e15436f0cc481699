// `layout-explorer render`: a figure of a layout or of a scene's view, headless
// (no display needed), to SVG, PDF, PNG or TikZ. The figure is built by the
// view registry and painted by the same DiagramRenderer as the window.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "base/boundedread.h"
#include "base/jsoninput.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "render/exporter.h"
#include "render/exportformat.h"
#include "render/figurefit.h"
#include "render/ownershipdiagram.h"
#include "render/scenefigure.h"
#include "render/viewregistry.h"
#include "request/shape.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

// A figure title longer than this would only make an unreadable, enormous
// figure.
constexpr qsizetype kMaxTitleChars = 1000;

constexpr lx::app::Fail failRender{"layout-explorer render: "};

// The layout of --layout TEXT (with its shape) or, when `text` is empty, of
// --layout-json FILE, added to the request; returns the reason on failure.
QString addLayoutSource(const QString &text, const QString &jsonPath,
                        const std::vector<int32_t> &shape, lx::ViewRequest &request)
{
    if (!text.isEmpty()) {
        const auto attr = lx::parseLayoutText(text.toStdString());
        if (!attr)
            return u"--layout: %1"_s.arg(QString::fromStdString(attr.message()));
        auto layout = lx::toLinearLayout(**attr, shape);
        if (!layout)
            return u"--layout: %1"_s.arg(QString::fromStdString(layout.message()));
        request.layouts.push_back({lx::ttgMnemonic(**attr), std::move(*layout), shape, {}, *attr});
        return {};
    }
    const auto contents =
        lx::readBounded(jsonPath.toStdString(), lx::kMaxInputFileBytes, "a layout JSON file");
    if (!contents)
        return QString::fromStdString(contents.message());
    const auto parsed = lx::parseJson(*contents);
    if (!parsed)
        return u"%1: %2"_s.arg(jsonPath, QString::fromStdString(parsed.message()));
    const nlohmann::json &j = *parsed;
    const nlohmann::json &lj = j.is_object() && j.contains("layout") ? j.at("layout") : j;
    auto layout = lx::layoutFromJson(lj);
    if (!layout)
        return u"%1: %2"_s.arg(jsonPath, QString::fromStdString(layout.message()));
    request.layouts.push_back({QFileInfo(jsonPath).completeBaseName().toStdString(),
                               std::move(*layout),
                               {},
                               {},
                               nullptr});
    return {};
}

// Writes the figure, fitted to `fit` (pixels) when that is valid; returns the
// exit code.
int writeFigure(const lx::Diagram &diagram, const lx::RenderOptions &options, QSize fit,
                const QString &outPath, lx::ExportFormat &format)
{
    if (!fit.isValid()) {
        const QString error = lx::exportDiagram(diagram, options, outPath, format);
        return error.isEmpty() ? ExitOk : failRender(ExitBadInput, error);
    }
    const lx::FittedFigure fitted = lx::fitDiagram(diagram, options, fit);
    if (!fitted.fits)
        return failRender(ExitBadInput,
                          u"the figure does not fit in %1x%2 pixels even at the smallest "
                          u"scale (it needs %3x%4)"_s.arg(fit.width())
                              .arg(fit.height())
                              .arg(fitted.size.width())
                              .arg(fitted.size.height()));
    // What the page cannot show legibly is said, and the page is still written.
    for (const QString &warning : fitted.warnings)
        lx::app::ErrorStream() << "layout-explorer render: warning: " << warning << '\n';
    const QString error = lx::exportDiagram(fitted.diagram, fitted.options, outPath, format);
    return error.isEmpty() ? ExitOk : failRender(ExitBadInput, error);
}

// --figures: the numbers the window's analysis panel lists for this view, as
// JSON on stdout; every figure comes from the request layer and carries its value (null for a
// text such as a list of bases), unit and provenance as in `analyze --json`.
int printFigures(const lx::Diagram &diagram, const std::string &kind)
{
    nlohmann::json figures = nlohmann::json::array();
    for (const lx::DiagramFigure &f : diagram.figures)
        figures.push_back({{"key", f.key.toStdString()},
                           {"label", f.label.toStdString()},
                           {"text", f.value.toStdString()},
                           {"value", f.number ? nlohmann::json(*f.number) : nlohmann::json()},
                           {"unit", f.unit.toStdString()},
                           {"provenance", lx::figureSourceName(f.source)},
                           {"note", f.toolTip.toStdString()}});
    return lx::app::writeJson(nlohmann::json{{"view", kind}, {"figures", figures}},
                              u"layout-explorer render: "_s);
}

// The command's options, in the order --help lists them.
struct RenderCliOptions
{
    QCommandLineOption preset{u"preset"_s, u"A built-in preset (see 'layout-explorer presets')."_s,
                              u"NAME"_s};
    QCommandLineOption scene{u"scene"_s, u"A scene file (.lxscene)."_s, u"FILE"_s};
    QCommandLineOption arch{u"arch"_s,
                            lx::app::archHelp(u"The architecture, a name or an architecture "
                                              u"file (its SIMD pairs, banks, partitions)"_s),
                            u"NAME|FILE"_s};
    QCommandLineOption viewIndex{u"view-index"_s,
                                 u"With --preset/--scene: which of the scene's views (0-based; "
                                 u"default: the first, or the first of kind --view)."_s,
                                 u"N"_s};
    QCommandLineOption layout{u"layout"_s,
                              u"A layout as #ttg attribute text (alias lines allowed) or a Gluon "
                              u"constructor expression; needs --shape."_s,
                              u"TEXT"_s};
    QCommandLineOption shape{u"shape"_s, u"The tensor shape for --layout, e.g. 128x128."_s,
                             u"MxN"_s};
    QCommandLineOption layoutJson{u"layout-json"_s, u"A layout in the conformance JSON format."_s,
                                  u"FILE"_s};
    QCommandLineOption view{u"view"_s, u"The view: %1 (default ownership)."_s.arg(viewKindList()),
                            u"KIND"_s};
    QCommandLineOption color{
        u"color-by"_s,
        u"Ownership colour: lane, register, warp, warpgroup, simd, simd-pair, block, offset."_s,
        u"KEY"_s};
    QCommandLineOption options{u"options"_s, u"The view's options as a JSON object."_s, u"JSON"_s};
    QCommandLineOption scale{u"scale"_s, u"Scale factor (default 1; PNG pixels per unit)."_s,
                             u"S"_s};
    QCommandLineOption fit{u"fit"_s,
                           u"A page of WxH (e.g. 1920x1080 for a slide): the file is exactly "
                           u"W x H pixels (PNG) or units of 1/96 in (SVG, PDF, TikZ), the figure "
                           u"scaled to fill it and centred, side-by-side panels laid out in rows "
                           u"when that allows a larger scale, the subtitle wrapped; a warning "
                           u"says when text would be too small to read. Not with --scale."_s,
                           u"WxH"_s};
    QCommandLineOption title{u"title"_s, u"Figure title."_s, u"T"_s};
    QCommandLineOption noLegend{u"no-legend"_s, u"Omit the legend."_s};
    QCommandLineOption noLabels{u"no-labels"_s, u"Omit cell texts and headers."_s};
    QCommandLineOption noGrid{u"no-grid"_s, u"Omit grid lines."_s};
    QCommandLineOption transparent{u"transparent"_s, u"No background fill."_s};
    QCommandLineOption dark{u"dark"_s, u"Dark palette."_s};
    QCommandLineOption out{
        {u"o"_s, u"output"_s}, u"Output file: %1."_s.arg(lx::exportSuffixesText()), u"FILE"_s};
    QCommandLineOption figures{u"figures"_s, u"Print the view's figures (the numbers the "
                                             u"window's analysis panel lists) as JSON on "
                                             u"stdout; -o is then optional."_s};

    static QString viewKindList()
    {
        QStringList kinds;
        for (const lx::ViewKind &k : lx::viewKinds())
            kinds << QString::fromLatin1(k.kind);
        return kinds.join(u", "_s);
    }
    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({preset,   scene,  arch,        viewIndex, layout, shape,  layoutJson,
                           view,     color,  options,     scale,     fit,    title,  noLegend,
                           noLabels, noGrid, transparent, dark,      out,    figures});
    }
};

// --scale, --fit and the drawing switches into `options` and `fit`; an exit
// code on failure.
std::optional<int> drawingOptions(const QCommandLineParser &parser, const RenderCliOptions &o,
                                  lx::RenderOptions &options, QSize &fit)
{
    if (parser.isSet(o.scale)) {
        bool ok = false;
        options.scale = parser.value(o.scale).toDouble(&ok);
        if (!ok || !std::isfinite(options.scale) || options.scale <= 0 || options.scale > 64)
            return failRender(ExitBadUsage, u"--scale must be a number in (0, 64]"_s);
    }
    if (parser.isSet(o.fit)) {
        if (parser.isSet(o.scale))
            return failRender(ExitBadUsage, u"give --fit or --scale, not both"_s);
        const auto parsed = lx::parseShape(parser.value(o.fit).toStdString());
        if (!parsed || parsed->size() != 2 || (*parsed)[0] > 100000 || (*parsed)[1] > 100000)
            return failRender(ExitBadUsage, u"--fit must look like 1920x1080 (pixels, at most "
                                            u"100000 each), not '%1'"_s.arg(parser.value(o.fit)));
        fit = QSize((*parsed)[0], (*parsed)[1]);
    }
    options.legend = !parser.isSet(o.noLegend);
    options.labels = !parser.isSet(o.noLabels);
    options.grid = !parser.isSet(o.noGrid);
    options.transparent = parser.isSet(o.transparent);
    options.dark = parser.isSet(o.dark);
    return std::nullopt;
}

// The scene view --view-index names, else the first of kind `kind` (when --view
// is given), else the first view; null when the scene has none. Sets `rc` when
// the choice is refused.
const lx::SceneView *pickSceneView(const QCommandLineParser &parser, const RenderCliOptions &o,
                                   const lx::Scene &scene, int viewIndex, const std::string &kind,
                                   std::optional<int> &rc)
{
    if (viewIndex < 0) {
        for (const lx::SceneView &v : scene.views)
            if (!parser.isSet(o.view) || v.kind == kind)
                return &v;
        return nullptr;
    }
    if (size_t(viewIndex) >= scene.views.size()) {
        rc = failRender(
            ExitBadUsage,
            u"--view-index %1: the scene has %2 views"_s.arg(viewIndex).arg(scene.views.size()));
        return nullptr;
    }
    const lx::SceneView *view = &scene.views[size_t(viewIndex)];
    if (parser.isSet(o.view) && view->kind != kind) {
        rc = failRender(ExitBadUsage,
                        u"--view-index %1 is a '%2' view, not '%3': give one of --view-index "
                        u"and --view, or matching ones"_s.arg(viewIndex)
                            .arg(QString::fromStdString(view->kind), QString::fromStdString(kind)));
        return nullptr;
    }
    return view;
}

// --preset/--scene: the request becomes the scene's, with its chosen view and
// title; `everyView` gets every view of a scene whose figure is all of them (none picked).
std::optional<int> sceneRenderRequest(const QCommandLineParser &parser, const RenderCliOptions &o,
                                      int viewIndex, lx::ViewRequest &request,
                                      std::vector<lx::ViewRequest> &everyView)
{
    const lx::Expected<lx::Scene> scene =
        parser.isSet(o.preset) ? lx::loadPreset(parser.value(o.preset).toStdString())
                               : lx::loadSceneFile(parser.value(o.scene).toStdString());
    if (!scene)
        return failRender(ExitBadInput, QString::fromStdString(scene.message()));
    lx::Expected<lx::ViewRequest> base = lx::sceneRequest(*scene);
    if (!base)
        return failRender(ExitBadInput, QString::fromStdString(base.message()));
    base->kind = request.kind; // --view, unless a scene view below says otherwise
    request = std::move(*base);
    std::optional<int> rc;
    const lx::SceneView *view = pickSceneView(parser, o, *scene, viewIndex, request.kind, rc);
    if (rc)
        return rc;
    const bool picked = parser.isSet(o.view) || viewIndex >= 0;
    if (!picked && lx::sceneFigureShowsEveryView(*scene))
        everyView = lx::sceneViewRequests(*scene, request);
    if (view)
        request = lx::withSceneView(std::move(request), *view);
    // The scene's title names its figure; a view picked out of a scene of several
    // with
    // --view or --view-index keeps the view's own title.
    if (!picked || scene->views.size() <= 1)
        request.title = scene->title.empty() ? scene->name : scene->title;
    return std::nullopt;
}

// --options, --color-by and --title on top of the request; an exit code on
// failure.
std::optional<int> viewOptions(const QCommandLineParser &parser, const RenderCliOptions &o,
                               const nlohmann::json &extraOptions, lx::ViewRequest &request)
{
    for (const auto &[key, value] : extraOptions.items())
        request.options[key] = value;
    if (parser.isSet(o.color)) {
        const std::string key = parser.value(o.color).toStdString();
        if (const auto color = lx::parseOwnerColor(key); !color)
            return failRender(ExitBadUsage,
                              u"--color-by: %1"_s.arg(QString::fromStdString(color.message())));
        request.options["colorBy"] = key;
    }
    if (parser.isSet(o.title))
        request.title = parser.value(o.title).toStdString();
    if (const qsizetype n = QString::fromStdString(request.title).size(); n > kMaxTitleChars)
        return failRender(parser.isSet(o.title) ? ExitBadUsage : ExitBadInput,
                          u"the title has %1 characters; a figure title is at most %2"_s.arg(n).arg(
                              kMaxTitleChars));
    return std::nullopt;
}

// The option checks that need no file: sources, --view-index, --shape, --view
// and --options.
std::optional<int> checkSources(const QCommandLineParser &parser, const RenderCliOptions &o,
                                int &viewIndex, std::vector<int32_t> &shape)
{
    const bool fromScene = parser.isSet(o.preset) || parser.isSet(o.scene);
    const int sources = int(parser.isSet(o.layout)) + int(parser.isSet(o.layoutJson)) +
                        int(parser.isSet(o.preset)) + int(parser.isSet(o.scene));
    if (sources != 1)
        return failRender(ExitBadUsage,
                          u"give exactly one of --preset NAME, --scene FILE, --layout TEXT "
                          u"--shape MxN, --layout-json FILE"_s);
    if (parser.isSet(o.viewIndex)) {
        bool ok = false;
        viewIndex = parser.value(o.viewIndex).toInt(&ok);
        if (!ok || viewIndex < 0 || !fromScene)
            return failRender(ExitBadUsage,
                              u"--view-index takes a non-negative integer and goes with "
                              u"--preset or --scene"_s);
    }
    if (parser.isSet(o.layout)) {
        if (!parser.isSet(o.shape))
            return failRender(ExitBadUsage, u"--layout needs --shape MxN"_s);
        const auto parsed = lx::parseShape(parser.value(o.shape).toStdString());
        if (!parsed)
            return failRender(ExitBadUsage,
                              u"--shape must look like 128x128 (positive integers), not '%1'"_s.arg(
                                  parser.value(o.shape)));
        shape = *parsed;
    } else if (parser.isSet(o.shape)) {
        return failRender(ExitBadUsage, u"--shape goes with --layout"_s);
    }
    return std::nullopt;
}

// The view kind of --view and the JSON object of --options; an exit code on
// failure.
std::optional<int> viewKindAndOptions(const QCommandLineParser &parser, const RenderCliOptions &o,
                                      lx::ViewRequest &request, nlohmann::json &extraOptions)
{
    request.kind = parser.isSet(o.view) ? parser.value(o.view).toStdString() : "ownership";
    if (!lx::findViewKind(request.kind))
        return failRender(ExitBadUsage, QString::fromStdString(lx::buildView(request).message()));
    extraOptions = nlohmann::json::object();
    if (parser.isSet(o.options)) {
        auto parsed = lx::parseJson(parser.value(o.options).toStdString());
        if (!parsed)
            return failRender(ExitBadUsage,
                              u"--options: %1"_s.arg(QString::fromStdString(parsed.message())));
        if (!parsed->is_object())
            return failRender(ExitBadUsage, u"--options must be a JSON object"_s);
        extraOptions = std::move(*parsed);
    }
    return std::nullopt;
}

// Every view of a scene as one figure under `title` (scenefigure.h); --options and --color-by
// are for one view, picked with --view-index.
lx::Expected<lx::Diagram> sceneFigure(const std::vector<lx::ViewRequest> &views,
                                      const std::string &title)
{
    std::vector<lx::Diagram> parts;
    for (const lx::ViewRequest &v : views) {
        lx::Expected<lx::Diagram> d = lx::buildView(v);
        if (!d)
            return d.error();
        parts.push_back(std::move(*d));
    }
    return lx::combineDiagrams(parts, QString::fromStdString(title));
}

// The options are checked in the order the help lists them, as before the
// split: output, sources, drawing, view, then the scene or layout.
int runRender(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Render a figure of a layout to %1 (%2), without a display."_s.arg(
            lx::exportFormatNamesText(), lx::exportSuffixesText()));
    parser.addHelpOption();
    const RenderCliOptions o;
    o.addTo(parser);
    if (const auto rc = lx::app::parseOrExit(parser, args, u"layout-explorer render: "_s, false))
        return *rc;
    if (!parser.isSet(o.out) && !parser.isSet(o.figures))
        return failRender(ExitBadUsage, u"missing -o FILE"_s);
    const QString outPath = parser.value(o.out);
    // Without -o (--figures alone) nothing is written: any format passes this check.
    lx::ExportFormat *format =
        parser.isSet(o.out) ? lx::exportFormatForPath(outPath) : lx::exportFormats().front();
    if (!format)
        return failRender(ExitBadUsage, u"cannot tell the format of '%1': use %2"_s.arg(
                                            outPath, lx::exportSuffixesText()));
    if (parser.isSet(o.out))
        if (const QString e = lx::app::checkOutputFile(outPath); !e.isEmpty())
            return failRender(ExitBadInput, e);
    int viewIndex = -1;
    std::vector<int32_t> shape;
    lx::RenderOptions options;
    QSize fit;
    lx::ViewRequest request;
    nlohmann::json extraOptions;
    if (auto rc = checkSources(parser, o, viewIndex, shape))
        return *rc;
    if (auto rc = drawingOptions(parser, o, options, fit))
        return *rc;
    if (auto rc = viewKindAndOptions(parser, o, request, extraOptions))
        return *rc;
    std::vector<lx::ViewRequest> everyView;
    if (parser.isSet(o.preset) || parser.isSet(o.scene))
        if (auto rc = sceneRenderRequest(parser, o, viewIndex, request, everyView))
            return *rc;
    // --arch replaces the scene's architecture, as in every analyze command; an unknown name or
    // an unreadable file is refused by the view that needs it, naming it.
    request.arch = lx::app::archArg(parser, o.arch, request.arch);
    if (auto rc = viewOptions(parser, o, extraOptions, request))
        return *rc;
    if (parser.isSet(o.layout) || parser.isSet(o.layoutJson)) {
        const QString e =
            addLayoutSource(parser.isSet(o.layout) ? parser.value(o.layout) : QString(),
                            parser.value(o.layoutJson), shape, request);
        if (!e.isEmpty())
            return failRender(ExitBadInput, e);
    }
    const lx::Expected<lx::Diagram> diagram = lx::buildView(request);
    if (!diagram)
        return failRender(ExitBadInput, QString::fromStdString(diagram.message()));
    const lx::Expected<lx::Diagram> drawn =
        everyView.empty() ? diagram : sceneFigure(everyView, request.title);
    if (!drawn)
        return failRender(ExitBadInput, QString::fromStdString(drawn.message()));
    if (parser.isSet(o.out))
        if (const int rc = writeFigure(*drawn, options, fit, outPath, *format); rc != ExitOk)
            return rc;
    if (parser.isSet(o.figures))
        return printFigures(*diagram, request.kind);
    return ExitOk;
}

int renderCommand(const QStringList &args)
{
    return lx::app::withGuiApplication([&] { return runRender(args); });
}

} // namespace

LX_REGISTER_COMMAND(render, "render", "a figure of a layout to SVG, PDF, PNG or TikZ (headless)",
                    renderCommand);
