// `analyze kernel --json` (request/reportjson.h): every op of a module that places data, with its
// LDS cost, the kernel's totals, and the compiler's answer beside them when the assembly is there.

#include "request/reportjson.h"

#include "analysis/nvloadcounter.h"
#include "request/figures.h"
#include "request/kernelpressure.h"

#include <algorithm>

namespace lx {

// The counting rule (analysis/dsloadtr.h InstructionCount), said in every report.
const char *const kKernelCounting =
    "count: instructions per thread the final assembly keeps (distinct addresses); issued: what "
    "Triton's lowering emits, a replicated register loaded again (LLVM removes the copy)";

namespace {

nlohmann::json compilerJson(const KernelAnswer &a)
{
    const AmdgcnKernel &as = *a.assembly;
    const CompilerComparison &c = *a.compiler;
    auto opt = [](const std::optional<int64_t> &v) -> nlohmann::json {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    };
    nlohmann::json kinds = nlohmann::json::array();
    for (const CompilerKindRow &k : c.kinds)
        kinds.push_back({{"instruction", k.instruction},
                         {"access", k.write ? "write" : "read"},
                         {"straight", k.straight},
                         {"inLoop", k.inLoop},
                         {"predicted", k.predicted},
                         {"compiler", k.compiler},
                         {"agree", k.agree}});
    nlohmann::json ds = nlohmann::json::object();
    for (const auto &[m, n] : as.ds)
        ds[m] = n;
    const bool meta = a.metadata.has_value();
    return {{"assembly", a.files.amdgcn},
            {"metadata", meta ? nlohmann::json(a.files.metadata) : nlohmann::json(nullptr)},
            {"target", as.target},
            {"tritonVersion", meta ? nlohmann::json(a.metadata->tritonVersion) : nullptr},
            {"ds", ds},
            {"vgprs", opt(as.vgprs)},
            {"agprs", opt(as.agprs)},
            {"vgprSpills", opt(as.vgprSpills)},
            {"sgprSpills", opt(as.sgprSpills)},
            {"scratchBytes", opt(as.scratchBytes)},
            {"occupancy", opt(as.occupancy)},
            {"groupSegmentBytes", opt(as.groupSegmentBytes)},
            {"ldsBytesLaunched", opt(c.compilerLdsBytes)},
            {"predictedLdsBytesEndToEnd", c.predictedLdsBytes},
            {"predictedLdsBytesAllocated", c.allocatedLdsBytes},
            {"unroll", c.unroll},
            {"kinds", kinds},
            {"transposed", c.compilerTransposed},
            {"predictedTransposed", c.predictedTransposed},
            {"transposedAgree", c.transposedAgree},
            {"countsAgree", c.countsAgree},
            {"ldsAgree", c.ldsAgree},
            {"agree", c.agree()},
            {"notes", c.notes}};
}

// The costliest op (analysis/kernel.h KernelTotals::worstOp), or null when no op has cycles.
// One instruction kind of an op: its count per thread and, on NVIDIA, the CTA's wavefronts by the
// measured rule and by the textbook phase tables, the worst n-way and Triton's own count.
nlohmann::json accessJson(const KernelLdsAccess &a)
{
    nlohmann::json o{{"instruction", a.instruction},
                     {"count", a.count},
                     {"issued", a.issued},
                     {"write", a.isWrite}};
    if (a.wavefronts) {
        o["wavefronts"] = *a.wavefronts;
        o["textbookWavefronts"] = a.textbookWavefronts;
        o["idealWavefronts"] = a.idealWavefronts;
        o["ways"] = a.ways;
    }
    if (a.tritonExtraWavefronts)
        o["tritonExtraWavefronts"] = *a.tritonExtraWavefronts;
    return o;
}

nlohmann::json worstOpJson(const KernelReport &report)
{
    if (report.totals.worstOp < 0)
        return nullptr;
    const KernelOpReport &w = report.ops.at(size_t(report.totals.worstOp));
    return {{"line", w.line},
            {"op", w.op},
            {"name", w.name},
            {"cyclesPerCta", *w.cyclesPerCta},
            {"maxWays", w.maxWays},
            {"reason", report.totals.worstOpReason},
            {"provenance", figureSourceName(kernelCyclesSource(w))}};
}

} // namespace

namespace {

// kernelReportJson without "figures" (each caller adds the figures of what it reports).
nlohmann::json reportWithoutFigures(const TtgirModule &module, const KernelReport &report,
                                    const CompilerComparison *compiler)
{
    nlohmann::json layouts = nlohmann::json::array();
    for (const TtgirAlias *a : module.layoutAliases()) {
        nlohmann::json l{{"alias", "#" + a->name}, {"text", a->text}, {"line", a->line}};
        if (!a->error.empty())
            l["error"] = a->error;
        if (!a->note.empty())
            l["note"] = a->note;
        layouts.push_back(std::move(l));
    }
    nlohmann::json ops = nlohmann::json::array();
    for (const KernelOpReport &r : report.ops) {
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
                         {"advice", r.advice},
                         {"maxWays", r.maxWays},
                         {"cyclesPerCta", r.cyclesPerCta ? nlohmann::json(*r.cyclesPerCta)
                                                         : nlohmann::json(nullptr)},
                         {"idealCyclesPerCta", r.idealCyclesPerCta},
                         {"cyclesProvenance",
                          r.cyclesPerCta ? nlohmann::json(figureSourceName(kernelCyclesSource(r)))
                                         : nlohmann::json(nullptr)},
                         {"bytes", r.bytes},
                         {"lostTransposed", r.lostTransposed},
                         {"problem", r.isProblem()},
                         {"registers", opRegistersJson(r)}};
        if (r.eligible)
            o["eligible"] = *r.eligible;
        if (!r.partitions.empty())
            o["partitions"] = r.partitions;
        const bool wavefronts =
            std::any_of(r.accesses.begin(), r.accesses.end(),
                        [](const KernelLdsAccess &a) { return a.wavefronts.has_value(); });
        if (r.accesses.size() > 1 || wavefronts) {
            o["accesses"] = nlohmann::json::array();
            for (const KernelLdsAccess &a : r.accesses)
                o["accesses"].push_back(accessJson(a));
        }
        if (!r.problem.empty())
            o["error"] = r.problem;
        if (!r.cyclesNote.empty())
            o["cyclesNote"] = r.cyclesNote;
        if (r.partitionConflicts)
            o["partitionConflicts"] = *r.partitionConflicts;
        if (compiler)
            o["compilerAgrees"] = !compiler->disagreesOn(r);
        ops.push_back(std::move(o));
    }
    nlohmann::json totals = nlohmann::json::object(), issued = nlohmann::json::object();
    for (const auto &[inst, n] : report.totals.instructions)
        totals[inst] = n;
    if (report.totals.hasWavefronts) {
        totals["wavefronts"] = {{"load", report.totals.wavefrontsLoad},
                                {"store", report.totals.wavefrontsStore},
                                {"textbookLoad", report.totals.textbookWavefrontsLoad},
                                {"textbookStore", report.totals.textbookWavefrontsStore},
                                {"rule", "measured (the architecture file's phase tables and "
                                         "measured rules); textbook: phase tables alone"}};
        if (const std::optional<NvLoadCounterRange> c = nvidiaLoadCounterRange(
                report.loadCounterExcessPerWarp, module, report.totals.wavefrontsLoad)) {
            totals["wavefronts"]["loadCounterMax"] = c->high;
            totals["wavefronts"]["loadCounterNote"] = c->note;
        }
    }
    for (const auto &[inst, n] : report.totals.issued)
        issued[inst] = n;
    return {{"arch", report.arch},
            {"target", module.target},
            {"numWarps", module.numWarps},
            {"threadsPerWarp", module.threadsPerWarp},
            {"layouts", layouts},
            {"ops", ops},
            {"counting", kKernelCounting},
            {"registersModel", kTensorRegistersNote},
            {"totals", totals},
            {"totalsIssued", issued},
            {"ldsBytesEndToEnd", report.totals.ldsBytesEndToEnd},
            {"ldsBytesAllocated", report.totals.ldsBytesAllocated},
            {"cyclesPerCta", report.totals.cyclesPerCta},
            {"worstOp", worstOpJson(report)},
            {"worstWays", report.totals.worstWays},
            {"worstWaysLine", report.totals.worstWaysLine},
            {"lostTransposed", report.totals.lostTransposed},
            {"notes", report.notes},
            {"warnings", report.warnings}};
}

} // namespace

nlohmann::json kernelReportJson(const TtgirModule &module, const KernelReport &report,
                                const CompilerComparison *compiler)
{
    nlohmann::json j = reportWithoutFigures(module, report, compiler);
    j["figures"] = figuresJson(kernelFigures(report));
    return j;
}

// One kernel with its report: the JSON object, or the text with the compiler's block.
nlohmann::json kernelAnswerJson(const KernelAnswer &a, bool figures)
{
    nlohmann::json j =
        reportWithoutFigures(a.module, a.report, a.compiler ? &*a.compiler : nullptr);
    j["path"] = a.files.ttgir;
    j["name"] = a.files.name;
    if (figures)
        j["figures"] = figuresJson(kernelFigures(a));
    if (a.compiler)
        j["compiler"] = compilerJson(a);
    return j;
}

} // namespace lx
