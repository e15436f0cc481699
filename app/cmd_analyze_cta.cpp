// `layout-explorer analyze cta (--preset NAME | --layout TEXT --shape MxN --dtype T) [--json]`:
// the ctaLayout analysis of a WMMA v3 accumulator (core/analysis/ctalayout.h): each warp's SIMD
// and pair, cross-pair sharing of A and B, pieces, groups and TDM instructions.

#include "command.h"

#include "analysis/ctalayout.h"
#include "analysis/ldsscenario.h"
#include "io/scene.h"
#include "io/ttgtext.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

nlohmann::json operandJson(const lx::OperandPartitioning &op)
{
    nlohmann::json pieces = nlohmann::json::array();
    for (const lx::OperandPiece &p : op.pieces)
        pieces.push_back({{"index", p.index},
                          {"begin", p.begin},
                          {"end", p.end},
                          {"partition", p.partition},
                          {"group", p.group}});
    nlohmann::json j{{"partitionDim", op.partitionDim},
                     {"crossPairShared", op.crossPairShared},
                     {"separable", op.separable},
                     {"pieces", op.numPieces},
                     {"groups", op.numGroups},
                     {"numPartitions", op.numPartitions},
                     {"pieceExtent", op.pieceExtent},
                     {"tdmInstructions", op.tdmInstructions},
                     {"pieceList", pieces}};
    if (op.crossPairShared)
        j["sharedIn"] = {{"instruction", op.sharedInstruction}, {"band", op.sharedBand}};
    if (!op.note.empty())
        j["note"] = op.note;
    return j;
}

std::string pairName(const lx::CuLdsModel &cu, int pair)
{
    return pair >= 0 && size_t(pair) < cu.pairNames.size() ? cu.pairNames[size_t(pair)]
                                                           : std::to_string(pair);
}

int runAnalyzeCta(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "ctaLayout analysis of a WMMA v3 accumulator: warps -> SIMD -> pair, cross-pair sharing "
        "of A and B, PartitionedSharedLayout pieces and TDM instructions (the AMD MI450 LDS blog, "
        "Part II)."));
    parser.addHelpOption();
    parser.addOption(
        {QStringLiteral("preset"), QStringLiteral("a preset scene"), QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("layout"),
                      QStringLiteral("#ttg.amd_wmma text or a Gluon AMDWMMALayout"),
                      QStringLiteral("TEXT")});
    parser.addOption(
        {QStringLiteral("shape"), QStringLiteral("C shape, e.g. 128x128"), QStringLiteral("MxN")});
    parser.addOption({QStringLiteral("dtype"),
                      QStringLiteral("operand element type (f16, bf16, f8, ...)"),
                      QStringLiteral("T")});
    parser.addOption({QStringLiteral("arch"),
                      QStringLiteral("architecture (default: the scene's, else gfx1250)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
    QTextStream err(stderr);
    const QString prog = QStringLiteral("layout-explorer analyze cta: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const bool preset = parser.isSet(QStringLiteral("preset"));
    const bool direct = parser.isSet(QStringLiteral("layout"));
    if (preset == direct || !parser.positionalArguments().isEmpty()) {
        err << prog << "give either --preset NAME or --layout TEXT --shape MxN --dtype T\n";
        return ExitBadUsage;
    }
    std::string text, dtype, arch = "gfx1250";
    std::vector<int32_t> shape;
    if (preset) {
        auto scene = lx::loadPreset(parser.value(QStringLiteral("preset")).toStdString());
        if (!scene) {
            err << prog << QString::fromStdString(scene.message()) << '\n';
            return ExitBadInput;
        }
        if (!scene->arch.empty())
            arch = scene->arch;
        // The layout of the first cta view, else the first text layout of the scene.
        std::string wanted;
        for (const lx::SceneView &v : scene->views)
            if (v.kind.rfind("cta", 0) == 0 && !v.layout.empty()) {
                wanted = v.layout;
                break;
            }
        for (const lx::SceneLayout &l : scene->layouts) {
            if (!l.text || (!wanted.empty() && l.name != wanted))
                continue;
            text = *l.text;
            shape = l.shape;
            dtype = l.dtype;
            break;
        }
        if (text.empty()) {
            err << prog << "preset '" << parser.value(QStringLiteral("preset"))
                << "' has no WMMA layout to analyse\n";
            return ExitBadInput;
        }
    } else {
        if (!parser.isSet(QStringLiteral("shape")) || !parser.isSet(QStringLiteral("dtype"))) {
            err << prog << "--layout needs --shape MxN and --dtype T\n";
            return ExitBadUsage;
        }
        text = parser.value(QStringLiteral("layout")).toStdString();
        static const QRegularExpression re(QStringLiteral("^(\\d+)x(\\d+)$"));
        const auto m = re.match(parser.value(QStringLiteral("shape")));
        if (!m.hasMatch()) {
            err << prog << "--shape must look like 128x128\n";
            return ExitBadUsage;
        }
        shape = {m.captured(1).toInt(), m.captured(2).toInt()};
        dtype = parser.value(QStringLiteral("dtype")).toStdString();
    }
    if (parser.isSet(QStringLiteral("arch")))
        arch = parser.value(QStringLiteral("arch")).toStdString();
    const lx::Expected<int> knownBits = lx::dtypeBits(dtype);
    if (!knownBits) {
        err << prog << QString::fromStdString(knownBits.message()) << '\n';
        return ExitBadInput;
    }
    const int bits = *knownBits;
    if (shape.size() != 2) {
        err << prog << "the C shape must have two dims\n";
        return ExitBadInput;
    }
    auto cu = lx::loadCuLdsModel(arch);
    if (!cu) {
        err << prog << QString::fromStdString(cu.message()) << '\n';
        return ExitBadInput;
    }
    auto attr = lx::parseLayoutText(text);
    if (!attr) {
        err << prog << QString::fromStdString(attr.message()) << '\n';
        return ExitBadInput;
    }
    auto spec = lx::ctaSpecFromAttr(**attr, {shape[0], shape[1]}, bits);
    if (!spec) {
        err << prog << QString::fromStdString(spec.message()) << '\n';
        return ExitBadInput;
    }
    auto r = lx::analyzeCtaLayout(*spec, *cu);
    if (!r) {
        err << prog << QString::fromStdString(r.message()) << '\n';
        return ExitBadInput;
    }

    nlohmann::json warps = nlohmann::json::array();
    for (const lx::CtaWarp &w : r->warps)
        warps.push_back({{"warp", w.warp}, {"simd", w.simd}, {"pair", pairName(*cu, w.pair)}});
    nlohmann::json instrs = nlohmann::json::array();
    for (const lx::CtaInstruction &ins : r->instructions) {
        nlohmann::json tiles = nlohmann::json::array();
        for (const lx::CtaWarpTile &t : ins.tiles)
            tiles.push_back({{"warp", t.warp},
                             {"aRows", {t.tileM * r->tileM, (t.tileM + 1) * r->tileM}},
                             {"bCols", {t.tileN * r->tileN, (t.tileN + 1) * r->tileN}}});
        instrs.push_back({{"index", ins.index}, {"warps", tiles}});
    }
    nlohmann::json j{
        {"arch", cu->arch},
        {"layout", text},
        {"shape", shape},
        {"dtype", dtype},
        {"tile", {r->tileM, r->tileN}},
        {"ctaTileInTiles", {r->ctaTilesM, r->ctaTilesN}},
        {"registerBases", r->registerBases},
        {"automaticRegisterBases", int(r->registerBases.size()) - r->numUserRegisterBases},
        {"warpBases", r->warpBases},
        {"warps", warps},
        {"instructions", instrs},
        {"A", operandJson(r->a)},
        {"B", operandJson(r->b)},
        {"notes", r->notes}};
    std::string out;
    if (parser.isSet(QStringLiteral("json"))) {
        out = j.dump(1) + "\n";
    } else {
        std::ostringstream s;
        s << "ctaLayout analysis (" << cu->arch << "), C " << shape[0] << "x" << shape[1] << " "
          << dtype << ", tile " << r->tileM << "x" << r->tileN << ", " << r->numWarps << " warps, "
          << r->instructions.size() << " instructions\n";
        for (const lx::CtaWarp &w : r->warps)
            s << "  warp " << w.warp << ": SIMD " << w.simd << ", pair " << pairName(*cu, w.pair)
              << "\n";
        for (const lx::OperandPartitioning *op : {&r->a, &r->b}) {
            s << op->name << " (partition_dim " << op->partitionDim
              << "): " << (op->crossPairShared ? "shared across pairs" : "not shared across pairs");
            if (op->separable)
                s << "; num_partitions " << op->numPartitions << ", " << op->numPieces
                  << " pieces of " << op->pieceExtent << ", num_groups " << op->numGroups
                  << ", TDM instructions " << op->tdmInstructions;
            if (!op->note.empty())
                s << "; " << op->note;
            s << "\n";
        }
        for (const std::string &n : r->notes)
            s << "note: " << n << "\n";
        out = s.str();
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(cta, "cta", "ctaLayout: SIMD pairs, cross-pair sharing, pieces, TDM cost",
                     runAnalyzeCta);
