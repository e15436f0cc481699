#include "request/kernelrequest.h"
#include "request/kernelpressure.h"

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

FigureSource kernelCyclesSource(const KernelOpReport &op)
{
    return figureSourceOf(op.cyclesProvenance, FigureSource::Computed);
}

std::string kernelCyclesProvenanceNote(const KernelOpReport &op)
{
    if (kernelCyclesSource(op) == FigureSource::Computed)
        return {};
    const std::string instruction =
        op.accesses.empty() ? op.instruction : op.accesses.front().instruction;
    return "from the phase table of " + instruction + ", " + op.cyclesProvenance.label() + ": " +
           op.cyclesProvenance.source;
}

namespace {

// The op on `line` (the first), or null.
const KernelOpReport *opOnLine(const KernelReport &report, int line)
{
    for (const KernelOpReport &op : report.ops)
        if (op.line == line)
            return &op;
    return nullptr;
}

// The least certain provenance of the ops' cycles (computed, then fitted or measured, then
// extrapolated): one extrapolated number makes the sum extrapolated. `note` names its op.
FigureSource leastCertain(const KernelReport &report, std::string &note)
{
    const auto rank = [](FigureSource s) {
        return s == FigureSource::Extrapolated ? 2 : s == FigureSource::Computed ? 0 : 1;
    };
    FigureSource source = FigureSource::Computed;
    for (const KernelOpReport &op : report.ops)
        if (op.cyclesPerCta && rank(kernelCyclesSource(op)) > rank(source)) {
            source = kernelCyclesSource(op);
            note = "line " + std::to_string(op.line) + ": " + kernelCyclesProvenanceNote(op);
        }
    return source;
}

} // namespace

FigureSource opBankSource(const KernelReport &, const KernelOpReport &op, std::string *note)
{
    const FigureSource source = kernelCyclesSource(op);
    if (note && source != FigureSource::Computed) {
        // "the phase table of ds_store_b16, confidence L (...): source", as check prints it.
        const std::string text = kernelCyclesProvenanceNote(op);
        *note = text.rfind("from ", 0) == 0 ? text.substr(5) : text;
    }
    return source;
}

std::vector<Figure> kernelFigures(const KernelReport &report)
{
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, int64_t v, std::string text,
                   std::string unit, FigureSource source = FigureSource::Computed,
                   std::string note = {}) {
        f.push_back(Figure{std::move(key), std::move(label), std::move(text), double(v),
                           std::move(unit), source, std::move(note)});
    };
    const KernelTotals &t = report.totals;
    add("ops", "Ops analysed", int64_t(report.ops.size()), std::to_string(report.ops.size()), {});
    add("ldsBytesEndToEnd", "LDS of the allocations end to end", t.ldsBytesEndToEnd,
        bytesText(t.ldsBytesEndToEnd), "B", FigureSource::Computed,
        "The local_alloc sizes summed, laid one after another in the order of the text "
        "(liveness ignored: the compiler may reuse some)");
    add("ldsBytesAllocated", "LDS as Triton allocates it", t.ldsBytesAllocated,
        bytesText(t.ldsBytesAllocated), "B", FigureSource::Computed,
        "The allocations and the ops' scratch buffers (convert_layout, reduce, scan, histogram) "
        "placed by liveness as Triton's allocator does: the kernel's shared memory");
    std::string sumNote;
    const FigureSource sumSource = leastCertain(report, sumNote);
    add("cyclesPerCta", "LDS cycles per CTA, all ops", t.cyclesPerCta,
        std::to_string(t.cyclesPerCta) + " cycles", "cycles", sumSource,
        "Each op's instructions by the phase model, summed over every warp of the CTA" +
            (sumNote.empty() ? std::string() : "; " + sumNote));
    if (t.worstOp >= 0) {
        const KernelOpReport &w = report.ops.at(size_t(t.worstOp));
        const std::string note = kernelCyclesProvenanceNote(w);
        add("worstOp", "Costliest op (LDS cycles per CTA)", *w.cyclesPerCta,
            "line " + std::to_string(w.line) + ": " + std::to_string(*w.cyclesPerCta) + " cycles",
            "cycles", kernelCyclesSource(w),
            t.worstOpReason + (note.empty() ? std::string() : "; " + note));
    }
    const KernelOpReport *ways = opOnLine(report, t.worstWaysLine);
    add("worstWays", "Highest bank conflict", t.worstWays,
        std::to_string(t.worstWays) + "-way" +
            (t.worstWays > 1 ? " (line " + std::to_string(t.worstWaysLine) + ")" : std::string()),
        {}, ways ? kernelCyclesSource(*ways) : FigureSource::Computed,
        ways ? kernelCyclesProvenanceNote(*ways) : std::string());
    for (const auto &[instruction, count] : t.instructions)
        add("instructions:" + instruction, instruction + " per thread", count,
            std::to_string(count), {});
    for (Figure &g : kernelPressureFigures(report))
        f.push_back(std::move(g));
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
    if (auto g = registersBesideCompilerFigure(answer.report, as.vgprs, as.vgprSpills))
        f.push_back(std::move(*g));
    add("sgprSpills", "SGPRs spilled", as.sgprSpills, {});
    add("scratchBytes", "Scratch per lane", as.scratchBytes, "B");
    add("groupSegmentBytes", "Static LDS (group segment)", as.groupSegmentBytes, "B");
    if (answer.metadata)
        add("ldsBytesLaunched", "LDS the kernel is launched with", answer.metadata->sharedBytes,
            "B");
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
