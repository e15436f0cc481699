// The bank access of a view (request/bankaccess.h): the request resolved once, then each shared
// layout's buffer, transposed-load choice and bank analysis.

#include "request/bankaccess.h"

#include "analysis/banksdsloadtr.h"
#include "analysis/banksprepared.h"
#include "analysis/dsloadtrprepared.h"
#include "analysis/limits.h"
#include "hw/dtype.h"

#include <algorithm>

namespace lx {

namespace bankaccessdetail {

// What a bank view's request says besides its shared layout, resolved once.
struct BatchFields
{
    const ViewRequest *req = nullptr;
    bool drawn = true;
    std::shared_ptr<const Architecture> arch;
    int64_t warp = 0;
    const ResolvedLayout *shared = nullptr; // the request's own
    const ResolvedLayout *reg = nullptr;    // null: a bank map without a reader
    bool write = false;
    bool broadcast = true;
    std::string instruction;
    // The register layout without broadcast registers, when it is within the analysis' size
    // (otherwise the analysis itself says why, as it always did).
    std::optional<LinearLayout> noBroadcast;
    // The architecture's transposed loads (its file), the one the request names, the refusal of
    // a transposed load of another architecture, and why the register layout cannot be a
    // transposed load's destination.
    std::vector<DsLoadTrInstruction> own;
    std::optional<DsLoadTrInstruction> named;
    std::optional<Error> foreignTransposedLoad;
    std::optional<std::string> destinationProblem;
};

} // namespace bankaccessdetail

struct BankAccessBatch::State : bankaccessdetail::BatchFields
{
};

namespace {

using bankaccessdetail::BatchFields;

// The transposed-load side of a batch, computed once from the architecture, the instruction the
// request names and the register layout.
void prepareTransposedLoads(BatchFields &s)
{
    const Architecture &arch = *s.arch;
    const std::string &instruction = s.instruction;
    // The architecture's own transposed loads (its file), never a table keyed on its name.
    s.own = dsLoadTrInstructionsOf(arch);
    for (const DsLoadTrInstruction &i : s.own)
        if (!instruction.empty() && i.name == instruction)
            s.named = i;
    if (!instruction.empty() && !s.named) {
        // A transposed load of another architecture file is an error; a plain one is not ours.
        if (const std::optional<DsLoadTrInstruction> other = dsLoadTrInstructionByName(instruction))
            s.foreignTransposedLoad = makeError(
                instruction + " is a transposed load of " + other->arch + ", not of " + arch.name +
                " (its architecture file lists " +
                (s.own.empty() ? std::string("none") : s.own.front().name + ", ...") + ")");
    }
    if (s.reg)
        s.destinationProblem = dsLoadTrDestinationProblem(s.reg->attr.get());
}

// A read into a dot operand (or #ttg.linear) on an arch with transposed loads: the lowering tries
// the transposed load first and falls back to ordinary loads (docs/gfx1250-layouts.md §2). With
// no instruction named, or a transposed one named, returns the transposed load's report when it
// applies; otherwise nullopt, with *choice saying why not when it was a candidate. A named
// transposed load that does not apply is an error naming the reason.
// `composed`: set to the register layout's map into the shared one when the plan computed it.
Expected<std::optional<BankConflictReport>>
transposedLoadReport(const BatchFields &s, const ResolvedLayout &shared,
                     const SharedMemoryLayout &sml, int bits, const BankOptions &options,
                     std::optional<TransposedLoadChoice> *choice,
                     std::optional<Expected<LinearLayout>> &composed)
{
    const Architecture &arch = *s.arch;
    const ResolvedLayout &reg = *s.reg;
    const std::string &instruction = s.instruction;
    const std::optional<DsLoadTrInstruction> &named = s.named;
    if (s.foreignTransposedLoad)
        return *s.foreignTransposedLoad;
    if (s.write || (!instruction.empty() && !named))
        return std::optional<BankConflictReport>();
    if (s.own.empty())
        return std::optional<BankConflictReport>();
    if (s.destinationProblem) {
        if (named)
            return makeError(instruction + ": " + *s.destinationProblem);
        return std::optional<BankConflictReport>();
    }
    composed.emplace(reg.layout.invertAndCompose(shared.layout));
    Expected<DsLoadTrPlan> plan = analyzeDsLoadTrComposed(
        shared.layout, reg.layout, &*composed, bits, arch, dsLoadTrOptionsFor(shared.attr.get()));
    if (!plan) {
        if (named)
            return makeError(instruction + ": " + plan.message());
        // The lowering tries the transposed load first; when its analysis fails, which load the
        // access uses is unknown, so no plain-load report stands in for it.
        return makeError("the transposed-load analysis of this read failed: " + plan.message() +
                         " (set the option \"instruction\" to a plain load to count that one)");
    }
    if (named && plan->hasInstruction() && plan->instruction.name != instruction)
        return makeError(instruction + " moves " + std::to_string(named->elementBits) +
                         "-bit elements; this access has " + std::to_string(bits) + "-bit ones (" +
                         plan->instruction.name + " moves them)");
    if (!plan->eligible) {
        if (named)
            return makeError(instruction + " does not apply: " + plan->reason +
                             " (the lowering falls back to " +
                             std::to_string(plan->fallback.count) + " x " +
                             plan->fallback.instruction + " per thread)");
        // A plain load at least as wide as the transposed one is no fallback worth naming
        // (a K-contiguous operand read with ds_load_b128); a missing variant always is.
        if (plan->hasInstruction() && plan->fallback.bits >= plan->instruction.instBits)
            return std::optional<BankConflictReport>();
        TransposedLoadChoice c;
        c.candidate = plan->instruction.name;
        c.reason = plan->reason;
        c.fallback = plan->fallback.instruction;
        c.fallbackCount = plan->fallback.count;
        c.fallbackDistinct = plan->fallback.distinctCount;
        *choice = c;
        return std::optional<BankConflictReport>();
    }
    Expected<BankConflictReport> report =
        analyzeDsLoadTrBanks(arch, *plan, reg.layout, sml, options, int(s.warp) + 1, s.drawn);
    if (!report)
        return report.error();
    report->instructionForced = named.has_value();
    return std::optional<BankConflictReport>(std::move(*report));
}

// ", read by ds_load_tr16_b128" / ", fallback ds_load_u16 (ds_load_tr16_b128 not eligible)".
std::string transposedLoadText(const BankConflictReport &r)
{
    if (!r.transposedLoad)
        return {};
    const TransposedLoadChoice &c = *r.transposedLoad;
    if (c.used)
        return ", read by the transposed load " + c.candidate;
    return ", fallback " + r.instruction.name + " (" +
           (c.candidate.empty()
                ? "no transposed load for " + std::to_string(r.elementBits) + "-bit elements"
                : c.candidate + " not eligible") +
           ")";
}

// The shared layout as the bank analysis reads it: its padding and partitions from the
// attribute, 1-D or 2-D. A layout with an attribute was built from it over its shape (io/scene.h
// ResolvedLayout), so the attribute gives the padding and partitions and the layout is taken as
// it is, not built again.
Expected<SharedMemoryLayout> bankSharedMemory(const ViewRequest &req, const Architecture &arch,
                                              const ResolvedLayout &shared, int bits)
{
    SharedMemoryLayout sml;
    if (shared.attr) {
        auto s = sharedMemoryLayoutOf(*shared.attr, shared.layout, shared.shape, bits,
                                      arch.cu ? arch.cu->partitionBytes : 0);
        if (!s)
            return makeError("shared layout '" + shared.name + "': " + s.message());
        sml = std::move(*s);
    } else {
        sml.layout = shared.layout;
    }
    const LinearLayout &sl = sml.layout;
    if (sl.numOutDims() < 1 || sl.numOutDims() > 2)
        return makeError("view '" + req.kind + "' draws 1-D or 2-D tensors; '" + shared.name +
                         "' has " + std::to_string(sl.numOutDims()) + " dims");
    return sml;
}

// The totals of a wave of `perWave` instructions with the figures of `first`.
BankTotals repeatedTotals(const InstructionReport &first, int perWave)
{
    BankTotals t;
    t.instructions = perWave;
    t.cycles = int64_t(perWave) * first.cycles;
    t.idealCycles = int64_t(perWave) * first.idealCycles;
    t.maxWays = std::max(t.maxWays, first.maxWays);
    t.modelCycles = int64_t(perWave) * first.modelCycles;
    t.measuredInstructions = first.measuredRule.empty() ? 0 : perWave;
    return t;
}

// The report of the register layout's access to the shared one (a transposed load when one
// applies), kept to the chosen wave, into in. `summary`: analyzeBanksSummary's report where it
// applies (one instruction standing for the wave's).
Expected<bool> addAccessReport(const BatchFields &s, const ResolvedLayout &shared,
                               SharedMemoryLayout sml, int bits, BankViewInput &in, bool summary)
{
    const Architecture &arch = *s.arch;
    const ViewRequest &req = *s.req;
    // The chosen wave must be one the register layout has: past it there is no access, and
    // the report would be empty (or, for a transposed load, the first wave's).
    const LinearLayout &regLayout = s.reg->layout;
    const int64_t layoutWarps = regLayout.hasInDim("warp") ? regLayout.inDimSize("warp") : 1;
    if (s.warp < 0 || s.warp >= layoutWarps)
        return makeError("view '" + req.kind + "': warp " + std::to_string(s.warp) +
                         ": the register layout has " + std::to_string(layoutWarps) +
                         " warp(s), 0 to " + std::to_string(layoutWarps - 1));
    BankOptions options;
    options.broadcast = s.broadcast;
    std::optional<TransposedLoadChoice> choice;
    std::optional<Expected<LinearLayout>> composed;
    auto tr = transposedLoadReport(s, shared, sml, bits, options, &choice, composed);
    if (!tr)
        return makeError("view '" + req.kind + "': " + tr.message());
    if (*tr) {
        // The conflict explainer re-runs ordinary accesses only: no in.access for the
        // transposed load's source addresses.
        in.report = std::move(**tr);
    } else {
        BankAccessRequest br;
        br.reg = s.reg->layout;
        br.shared = std::move(sml);
        br.elementBits = bits;
        br.isWrite = s.write;
        br.instruction = s.instruction;
        br.options = options;
        br.maxWarps = int(s.warp) + 1;
        br.collectElements = s.drawn;
        // The plan's map serves the bank analysis too, without the broadcast registers.
        std::optional<LinearLayout> dropped;
        const LinearLayout *mapped = nullptr;
        if (s.noBroadcast && composed && *composed)
            mapped = composedWithoutBroadcast(**composed, s.reg->layout, dropped);
        int perWave = 0; // the warp is one of the layout's (checked above)
        auto report = !s.noBroadcast ? analyzeBanks(arch, br)
                      : summary && !br.collectElements
                          ? analyzeBanksSummary(arch, br, *s.noBroadcast, perWave, mapped)
                          : analyzeBanksPrepared(arch, br, *s.noBroadcast, nullptr, mapped);
        if (!report)
            return report.error();
        in.report = std::move(*report);
        in.report.transposedLoad = choice;
        in.access = std::move(br);
        if (perWave > 0 && !in.report.instructions.empty()) {
            // Every instruction of every wave has the first's figures.
            in.report.instructions.front().warp = int(s.warp);
            in.report.totals = repeatedTotals(in.report.instructions.front(), perWave);
            in.mapBanks = in.report.instruction.numBanks;
            return true;
        }
    }
    // Keep the chosen wave only.
    const int64_t warp = s.warp;
    std::erase_if(in.report.elements, [&](const ElementAccess &e) { return e.warp != warp; });
    std::erase_if(in.report.instructions,
                  [&](const InstructionReport &r) { return r.warp != warp; });
    in.report.totals = waveTotals(in.report, int(warp));
    in.mapBanks = in.report.instruction.numBanks;
    return true;
}

// The shape, grid and axes of the drawn shared tensor, into in.
void placeSharedTensor(const std::vector<int32_t> &shape, const LinearLayout &sl, BankViewInput &in)
{
    in.sharedShape = shape;
    if (in.sharedShape.empty()) // raw bases: the out-dim sizes are the shape
        for (const auto &[name, size] : sl.outDims())
            in.sharedShape.push_back(size);
    if (sl.numOutDims() == 1) {
        in.rows = 1;
        in.cols = sl.outDims()[0].second;
        in.columnAxis = sl.outDims()[0].first;
    } else {
        in.rows = sl.outDims()[0].second;
        in.cols = sl.outDims()[1].second;
        in.rowAxis = sl.outDims()[0].first;
        in.columnAxis = sl.outDims()[1].first;
    }
}

} // namespace

namespace {

// The access of `s` with `shared` as its shared layout.
Expected<BankViewInput> resolveBatchAccess(const BatchFields &s, const ResolvedLayout &shared,
                                           bool summary = false)
{
    const ViewRequest &req = *s.req;
    bool defaulted = false;
    Expected<std::string> dtype = req.elementType({&shared, s.reg}, &defaulted);
    if (!dtype)
        return dtype.error();
    const Expected<int> bits = dtypeBits(*dtype);
    if (!bits)
        return bits.error();
    auto sml = bankSharedMemory(req, *s.arch, shared, *bits);
    if (!sml)
        return sml.error();

    BankViewInput in;
    in.arch = s.arch; // held by reference, not copied
    in.mapBanks = s.arch->numBanks;
    in.dtype = *dtype;
    in.dtypeDefaulted = defaulted;
    const bool mapped = s.drawn || !s.reg;
    if (s.reg) {
        // The analysis keeps the buffer (in.access); a copy only when the map needs it too.
        auto ok = addAccessReport(s, shared, mapped ? *sml : std::move(*sml), *bits, in,
                                  summary && !mapped);
        if (!ok)
            return ok.error();
    }
    if (mapped) {
        auto map = sharedBankMap(*sml, *bits, in.mapBanks, s.arch->bankWidthBytes,
                                 sml->partitionStrideBytes);
        if (!map)
            return map.error();
        in.map = std::move(*map);
    }
    in.sharedAttr = shared.attr;
    in.sharedName = shared.name;
    placeSharedTensor(shared.shape, shared.layout, in);
    in.sourceText = (s.reg ? s.reg->name + " <-> " : std::string()) + shared.name + " over " +
                    std::to_string(in.rows) + " x " + std::to_string(in.cols) + ", " +
                    std::to_string(*bits) + "-bit elements" + transposedLoadText(in.report);
    return in;
}

} // namespace

BankAccessBatch::BankAccessBatch(std::unique_ptr<State> state) : m_state(std::move(state)) {}
BankAccessBatch::BankAccessBatch(BankAccessBatch &&) noexcept = default;
BankAccessBatch &BankAccessBatch::operator=(BankAccessBatch &&) noexcept = default;
BankAccessBatch::~BankAccessBatch() = default;

Expected<BankAccessBatch> BankAccessBatch::prepare(const ViewRequest &req, bool drawn)
{
    auto s = std::make_unique<State>();
    s->req = &req;
    s->drawn = drawn;
    auto arch = sharedArchitecture(req.arch);
    if (!arch)
        return arch.error();
    s->arch = std::move(*arch);
    auto warp = req.intOption("warp", 0);
    if (!warp)
        return warp.error();
    s->warp = *warp;
    if (req.hasOption("kpack", OptionUse::Object))
        return makeError("view '" + req.kind +
                         "': a kPack access is not a batch of shared layouts");
    if (!req.hasOption("shared", OptionUse::Layout))
        return makeError("view '" + req.kind +
                         "' needs option 'shared' (a shared layout) or 'kpack'");
    auto shared = req.layoutOption("shared");
    if (!shared)
        return shared.error();
    s->shared = *shared;
    const bool hasReg =
        req.hasOption("reg", OptionUse::Layout) || (req.primary() && req.primary() != *shared);
    if (hasReg) {
        auto r = req.layoutOption("reg");
        if (!r)
            return r.error();
        s->reg = *r;
    }
    auto write = req.boolOption("write", false);
    auto broadcast = req.boolOption("broadcast", true);
    auto instruction = req.stringOption("instruction", "");
    if (!write)
        return write.error();
    if (!broadcast)
        return broadcast.error();
    if (!instruction)
        return instruction.error();
    s->write = *write;
    s->broadcast = *broadcast;
    s->instruction = *instruction;
    if (s->reg && checkAnalysisSize(s->reg->layout, "the register layout")) {
        auto noBroadcast = registersWithoutBroadcast(s->reg->layout);
        if (noBroadcast)
            s->noBroadcast = std::move(*noBroadcast);
    }
    if (s->reg)
        prepareTransposedLoads(*s);
    return BankAccessBatch(std::move(s));
}

Expected<BankViewInput> BankAccessBatch::resolve() const
{
    return resolveBatchAccess(*m_state, *m_state->shared);
}

Expected<BankViewInput> BankAccessBatch::resolve(const ResolvedLayout &shared) const
{
    return resolveBatchAccess(*m_state, shared);
}

Expected<BankViewInput> BankAccessBatch::resolveSummary(const ResolvedLayout &shared) const
{
    return resolveBatchAccess(*m_state, shared, true);
}

} // namespace lx
