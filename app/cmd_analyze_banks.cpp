// `layout-explorer analyze banks`: LDS bank conflicts of one access, per instruction and phase,
// with Triton's generic count beside ours.
//
//   analyze banks (--preset NAME | --scene FILE) [--view N] [--json]
//   analyze banks --reg TEXT --shared TEXT --shape MxN [--dtype T] [--arch A] [--instruction I]
//                 [--write] [--warp W] [--json]
//   analyze banks --perf-config v4:... [--operand A|B] [--rotate | --rule after-fix|before-fix]
//                 [--dtype T] [--arch A] [--json]
//   analyze banks --addresses LIST|@FILE --width BYTES [--write] --arch A [--json]
//
// --addresses: one instruction whose lanes touch the given byte offsets, lane 0 first (what a
// debugger or a trace prints); "-" marks an inactive lane, lanes past the list are inactive.
// LIST separates offsets by commas or spaces; @FILE reads the same from a file (or a JSON array).
//
// A preset's access is the one of its first bank view (bank-table, bank-histogram, bank-map), or
// of view N (0-based among the scene's views) with --view; a preset with only ds_load_tr views
// (fig2a) gives the read of its destination from its shared layout. A read into a dot operand
// is the transposed load when it applies (conflicts on its source addresses), else the fallback
// with the reason; --instruction ds_load_tr16_b128 insists on the transposed load. A missing --arch
// or --dtype takes the request layer's defaults (core/request/defaults.h), as the window does.

#include "cliargs.h"
#include "command.h"
#include "output.h"

#include "analysis/banks.h"
#include "analysis/kpack.h"
#include "io/scene.h"
#include "request/analysisinputs.h"
#include "request/bankrequests.h"
#include "request/figures.h"
#include "request/kpackfigures.h"
#include "request/reportjson.h"
#include "request/scenerequests.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;
using lx::app::qs;

constexpr lx::app::Fail failBanks{"layout-explorer analyze banks: "};

void printText(const lx::BankViewInput &in)
{
    const lx::BankConflictReport &r = in.report;
    lx::app::OutStream out;
    out << "arch " << qs(in.arch->name) << ": " << qs(in.sourceText) << '\n';
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
            << ir.extraCycles() << ", " << ir.maxWays << "-way";
        if (!ir.measuredRule.empty())
            out << " (measured rule '" << qs(ir.measuredRule) << "'; textbook phase model "
                << ir.modelCycles << " cycles)";
        out << '\n';
    }
    if (!r.measuredRule.empty())
        out << "measured vs model: " << r.totals.cycles << " cycles with the measured rule, "
            << r.totals.modelCycles << " with the textbook phases ("
            << qs(r.measuredRuleProvenance.label()) << ": " << qs(r.measuredRuleProvenance.source)
            << ")\n";
    out << "totals: " << r.totals.instructions << " instructions, " << r.totals.cycles
        << " cycles (ideal " << r.totals.idealCycles << "); rocprof-compute Bank Conflicts/Access "
        << QString::number(r.totals.conflictsPerAccess(), 'f', 3);
    if (in.arch->bankConflictRateScale)
        out << ", Bank Conflict Rate "
            << QString::number(r.totals.conflictRatePercent(in.arch->bankConflictRateScale->value),
                               'f', 2)
            << " %";
    out << '\n';
    if (r.transposedLoad)
        out << qs(lx::transposedLoadLine(r)) << '\n';
    if (r.tritonExtraWavefronts)
        out << "Triton's model (32 banks x 32 bit): " << *r.tritonExtraWavefronts
            << " extra wavefronts per access\n";
    else
        out << "Triton's model: n/a (" << qs(r.tritonNote) << ")\n";
}

// --addresses: the access of one instruction (request/bankrequests.h), printed as text or JSON.
int runAddresses(const QString &list, const QString &widthText, bool isWrite,
                 const QString &archName, bool json)
{
    const lx::AddressBankAnswer answer = lx::addressBankAccess(
        archName.toStdString(), list.toStdString(), widthText.toStdString(), isWrite);
    if (!answer.input)
        return failBanks(answer.usage ? ExitBadUsage : ExitBadInput, qs(answer.message));
    if (json)
        return lx::app::writeJson(lx::addressBankJson(*answer.input),
                                  QStringLiteral("layout-explorer analyze banks: "));
    printText(*answer.input);
    return ExitOk;
}

// The command's options; one member a line, in the order --help lists them.
struct BankOptions
{
    QCommandLineOption preset{u"preset"_qs, u"a preset with a bank view"_qs, u"NAME"_qs};
    QCommandLineOption scene{u"scene"_qs, u"a scene file (.lxscene) with a bank view"_qs,
                             u"FILE"_qs};
    QCommandLineOption view{u"view"_qs, u"which view of the preset (0-based)"_qs, u"N"_qs};
    QCommandLineOption reg{u"reg"_qs, u"register layout (#ttg or Gluon text)"_qs, u"TEXT"_qs};
    QCommandLineOption shared{u"shared"_qs, u"shared layout (#ttg or Gluon text)"_qs, u"TEXT"_qs};
    QCommandLineOption shape{u"shape"_qs, u"tensor shape, e.g. 128x64"_qs, u"MxN"_qs};
    QCommandLineOption dtype{
        u"dtype"_qs, u"element type (f16, bf16, f32, f8, ...; default: the layouts', else f16)"_qs,
        u"T"_qs};
    QCommandLineOption arch{u"arch"_qs,
                            lx::app::archHelp(u"architecture name or description file (.json)"_qs),
                            u"A"_qs};
    QCommandLineOption instruction{u"instruction"_qs,
                                   u"force an instruction (default: widest possible)"_qs, u"I"_qs};
    QCommandLineOption write{u"write"_qs, u"the access is a store"_qs};
    QCommandLineOption warp{u"warp"_qs, u"which wave (default 0)"_qs, u"W"_qs};
    QCommandLineOption perfConfig{
        u"perf-config"_qs, u"rocMLIR kPack stores from a perf_config v4 string"_qs, u"v4:..."_qs};
    QCommandLineOption operand{u"operand"_qs, u"kPack operand A or B (default A)"_qs, u"A|B"_qs};
    QCommandLineOption rotate{u"rotate"_qs, u"kPack: force rocMLIR's d rotation"_qs};
    QCommandLineOption rule{u"rule"_qs,
                            u"kPack: rotate as rocMLIR's rule decides, after or before pull "
                            u"request #2196 (default, without --rotate: after-fix)"_qs,
                            u"after-fix|before-fix"_qs};
    QCommandLineOption addresses{u"addresses"_qs,
                                 u"one instruction: the byte offset of each lane, lane 0 first, "
                                 u"comma or space separated, '-' = inactive (or @FILE)"_qs,
                                 u"LIST|@FILE"_qs};
    QCommandLineOption width{u"width"_qs, u"--addresses: bytes per lane (4, 8, 16, ...)"_qs,
                             u"BYTES"_qs};
    QCommandLineOption json{u"json"_qs, u"print JSON"_qs};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({preset, scene, view, reg, shared, shape, dtype, arch, instruction, write,
                           warp, perfConfig, operand, rotate, rule, addresses, width, json});
    }
};

// The request of --preset/--scene: the scene's bank view, with --arch, --warp and --dtype
// applied.
// Returns an exit code when it failed (the message is printed), nullopt when `req` is filled.
std::optional<int> sceneBankRequest(const QCommandLineParser &parser, const BankOptions &o,
                                    int warpIndex, lx::ViewRequest &req)
{
    int viewIndex = -1;
    if (parser.isSet(o.view)) {
        bool ok = false;
        viewIndex = parser.value(o.view).toInt(&ok);
        if (!ok || viewIndex < 0)
            return failBanks(ExitBadUsage, u"--view expects a non-negative integer"_qs);
    }
    std::string what;
    const lx::Expected<lx::Scene> scene = lx::app::sceneArg(parser, o.preset, &o.scene, &what);
    auto r = scene ? lx::bankSceneRequest(*scene, what, viewIndex)
                   : lx::Expected<lx::ViewRequest>(scene.error());
    if (!r)
        return failBanks(ExitBadInput, qs(r.message()));
    req = std::move(*r);
    // --arch replaces the scene's architecture, as in every analyze command.
    req.arch = lx::app::archArg(parser, o.arch, req.arch);
    if (parser.isSet(o.warp))
        req.options["warp"] = warpIndex;
    // An explicit --dtype wins over the scene view's own (checked by the request layer).
    if (parser.isSet(o.dtype))
        req.options["dtype"] = parser.value(o.dtype).toStdString();
    if (parser.isSet(o.instruction))
        req.options["instruction"] = parser.value(o.instruction).toStdString();
    return std::nullopt;
}

// --reg/--shared/--shape (with --write and --instruction) into `req` (arch, dtype, kind set).
std::optional<int> textBankRequest(const QCommandLineParser &parser, const BankOptions &o,
                                   lx::ViewRequest &req)
{
    for (const QCommandLineOption *opt : {&o.reg, &o.shared, &o.shape}) {
        if (!parser.isSet(*opt))
            return failBanks(ExitBadUsage, u"missing --%1"_qs.arg(opt->names().front()));
    }
    auto dims = lx::parseShape(parser.value(o.shape).toStdString());
    if (!dims)
        return failBanks(ExitBadUsage,
                         u"--shape expects sizes like 128x64: %1"_qs.arg(qs(dims.message())));
    for (const auto &[name, option] : {std::pair{"reg", &o.reg}, std::pair{"shared", &o.shared}}) {
        auto l =
            lx::app::textLayoutArg(name, parser.value(*option).toStdString(), *dims, req.dtype);
        if (!l) {
            // "layout 'reg': 1:3: ..." -> "--reg: 1:3: ..."
            const std::string prefix = "layout '" + std::string(name) + "': ";
            std::string m = l.message();
            if (m.rfind(prefix, 0) == 0)
                m = m.substr(prefix.size());
            return failBanks(ExitBadInput, u"--%1: %2"_qs.arg(QLatin1String(name), qs(m)));
        }
        req.layouts.push_back(std::move(*l));
    }
    req.layout = "reg";
    req.options["shared"] = "shared";
    req.options["write"] = parser.isSet(o.write);
    if (parser.isSet(o.instruction))
        req.options["instruction"] = parser.value(o.instruction).toStdString();
    return std::nullopt;
}

// The request of --reg/--shared or --perf-config: a bank table over layouts given on the line.
std::optional<int> optionBankRequest(const QCommandLineParser &parser, const BankOptions &o,
                                     int warpIndex, lx::ViewRequest &req)
{
    if (parser.isSet(o.perfConfig)) {
        lx::KPackBankArgs k;
        k.arch = lx::app::archArg(parser, o.arch);
        if (parser.isSet(o.dtype))
            k.dtype = parser.value(o.dtype).toStdString();
        k.warp = warpIndex;
        k.perfConfig = parser.value(o.perfConfig).toStdString();
        if (parser.isSet(o.operand))
            k.operand = parser.value(o.operand).toStdString();
        k.rotate = parser.isSet(o.rotate);
        if (parser.isSet(o.rule))
            k.rule = parser.value(o.rule).toStdString();
        req = lx::kpackBankRequest(k);
        return std::nullopt;
    }
    req.arch = lx::app::archArg(parser, o.arch);
    if (parser.isSet(o.dtype))
        req.dtype = parser.value(o.dtype).toStdString();
    req.kind = "bank-table";
    req.options["warp"] = warpIndex;
    return textBankRequest(parser, o, req);
}

// Resolves the request and prints its report as text or JSON, with the figures.
int printBankReport(const lx::ViewRequest &req, bool json)
{
    auto in = lx::resolveBankAccess(req);
    if (!in)
        return failBanks(ExitBadInput, qs(in.message()));
    if (in->report.instructions.empty())
        return failBanks(
            ExitBadInput,
            u"the view has no access to analyse (a bank map without a register layout)"_qs);
    auto analysisFigures = lx::bankAnalysisFigures(*in, req);
    if (!analysisFigures)
        return failBanks(ExitBadInput, qs(analysisFigures.message()));
    const std::vector<lx::Figure> &figures = *analysisFigures;
    if (json) {
        nlohmann::json j = lx::bankReportJson(*in);
        j["figures"] = lx::figuresJson(figures);
        return lx::app::writeJson(j, QStringLiteral("layout-explorer analyze banks: "));
    }
    printText(*in);
    return lx::app::writeStdout("figures:\n" + lx::figuresText(figures),
                                QStringLiteral("layout-explorer analyze banks: "));
}

int runAnalyzeBanks(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "LDS bank conflicts of one access: per instruction and phase the distinct dwords per bank, "
        "n-way, cycles and ideal cycles, with Triton's generic count beside them."));
    parser.addHelpOption();
    const BankOptions o;
    o.addTo(parser);
    if (const auto rc = lx::app::parseOrExit(
            parser, args, QStringLiteral("layout-explorer analyze banks: "), false))
        return *rc;

    int warpIndex = 0;
    if (parser.isSet(o.warp)) {
        bool ok = false;
        warpIndex = parser.value(o.warp).toInt(&ok);
        if (!ok || warpIndex < 0)
            return failBanks(ExitBadUsage, u"--warp expects a non-negative integer"_qs);
    }
    lx::BankSources given;
    given.preset = parser.isSet(o.preset);
    given.scene = parser.isSet(o.scene);
    given.layouts = parser.isSet(o.reg) || parser.isSet(o.shared);
    given.perfConfig = parser.isSet(o.perfConfig);
    given.addresses = parser.isSet(o.addresses);
    given.width = parser.isSet(o.width);
    given.arch = parser.isSet(o.arch);
    if (const std::string problem = lx::bankSourcesProblem(given); !problem.empty())
        return failBanks(ExitBadUsage, qs(problem));
    if (parser.isSet(o.addresses)) {
        return runAddresses(parser.value(o.addresses), parser.value(o.width), parser.isSet(o.write),
                            parser.value(o.arch), parser.isSet(o.json));
    }
    lx::ViewRequest req;
    const std::optional<int> rc = parser.isSet(o.preset) || parser.isSet(o.scene)
                                      ? sceneBankRequest(parser, o, warpIndex, req)
                                      : optionBankRequest(parser, o, warpIndex, req);
    if (rc)
        return *rc;
    return printBankReport(req, parser.isSet(o.json));
}

} // namespace

LX_REGISTER_ANALYSIS(
    banks, "banks",
    "LDS bank conflicts per instruction and phase (--preset, --reg/--shared or --perf-config)",
    runAnalyzeBanks);
