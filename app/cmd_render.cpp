// `layout-explorer render`: a figure of a layout or of a scene's view, headless
// (no display needed), to SVG, PDF, PNG or TikZ. The figure is built by the
// view registry and painted by the same DiagramRenderer as the window. What the options ask for
// is answered by render/renderjob.h, which Python asks too.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "render/diagramrenderer.h"
#include "render/exportformat.h"
#include "render/renderjob.h"
#include "render/viewregistry.h"

#include <QCommandLineParser>
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

constexpr lx::app::Fail failRender{"layout-explorer render: "};

// A refusal of the render job as the command reports it.
int refused(const lx::RenderRefusal &r)
{
    return failRender(r.usage ? ExitBadUsage : ExitBadInput, QString::fromStdString(r.message));
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

std::optional<std::string> renderOption(const QCommandLineParser &parser,
                                        const QCommandLineOption &option)
{
    if (!parser.isSet(option))
        return std::nullopt;
    return parser.value(option).toStdString();
}

// The sources and view options of the command line as the render job takes them.
lx::RenderSource renderSourceOf(const QCommandLineParser &parser, const RenderCliOptions &o)
{
    lx::RenderSource s;
    s.preset = parser.isSet(o.preset);
    s.sceneFile = parser.isSet(o.scene);
    if (s.preset || s.sceneFile) {
        const std::string name = parser.value(s.preset ? o.preset : o.scene).toStdString();
        const bool preset = s.preset;
        s.loadScene = [name, preset] {
            return preset ? lx::loadPreset(name) : lx::loadSceneFile(name);
        };
    }
    s.layout = renderOption(parser, o.layout);
    s.shape = renderOption(parser, o.shape);
    s.layoutJson = renderOption(parser, o.layoutJson);
    s.viewIndex = renderOption(parser, o.viewIndex);
    s.view = renderOption(parser, o.view);
    s.arch = renderOption(parser, o.arch);
    s.options = renderOption(parser, o.options);
    s.colorBy = renderOption(parser, o.color);
    s.title = renderOption(parser, o.title);
    return s;
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
    const lx::RenderSource source = renderSourceOf(parser, o);
    if (const auto problem = lx::renderSourceProblem(source))
        return refused(*problem);
    lx::RenderOptions options;
    QSize fit;
    if (auto rc = drawingOptions(parser, o, options, fit))
        return *rc;
    const lx::RenderJobAnswer answer = lx::renderJob(source);
    if (answer.refusal)
        return refused(*answer.refusal);
    const lx::Expected<lx::RenderedJob> rendered = lx::renderJobFigure(*answer.job);
    if (!rendered)
        return failRender(ExitBadInput, QString::fromStdString(rendered.message()));
    if (parser.isSet(o.out)) {
        QStringList warnings;
        const auto problem =
            lx::writeRenderedFigure(rendered->figure(), options, fit, outPath, &warnings);
        // What the page cannot show legibly is said, and the page is still written.
        for (const QString &warning : warnings)
            lx::app::ErrorStream() << "layout-explorer render: warning: " << warning << '\n';
        if (problem)
            return refused(*problem);
    }
    if (parser.isSet(o.figures))
        return lx::app::writeJson(lx::viewFiguresJson(rendered->view, answer.job->request.kind),
                                  u"layout-explorer render: "_s);
    return ExitOk;
}

int renderCommand(const QStringList &args)
{
    return lx::app::withGuiApplication([&] { return runRender(args); });
}

} // namespace

LX_REGISTER_COMMAND(render, "render", "a figure of a layout to SVG, PDF, PNG or TikZ (headless)",
                    renderCommand);
