#include "request/analysisinputs.h"
#include "request/bankaccess.h"
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

} // namespace

// The bank view's input; `drawn` false leaves out what only a picture needs (the element map and
// the per-element accesses) when there is an access to report. A view with a shared layout is
// the batch of request/bankaccess.h over its own shared layout.
Expected<BankViewInput> resolveBankViewWith(const ViewRequest &req, bool drawn)
{
    if (!req.hasOption("kpack", OptionUse::Object)) {
        auto batch = BankAccessBatch::prepare(req, drawn);
        if (!batch)
            return batch.error();
        return batch->resolve();
    }
    auto arch = loadArchitecture(req.arch);
    if (!arch)
        return arch.error();
    auto warp = req.intOption("warp", 0);
    if (!warp)
        return warp.error();
    return resolveKPack(req, *arch, int(*warp));
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
