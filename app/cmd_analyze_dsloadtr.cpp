// `layout-explorer analyze ds-load-tr`: does a local_load lower to a transposed LDS load, why or
// why not, what each lane reads, and what it costs otherwise (core/analysis/dsloadtr.h).
//
//   layout-explorer analyze ds-load-tr (--preset NAME | --scene FILE | --shared TEXT --dst TEXT
//       --shape MxN [--dtype f16|bf16|f8|i8|i4] [--arch gfx1250|gfx950] | --packed-fp4
//       --shared TEXT --dst TEXT --shape MxN --dst-shape MxN [--arch ...]) [--json] [--warp W]
//       [-o FIGURE (a suffix of an export format, ui/render/exportformat.h) [--view KIND]]
//
// Exit codes: 0 the analysis ran (eligible or not, also for an element type no transposed load
// moves: 32-bit elements give "eligible no", the reason and the fallback), 1 bad input (layout
// text, a shape that is not a power of two, a destination that is not a dot operand, an arch
// without transposed loads, an unreadable preset), 2 bad usage. A missing --dtype, arch or dtype in
// the scene takes the request layer's defaults (core/request/defaults.h), as the window does.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "hw/dtype.h"

#include "analysis/dsloadtr.h"
#include "io/layoutjson.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "render/exporter.h"
#include "render/renderjob.h"
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
#include "request/dsloadtrinput.h"
#include "request/dsloadtrjson.h"
#include "request/figures.h"
#include "request/kernelpressure.h"
#include "request/scenerequests.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <bit>
#include <tuple>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;
using lx::app::qs;

constexpr lx::app::Fail failDsLoadTr{"layout-explorer analyze ds-load-tr: "};

void printText(QTextStream &out, const lx::DsLoadTrPlan &p, const std::string &dtype, int warp)
{
    if (p.hasInstruction())
        out << "instruction  " << qs(p.instruction.name) << " (" << qs(p.instruction.intrinsic)
            << ", " << qs(p.instruction.arch) << ", " << qs(dtype) << ", "
            << p.instruction.tileSize() << " contiguous elements per lane)\n";
    else
        out << "instruction  none (" << qs(p.instruction.arch) << ", " << qs(dtype) << ", "
            << p.instruction.elementBits << "-bit elements)\n";
    out << "registers    " << p.registers << " per thread, " << p.warps << " warp(s)\n";
    out << "cvt          " << qs(p.cvt.toString()).trimmed().replace(u'\n', u"\n             "_s)
        << '\n';
    if (p.eligible) {
        out << "eligible     yes: " << p.instructions << " x " << qs(p.instruction.name)
            << " per thread issued, " << p.distinctInstructions
            << " distinct (what the assembly keeps)\n";
    } else {
        out << "eligible     no: " << qs(p.reason) << '\n';
    }
    out << "fallback     " << p.fallback.count << " x " << qs(p.fallback.instruction) << " issued, "
        << p.fallback.distinctCount << " distinct (" << p.fallback.vectorElements
        << " element(s) per load)\n";
    if (!p.eligible)
        return;
    out << "addrLayout   "
        << qs(p.addrLayout.toString()).trimmed().replace(u'\n', u"\n             "_s) << '\n';
    out << "LDS element offsets read by each source lane, warp " << warp << ":\n";
    for (int64_t i = 0; i < p.instructions; ++i) {
        out << "  instr " << QString::number(i).rightJustified(3) << ":";
        for (int32_t o : p.laneOffsets[size_t(warp)][size_t(i)])
            out << ' ' << o;
        out << '\n';
    }
}

// -o FILE: the figure of `view` (of kind `kind` when given, with that scene view's options).
int writeFigure(const QString &path, const lx::ViewRequest &view,
                const std::optional<lx::Scene> &scene, const std::string &kind)
{
    lx::ExportFormat *format = lx::exportFormatForPath(path);
    if (!format)
        return failDsLoadTr(ExitBadUsage, u"cannot tell the format of '%1': use %2"_s.arg(
                                              path, lx::exportSuffixesText()));
    const lx::Expected<lx::ViewRequest> figure = lx::dsLoadTrFigureRequest(view, scene, kind);
    if (!figure)
        return failDsLoadTr(ExitBadUsage, qs(figure.message()));
    return lx::app::withGuiApplication([&] {
        lx::Expected<lx::Diagram> diagram = lx::buildView(*figure);
        if (!diagram)
            return failDsLoadTr(ExitBadInput, qs(diagram.message()));
        const QString error = lx::exportDiagram(*diagram, lx::RenderOptions{}, path, *format);
        if (!error.isEmpty())
            return failDsLoadTr(ExitBadInput, error);
        return int(ExitOk);
    });
}

// The options of `analyze ds-load-tr`, in the order --help lists them.
struct TrCommandOptions
{
    const QCommandLineOption presetOpt{u"preset"_s, u"A preset (resources/presets)."_s, u"NAME"_s};
    const QCommandLineOption sceneOpt{u"scene"_s, u"A scene file (.lxscene)."_s, u"FILE"_s};
    const QCommandLineOption sharedOpt{u"shared"_s, u"Source shared layout (#ttg text or Gluon)."_s,
                                       u"TEXT"_s};
    const QCommandLineOption dstOpt{
        u"dst"_s, u"Destination layout (a dot operand or #ttg.linear)."_s, u"TEXT"_s};
    const QCommandLineOption shapeOpt{u"shape"_s, u"Tensor shape MxN (powers of two)."_s, u"MxN"_s};
    const QCommandLineOption packedOpt{
        u"packed-fp4"_s,
        u"amdg.local_load_packed_transposed: i8 layouts holding fp4 pairs; --shape is the source's "
        "i8 shape and --dst-shape the destination's."_s};
    const QCommandLineOption dstShapeOpt{u"dst-shape"_s, u"Destination i8 shape (--packed-fp4)."_s,
                                         u"MxN"_s};
    const QCommandLineOption dtypeOpt{
        u"dtype"_s,
        u"Element type: f16, bf16, f8, i8, i4 (f32, i32: no transposed variant, the fallback)."_s,
        u"T"_s};
    const QCommandLineOption archOpt{
        u"arch"_s, lx::app::archHelp(u"an architecture with transposed loads"_s), u"ARCH"_s};
    const QCommandLineOption jsonOpt{u"json"_s, u"JSON report on stdout."_s};
    const QCommandLineOption warpOpt{u"warp"_s,
                                     u"The warp whose addresses the text report lists."_s, u"W"_s};
    const QCommandLineOption outOpt{{u"o"_s, u"output"_s},
                                    u"Also write a figure (%1)."_s.arg(lx::exportSuffixesText()),
                                    u"FILE"_s};
    const QCommandLineOption viewOpt{u"view"_s,
                                     u"The figure's view kind (default: the preset's first view, "
                                     "else ds-load-tr-panels)."_s,
                                     u"KIND"_s};

    QList<QCommandLineOption> all() const
    {
        return {presetOpt, sceneOpt, sharedOpt, dstOpt,  shapeOpt, packedOpt, dstShapeOpt,
                dtypeOpt,  archOpt,  jsonOpt,   warpOpt, outOpt,   viewOpt};
    }
};

// The request of --preset NAME or --scene FILE (the scene kept for the figure); an exit code on
// failure.
std::optional<int> requestFromScene(const QCommandLineParser &parser, const TrCommandOptions &o,
                                    lx::ViewRequest &req, std::optional<lx::Scene> &scene)
{
    if (const std::string problem = lx::dsLoadTrSourcesProblem(
            parser.isSet(o.presetOpt), parser.isSet(o.sceneOpt), parser.isSet(o.sharedOpt),
            parser.isSet(o.dstOpt), parser.isSet(o.shapeOpt));
        !problem.empty())
        return failDsLoadTr(ExitBadUsage, qs(problem));
    std::string what;
    lx::Expected<lx::Scene> loaded = lx::app::sceneArg(parser, o.presetOpt, &o.sceneOpt, &what);
    if (!loaded)
        return failDsLoadTr(ExitBadInput, qs(what + ": " + loaded.message()));
    scene = std::move(*loaded);
    lx::Expected<lx::ViewRequest> r = lx::dsLoadTrSceneRequest(*scene, what);
    if (!r)
        return failDsLoadTr(ExitBadInput, qs(r.message()));
    req = std::move(*r);
    if (parser.isSet(o.dtypeOpt))
        req.options["dtype"] = parser.value(o.dtypeOpt).toStdString();
    return std::nullopt;
}

std::optional<std::string> trOption(const QCommandLineParser &parser,
                                    const QCommandLineOption &option)
{
    if (!parser.isSet(option))
        return std::nullopt;
    return parser.value(option).toStdString();
}

// The request of --shared TEXT --dst TEXT --shape MxN [--dtype T], or of --packed-fp4 with
// --dst-shape (request/dsloadtrinput.h); an exit code on failure.
std::optional<int> requestFromLayouts(const QCommandLineParser &parser, const TrCommandOptions &o,
                                      lx::ViewRequest &req)
{
    lx::DsLoadTrTextArgs args;
    args.shared = trOption(parser, o.sharedOpt);
    args.dst = trOption(parser, o.dstOpt);
    args.shape = trOption(parser, o.shapeOpt);
    args.dstShape = trOption(parser, o.dstShapeOpt);
    args.dtype = trOption(parser, o.dtypeOpt);
    args.packedFp4 = parser.isSet(o.packedOpt);
    lx::DsLoadTrTextAnswer answer = lx::dsLoadTrTextRequest(args);
    if (!answer.request)
        return failDsLoadTr(answer.usage ? ExitBadUsage : ExitBadInput, qs(answer.message));
    req = std::move(*answer.request);
    return std::nullopt;
}

int runDsLoadTr(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        u"Whether a local_load lowers to ds_load_tr / ds_read_b64_tr_*, why or why not, the LDS "
        "address of every lane, and the fallback."_s);
    parser.addHelpOption();
    const TrCommandOptions o;
    parser.addOptions(o.all());
    if (const auto rc = lx::app::parseOrExit(
            parser, args, QStringLiteral("layout-explorer analyze ds-load-tr: "), false))
        return *rc;

    lx::ViewRequest req;
    std::optional<lx::Scene> scene;
    const std::optional<int> failed = parser.isSet(o.presetOpt) || parser.isSet(o.sceneOpt)
                                          ? requestFromScene(parser, o, req, scene)
                                          : requestFromLayouts(parser, o, req);
    if (failed)
        return *failed;
    req.arch = lx::app::archArg(parser, o.archOpt, req.arch);
    const std::optional<int> warpArg = lx::app::nonNegativeIntArg(parser, o.warpOpt);
    if (warpArg && *warpArg < 0)
        return failDsLoadTr(ExitBadUsage, u"--warp must be a warp index"_s);
    const int warp = warpArg.value_or(0);

    lx::Expected<lx::DsLoadTrInput> in = lx::resolveDsLoadTr(req);
    if (!in)
        return failDsLoadTr(ExitBadInput, qs(lx::dsLoadTrRefusal(in.message(), req.kind)));
    const lx::DsLoadTrPlan *plan = &in->plan;
    if (const std::optional<std::string> refused = lx::dsLoadTrWarpRefusal(*in, warp))
        return failDsLoadTr(ExitBadUsage, qs(*refused));

    if (parser.isSet(o.outOpt))
        if (const int rc = writeFigure(
                parser.value(o.outOpt), req, scene,
                parser.isSet(o.viewOpt) ? parser.value(o.viewOpt).toStdString() : std::string());
            rc != ExitOk)
            return rc;

    if (parser.isSet(o.jsonOpt)) {
        const lx::Expected<nlohmann::json> j = lx::dsLoadTrJson(*in, req);
        if (!j)
            return failDsLoadTr(ExitBadInput, qs(j.message()));
        return lx::app::writeJson(*j, u"layout-explorer analyze ds-load-tr: "_s);
    }
    std::vector<lx::Figure> figures = lx::dsLoadTrFigures(*in);
    // What a preset's view quotes as measured (the attention kernel's VGPRs and spills).
    const lx::Expected<std::vector<lx::Figure>> quotes = lx::measuredRegisterFigures(req);
    if (!quotes)
        return failDsLoadTr(ExitBadInput, qs(quotes.message()));
    figures.insert(figures.end(), quotes->begin(), quotes->end());
    lx::app::OutStream out;
    printText(out, *plan, in->dtype, warp);
    out << "figures:\n" << qs(lx::figuresText(figures));
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(dsloadtr, "ds-load-tr",
                     "whether a local_load becomes ds_load_tr, why (not), lane addresses, fallback",
                     runDsLoadTr);
