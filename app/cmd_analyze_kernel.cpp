// `layout-explorer analyze kernel PATH [--asm FILE] [--arch A] [--since OLD] [--json]`: every op of
// a TTGIR module that places data, with what it costs on the LDS (core/analysis/kernel.h), and the
// kernel's totals. PATH is a module (`-`: stdin), a Triton cache folder or a dump folder
// (io/tritoncache.h); where the assembly is there the compiler's own answer is shown beside the
// prediction, every disagreement marked (analysis/compilercheck.h). `--since OLD` adds what
// changed against an earlier compile (request/kerneldiff.h, as the window's cache watcher shows).

#include "command.h"
#include "output.h"

#include "analysis/nvloadcounter.h"
#include "base/boundedread.h"
#include "io/ttgir.h"
#include "render/qtext.h"
#include "request/kerneldiff.h"
#include "request/kernelpressure.h"
#include "request/kernelrequest.h"
#include "request/reportjson.h"

#include <QFileInfo>

#include <QFile>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>

#include <cstdio>

namespace {

using lx::qs;

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

void printText(QTextStream &out, const lx::TtgirModule &module, const lx::KernelReport &report,
               const lx::CompilerComparison *compiler = nullptr)
{
    out << "arch " << qs(report.arch) << ", " << module.numWarps << " warps of "
        << module.threadsPerWarp << " threads, " << module.lines << " lines\n\n";
    out << "layouts\n";
    for (const lx::TtgirAlias *a : module.layoutAliases())
        out << "  #" << qs(a->name) << " = " << qs(a->text) << '\n';
    out << "\nops\n";
    for (const lx::KernelOpReport &r : report.ops) {
        out << (r.isProblem() ? "! " : "  ") << QString::number(r.line).rightJustified(5) << "  "
            << qs(r.op).leftJustified(22) << ' ' << qs(r.name).leftJustified(12) << ' '
            << qs(r.shape + "x" + r.dtype).leftJustified(16) << ' ' << qs(r.src) << " -> "
            << qs(r.dst);
        if (!r.instruction.empty() && r.count > 0) {
            out << "  " << r.count << " x " << qs(r.instruction);
            if (r.issued > r.count)
                out << " (" << r.issued << " issued)";
        } else if (!r.instruction.empty())
            out << "  " << qs(r.instruction);
        if (r.maxWays > 1)
            out << ", " << r.maxWays << "-way conflicts";
        if (r.cyclesPerCta)
            out << ", " << *r.cyclesPerCta << " cycles per CTA"
                << (lx::kernelCyclesSource(r) == lx::FigureSource::Computed
                        ? QString()
                        : QStringLiteral(" (") +
                              QString::fromLatin1(lx::figureSourceName(lx::kernelCyclesSource(r))) +
                              QLatin1Char(')'));
        if (r.bytes > 0)
            out << ", " << r.bytes << " B";
        if (!r.partitions.empty())
            out << " (partition " << qs(r.partitions) << ')';
        if (const std::optional<lx::TensorRegisters> t = lx::tensorRegisters(r, 0))
            out << ", " << t->vgprs << " VGPRs per thread (model)";
        if (compiler && compiler->disagreesOn(r))
            out << "  [the compiler disagrees]";
        out << '\n';
        for (const lx::KernelLdsAccess &a : r.accesses) {
            if (r.accesses.size() < 2 && !a.wavefronts)
                continue;
            out << "         " << (a.isWrite ? "store " : "load  ") << a.count << " x "
                << qs(a.instruction);
            if (a.wavefronts)
                out << ": " << *a.wavefronts << " wavefronts per CTA (measured rule), "
                    << a.textbookWavefronts << " (textbook phases), " << a.idealWavefronts
                    << " without conflicts, worst " << a.ways << "-way";
            if (a.tritonExtraWavefronts)
                out << "; Triton's count: " << *a.tritonExtraWavefronts
                    << " extra wavefronts per instruction";
            out << '\n';
        }
        if (!r.problem.empty())
            out << "         error: " << qs(r.problem) << '\n';
        else if (r.lostTransposed)
            out << "         no transposed load: " << qs(r.reason) << '\n';
        if (!r.path.empty() && r.problem.empty())
            out << "         " << qs(r.path) << " path: " << qs(r.pathReason) << '\n';
        if (!r.advice.empty() && r.problem.empty())
            out << "         to vectorise: " << qs(r.advice) << '\n';
    }
    out << "\ntotals (per thread; " << lx::kKernelCounting << ")\n";
    for (const auto &[inst, n] : report.totals.instructions) {
        out << "  " << qs(inst).leftJustified(22) << ' ' << n;
        if (const auto it = report.totals.issued.find(inst);
            it != report.totals.issued.end() && it->second > n)
            out << " (" << it->second << " issued)";
        out << '\n';
    }
    out << "  LDS, allocs end to end " << report.totals.ldsBytesEndToEnd << " B\n";
    out << "  LDS, as allocated      " << report.totals.ldsBytesAllocated << " B\n";
    out << "  LDS cycles per CTA     " << report.totals.cyclesPerCta << '\n';
    if (report.totals.hasWavefronts)
        out << "  wavefronts per CTA     load " << report.totals.wavefrontsLoad << ", store "
            << report.totals.wavefrontsStore << " (measured rule); textbook phases: load "
            << report.totals.textbookWavefrontsLoad << ", store "
            << report.totals.textbookWavefrontsStore << '\n';
    if (report.totals.hasWavefronts)
        if (const std::optional<lx::NvLoadCounterRange> c = lx::nvidiaLoadCounterRange(
                report.loadCounterExcessPerWarp, module, report.totals.wavefrontsLoad))
            out << "  load counter (ncu)     " << c->low << " to " << c->high << ": " << qs(c->note)
                << '\n';
    if (report.totals.worstOp >= 0) {
        const lx::KernelOpReport &w = report.ops.at(size_t(report.totals.worstOp));
        out << "  costliest op           line " << w.line << ", " << *w.cyclesPerCta
            << " cycles per CTA: " << qs(report.totals.worstOpReason) << '\n';
    }
    if (report.totals.worstWays > 1)
        out << "  highest n-way          " << report.totals.worstWays << "-way (line "
            << report.totals.worstWaysLine << ")\n";
    for (const std::string &s : report.totals.lostTransposed)
        out << "  lost transposed load   " << qs(s) << '\n';
    for (const std::string &n : report.notes)
        out << "note: " << qs(n) << '\n';
    for (const std::string &w : report.warnings)
        out << "warning: " << qs(w) << '\n';
}

void printCompiler(QTextStream &out, const lx::KernelAnswer &a)
{
    auto n = [](const std::optional<int64_t> &v) {
        return v ? QString::number(*v) : QStringLiteral("?");
    };
    const lx::AmdgcnKernel &as = *a.assembly;
    const lx::CompilerComparison &c = *a.compiler;
    out << "\ncompiler (" << qs(a.files.amdgcn);
    if (a.metadata && !a.metadata->tritonVersion.empty())
        out << "; Triton " << qs(a.metadata->tritonVersion);
    out << "; " << qs(as.target) << ")\n";
    out << "    instruction            predicted   compiler\n";
    for (const lx::CompilerKindRow &k : c.kinds)
        out << (k.agree ? "    " : "  ! ") << qs(k.instruction).leftJustified(22) << ' '
            << QString::number(k.predicted).rightJustified(9) << ' '
            << QString::number(k.compiler).rightJustified(10) << (k.agree ? "" : "   DIFFER")
            << '\n';
    out << "    (merged ds_read2 / ds_load_2addr / ds_write2 forms counted as their two accesses; "
           "predicted = straight-line + "
        << c.unroll << " x in-loop)\n";
    out << (c.transposedAgree ? "    " : "  ! ") << "transposed loads       "
        << (c.transposedAgree ? "agree" : "DIFFER") << '\n';
    out << "    VGPRs                  " << n(as.vgprs);
    if (as.agprs)
        out << " (" << *as.agprs << " AGPRs)";
    out << ", " << n(as.vgprSpills) << " spilled; SGPRs spilled " << n(as.sgprSpills)
        << "; scratch " << n(as.scratchBytes) << " B; occupancy " << n(as.occupancy) << '\n';
    out << (c.ldsAgree ? "    " : "  ! ") << "LDS                    "
        << (c.compilerLdsBytes
                ? QString::number(*c.compilerLdsBytes) + QStringLiteral(" B (metadata shared)")
                : QStringLiteral("? (no metadata)"))
        << ", " << c.allocatedLdsBytes << " B as allocated, " << c.predictedLdsBytes
        << " B end to end; static group segment " << n(as.groupSegmentBytes) << " B\n";
    out << "    " << (c.agree() ? "the prediction agrees with the compiler" : "DISAGREES") << '\n';
    for (const std::string &note : c.notes)
        out << "    " << qs(note) << '\n';
}

void printAnswer(QTextStream &out, const lx::KernelAnswer &a)
{
    printText(out, a.module, a.report, a.compiler ? &*a.compiler : nullptr);
    if (a.compiler)
        printCompiler(out, a);
}

// A module from standard input: no files beside it.
int analyzeStdin(const QString &prog, const std::string &arch, bool json)
{
    lx::app::ErrorStream err;
    lx::Expected<std::string> data =
        lx::readBounded("-", int64_t(lx::kMaxTtgirBytes), "a TTGIR module");
    if (!data) {
        err << prog << QString::fromStdString(data.message()) << '\n';
        return ExitBadInput;
    }
    lx::Expected<lx::TtgirModule> module = lx::parseTtgir(*data);
    if (!module) {
        err << prog << "-:" << QString::fromStdString(module.message()) << '\n';
        return ExitBadInput;
    }
    lx::Expected<lx::KernelReport> report = lx::resolveKernel(*module, arch);
    if (!report) {
        err << prog << "-: " << QString::fromStdString(report.message()) << '\n';
        return ExitBadInput;
    }
    if (json)
        return lx::app::writeJson(lx::kernelReportJson(*module, *report), prog, 2);
    lx::app::OutStream out;
    printText(out, *module, *report);
    return ExitOk;
}

// `--since OLD`: the first complete kernel of OLD (a module, a kernel folder), analysed as PATH
// is, to compare with.
lx::Expected<lx::KernelAnswer> previousAnswer(const std::string &old, const std::string &arch)
{
    lx::Expected<std::vector<lx::KernelFiles>> found = lx::findKernels(old);
    if (!found)
        return found.error();
    for (const lx::KernelFiles &f : *found)
        if (f.incomplete.empty())
            return lx::resolveCompiledKernel(f, arch);
    return lx::makeError("--since " + old + ": " + found->front().incomplete);
}

nlohmann::json sinceJson(const lx::KernelAnswer &old, const lx::KernelDiff &d)
{
    nlohmann::json changes = nlohmann::json::array();
    for (const lx::KernelChange &c : d.changes)
        changes.push_back(
            {{"kind", c.kind}, {"what", c.what}, {"before", c.before}, {"after", c.after}});
    return {{"path", old.files.ttgir}, {"same", d.same()}, {"changes", changes}};
}

void printSince(QTextStream &out, const lx::KernelAnswer &old, const lx::KernelDiff &d)
{
    out << "\nsince " << QString::fromStdString(old.files.ttgir) << ": ";
    if (d.same()) {
        out << "no change\n";
        return;
    }
    out << d.changes.size() << (d.changes.size() == 1 ? " change\n" : " changes\n");
    for (const std::string &line : lx::describeChanges(d))
        out << "  " << QString::fromStdString(line) << '\n';
}

// `--since OLD` on the one kernel of PATH: its report, then what changed.
int answerSince(const std::vector<lx::KernelAnswer> &answers, const QString &path,
                const std::string &since, const std::string &arch, bool json)
{
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer analyze kernel: ");
    if (answers.size() != 1) {
        err << prog << "--since compares one kernel; " << path << " holds " << answers.size()
            << '\n';
        return ExitBadUsage;
    }
    lx::Expected<lx::KernelAnswer> old = previousAnswer(since, arch);
    if (!old) {
        err << prog << QString::fromStdString(old.message()) << '\n';
        return ExitBadInput;
    }
    const lx::KernelDiff d = lx::diffKernels(*old, answers.front());
    if (json) {
        nlohmann::json j = lx::kernelAnswerJson(answers.front());
        j["since"] = sinceJson(*old, d);
        return lx::app::writeJson(j, prog, 2);
    }
    lx::app::OutStream out;
    printAnswer(out, answers.front());
    printSince(out, *old, d);
    return ExitOk;
}

void addKernelOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral(
        "Every op of a TTGIR module that places data: for each local_load the transposed-load "
        "decision or the fallback vector load, for each local_store / local_alloc the write, "
        "for each convert_layout what it lowers to, with bank conflicts and LDS bytes; then the "
        "kernel's totals. PATH may also be a Triton cache folder (~/.triton/cache or one of its "
        "kernel folders) or a dump folder (NAME.ttgir beside NAME.amdgcn): where the assembly is "
        "there, the compiler's LDS instructions, VGPRs, spills and LDS bytes are shown beside "
        "the prediction, every disagreement marked."));
    parser.addHelpOption();
    parser.addPositionalArgument(
        QStringLiteral("PATH"),
        QStringLiteral("a .ttgir module (- for stdin), a Triton cache folder or a dump folder"));
    parser.addOption({QStringLiteral("asm"),
                      QStringLiteral("the module's final assembly (NAME.amdgcn), to compare with"),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("arch"),
                      QStringLiteral("architecture (default: the module's ttg.target)"),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("since"),
                      QStringLiteral("an earlier compile of the kernel (a module or a kernel "
                                     "folder): what changed, after the report"),
                      QStringLiteral("OLD")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("print JSON")});
}

int runAnalyzeKernel(const QStringList &args)
{
    QCommandLineParser parser;
    addKernelOptions(parser);
    lx::app::ErrorStream err;
    const QString prog = QStringLiteral("layout-explorer analyze kernel: ");
    if (const std::optional<int> done = lx::app::parseOrExit(parser, args, prog))
        return *done;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 1) {
        err << prog << "expected one FILE (a module, - for stdin, or a folder)\n";
        return ExitBadUsage;
    }
    const std::string arch = parser.value(QStringLiteral("arch")).toStdString();
    const bool json = parser.isSet(QStringLiteral("json"));
    const std::string asmPath = parser.value(QStringLiteral("asm")).toStdString();
    const std::string since = parser.value(QStringLiteral("since")).toStdString();
    if (pos.front() == QLatin1String("-") && !since.empty()) {
        err << prog << "--since needs the module as a file or folder, not standard input\n";
        return ExitBadUsage;
    }
    if (pos.front() == QLatin1String("-") && asmPath.empty())
        return analyzeStdin(prog, arch, json);
    if (pos.front() == QLatin1String("-")) {
        err << prog << "--asm needs the module as a file, not standard input\n";
        return ExitBadUsage;
    }
    const std::string path = pos.front().toStdString();
    lx::Expected<std::vector<lx::KernelFiles>> found = lx::findKernels(path, asmPath);
    if (!found) {
        err << prog << QString::fromStdString(found.message()) << '\n';
        return ExitBadInput;
    }
    const bool folder = QFileInfo(pos.front()).isDir();
    std::vector<lx::KernelAnswer> answers;
    nlohmann::json incomplete = nlohmann::json::array();
    for (const lx::KernelFiles &f : *found) {
        if (!f.incomplete.empty()) {
            incomplete.push_back({{"path", f.ttgir}, {"reason", f.incomplete}});
            err << prog << QString::fromStdString(f.folder)
                << ": incomplete, not read: " << QString::fromStdString(f.incomplete) << '\n';
            continue;
        }
        lx::Expected<lx::KernelAnswer> a = lx::resolveCompiledKernel(f, arch);
        if (!a) {
            err << prog << QString::fromStdString(a.message()) << '\n';
            return ExitBadInput;
        }
        answers.push_back(std::move(*a));
    }
    lx::app::OutStream out;
    if (!since.empty())
        return answerSince(answers, pos.front(), since, arch, json);
    if (!folder) {
        // One module: the report as before, with the compiler's answer when its assembly is there.
        const lx::KernelAnswer &a = answers.front();
        if (json)
            return lx::app::writeJson(lx::kernelAnswerJson(a), prog, 2);
        printAnswer(out, a);
        return ExitOk;
    }
    if (json) {
        nlohmann::json kernels = nlohmann::json::array();
        for (const lx::KernelAnswer &a : answers)
            kernels.push_back(lx::kernelAnswerJson(a));
        return lx::app::writeJson(nlohmann::json{{"kernels", kernels}, {"incomplete", incomplete}},
                                  prog, 2);
    }
    for (const lx::KernelAnswer &a : answers) {
        out << "=== " << QString::fromStdString(a.files.ttgir) << "\n";
        printAnswer(out, a);
        out << '\n';
    }
    out << answers.size() << " kernels analysed, " << incomplete.size() << " incomplete\n";
    return ExitOk;
}

} // namespace

LX_REGISTER_ANALYSIS(kernel, "kernel",
                     "every op of a TTGIR module: transposed loads, fallbacks, conflicts, LDS",
                     runAnalyzeKernel);
