// `layout-explorer analyze cta (--preset NAME | --scene FILE | --layout TEXT --shape MxN) [--dtype
// T]
// [--json]`:
// the ctaLayout analysis of a WMMA v3 accumulator (core/analysis/ctalayout.h): each warp's SIMD
// and pair, cross-pair sharing of A and B, pieces, groups and TDM instructions.

#include "command.h"

#include "cliargs.h"
#include "output.h"

#include "request/analysisinputs.h"
#include "request/figures.h"
#include "request/reportjson.h"
#include "request/scenerequests.h"
#include "request/sourcechecks.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

// Writes the report of `analyze cta`: JSON (with the figures) or text (ending with the figures).
int writeCtaReport(const lx::CtaInput &in, const std::string &text, bool asJson)
{
    const QString prog = QStringLiteral("layout-explorer analyze cta: ");
    const lx::CuModel *cu = &in.cu;
    const lx::CtaAnalysis *r = &in.cta;
    const std::vector<int32_t> &shape = in.shape;
    const std::string &dtype = in.dtype;
    if (asJson)
        return lx::app::writeJson(lx::ctaReportJson(in, text), prog);
    const std::vector<lx::Figure> figures = lx::ctaFigures(in);
    std::ostringstream s;
    s << "ctaLayout analysis (" << cu->arch << "), C " << shape[0] << "x" << shape[1] << " "
      << dtype << ", tile " << r->tileM << "x" << r->tileN << ", " << r->numWarps << " warps, "
      << r->instructions.size() << " instructions\n";
    for (const lx::CtaWarp &w : r->warps)
        s << "  warp " << w.warp << ": SIMD " << w.simd << ", " << lx::ctaPairName(w.pair) << "\n";
    for (const lx::OperandPartitioning *op : {&r->a, &r->b}) {
        s << op->name << " (partition_dim " << op->partitionDim
          << "): " << (op->crossPairShared ? "shared across pairs" : "not shared across pairs");
        if (op->separable)
            s << "; num_partitions " << op->numPartitions << ", " << op->numPieces << " pieces of "
              << op->pieceExtent << ", num_groups " << op->numGroups << ", TDM instructions "
              << op->tdmInstructions;
        if (!op->note.empty())
            s << "; " << op->note;
        s << "\n";
    }
    for (const std::string &n : r->notes)
        s << "note: " << n << "\n";
    s << "figures:\n" << lx::figuresText(figures);
    return lx::app::writeStdout(s.str(), prog);
}

// The options of `analyze cta` besides --scene (the caller's sceneOpt).
void addCtaOptions(QCommandLineParser &parser, const QCommandLineOption &sceneOpt)
{
    parser.setApplicationDescription(QStringLiteral(
        "ctaLayout analysis of a WMMA v3 accumulator: warps -> SIMD -> pair, cross-pair sharing "
        "of A and B, PartitionedSharedLayout pieces and TDM instructions (the AMD MI450 LDS blog, "
        "Part II)."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("preset"), QStringLiteral("a preset scene"), QStringLiteral("NAME")});
    parser.addOption(sceneOpt);
    parser.addOption({QStringLiteral("layout"),
                      QStringLiteral("#ttg.amd_wmma text or a Gluon AMDWMMALayout"),
                      QStringLiteral("TEXT")});
    parser.addOption(
        {QStringLiteral("shape"), QStringLiteral("C shape, e.g. 128x128"), QStringLiteral("MxN")});
    parser.addOption({QStringLiteral("dtype"),
                      QStringLiteral("operand element type (f16, bf16, f8, ...; default: the "
                                     "scene's, else f16)"),
                      QStringLiteral("T")});
    parser.addOption({QStringLiteral("arch"), lx::app::archHelp(QStringLiteral("architecture")),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
}

// The request and layout text of --preset or --scene: the layout of the first cta view, else the
// first text layout of the scene. An exit code on failure.
std::optional<int> ctaRequestFromScene(const QCommandLineParser &parser,
                                       const QCommandLineOption &sceneOpt, QTextStream &err,
                                       lx::ViewRequest &req, std::string &layoutText)
{
    const QString prog = QStringLiteral("layout-explorer analyze cta: ");
    std::string what;
    auto scene =
        lx::app::sceneArg(parser, QCommandLineOption(QStringLiteral("preset")), &sceneOpt, &what);
    if (!scene) {
        err << prog << QString::fromStdString(scene.message()) << '\n';
        return ExitBadInput;
    }
    auto r = lx::ctaSceneRequest(*scene, what, layoutText);
    if (!r) {
        err << prog << QString::fromStdString(r.message()) << '\n';
        return ExitBadInput;
    }
    req = std::move(*r);
    return std::nullopt;
}

// The request and layout text of --layout TEXT --shape MxN. An exit code on failure.
std::optional<int> ctaRequestFromLayout(const QCommandLineParser &parser, QTextStream &err,
                                        lx::ViewRequest &req, std::string &layoutText)
{
    const QString prog = QStringLiteral("layout-explorer analyze cta: ");
    auto shape = lx::app::shapeArg(QStringLiteral("shape"), parser.value(QStringLiteral("shape")),
                                   {.rank = 2});
    if (!shape) {
        err << prog << QString::fromStdString(shape.message()) << '\n';
        return ExitBadUsage;
    }
    layoutText = parser.value(QStringLiteral("layout")).toStdString();
    auto l = lx::app::textLayoutArg("C", layoutText, *shape, {});
    if (!l) {
        err << prog << QString::fromStdString(l.message()) << '\n';
        return ExitBadInput;
    }
    req.kind = "cta-tiles";
    req.layout = "C";
    req.layouts.push_back(std::move(*l));
    return std::nullopt;
}

int runAnalyzeCta(const QStringList &args)
{
    QCommandLineParser parser;
    const QCommandLineOption sceneOpt(
        QStringLiteral("scene"), QStringLiteral("a scene file (.lxscene)"), QStringLiteral("FILE"));
    addCtaOptions(parser, sceneOpt);
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer analyze cta: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const bool preset = parser.isSet(QStringLiteral("preset")) || parser.isSet(sceneOpt);
    const std::string problem = lx::ctaSourcesProblem(
        parser.isSet(QStringLiteral("preset")), parser.isSet(sceneOpt),
        parser.isSet(QStringLiteral("layout")), parser.isSet(QStringLiteral("shape")));
    if (!problem.empty() || !parser.positionalArguments().isEmpty()) {
        err << prog
            << (problem.empty() ? QStringLiteral("give either --preset NAME, --scene FILE or "
                                                 "--layout TEXT --shape MxN [--dtype T]")
                                : QString::fromStdString(problem))
            << '\n';
        return ExitBadUsage;
    }
    const QCommandLineOption archOpt(QStringLiteral("arch"));
    lx::ViewRequest req;
    std::string layoutText;
    if (const std::optional<int> failed =
            preset ? ctaRequestFromScene(parser, sceneOpt, err, req, layoutText)
                   : ctaRequestFromLayout(parser, err, req, layoutText))
        return *failed;
    req.arch = lx::app::archArg(parser, archOpt, req.arch);
    // An explicit --dtype wins over a scene view's own "dtype" option (the option comes first
    // in the request layer's policy), so it is set as that option too.
    if (parser.isSet(QStringLiteral("dtype"))) {
        req.dtype = parser.value(QStringLiteral("dtype")).toStdString();
        req.options["dtype"] = req.dtype;
    }
    auto in = lx::resolveCta(req);
    if (!in) {
        err << prog << QString::fromStdString(in.message()) << '\n';
        return ExitBadInput;
    }
    return writeCtaReport(*in, layoutText, parser.isSet(QStringLiteral("json")));
}

} // namespace

LX_REGISTER_ANALYSIS(cta, "cta", "ctaLayout: SIMD pairs, cross-pair sharing, pieces, TDM cost",
                     runAnalyzeCta);
