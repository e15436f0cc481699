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
#include "request/figures.h"
#include "request/kpackfigures.h"
#include "request/reportjson.h"
#include "request/scenerequests.h"

#include <QCommandLineParser>
#include <QFile>
#include <QRegularExpression>
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
    if (in.arch.bankConflictRateScale)
        out << ", Bank Conflict Rate "
            << QString::number(r.totals.conflictRatePercent(in.arch.bankConflictRateScale->value),
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

lx::Expected<std::vector<std::optional<int64_t>>> parseAddressList(const QString &arg)
{
    QString text = arg;
    if (arg.startsWith(u'@')) {
        QFile f(arg.mid(1));
        if (!f.open(QIODevice::ReadOnly))
            return lx::makeError("cannot read address file '" + arg.mid(1).toStdString() + "'");
        if (f.size() > (1 << 20))
            return lx::makeError("address file '" + arg.mid(1).toStdString() +
                                 "' is larger than 1 MiB");
        text = QString::fromUtf8(f.readAll());
    }
    text = text.trimmed();
    if (text.startsWith(u'[') && text.endsWith(u']'))
        text = text.mid(1, text.size() - 2);
    std::vector<std::optional<int64_t>> out;
    static const QRegularExpression sep(QStringLiteral("[,\\s]+"));
    for (const QString &tok : text.split(sep, Qt::SkipEmptyParts)) {
        if (tok == u"-" || tok == u"null") {
            out.emplace_back();
            continue;
        }
        bool ok = false;
        const qlonglong v = tok.toLongLong(&ok, 0);
        if (!ok || v < 0)
            return lx::makeError("address '" + tok.toStdString() +
                                 "' is not a non-negative byte offset (or '-' for an inactive "
                                 "lane)");
        out.emplace_back(int64_t(v));
    }
    if (out.empty())
        return lx::makeError("no addresses given");
    return out;
}

int runAddresses(const QString &list, const QString &widthText, bool isWrite,
                 const QString &archName, bool json)
{
    auto arch = lx::loadArchitecture(archName.toStdString());
    if (!arch)
        return failBanks(ExitBadInput, qs(arch.message()));
    bool ok = false;
    const int width = widthText.toInt(&ok);
    if (!ok || width <= 0)
        return failBanks(ExitBadUsage, u"--width expects a positive number of bytes"_qs);
    const lx::LdsInstruction *ins = arch->plainInstruction(width, isWrite);
    if (!ins)
        return failBanks(ExitBadInput, u"%1 has no %2 instruction of %3 bytes per lane"_qs
                                           .arg(qs(arch->name), isWrite ? u"write"_qs : u"read"_qs)
                                           .arg(width));
    auto lanes = parseAddressList(list);
    if (!lanes)
        return failBanks(ExitBadInput, u"--addresses: "_qs + qs(lanes.message()));
    if (int(lanes->size()) > arch->waveSize)
        return failBanks(ExitBadInput,
                         u"--addresses: %1 addresses for a wave of %2 lanes"_qs.arg(lanes->size())
                             .arg(arch->waveSize));
    for (size_t l = 0; l < lanes->size(); ++l) {
        const auto &a = (*lanes)[l];
        if (a && *a % width != 0)
            return failBanks(
                ExitBadInput,
                u"--addresses: lane %1 reads byte %2, not aligned to the width %3"_qs.arg(l)
                    .arg(*a)
                    .arg(width));
    }
    lanes->resize(size_t(arch->waveSize));
    auto ir = lx::analyzeAddresses(*arch, *ins, {*lanes});
    if (!ir)
        return failBanks(ExitBadInput, qs(ir.message()));
    lx::BankViewInput in;
    in.arch = *arch;
    const auto activeLanes =
        std::count_if(lanes->begin(), lanes->end(), [](const auto &a) { return a.has_value(); });
    in.sourceText = "addresses of " + std::to_string(activeLanes) + " active lanes, " +
                    std::to_string(width) + " B each";
    lx::BankConflictReport &r = in.report;
    r.arch = arch->name;
    r.instruction = *ins;
    // Raw addresses carry no element type: the widest of 8, 4, 2, 1 bytes that divides the width
    // (a 12-byte ds_read_b96 is 3 x 32-bit, not 1 x 64-bit).
    int elementBytes = 8;
    while (width % elementBytes != 0)
        elementBytes /= 2;
    r.elementBits = 8 * elementBytes;
    r.vectorElements = width / elementBytes;
    r.maxVectorElements = r.vectorElements;
    r.bankWidthBytes = arch->bankWidthBytes;
    r.totals.instructions = 1;
    r.totals.cycles = ir->cycles;
    r.totals.idealCycles = ir->idealCycles;
    r.totals.maxWays = ir->maxWays;
    lx::noteMeasuredRule(*arch, *ir, r);
    r.instructions.push_back(std::move(*ir));
    r.tritonNote = "Triton's count needs layouts, not raw addresses";
    in.mapBanks = ins->numBanks;
    if (json) {
        nlohmann::json j = lx::bankReportJson(in);
        j["addresses"] = nlohmann::json::array();
        for (const auto &a : r.instructions.front().addresses.front())
            j["addresses"].push_back(a ? nlohmann::json(*a) : nlohmann::json(nullptr));
        if (arch->vendor == "nvidia")
            j["cyclesMeaning"] = "wavefronts";
        return lx::app::writeJson(j, QStringLiteral("layout-explorer analyze banks: "));
    }
    printText(in);
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
    req.arch = lx::app::archArg(parser, o.arch);
    if (parser.isSet(o.dtype))
        req.dtype = parser.value(o.dtype).toStdString();
    req.kind = "bank-table";
    req.options["warp"] = warpIndex;
    if (!parser.isSet(o.perfConfig))
        return textBankRequest(parser, o, req);
    req.options["kpack"] = {
        {"perfConfig", parser.value(o.perfConfig).toStdString()},
        {"operand", parser.isSet(o.operand) ? parser.value(o.operand).toStdString() : "A"}};
    if (parser.isSet(o.rotate))
        req.options["kpack"]["rotate"] = true;
    if (parser.isSet(o.rule))
        req.options["kpack"]["rule"] = parser.value(o.rule).toStdString();
    return std::nullopt;
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
    const int modes = int(parser.isSet(o.preset)) + int(parser.isSet(o.scene)) +
                      int(parser.isSet(o.reg) || parser.isSet(o.shared)) +
                      int(parser.isSet(o.perfConfig)) + int(parser.isSet(o.addresses));
    if (modes != 1)
        return failBanks(ExitBadUsage, u"give exactly one of --preset, --scene, --reg/--shared, "
                                       u"--perf-config or --addresses"_qs);
    if (parser.isSet(o.addresses)) {
        for (const QCommandLineOption *opt : {&o.width, &o.arch}) {
            if (!parser.isSet(*opt))
                return failBanks(ExitBadUsage,
                                 u"--addresses needs --%1"_qs.arg(opt->names().front()));
        }
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
