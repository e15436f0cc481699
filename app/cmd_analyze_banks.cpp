// `layout-explorer analyze banks`: LDS bank conflicts of one access, per instruction and phase,
// with Triton's generic count beside ours.
//
//   analyze banks (--preset NAME | --scene FILE) [--view N] [--json]
//   analyze banks --reg TEXT --shared TEXT --shape MxN [--dtype T] [--arch A] [--instruction I]
//                 [--write] [--warp W] [--json]
//   analyze banks --perf-config v4:... [--operand A|B] [--rotate] [--dtype T] [--arch A] [--json]
//
// A preset's access is the one of its first bank view (bank-table, bank-histogram, bank-map), or
// of view N (0-based among the scene's views) with --view. A missing --arch or --dtype takes the
// request layer's defaults (core/request/defaults.h), as the window does.

#include "cliargs.h"
#include "command.h"

#include "analysis/banks.h"
#include "analysis/kpack.h"
#include "io/scene.h"
#include "request/analysisinputs.h"
#include "request/figures.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

int fail(int code, const QString &message)
{
    QTextStream(stderr) << "layout-explorer analyze banks: " << message << '\n';
    return code;
}

nlohmann::json phaseJson(const lx::PhaseReport &p)
{
    return {{"pass", p.pass},
            {"phase", p.phase},
            {"lanes", p.lanes},
            {"laneText", lx::formatLaneList(p.lanes, "T")},
            {"activeLanes", p.activeLanes},
            {"maxWays", p.ways},
            {"cycles", p.cycles}};
}

nlohmann::json reportJson(const lx::BankViewInput &in)
{
    const lx::BankConflictReport &r = in.report;
    nlohmann::json j;
    j["arch"] = in.arch.name;
    j["source"] = in.sourceText;
    j["dtype"] = in.dtype;
    j["instruction"] = r.instruction.name;
    j["instructionForced"] = r.instructionForced;
    j["banks"] = r.instruction.numBanks;
    j["bankWidthBytes"] = r.bankWidthBytes;
    j["confidence"] = r.instruction.provenance.confidence;
    j["lowConfidence"] = r.instruction.provenance.isLowConfidence();
    j["phaseSource"] = r.instruction.provenance.source;
    j["elementBits"] = r.elementBits;
    j["vectorElements"] = r.vectorElements;
    j["maxVectorElements"] = r.maxVectorElements;
    // The worst instruction of the wave stands for "per instruction" (they are usually equal).
    const lx::InstructionReport *worst = nullptr;
    for (const lx::InstructionReport &ir : r.instructions) {
        if (!worst || ir.cycles > worst->cycles)
            worst = &ir;
    }
    nlohmann::json instructions = nlohmann::json::array();
    for (const lx::InstructionReport &ir : r.instructions) {
        nlohmann::json phases = nlohmann::json::array();
        for (const lx::PhaseReport &p : ir.phases)
            phases.push_back(phaseJson(p));
        instructions.push_back({{"warp", ir.warp},
                                {"index", ir.index},
                                {"phases", phases},
                                {"maxWays", ir.maxWays},
                                {"cycles", ir.cycles},
                                {"idealCycles", ir.idealCycles},
                                {"extraCycles", ir.extraCycles()}});
    }
    nlohmann::json phases = nlohmann::json::array();
    if (worst) {
        for (const lx::PhaseReport &p : worst->phases)
            phases.push_back(phaseJson(p));
    }
    j["phases"] = phases;
    j["maxWays"] = worst ? worst->maxWays : 0;
    j["cycles"] = worst ? worst->cycles : 0;
    j["idealCycles"] = worst ? worst->idealCycles : 0;
    j["extraCycles"] = worst ? worst->extraCycles() : 0;
    j["instructions"] = instructions;
    j["totals"] = {{"instructions", r.totals.instructions},
                   {"cycles", r.totals.cycles},
                   {"idealCycles", r.totals.idealCycles},
                   {"extraCycles", r.totals.extraCycles()},
                   {"maxWays", r.totals.maxWays},
                   {"conflictsPerAccess", r.totals.conflictsPerAccess()},
                   {"conflictRatePercent", in.arch.bankConflictRateScale
                                               ? nlohmann::json(r.totals.conflictRatePercent(
                                                     in.arch.bankConflictRateScale->value))
                                               : nlohmann::json(nullptr)}};
    j["tritonExtraWavefronts"] = r.tritonExtraWavefronts ? nlohmann::json(*r.tritonExtraWavefronts)
                                                         : nlohmann::json(nullptr);
    if (!r.tritonNote.empty())
        j["tritonNote"] = r.tritonNote;
    return j;
}

void printText(const lx::BankViewInput &in)
{
    const lx::BankConflictReport &r = in.report;
    QTextStream out(stdout);
    out << "arch " << qs(in.arch.name) << ": " << qs(in.sourceText) << '\n';
    out << "instruction " << qs(r.instruction.name) << (r.instructionForced ? " (forced)" : "")
        << ", " << r.instruction.numBanks << " banks of " << r.bankWidthBytes << " B, "
        << r.vectorElements << " x " << r.elementBits
        << "-bit per lane; phases: " << qs(r.instruction.provenance.label()) << " ("
        << qs(r.instruction.provenance.source) << ")\n";
    for (const lx::InstructionReport &ir : r.instructions) {
        out << "  wave " << ir.warp << " instruction " << ir.index << ": ways per phase [";
        for (size_t i = 0; i < ir.phases.size(); ++i)
            out << (i ? ", " : "") << ir.phases[i].ways;
        out << "], " << ir.cycles << " cycles, ideal " << ir.idealCycles << ", extra "
            << ir.extraCycles() << ", " << ir.maxWays << "-way\n";
    }
    out << "totals: " << r.totals.instructions << " instructions, " << r.totals.cycles
        << " cycles (ideal " << r.totals.idealCycles << "); rocprof-compute Bank Conflicts/Access "
        << QString::number(r.totals.conflictsPerAccess(), 'f', 3);
    if (in.arch.bankConflictRateScale)
        out << ", Bank Conflict Rate "
            << QString::number(r.totals.conflictRatePercent(in.arch.bankConflictRateScale->value),
                               'f', 2)
            << " %";
    out << '\n';
    if (r.tritonExtraWavefronts)
        out << "Triton's model (32 banks x 32 bit): " << *r.tritonExtraWavefronts
            << " extra wavefronts per access\n";
    else
        out << "Triton's model: n/a (" << qs(r.tritonNote) << ")\n";
}

lx::Expected<lx::ViewRequest> requestFromScene(const lx::Expected<lx::Scene> &scene,
                                               const std::string &what, int viewIndex)
{
    if (!scene)
        return scene.error();
    lx::SceneViewChoice choice;
    choice.index = viewIndex;
    choice.kindPrefixes = {"bank-"};
    choice.what = what;
    choice.lacks = "bank view to analyse";
    auto req = lx::sceneViewRequest(*scene, choice);
    if (req && req->kind.rfind("bank-", 0) != 0)
        return lx::makeError(choice.what + " has no bank view to analyse");
    return req;
}

int runAnalyzeBanks(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "LDS bank conflicts of one access: per instruction and phase the distinct dwords per bank, "
        "n-way, cycles and ideal cycles, with Triton's generic count beside them."));
    parser.addHelpOption();
    const QCommandLineOption preset(QStringLiteral("preset"),
                                    QStringLiteral("a preset with a bank view"),
                                    QStringLiteral("NAME"));
    const QCommandLineOption sceneOpt(QStringLiteral("scene"),
                                      QStringLiteral("a scene file (.lxscene) with a bank view"),
                                      QStringLiteral("FILE"));
    const QCommandLineOption view(QStringLiteral("view"),
                                  QStringLiteral("which view of the preset (0-based)"),
                                  QStringLiteral("N"));
    const QCommandLineOption reg(QStringLiteral("reg"),
                                 QStringLiteral("register layout (#ttg or Gluon text)"),
                                 QStringLiteral("TEXT"));
    const QCommandLineOption shared(QStringLiteral("shared"),
                                    QStringLiteral("shared layout (#ttg or Gluon text)"),
                                    QStringLiteral("TEXT"));
    const QCommandLineOption shape(QStringLiteral("shape"),
                                   QStringLiteral("tensor shape, e.g. 128x64"),
                                   QStringLiteral("MxN"));
    const QCommandLineOption dtype(
        QStringLiteral("dtype"),
        QStringLiteral("element type (f16, bf16, f32, f8, ...; default: the layouts', "
                       "else f16)"),
        QStringLiteral("T"));
    const QCommandLineOption arch(
        QStringLiteral("arch"),
        lx::app::archHelp(QStringLiteral("architecture name or description file (.json)")),
        QStringLiteral("A"));
    const QCommandLineOption instruction(
        QStringLiteral("instruction"),
        QStringLiteral("force an instruction (default: widest possible)"), QStringLiteral("I"));
    const QCommandLineOption write(QStringLiteral("write"),
                                   QStringLiteral("the access is a store"));
    const QCommandLineOption warp(QStringLiteral("warp"), QStringLiteral("which wave (default 0)"),
                                  QStringLiteral("W"));
    const QCommandLineOption perfConfig(
        QStringLiteral("perf-config"),
        QStringLiteral("rocMLIR kPack stores from a perf_config v4 string"),
        QStringLiteral("v4:..."));
    const QCommandLineOption operand(QStringLiteral("operand"),
                                     QStringLiteral("kPack operand A or B (default A)"),
                                     QStringLiteral("A|B"));
    const QCommandLineOption rotate(QStringLiteral("rotate"),
                                    QStringLiteral("kPack: apply rocMLIR's d rotation"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("print JSON"));
    parser.addOptions({preset, sceneOpt, view, reg, shared, shape, dtype, arch, instruction, write,
                       warp, perfConfig, operand, rotate, json});
    if (const auto rc = lx::app::parseOrExit(
            parser, args, QStringLiteral("layout-explorer analyze banks: "), false))
        return *rc;

    int warpIndex = 0;
    if (parser.isSet(warp)) {
        bool ok = false;
        warpIndex = parser.value(warp).toInt(&ok);
        if (!ok || warpIndex < 0)
            return fail(ExitBadUsage, u"--warp expects a non-negative integer"_qs);
    }

    lx::ViewRequest req;
    const int modes = int(parser.isSet(preset)) + int(parser.isSet(sceneOpt)) +
                      int(parser.isSet(reg) || parser.isSet(shared)) +
                      int(parser.isSet(perfConfig));
    if (modes != 1)
        return fail(ExitBadUsage,
                    u"give exactly one of --preset, --scene, --reg/--shared or --perf-config"_qs);
    if (parser.isSet(preset) || parser.isSet(sceneOpt)) {
        int viewIndex = -1;
        if (parser.isSet(view)) {
            bool ok = false;
            viewIndex = parser.value(view).toInt(&ok);
            if (!ok || viewIndex < 0)
                return fail(ExitBadUsage, u"--view expects a non-negative integer"_qs);
        }
        std::string what;
        auto r =
            requestFromScene(lx::app::sceneArg(parser, preset, &sceneOpt, &what), what, viewIndex);
        if (!r)
            return fail(ExitBadInput, qs(r.message()));
        req = std::move(*r);
        if (parser.isSet(warp))
            req.options["warp"] = warpIndex;
    } else {
        req.arch = lx::app::archArg(parser, arch);
        if (parser.isSet(dtype))
            req.dtype = parser.value(dtype).toStdString();
        req.kind = "bank-table";
        req.options["warp"] = warpIndex;
        if (parser.isSet(perfConfig)) {
            req.options["kpack"] = {
                {"perfConfig", parser.value(perfConfig).toStdString()},
                {"operand", parser.isSet(operand) ? parser.value(operand).toStdString() : "A"},
                {"rotate", parser.isSet(rotate)}};
        } else {
            for (const QCommandLineOption *o : {&reg, &shared, &shape}) {
                if (!parser.isSet(*o))
                    return fail(ExitBadUsage, u"missing --%1"_qs.arg(o->names().front()));
            }
            auto dims = lx::parseShape(parser.value(shape).toStdString());
            if (!dims)
                return fail(ExitBadUsage,
                            u"--shape expects sizes like 128x64: %1"_qs.arg(qs(dims.message())));
            for (const auto &[name, option] :
                 {std::pair{"reg", &reg}, std::pair{"shared", &shared}}) {
                auto l = lx::app::textLayoutArg(name, parser.value(*option).toStdString(), *dims,
                                                req.dtype);
                if (!l) {
                    // "layout 'reg': 1:3: ..." -> "--reg: 1:3: ..."
                    const std::string prefix = "layout '" + std::string(name) + "': ";
                    std::string m = l.message();
                    if (m.rfind(prefix, 0) == 0)
                        m = m.substr(prefix.size());
                    return fail(ExitBadInput, u"--%1: %2"_qs.arg(QLatin1String(name), qs(m)));
                }
                req.layouts.push_back(std::move(*l));
            }
            req.layout = "reg";
            req.options["shared"] = "shared";
            req.options["write"] = parser.isSet(write);
            if (parser.isSet(instruction))
                req.options["instruction"] = parser.value(instruction).toStdString();
        }
    }
    auto in = lx::resolveBankView(req);
    if (!in)
        return fail(ExitBadInput, qs(in.message()));
    if (in->report.instructions.empty())
        return fail(ExitBadInput,
                    u"the view has no access to analyse (a bank map without a register layout)"_qs);
    const std::vector<lx::Figure> figures = lx::bankFigures(*in);
    if (parser.isSet(json)) {
        nlohmann::json j = reportJson(*in);
        j["figures"] = lx::figuresJson(figures);
        lx::app::writeStdout(j.dump(1) + "\n");
    } else {
        printText(*in);
        lx::app::writeStdout("figures:\n" + lx::figuresText(figures));
    }
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(
    banks, "banks",
    "LDS bank conflicts per instruction and phase (--preset, --reg/--shared or --perf-config)",
    runAnalyzeBanks);
