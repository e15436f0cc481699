// `layout-explorer analyze kernel FILE.ttgir [--arch A] [--json]`: every op of a TTGIR module
// that places data, with what it costs on the LDS (core/analysis/kernel.h), and the kernel's
// totals. `-` reads the module from stdin.

#include "command.h"
#include "output.h"

#include "io/ttgir.h"
#include "request/kernelrequest.h"

#include <QFile>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

// The counting rule (analysis/dsloadtr.h InstructionCount), said in every report.
constexpr const char *kCounting =
    "count: instructions per thread the final assembly keeps (distinct addresses); issued: what "
    "Triton's lowering emits, a replicated register loaded again (LLVM removes the copy)";

nlohmann::json reportJson(const lx::TtgirModule &module, const lx::KernelReport &report)
{
    nlohmann::json layouts = nlohmann::json::array();
    for (const lx::TtgirAlias *a : module.layoutAliases()) {
        nlohmann::json l{{"alias", "#" + a->name}, {"text", a->text}, {"line", a->line}};
        if (!a->error.empty())
            l["error"] = a->error;
        if (!a->note.empty())
            l["note"] = a->note;
        layouts.push_back(std::move(l));
    }
    nlohmann::json ops = nlohmann::json::array();
    for (const lx::KernelOpReport &r : report.ops) {
        nlohmann::json o{{"line", r.line},
                         {"op", r.op},
                         {"name", r.name},
                         {"shape", r.shape},
                         {"dtype", r.dtype},
                         {"src", r.src},
                         {"dst", r.dst},
                         {"instruction", r.instruction},
                         {"count", r.count},
                         {"issued", r.issued},
                         {"eligible", nullptr},
                         {"reason", r.reason},
                         {"path", r.path},
                         {"pathReason", r.pathReason},
                         {"maxWays", r.maxWays},
                         {"cycles", r.cycles},
                         {"bytes", r.bytes},
                         {"lostTransposed", r.lostTransposed},
                         {"problem", r.isProblem()}};
        if (r.eligible)
            o["eligible"] = *r.eligible;
        if (!r.partitions.empty())
            o["partitions"] = r.partitions;
        if (r.accesses.size() > 1) {
            o["accesses"] = nlohmann::json::array();
            for (const lx::KernelLdsAccess &a : r.accesses)
                o["accesses"].push_back({{"instruction", a.instruction},
                                         {"count", a.count},
                                         {"issued", a.issued},
                                         {"write", a.isWrite}});
        }
        if (!r.problem.empty())
            o["error"] = r.problem;
        ops.push_back(std::move(o));
    }
    nlohmann::json totals = nlohmann::json::object(), issued = nlohmann::json::object();
    for (const auto &[inst, n] : report.totals.instructions)
        totals[inst] = n;
    for (const auto &[inst, n] : report.totals.issued)
        issued[inst] = n;
    return {{"arch", report.arch},
            {"target", module.target},
            {"numWarps", module.numWarps},
            {"threadsPerWarp", module.threadsPerWarp},
            {"layouts", layouts},
            {"ops", ops},
            {"counting", kCounting},
            {"totals", totals},
            {"totalsIssued", issued},
            {"ldsBytes", report.totals.ldsBytes},
            {"worstWays", report.totals.worstWays},
            {"lostTransposed", report.totals.lostTransposed},
            {"notes", report.notes},
            {"warnings", report.warnings},
            {"figures", lx::figuresJson(lx::kernelFigures(report))}};
}

void printText(QTextStream &out, const lx::TtgirModule &module, const lx::KernelReport &report)
{
    auto q = [](const std::string &s) { return QString::fromStdString(s); };
    out << "arch " << q(report.arch) << ", " << module.numWarps << " warps of "
        << module.threadsPerWarp << " threads, " << module.lines << " lines\n\n";
    out << "layouts\n";
    for (const lx::TtgirAlias *a : module.layoutAliases())
        out << "  #" << q(a->name) << " = " << q(a->text) << '\n';
    out << "\nops\n";
    for (const lx::KernelOpReport &r : report.ops) {
        out << (r.isProblem() ? "! " : "  ") << QString::number(r.line).rightJustified(5) << "  "
            << q(r.op).leftJustified(22) << ' ' << q(r.name).leftJustified(12) << ' '
            << q(r.shape + "x" + r.dtype).leftJustified(16) << ' ' << q(r.src) << " -> "
            << q(r.dst);
        if (!r.instruction.empty() && r.count > 0) {
            out << "  " << r.count << " x " << q(r.instruction);
            if (r.issued > r.count)
                out << " (" << r.issued << " issued)";
        } else if (!r.instruction.empty())
            out << "  " << q(r.instruction);
        if (r.maxWays > 1)
            out << ", " << r.maxWays << "-way conflicts";
        if (r.bytes > 0)
            out << ", " << r.bytes << " B";
        if (!r.partitions.empty())
            out << " (partition " << q(r.partitions) << ')';
        out << '\n';
        if (r.accesses.size() > 1)
            for (const lx::KernelLdsAccess &a : r.accesses)
                out << "         " << (a.isWrite ? "store " : "load  ") << a.count << " x "
                    << q(a.instruction) << '\n';
        if (!r.problem.empty())
            out << "         error: " << q(r.problem) << '\n';
        else if (r.lostTransposed)
            out << "         no transposed load: " << q(r.reason) << '\n';
        if (!r.path.empty() && r.problem.empty())
            out << "         " << q(r.path) << " path: " << q(r.pathReason) << '\n';
    }
    out << "\ntotals (per thread; " << kCounting << ")\n";
    for (const auto &[inst, n] : report.totals.instructions) {
        out << "  " << q(inst).leftJustified(22) << ' ' << n;
        if (const auto it = report.totals.issued.find(inst);
            it != report.totals.issued.end() && it->second > n)
            out << " (" << it->second << " issued)";
        out << '\n';
    }
    out << "  LDS allocated          " << report.totals.ldsBytes << " B\n";
    if (report.totals.worstWays > 1)
        out << "  worst conflict         " << report.totals.worstWays << "-way (line "
            << report.totals.worstWaysLine << ")\n";
    for (const std::string &s : report.totals.lostTransposed)
        out << "  lost transposed load   " << q(s) << '\n';
    for (const std::string &n : report.notes)
        out << "note: " << q(n) << '\n';
    for (const std::string &w : report.warnings)
        out << "warning: " << q(w) << '\n';
}

int runAnalyzeKernel(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Every op of a TTGIR module that places data: for each local_load the transposed-load "
        "decision or the fallback vector load, for each local_store / local_alloc the write, "
        "for each convert_layout what it lowers to, with bank conflicts and LDS bytes; then the "
        "kernel's totals."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("a .ttgir module, or - for stdin"));
    parser.addOption({QStringLiteral("arch"),
                      QStringLiteral("architecture (default: the module's ttg.target)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer analyze kernel: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        err << prog << "expected one FILE (or - for stdin)\n";
        return ExitBadUsage;
    }
    QFile file(pos.front());
    const bool ok = pos.front() == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly)
                                                      : file.open(QIODevice::ReadOnly);
    if (!ok) {
        err << prog << "cannot read " << pos.front() << ": " << file.errorString() << '\n';
        return ExitBadInput;
    }
    const qint64 limit = qint64(lx::kMaxTtgirBytes);
    const QByteArray data = file.read(limit + 1);
    if (data.size() > limit) {
        err << prog << pos.front() << ": a module is at most " << (limit >> 20) << " MiB\n";
        return ExitBadInput;
    }
    lx::Expected<lx::TtgirModule> module =
        lx::parseTtgir(std::string_view(data.constData(), size_t(data.size())));
    if (!module) {
        err << prog << pos.front() << ":" << QString::fromStdString(module.message()) << '\n';
        return ExitBadInput;
    }
    const std::string arch = parser.value(QStringLiteral("arch")).toStdString();
    lx::Expected<lx::KernelReport> report = lx::resolveKernel(*module, arch);
    if (!report) {
        err << prog << pos.front() << ": " << QString::fromStdString(report.message()) << '\n';
        return ExitBadInput;
    }
    if (parser.isSet(QStringLiteral("json")))
        return lx::app::writeJson(reportJson(*module, *report), prog, 2);
    QTextStream out(stdout);
    printText(out, *module, *report);
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(kernel, "kernel",
                     "every op of a TTGIR module: transposed loads, fallbacks, conflicts, LDS",
                     runAnalyzeKernel);
