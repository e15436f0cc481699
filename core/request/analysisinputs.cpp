#include "request/analysisinputs.h"
#include "request/kpackfigures.h"

#include "analysis/banksdsloadtr.h"
#include "analysis/kpack.h"
#include "hw/dtype.h"
#include "layout/builders.h"

#include <algorithm>

namespace lx {

// ---- ds_load_tr ----------------------------------------------------------------------------

namespace {

// The layout option key names; without the option the first layout of the scene called one of
// names, else the scene's layout at fallbackIndex (null when there is none).
Expected<const ResolvedLayout *> layoutOrByNames(const ViewRequest &r, const std::string &key,
                                                 std::initializer_list<const char *> names,
                                                 size_t fallbackIndex)
{
    if (r.hasOption(key, OptionUse::Layout))
        return r.layoutOption(key);
    for (const char *n : names)
        if (const ResolvedLayout *l = r.find(n))
            return l;
    return fallbackIndex < r.layouts.size() ? &r.layouts[fallbackIndex] : nullptr;
}

} // namespace

Expected<std::pair<const ResolvedLayout *, const ResolvedLayout *>>
dsLoadTrLayouts(const ViewRequest &r)
{
    Expected<const ResolvedLayout *> shared = layoutOrByNames(r, "shared", {"shared", "S"}, 0);
    if (!shared)
        return shared.error();
    Expected<const ResolvedLayout *> dst = layoutOrByNames(r, "dst", {"dst", "D"}, 1);
    if (!dst)
        return dst.error();
    if (!*shared || !*dst)
        return makeError("view '" + r.kind +
                         "' needs a shared and a destination layout (options 'shared', 'dst')");
    return std::make_pair(*shared, *dst);
}

Expected<DsLoadTrInput> resolveDsLoadTrUnguarded(const ViewRequest &r)
{
    auto l = dsLoadTrLayouts(r);
    if (!l)
        return l.error();
    DsLoadTrInput out;
    out.shared = l->first;
    out.dst = l->second;
    Expected<bool> packed = r.boolOption("packedFp4", false);
    if (!packed)
        return packed.error();
    if (*packed) {
        // Two fp4 values per i8: the layouts are i8, the element moved is fp4.
        out.dtype = "i4";
    } else {
        Expected<std::string> dtype = r.elementType({out.dst, out.shared}, &out.dtypeDefaulted);
        if (!dtype)
            return dtype.error();
        out.dtype = *dtype;
    }
    const Expected<int> bits = dtypeBits(out.dtype);
    if (!bits)
        return makeError("view '" + r.kind + "': unknown element type '" + out.dtype + "'");
    if (std::optional<std::string> problem = dsLoadTrDestinationProblem(out.dst->attr.get()))
        return makeError("view '" + r.kind + "': " + *problem);
    const DsLoadTrOptions options = dsLoadTrOptionsFor(out.shared->attr.get());
    // The transposed loads and fallback names come from the architecture file (by name or path).
    const Expected<Architecture> arch = loadArchitecture(r.arch);
    if (!arch)
        return makeError("view '" + r.kind + "': " + arch.message());
    Expected<DsLoadTrPlan> plan =
        *packed ? analyzePackedFp4DsLoadTr(out.shared->layout, out.dst->layout, *arch, options)
                : analyzeDsLoadTr(out.shared->layout, out.dst->layout, *bits, *arch, options);
    if (!plan)
        return makeError("view '" + r.kind + "': " + plan.message());
    out.plan = std::move(*plan);
    out.dsCounterLimit = arch->dsCounterLimit;
    return out;
}

// ---- ctaLayout -----------------------------------------------------------------------------

Expected<CtaInput> resolveCtaUnguarded(const ViewRequest &request)
{
    auto primary = request.layoutOption("layout");
    if (!primary)
        return primary.error();
    const ResolvedLayout *l = *primary;
    if (!l->attr)
        return makeError("view '" + request.kind + "': layout '" + l->name +
                         "' must be given as #ttg.amd_wmma text (the ctaLayout is read from it)");
    CtaInput in;
    in.layoutName = l->name;
    in.shape = request.shape.empty() ? l->shape : request.shape;
    if (in.shape.size() != 2)
        return makeError("view '" + request.kind + "': C needs a 2-D shape");
    Expected<std::string> dtype = request.elementType({l}, &in.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    in.dtype = *dtype;
    const Expected<int> bits = dtypeBits(in.dtype);
    if (!bits)
        return makeError("view '" + request.kind + "': " + bits.message());
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
    in.cu = std::move(*cu);
    auto spec = ctaSpecFromAttr(*l->attr, {in.shape[0], in.shape[1]}, *bits);
    if (!spec)
        return spec.error();
    auto cta = analyzeCtaLayout(*spec, in.cu);
    if (!cta)
        return cta.error();
    in.cta = std::move(*cta);
    return in;
}

// ---- LDS scenario --------------------------------------------------------------------------

Expected<LdsInput> resolveLdsUnguarded(const ViewRequest &request)
{
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
    // The one dtype policy: the microbenchmark's own "dtype", else the view's; a shared layout
    // without a dtype takes the view's (else the default).
    Expected<std::string> dtype = request.elementType({});
    if (!dtype)
        return dtype.error();
    nlohmann::json options = request.options;
    if (request.hasOption("microbenchmark", OptionUse::Object) &&
        options.at("microbenchmark").is_object() && !options.at("microbenchmark").contains("dtype"))
        options["microbenchmark"]["dtype"] = *dtype;
    std::vector<ResolvedLayout> layouts = request.layouts;
    for (ResolvedLayout &l : layouts)
        if (l.dtype.empty())
            l.dtype = *dtype;
    auto s = runLdsScenario(options, layouts, *cu);
    if (!s)
        return makeError("view '" + request.kind + "': " + s.message());
    return LdsInput{std::move(*cu), std::move(*s)};
}

// ---- banks ---------------------------------------------------------------------------------

Expected<KPackViewOptions> resolveKPackOptions(const ViewRequest &req)
{
    if (!req.hasOption("kpack", OptionUse::Object))
        return makeError("view '" + req.kind + "' has no option 'kpack'");
    const nlohmann::json &k = req.options.at("kpack");
    if (!k.is_object())
        return makeError("view '" + req.kind +
                         "': option 'kpack' must be an object {perfConfig, operand, rotate}");
    for (auto it = k.begin(); it != k.end(); ++it) {
        if (it.key() != "perfConfig" && it.key() != "operand" && it.key() != "rotate" &&
            it.key() != "dtype" && it.key() != "rule" && it.key() != "published" &&
            it.key() != "measured")
            return makeError("view '" + req.kind + "': unknown kpack option '" + it.key() + "'");
    }
    if (!k.contains("perfConfig") || !k.at("perfConfig").is_string())
        return makeError("view '" + req.kind + "': kpack.perfConfig must be a \"v4:...\" string");
    const std::string operand = k.value("operand", std::string("A"));
    if (operand != "A" && operand != "B")
        return makeError("view '" + req.kind + "': kpack.operand must be \"A\" or \"B\", not \"" +
                         operand + "\"");
    if (k.contains("rotate") && !k.at("rotate").is_boolean())
        return makeError("view '" + req.kind + "': kpack.rotate must be true or false");
    auto cfg = parsePerfConfig(k.at("perfConfig").get<std::string>());
    if (!cfg)
        return cfg.error();
    if (k.contains("dtype") && !k.at("dtype").is_string())
        return makeError("view '" + req.kind + "': kpack.dtype must be a string");
    KPackViewOptions out;
    out.config = *cfg;
    out.operand = operand == "A" ? KPackOperand::A : KPackOperand::B;
    Expected<std::string> dtype = k.contains("dtype")
                                      ? Expected<std::string>(k.at("dtype").get<std::string>())
                                      : req.elementType({}, &out.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    out.dtype = *dtype;
    const Expected<int> bits = dtypeBits(out.dtype);
    if (!bits)
        return makeError("view '" + req.kind + "': " + bits.message());
    out.elementBits = *bits;
    // Forced by "rotate", else rocMLIR's rule for this perf_config (request/kpackfigures.h).
    const Expected<Architecture> arch = loadArchitecture(req.arch);
    if (!arch)
        return makeError("view '" + req.kind + "': " + arch.message());
    const Expected<bool> rotate =
        kpackRotation(k, out.config, out.operand, out.elementBits, arch->waveSize);
    if (!rotate)
        return makeError("view '" + req.kind + "': " + rotate.message());
    out.rotate = *rotate;
    return out;
}

namespace {

Expected<BankViewInput> resolveKPack(const ViewRequest &req, const Architecture &arch, int warp)
{
    Expected<KPackViewOptions> k = resolveKPackOptions(req);
    if (!k)
        return k.error();
    const PerfConfigV4 &cfg = k->config;
    auto plan = kpackStorePlan(cfg, k->operand, k->elementBits, arch.waveSize, k->rotate);
    if (!plan)
        return plan.error();
    auto report = kpackReport(arch, *plan, warp);
    if (!report)
        return report.error();
    BankViewInput in;
    in.arch = arch;
    in.report = std::move(*report);
    in.mapBanks = in.report.instruction.numBanks;
    in.map = kpackBankMap(*plan, in.mapBanks, arch.bankWidthBytes);
    in.rows = plan->dPerBlock;
    in.cols = plan->kPerBlock;
    in.dtype = k->dtype;
    in.dtypeDefaulted = k->dtypeDefaulted;
    in.rowAxis = k->operand == KPackOperand::A ? "d = m" : "d = n";
    in.columnAxis = "k";
    in.sourceText = "rocMLIR kPack LDS [kPackPerBlock " + std::to_string(cfg.kpackPerBlock) +
                    ", D " + std::to_string(plan->dPerBlock) + ", kPack " +
                    std::to_string(cfg.kpack) + "], " + cfg.toString() + ", " +
                    std::to_string(plan->dPerThread) + " x " + std::to_string(plan->kPerThread) +
                    " per thread, rotation " + (k->rotate ? "on" : "off");
    return in;
}

// A read into a dot operand (or #ttg.linear) on an arch with transposed loads: the lowering tries
// the transposed load first and falls back to ordinary loads (docs/gfx1250-layouts.md §2). With
// no instruction named, or a transposed one named, returns the transposed load's report when it
// applies; otherwise nullopt, with *choice saying why not when it was a candidate. A named
// transposed load that does not apply is an error naming the reason.
Expected<std::optional<BankConflictReport>>
transposedLoadReport(const Architecture &arch, const ResolvedLayout &shared,
                     const ResolvedLayout &reg, const SharedMemoryLayout &sml, int bits,
                     const std::string &instruction, bool write, const BankOptions &options,
                     int warp, bool drawn, std::optional<TransposedLoadChoice> *choice)
{
    // The architecture's own transposed loads (its file), never a table keyed on its name.
    const std::vector<DsLoadTrInstruction> own = dsLoadTrInstructionsOf(arch);
    std::optional<DsLoadTrInstruction> named;
    for (const DsLoadTrInstruction &i : own)
        if (!instruction.empty() && i.name == instruction)
            named = i;
    if (!instruction.empty() && !named) {
        // A transposed load of another architecture file is an error; a plain one is not ours.
        if (const std::optional<DsLoadTrInstruction> other = dsLoadTrInstructionByName(instruction))
            return makeError(instruction + " is a transposed load of " + other->arch + ", not of " +
                             arch.name + " (its architecture file lists " +
                             (own.empty() ? std::string("none") : own.front().name + ", ...") +
                             ")");
    }
    if (write || (!instruction.empty() && !named))
        return std::optional<BankConflictReport>();
    const bool archHas = !own.empty();
    if (!archHas)
        return std::optional<BankConflictReport>();
    if (std::optional<std::string> problem = dsLoadTrDestinationProblem(reg.attr.get())) {
        if (named)
            return makeError(instruction + ": " + *problem);
        return std::optional<BankConflictReport>();
    }
    Expected<DsLoadTrPlan> plan = analyzeDsLoadTr(shared.layout, reg.layout, bits, arch,
                                                  dsLoadTrOptionsFor(shared.attr.get()));
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
        analyzeDsLoadTrBanks(arch, *plan, reg.layout, sml, options, warp + 1, drawn);
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

// The access options of a bank view besides its layouts.
struct BankAccessOptions
{
    bool write = false;
    bool broadcast = true;
    std::string instruction;
    int64_t warp = 0; // the chosen wave
    int bits = 0;
    bool drawn = true; // false: no per-element accesses (nothing draws them)
};

// The shared layout as the bank analysis reads it: its padding and partitions from the
// attribute, 1-D or 2-D.
Expected<SharedMemoryLayout> bankSharedMemory(const ViewRequest &req, const Architecture &arch,
                                              const ResolvedLayout &shared, int bits)
{
    SharedMemoryLayout sml;
    if (shared.attr) {
        auto s = sharedMemoryLayout(*shared.attr, shared.shape, bits,
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

// The report of the register layout's access to the shared one (a transposed load when one
// applies), kept to the chosen wave, into in.
Expected<bool> addAccessReport(const ViewRequest &req, const ResolvedLayout &shared,
                               const ResolvedLayout &reg, const SharedMemoryLayout &sml,
                               const BankAccessOptions &o, BankViewInput &in)
{
    const Architecture &arch = in.arch;
    BankAccessRequest br;
    br.reg = reg.layout;
    br.shared = sml;
    br.elementBits = o.bits;
    br.isWrite = o.write;
    br.instruction = o.instruction;
    br.options.broadcast = o.broadcast;
    br.maxWarps = int(o.warp) + 1;
    br.collectElements = o.drawn;
    std::optional<TransposedLoadChoice> choice;
    auto tr = transposedLoadReport(arch, shared, reg, sml, o.bits, o.instruction, o.write,
                                   br.options, int(o.warp), o.drawn, &choice);
    if (!tr)
        return makeError("view '" + req.kind + "': " + tr.message());
    if (*tr) {
        // The conflict explainer re-runs ordinary accesses only: no in.access for the
        // transposed load's source addresses.
        in.report = std::move(**tr);
    } else {
        in.access = br;
        auto report = analyzeBanks(arch, br);
        if (!report)
            return report.error();
        in.report = std::move(*report);
        in.report.transposedLoad = choice;
    }
    // Keep the chosen wave only.
    std::erase_if(in.report.elements, [&](const ElementAccess &e) { return e.warp != o.warp; });
    std::erase_if(in.report.instructions,
                  [&](const InstructionReport &r) { return r.warp != o.warp; });
    in.report.totals = waveTotals(in.report, int(o.warp));
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

// The bank view's input; `drawn` false leaves out what only a picture needs (the element map and
// the per-element accesses) when there is an access to report.
Expected<BankViewInput> resolveBankViewWith(const ViewRequest &req, bool drawn)
{
    auto arch = loadArchitecture(req.arch);
    if (!arch)
        return arch.error();
    auto warp = req.intOption("warp", 0);
    if (!warp)
        return warp.error();
    if (req.hasOption("kpack", OptionUse::Object))
        return resolveKPack(req, *arch, int(*warp));

    if (!req.hasOption("shared", OptionUse::Layout))
        return makeError("view '" + req.kind +
                         "' needs option 'shared' (a shared layout) or 'kpack'");
    auto shared = req.layoutOption("shared");
    if (!shared)
        return shared.error();
    const bool hasReg =
        req.hasOption("reg", OptionUse::Layout) || (req.primary() && req.primary() != *shared);
    const ResolvedLayout *reg = nullptr;
    if (hasReg) {
        auto r = req.layoutOption("reg");
        if (!r)
            return r.error();
        reg = *r;
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
    bool defaulted = false;
    Expected<std::string> dtype = req.elementType({*shared, reg}, &defaulted);
    if (!dtype)
        return dtype.error();
    const Expected<int> bits = dtypeBits(*dtype);
    if (!bits)
        return bits.error();

    auto smlE = bankSharedMemory(req, *arch, **shared, *bits);
    if (!smlE)
        return smlE.error();
    const SharedMemoryLayout &sml = *smlE;
    const LinearLayout &sl = sml.layout;

    BankViewInput in;
    in.arch = std::move(*arch); // the one copy of the cached architecture a resolution makes
    in.mapBanks = in.arch.numBanks;
    in.dtype = *dtype;
    in.dtypeDefaulted = defaulted;
    if (reg) {
        const BankAccessOptions o{*write, *broadcast, *instruction, *warp, *bits, drawn || !reg};
        if (auto ok = addAccessReport(req, **shared, *reg, sml, o, in); !ok)
            return ok.error();
    }
    if (drawn || !reg) {
        auto map = sharedBankMap(sml, *bits, in.mapBanks, in.arch.bankWidthBytes,
                                 sml.partitionStrideBytes);
        if (!map)
            return map.error();
        in.map = std::move(*map);
    }
    in.sharedAttr = (*shared)->attr;
    in.sharedName = (*shared)->name;
    placeSharedTensor((*shared)->shape, sl, in);
    in.sourceText = (reg ? reg->name + " <-> " : std::string()) + (*shared)->name + " over " +
                    std::to_string(in.rows) + " x " + std::to_string(in.cols) + ", " +
                    std::to_string(*bits) + "-bit elements" + transposedLoadText(in.report);
    return in;
}

Expected<BankViewInput> resolveBankViewUnguarded(const ViewRequest &req)
{
    return resolveBankViewWith(req, true);
}

Expected<BankViewInput> resolveBankAccessUnguarded(const ViewRequest &req)
{
    return resolveBankViewWith(req, false);
}

Expected<ViewRequest> dsLoadTrBankRequest(const ViewRequest &view)
{
    if (view.hasOption("packedFp4", OptionUse::Bool) && view.options.value("packedFp4", false))
        return makeError("view '" + view.kind +
                         "': the bank analysis takes the unpacked load, not packed fp4");
    auto l = dsLoadTrLayouts(view);
    if (!l)
        return l.error();
    ViewRequest bank = view;
    bank.kind = "bank-table";
    bank.options = nlohmann::json::object();
    bank.options["shared"] = l->first->name;
    bank.options["reg"] = l->second->name;
    if (view.options.is_object() && view.options.contains("dtype"))
        bank.options["dtype"] = view.options.at("dtype");
    if (view.options.is_object() && view.options.contains("warp"))
        bank.options["warp"] = view.options.at("warp");
    return bank;
}

nlohmann::json transposedLoadJson(const BankConflictReport &r)
{
    if (!r.transposedLoad)
        return nullptr;
    const TransposedLoadChoice &c = *r.transposedLoad;
    nlohmann::json j;
    j["candidate"] = c.candidate.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.candidate);
    j["used"] = c.used;
    j["eligible"] = c.used;
    j["reason"] = c.reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.reason);
    j["fallbackInstruction"] = c.fallback;
    // Issued and distinct (analysis/dsloadtr.h InstructionCount).
    j["fallbackInstructions"] = c.fallbackCount;
    j["fallbackInstructionsDistinct"] = c.fallbackDistinct;
    j["transposedInstructions"] = c.used ? nlohmann::json(c.transposedCount) : nullptr;
    j["transposedInstructionsDistinct"] = c.used ? nlohmann::json(c.transposedDistinct) : nullptr;
    return j;
}

std::string transposedLoadLine(const BankConflictReport &r)
{
    if (!r.transposedLoad)
        return {};
    const TransposedLoadChoice &c = *r.transposedLoad;
    if (c.used)
        return "transposed load: " + std::to_string(c.transposedCount) + " x " + c.candidate +
               " per thread issued (" + std::to_string(c.transposedDistinct) +
               " distinct), conflicts counted on the source addresses (fallback would be " +
               std::to_string(c.fallbackCount) + " x " + c.fallback + ")";
    return "transposed load: not eligible (" + c.reason + "); shown: the fallback " +
           r.instruction.name + ", " + std::to_string(c.fallbackCount) + " x " + c.fallback +
           " per thread issued (" + std::to_string(c.fallbackDistinct) + " distinct)";
}

Expected<DsLoadTrInput> resolveDsLoadTr(const ViewRequest &request)
{
    return guardOptionTypes<DsLoadTrInput>(request, resolveDsLoadTrUnguarded);
}

Expected<CtaInput> resolveCta(const ViewRequest &request)
{
    return guardOptionTypes<CtaInput>(request, resolveCtaUnguarded);
}

Expected<LdsInput> resolveLds(const ViewRequest &request)
{
    return guardOptionTypes<LdsInput>(request, resolveLdsUnguarded);
}

Expected<BankViewInput> resolveBankView(const ViewRequest &request)
{
    return guardOptionTypes<BankViewInput>(request, resolveBankViewUnguarded);
}

Expected<BankViewInput> resolveBankAccess(const ViewRequest &request)
{
    return guardOptionTypes<BankViewInput>(request, resolveBankAccessUnguarded);
}

} // namespace lx
