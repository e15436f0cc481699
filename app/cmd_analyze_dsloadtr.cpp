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
#include "render/viewregistry.h"
#include "request/analysisinputs.h"
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

constexpr lx::ShapeRules kShapeRules{.rank = 2, .powerOfTwo = true};

// A layout given on the command line; the destination's kind is judged before it is fitted to
// the shape, so a shared layout given as --dst is reported as such rather than by the builder.
lx::Expected<lx::ResolvedLayout> buildLayout(const std::string &name, const std::string &text,
                                             const std::vector<int32_t> &shape,
                                             const std::string &dtype)
{
    if (name == "dst")
        if (lx::Expected<lx::LayoutAttrPtr> attr = lx::parseLayoutText(text); attr)
            if (std::optional<std::string> problem = lx::dsLoadTrDestinationProblem(attr->get()))
                return lx::makeError(*problem);
    lx::Expected<lx::ResolvedLayout> l = lx::app::textLayoutArg(name, text, shape, dtype);
    if (!l) {
        // "layout 'dst': 1:3: ..." -> "dst: 1:3: ..."
        const std::string prefix = "layout '" + name + "': ";
        const std::string m = l.message();
        return lx::makeError(name + ": " + (m.rfind(prefix, 0) == 0 ? m.substr(prefix.size()) : m));
    }
    return l;
}

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
int writeFigure(const QString &path, lx::ViewRequest view, const std::optional<lx::Scene> &scene,
                const std::string &kind)
{
    lx::ExportFormat *format = lx::exportFormatForPath(path);
    if (!format)
        return failDsLoadTr(ExitBadUsage, u"cannot tell the format of '%1': use %2"_s.arg(
                                              path, lx::exportSuffixesText()));
    if (!kind.empty()) {
        if (scene)
            for (const lx::SceneView &v : scene->views)
                if (v.kind == kind)
                    view = lx::withSceneView(std::move(view), v);
        view.kind = kind;
    }
    if (view.kind.empty()) // layouts given as text: the default the help names
        view.kind = "ds-load-tr-panels";
    if (!lx::findViewKind(view.kind))
        return failDsLoadTr(ExitBadUsage, qs(lx::buildView(view).message()));
    return lx::app::withGuiApplication([&] {
        lx::Expected<lx::Diagram> diagram = lx::buildView(view);
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
    const QCommandLineOption &source = parser.isSet(o.presetOpt) ? o.presetOpt : o.sceneOpt;
    for (const QCommandLineOption *opt : {&o.sharedOpt, &o.dstOpt, &o.shapeOpt})
        if (parser.isSet(*opt))
            return failDsLoadTr(ExitBadUsage, u"--%1 and --%2 exclude each other"_s.arg(
                                                  source.names().first(), opt->names().first()));
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

// The request of --packed-fp4 --shared TEXT --dst TEXT --shape MxN --dst-shape MxN; an exit code
// on failure.
std::optional<int> requestFromPackedFp4(const QCommandLineParser &parser, const TrCommandOptions &o,
                                        lx::ViewRequest &req)
{
    for (const QCommandLineOption *opt : {&o.sharedOpt, &o.dstOpt, &o.shapeOpt, &o.dstShapeOpt})
        if (!parser.isSet(*opt))
            return failDsLoadTr(ExitBadUsage,
                                u"--packed-fp4 needs --%1"_s.arg(opt->names().first()));
    for (const auto &[name, opt, shapeOption] : {std::tuple{"shared", &o.sharedOpt, &o.shapeOpt},
                                                 std::tuple{"dst", &o.dstOpt, &o.dstShapeOpt}}) {
        lx::Expected<std::vector<int32_t>> shape =
            lx::parseShape(parser.value(*shapeOption).toStdString(), kShapeRules);
        if (!shape)
            return failDsLoadTr(ExitBadInput, qs(shape.message()));
        lx::Expected<lx::ResolvedLayout> l = buildLayout(
            name, parser.value(*opt).toStdString(), *shape, std::string(lx::kPackedFp4LayoutDtype));
        if (!l)
            return failDsLoadTr(ExitBadInput, qs(l.message()));
        req.layouts.push_back(std::move(*l));
    }
    req.options = {{"shared", "shared"}, {"dst", "dst"}, {"packedFp4", true}};
    return std::nullopt;
}

// The request of --shared TEXT --dst TEXT --shape MxN [--dtype T]; an exit code on failure.
std::optional<int> requestFromLayouts(const QCommandLineParser &parser, const TrCommandOptions &o,
                                      lx::ViewRequest &req)
{
    for (const QCommandLineOption *opt : {&o.sharedOpt, &o.dstOpt, &o.shapeOpt})
        if (!parser.isSet(*opt))
            return failDsLoadTr(
                ExitBadUsage, u"missing --%1 (or give --preset NAME)"_s.arg(opt->names().first()));
    if (parser.isSet(o.dtypeOpt)) {
        req.dtype = parser.value(o.dtypeOpt).toStdString();
        if (!lx::dtypeBits(req.dtype))
            return failDsLoadTr(ExitBadUsage,
                                u"unknown --dtype '%1' (f16, bf16, f8, i8, i4, f32, i32)"_s.arg(
                                    parser.value(o.dtypeOpt)));
    }
    lx::Expected<std::vector<int32_t>> shape =
        lx::parseShape(parser.value(o.shapeOpt).toStdString(), kShapeRules);
    if (!shape)
        return failDsLoadTr(ExitBadInput, qs(shape.message()));
    for (const auto &[name, opt] :
         {std::pair{"shared", &o.sharedOpt}, std::pair{"dst", &o.dstOpt}}) {
        lx::Expected<lx::ResolvedLayout> l =
            buildLayout(name, parser.value(*opt).toStdString(), *shape, req.dtype);
        if (!l)
            return failDsLoadTr(ExitBadInput, qs(l.message()));
        req.layouts.push_back(std::move(*l));
    }
    req.options = {{"shared", "shared"}, {"dst", "dst"}};
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
    if (parser.isSet(o.presetOpt) && parser.isSet(o.sceneOpt))
        return failDsLoadTr(ExitBadUsage, u"--preset and --scene exclude each other"_s);
    const std::optional<int> failed = parser.isSet(o.presetOpt) || parser.isSet(o.sceneOpt)
                                          ? requestFromScene(parser, o, req, scene)
                                      : parser.isSet(o.packedOpt)
                                          ? requestFromPackedFp4(parser, o, req)
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
    if (plan->eligible && warp >= plan->warps)
        return failDsLoadTr(ExitBadUsage,
                            u"--warp %1: the layout has %2 warp(s)"_s.arg(warp).arg(plan->warps));

    if (parser.isSet(o.outOpt))
        if (const int rc = writeFigure(
                parser.value(o.outOpt), req, scene,
                parser.isSet(o.viewOpt) ? parser.value(o.viewOpt).toStdString() : std::string());
            rc != ExitOk)
            return rc;

    lx::app::OutStream out;
    std::vector<lx::Figure> figures = lx::dsLoadTrFigures(*in);
    // What a preset's view quotes as measured (the attention kernel's VGPRs and spills).
    const lx::Expected<std::vector<lx::Figure>> quotes = lx::measuredRegisterFigures(req);
    if (!quotes)
        return failDsLoadTr(ExitBadInput, qs(quotes.message()));
    figures.insert(figures.end(), quotes->begin(), quotes->end());
    if (parser.isSet(o.jsonOpt)) {
        nlohmann::json j = lx::dsLoadTrJson(*in);
        for (const nlohmann::json &q : lx::figuresJson(*quotes))
            j["figures"].push_back(q);
        return lx::app::writeJson(j, u"layout-explorer analyze ds-load-tr: "_s);
    } else {
        printText(out, *plan, in->dtype, warp);
        out << "figures:\n" << qs(lx::figuresText(figures));
    }
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(dsloadtr, "ds-load-tr",
                     "whether a local_load becomes ds_load_tr, why (not), lane addresses, fallback",
                     runDsLoadTr);
