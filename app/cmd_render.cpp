// `layout-explorer render`: a figure of a layout or of a scene's view, headless (no display
// needed), to SVG, PDF, PNG or TikZ. The figure is built by the view registry and painted by the
// same DiagramRenderer as the window.

#include "command.h"
#include "output.h"

#include "io/boundedread.h"
#include "io/jsoninput.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "render/exporter.h"
#include "render/figurefit.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"
#include "request/shape.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QGuiApplication>
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

// A figure title longer than this would only make an unreadable, enormous figure.
constexpr qsizetype kMaxTitleChars = 1000;

int fail(int code, const QString &message)
{
    QTextStream(stderr) << "layout-explorer render: " << message << '\n';
    return code;
}

// The layout of --layout TEXT (with its shape) or, when `text` is empty, of --layout-json
// FILE, added to the request; returns the reason on failure.
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

// Writes the figure, fitted to `fit` (pixels) when that is valid; returns the exit code.
int writeFigure(const lx::Diagram &diagram, const lx::RenderOptions &options, QSize fit,
                const QString &outPath, lx::ExportFormat format)
{
    if (!fit.isValid()) {
        const QString error = lx::exportDiagram(diagram, options, outPath, format);
        return error.isEmpty() ? ExitOk : fail(ExitBadInput, error);
    }
    const lx::FittedFigure fitted = lx::fitDiagram(diagram, options, fit);
    if (!fitted.fits)
        return fail(ExitBadInput, u"the figure does not fit in %1x%2 pixels even at the smallest "
                                  u"scale (it needs %3x%4)"_s.arg(fit.width())
                                      .arg(fit.height())
                                      .arg(fitted.size.width())
                                      .arg(fitted.size.height()));
    const QString error = lx::exportDiagram(fitted.diagram, fitted.options, outPath, format);
    return error.isEmpty() ? ExitOk : fail(ExitBadInput, error);
}

// --figures: the numbers the window's analysis panel lists for this view, as JSON on stdout.
void printFigures(const lx::Diagram &diagram, const std::string &kind)
{
    nlohmann::json figures = nlohmann::json::array();
    for (const lx::DiagramFigure &f : diagram.figures)
        figures.push_back({{"key", f.key.toStdString()},
                           {"label", f.label.toStdString()},
                           {"text", f.value.toStdString()},
                           {"note", f.toolTip.toStdString()}});
    const std::string text = nlohmann::json{{"view", kind}, {"figures", figures}}.dump(1) + "\n";
    std::fwrite(text.data(), 1, text.size(), stdout);
}

// Longer than 150 lines: it declares the command's options and checks them in the order the
// help lists them; the steps that are not option checks live in the helpers above.
int runRender(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Render a figure of a layout to SVG, PDF, PNG or TikZ (.tex), without a display."_s);
    parser.addHelpOption();
    const QCommandLineOption presetOpt(
        u"preset"_s, u"A built-in preset (see 'layout-explorer presets')."_s, u"NAME"_s);
    const QCommandLineOption sceneOpt(u"scene"_s, u"A scene file (.lxscene)."_s, u"FILE"_s);
    const QCommandLineOption viewIndexOpt(
        u"view-index"_s,
        u"With --preset/--scene: which of the scene's views (0-based; "
        u"default: the first, or the first of kind --view)."_s,
        u"N"_s);
    const QCommandLineOption layoutOpt(
        u"layout"_s,
        u"A layout as #ttg attribute text (alias lines allowed) or a Gluon "
        u"constructor expression; needs --shape."_s,
        u"TEXT"_s);
    const QCommandLineOption shapeOpt(u"shape"_s, u"The tensor shape for --layout, e.g. 128x128."_s,
                                      u"MxN"_s);
    const QCommandLineOption layoutJsonOpt(
        u"layout-json"_s, u"A layout in the conformance JSON format."_s, u"FILE"_s);
    const QCommandLineOption viewOpt(u"view"_s, u"The view: %1 (default ownership)."_s.arg([] {
        QStringList kinds;
        for (const lx::ViewKind &k : lx::viewKinds())
            kinds << QString::fromLatin1(k.kind);
        return kinds.join(u", "_s);
    }()),
                                     u"KIND"_s);
    const QCommandLineOption colorOpt(
        u"color-by"_s, u"Ownership colour: lane, register, warp, simd, simd-pair, block, offset."_s,
        u"KEY"_s);
    const QCommandLineOption optionsOpt(u"options"_s, u"The view's options as a JSON object."_s,
                                        u"JSON"_s);
    const QCommandLineOption scaleOpt(u"scale"_s,
                                      u"Scale factor (default 1; PNG pixels per unit)."_s, u"S"_s);
    const QCommandLineOption fitOpt(
        u"fit"_s,
        u"Fit the figure in WxH pixels (e.g. 1920x1080 for a slide): side-by-side panels are "
        u"laid out in rows when that allows a larger scale; the result is never larger than "
        u"asked. Not with --scale."_s,
        u"WxH"_s);
    const QCommandLineOption titleOpt(u"title"_s, u"Figure title."_s, u"T"_s);
    const QCommandLineOption noLegendOpt(u"no-legend"_s, u"Omit the legend."_s);
    const QCommandLineOption noLabelsOpt(u"no-labels"_s, u"Omit cell texts and headers."_s);
    const QCommandLineOption noGridOpt(u"no-grid"_s, u"Omit grid lines."_s);
    const QCommandLineOption transparentOpt(u"transparent"_s, u"No background fill."_s);
    const QCommandLineOption darkOpt(u"dark"_s, u"Dark palette."_s);
    const QCommandLineOption outOpt({u"o"_s, u"output"_s},
                                    u"Output file: .svg, .pdf, .png or .tex."_s, u"FILE"_s);
    const QCommandLineOption figuresOpt(
        u"figures"_s,
        u"Print the view's figures (the numbers the window's analysis panel lists) as JSON on "
        u"stdout; -o is then optional."_s);
    parser.addOptions({presetOpt, sceneOpt, viewIndexOpt, layoutOpt, shapeOpt, layoutJsonOpt,
                       viewOpt, colorOpt, optionsOpt, scaleOpt, fitOpt, titleOpt, noLegendOpt,
                       noLabelsOpt, noGridOpt, transparentOpt, darkOpt, outOpt, figuresOpt});
    if (const auto rc = lx::app::parseOrExit(parser, args, u"layout-explorer render: "_s, false))
        return *rc;
    if (!parser.isSet(outOpt) && !parser.isSet(figuresOpt))
        return fail(ExitBadUsage, u"missing -o FILE"_s);
    const QString outPath = parser.value(outOpt);
    const auto format = parser.isSet(outOpt) ? lx::exportFormatForPath(outPath)
                                             : std::optional<lx::ExportFormat>(lx::ExportFormat{});
    if (!format)
        return fail(ExitBadUsage,
                    u"cannot tell the format of '%1': use .svg, .pdf, .png or .tex"_s.arg(outPath));
    if (parser.isSet(outOpt))
        if (const QString e = lx::app::checkOutputFile(outPath); !e.isEmpty())
            return fail(ExitBadInput, e);
    const bool fromScene = parser.isSet(presetOpt) || parser.isSet(sceneOpt);
    const int sources = int(parser.isSet(layoutOpt)) + int(parser.isSet(layoutJsonOpt)) +
                        int(parser.isSet(presetOpt)) + int(parser.isSet(sceneOpt));
    if (sources != 1)
        return fail(ExitBadUsage, u"give exactly one of --preset NAME, --scene FILE, --layout TEXT "
                                  u"--shape MxN, --layout-json FILE"_s);
    int viewIndex = -1;
    if (parser.isSet(viewIndexOpt)) {
        bool ok = false;
        viewIndex = parser.value(viewIndexOpt).toInt(&ok);
        if (!ok || viewIndex < 0 || !fromScene)
            return fail(ExitBadUsage, u"--view-index takes a non-negative integer and goes with "
                                      u"--preset or --scene"_s);
    }
    std::vector<int32_t> shape;
    if (parser.isSet(layoutOpt)) {
        if (!parser.isSet(shapeOpt))
            return fail(ExitBadUsage, u"--layout needs --shape MxN"_s);
        const auto parsed = lx::parseShape(parser.value(shapeOpt).toStdString());
        if (!parsed)
            return fail(ExitBadUsage,
                        u"--shape must look like 128x128 (positive integers), not '%1'"_s.arg(
                            parser.value(shapeOpt)));
        shape = *parsed;
    } else if (parser.isSet(shapeOpt)) {
        return fail(ExitBadUsage, u"--shape goes with --layout"_s);
    }

    lx::RenderOptions options;
    if (parser.isSet(scaleOpt)) {
        bool ok = false;
        options.scale = parser.value(scaleOpt).toDouble(&ok);
        if (!ok || !std::isfinite(options.scale) || options.scale <= 0 || options.scale > 64)
            return fail(ExitBadUsage, u"--scale must be a number in (0, 64]"_s);
    }
    QSize fit;
    if (parser.isSet(fitOpt)) {
        if (parser.isSet(scaleOpt))
            return fail(ExitBadUsage, u"give --fit or --scale, not both"_s);
        const auto parsed = lx::parseShape(parser.value(fitOpt).toStdString());
        if (!parsed || parsed->size() != 2 || (*parsed)[0] > 100000 || (*parsed)[1] > 100000)
            return fail(ExitBadUsage, u"--fit must look like 1920x1080 (pixels, at most "
                                      u"100000 each), not '%1'"_s.arg(parser.value(fitOpt)));
        fit = QSize((*parsed)[0], (*parsed)[1]);
    }
    options.legend = !parser.isSet(noLegendOpt);
    options.labels = !parser.isSet(noLabelsOpt);
    options.grid = !parser.isSet(noGridOpt);
    options.transparent = parser.isSet(transparentOpt);
    options.dark = parser.isSet(darkOpt);

    lx::ViewRequest request;
    request.kind = parser.isSet(viewOpt) ? parser.value(viewOpt).toStdString() : "ownership";
    if (!lx::findViewKind(request.kind))
        return fail(ExitBadUsage, QString::fromStdString(lx::buildView(request).message()));
    nlohmann::json extraOptions = nlohmann::json::object();
    if (parser.isSet(optionsOpt)) {
        auto parsed = lx::parseJson(parser.value(optionsOpt).toStdString());
        if (!parsed)
            return fail(ExitBadUsage,
                        u"--options: %1"_s.arg(QString::fromStdString(parsed.message())));
        if (!parsed->is_object())
            return fail(ExitBadUsage, u"--options must be a JSON object"_s);
        extraOptions = std::move(*parsed);
    }
    if (fromScene) {
        const lx::Expected<lx::Scene> scene =
            parser.isSet(presetOpt) ? lx::loadPreset(parser.value(presetOpt).toStdString())
                                    : lx::loadSceneFile(parser.value(sceneOpt).toStdString());
        if (!scene)
            return fail(ExitBadInput, QString::fromStdString(scene.message()));
        lx::Expected<lx::ViewRequest> base = lx::sceneRequest(*scene);
        if (!base)
            return fail(ExitBadInput, QString::fromStdString(base.message()));
        base->kind = request.kind; // --view, unless a scene view below says otherwise
        request = std::move(*base);
        // The view: --view-index, else the first of kind --view, else the first view.
        const lx::SceneView *view = nullptr;
        if (viewIndex >= 0) {
            if (size_t(viewIndex) >= scene->views.size())
                return fail(ExitBadUsage,
                            u"--view-index %1: the scene has %2 views"_s.arg(viewIndex).arg(
                                scene->views.size()));
            view = &scene->views[size_t(viewIndex)];
            if (parser.isSet(viewOpt) && view->kind != request.kind)
                return fail(ExitBadUsage,
                            u"--view-index %1 is a '%2' view, not '%3': give one of --view-index "
                            u"and --view, or matching ones"_s.arg(viewIndex)
                                .arg(QString::fromStdString(view->kind),
                                     QString::fromStdString(request.kind)));
        } else {
            for (const lx::SceneView &v : scene->views)
                if (!view && (!parser.isSet(viewOpt) || v.kind == request.kind))
                    view = &v;
        }
        if (view)
            request = lx::withSceneView(std::move(request), *view);
        // The scene's title names its figure; a view picked out of a scene of several with
        // --view or --view-index keeps the view's own title.
        const bool picked = parser.isSet(viewOpt) || viewIndex >= 0;
        if (!picked || scene->views.size() <= 1)
            request.title = scene->title.empty() ? scene->name : scene->title;
    }
    for (const auto &[key, value] : extraOptions.items())
        request.options[key] = value;
    if (parser.isSet(colorOpt)) {
        const std::string key = parser.value(colorOpt).toStdString();
        if (const auto color = lx::parseOwnerColor(key); !color)
            return fail(ExitBadUsage,
                        u"--color-by: %1"_s.arg(QString::fromStdString(color.message())));
        request.options["colorBy"] = key;
    }
    if (parser.isSet(titleOpt))
        request.title = parser.value(titleOpt).toStdString();
    if (const qsizetype n = QString::fromStdString(request.title).size(); n > kMaxTitleChars)
        return fail(parser.isSet(titleOpt) ? ExitBadUsage : ExitBadInput,
                    u"the title has %1 characters; a figure title is at most %2"_s.arg(n).arg(
                        kMaxTitleChars));

    if (parser.isSet(layoutOpt) || parser.isSet(layoutJsonOpt)) {
        const QString e =
            addLayoutSource(parser.isSet(layoutOpt) ? parser.value(layoutOpt) : QString(),
                            parser.value(layoutJsonOpt), shape, request);
        if (!e.isEmpty())
            return fail(ExitBadInput, e);
    }

    const lx::Expected<lx::Diagram> diagram = lx::buildView(request);
    if (!diagram)
        return fail(ExitBadInput, QString::fromStdString(diagram.message()));
    if (parser.isSet(outOpt))
        if (const int rc = writeFigure(*diagram, options, fit, outPath, *format); rc != ExitOk)
            return rc;
    if (parser.isSet(figuresOpt))
        printFigures(*diagram, request.kind);
    return ExitOk;
}

int renderCommand(const QStringList &args)
{
    // Fonts and QImage painting need a QGuiApplication; main() selected the offscreen platform
    // when none was set, so no display is needed.
    static int argc = 1;
    static char name[] = "layout-explorer";
    static char *argv[] = {name, nullptr};
    QGuiApplication app(argc, argv);
    return runRender(args);
}

} // namespace

LX_REGISTER_COMMAND(render, "render", "a figure of a layout to SVG, PDF, PNG or TikZ (headless)",
                    renderCommand);
