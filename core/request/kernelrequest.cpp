#include "request/kernelrequest.h"

#include "hw/arch.h"

namespace lx {

Expected<KernelReport> resolveKernel(const TtgirModule &module, const std::string &arch)
{
    const std::string name = arch.empty() ? module.arch : arch;
    if (name.empty())
        return makeError("the module names no target (ttg.target) and no architecture was given "
                         "(--arch)");
    // Refused here, with its name, before any op is looked at.
    if (Expected<Architecture> a = loadArchitecture(name); !a)
        return makeError("architecture '" + name + "': " + a.message());
    return analyzeKernel(module, name);
}

FigureSource opBankSource(const KernelReport &report, const KernelOpReport &op, std::string *note)
{
    Expected<Architecture> arch = loadArchitecture(report.arch);
    const LdsInstruction *ins = arch ? arch->findInstruction(op.instruction) : nullptr;
    if (!ins || ins->provenance.confidence != "L")
        return FigureSource::Computed;
    if (note)
        *note = "the phase table of " + op.instruction + ", " + ins->provenance.label() + ": " +
                ins->provenance.source;
    return FigureSource::Extrapolated;
}

std::vector<Figure> kernelFigures(const KernelReport &report)
{
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, int64_t v, std::string text,
                   std::string unit) {
        f.push_back(Figure{std::move(key),
                           std::move(label),
                           std::move(text),
                           double(v),
                           std::move(unit),
                           FigureSource::Computed,
                           {}});
    };
    add("ops", "Ops analysed", int64_t(report.ops.size()), std::to_string(report.ops.size()), {});
    add("ldsBytes", "LDS allocated", report.totals.ldsBytes, bytesText(report.totals.ldsBytes),
        "B");
    add("worstWays", "Worst bank conflict", report.totals.worstWays,
        std::to_string(report.totals.worstWays) + "-way", {});
    for (const KernelOpReport &op : report.ops)
        if (op.line == report.totals.worstWaysLine && op.maxWays == report.totals.worstWays &&
            op.maxWays > 0) {
            f.back().source = opBankSource(report, op, &f.back().note);
            break;
        }
    for (const auto &[instruction, count] : report.totals.instructions)
        add("instructions:" + instruction, instruction + " per thread", count,
            std::to_string(count), {});
    return f;
}

} // namespace lx

namespace lx {

Expected<KernelAnswer> resolveCompiledKernel(const KernelFiles &files, const std::string &arch)
{
    if (!files.incomplete.empty())
        return makeError(files.folder + ": " + files.incomplete);
    Expected<CompiledKernel> k = readCompiledKernel(files);
    if (!k)
        return k.error();
    Expected<TtgirModule> module = parseTtgir(k->ttgirText);
    if (!module)
        return makeError(files.ttgir + ":" + module.message());
    Expected<KernelReport> report = resolveKernel(*module, arch);
    if (!report)
        return makeError(files.ttgir + ": " + report.message());
    KernelAnswer a{files,
                   std::move(*module),
                   std::move(*report),
                   std::move(k->assembly),
                   std::move(k->metadata),
                   std::nullopt};
    if (a.assembly) {
        std::optional<int64_t> shared;
        if (a.metadata)
            shared = a.metadata->sharedBytes;
        a.compiler = compareWithCompiler(a.module, a.report, a.assembly->ds, shared);
        if (!a.assembly->target.empty() && a.assembly->target != a.report.arch)
            a.compiler->notes.push_back("the assembly is for " + a.assembly->target +
                                        ", the prediction for " + a.report.arch);
    }
    return a;
}

std::vector<Figure> kernelFigures(const KernelAnswer &answer)
{
    std::vector<Figure> f = kernelFigures(answer.report);
    if (!answer.assembly)
        return f;
    const AmdgcnKernel &as = *answer.assembly;
    auto add = [&](std::string key, std::string label, std::optional<int64_t> v,
                   const std::string &unit) {
        if (!v)
            return;
        f.push_back(Figure{"compiler:" + std::move(key), std::move(label),
                           unit == "B" ? bytesText(*v) : std::to_string(*v), double(*v), unit,
                           FigureSource::Compiler, "read from " + answer.files.amdgcn});
    };
    for (const auto &[mnemonic, n] : as.ds)
        add("instructions:" + mnemonic, mnemonic + " in the assembly", n, {});
    add("vgprs", "VGPRs (with AGPRs)", as.vgprs, {});
    add("agprs", "AGPRs", as.agprs, {});
    add("vgprSpills", "VGPRs spilled", as.vgprSpills, {});
    add("sgprSpills", "SGPRs spilled", as.sgprSpills, {});
    add("scratchBytes", "Scratch per lane", as.scratchBytes, "B");
    add("groupSegmentBytes", "Static LDS (group segment)", as.groupSegmentBytes, "B");
    if (answer.metadata)
        add("ldsBytes", "LDS the kernel is launched with", answer.metadata->sharedBytes, "B");
    if (answer.compiler) {
        const CompilerComparison &c = *answer.compiler;
        add("unroll", "Loop body copies in the assembly", c.unroll, {});
        std::string text = c.agree() ? "yes" : "no";
        for (const std::string &n : c.notes)
            text += "; " + n;
        f.push_back(Figure{"compiler:agree",
                           "Prediction agrees with the compiler",
                           text,
                           c.agree() ? 1.0 : 0.0,
                           {},
                           FigureSource::Compiler,
                           "transposed-load kinds equal, every read and write kind = straight-line "
                           "+ u x in-loop, LDS bytes (docs/kernel.md)"});
    }
    return f;
}

} // namespace lx
