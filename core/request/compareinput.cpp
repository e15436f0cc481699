#include "request/compareinput.h"

#include "analysis/dsloadtr.h"
#include "analysis/kernel.h"
#include "hw/arch.h"
#include "layout/builders.h"
#include "request/analysisinputs.h"

#include <tuple>
#include <utility>

namespace lx {

namespace {

Figure compareFigure(std::string key, std::string label, std::string text,
                     std::optional<double> value, std::string unit, std::string note,
                     FigureSource source = FigureSource::Computed)
{
    return Figure{std::move(key),  std::move(label), std::move(text), value,
                  std::move(unit), source,           std::move(note)};
}

// A number the architecture (or the model) does not give: no value, the text says so and the
// note why.
Figure unavailable(std::string key, std::string label, const std::string &why,
                   std::string text = "n/a")
{
    return compareFigure(std::move(key), std::move(label), std::move(text), std::nullopt, {}, why);
}

// The bytes the shared layout occupies: its allocation (padding, partitions) when it has an
// attribute, else one element per offset (and partition).
Expected<int64_t> sharedBytes(const ResolvedLayout &shared, int elementBits)
{
    if (shared.attr && !shared.shape.empty())
        return sharedAllocationBytes(*shared.attr, shared.shape, elementBits);
    const LinearLayout &l = shared.layout;
    int64_t elements = l.inDimSize("offset");
    if (l.hasInDim("partition"))
        elements *= l.inDimSize("partition");
    return elements * elementBits / 8;
}

// The bank figure `key` of `from` under our key and label, or the figure saying it is missing.
Figure renamed(const std::vector<Figure> &from, const std::string &key, std::string newKey,
               std::string label)
{
    for (const Figure &f : from)
        if (f.key == key) {
            Figure r = f;
            r.key = std::move(newKey);
            r.label = std::move(label);
            return r;
        }
    return unavailable(std::move(newKey), std::move(label), "the bank analysis gives none");
}

// One access between the distributed and the shared layout on one architecture, as the bank
// views count it (resolveBankView, wave 0).
// Why the access cannot be analysed there goes to `failure` (the architecture's note).
// `archRequest` is the architecture as the request names it (a name or an architecture file).
CompareAccess bankAccess(const ViewRequest &request, const Architecture &arch,
                         const std::string &archRequest, const ResolvedLayout &reg,
                         const ResolvedLayout &shared, const DiffInput &diff, bool write,
                         std::string &failure)
{
    CompareAccess out;
    out.access = write ? "store" : "load";
    ViewRequest bank = request;
    bank.trace = nullptr; // the compare's own options are the ones it declares
    bank.arch = archRequest;
    bank.layout = reg.name;
    bank.options = nlohmann::json{
        {"shared", shared.name}, {"reg", reg.name}, {"write", write}, {"dtype", diff.dtype}};
    Expected<BankViewInput> in = resolveBankView(bank);
    Expected<int64_t> bytes = sharedBytes(shared, diff.elementBits);
    if (!in) {
        failure = in.message();
        out.figures.push_back(unavailable("instruction", "instruction", in.message()));
        out.figures.push_back(unavailable("count", "per thread", in.message()));
        out.figures.push_back(unavailable("nway", "n-way", in.message()));
        out.figures.push_back(unavailable("cycles", "cycles (wave 0)", in.message()));
    } else {
        const std::vector<Figure> f = bankFigures(*in);
        out.figures.push_back(renamed(f, "instruction", "instruction", "instruction"));
        out.figures.push_back(renamed(f, "instructions", "count", "per thread"));
        out.figures.push_back(renamed(f, "nway", "nway", "n-way"));
        out.figures.push_back(renamed(f, "cyclesPerWave", "cycles", "cycles (wave 0)"));
        if (in->report.transposedLoad)
            out.figures.push_back(renamed(f, "transposedLoad", "transposedLoad", "transposed"));
        if (!write && !in->report.transposedLoad && dsLoadTrInstructionsOf(arch).empty())
            out.figures.push_back(compareFigure(
                "transposedLoad", "transposed", "none on " + arch.name, std::nullopt, {},
                arch.name + "'s architecture file lists no transposed "
                            "load (ds_load_tr)"));
    }
    out.figures.push_back(
        bytes ? compareFigure("ldsBytes", "LDS bytes", bytesText(*bytes), double(*bytes), "B",
                              "the allocation of " + shared.name + " at " +
                                  std::to_string(diff.elementBits) + "-bit elements")
              : unavailable("ldsBytes", "LDS bytes", bytes.message()));
    return out;
}

// The store and the load of a conversion through LDS on one architecture.
void roundTripAccessesOf(const Architecture &arch, const DiffInput &diff, CompareArch &out)
{
    const ConversionPlan &plan = *diff.diff.conversion;
    Expected<std::vector<KernelLdsAccess>> accesses =
        roundTripAccesses(arch, diff.a->layout, diff.b->layout, diff.elementBits);
    if (!accesses) {
        out.note = "convert_layout goes through LDS, but " + accesses.message();
        return;
    }
    const std::string notModelled =
        "not modelled: the scratch buffer's swizzle is Triton's own choice (GenericSwizzling), "
        "which this program does not reproduce";
    for (const KernelLdsAccess &a : *accesses) {
        CompareAccess c;
        c.access = a.isWrite ? "store" : "load";
        c.figures.push_back(
            compareFigure("instruction", "instruction", a.instruction, std::nullopt, {},
                          "the vectorisation of Triton's convert_layout through LDS "
                          "(analysis/ldslowering.h) and " +
                              arch.name + "'s single-address instruction of that width"));
        c.figures.push_back(compareFigure("count", "per thread", std::to_string(a.count),
                                          double(a.count), {},
                                          "distinct registers over the vector width"));
        c.figures.push_back(unavailable("nway", "n-way", notModelled, "not modelled"));
        c.figures.push_back(unavailable("cycles", "cycles (wave 0)", notModelled, "not modelled"));
        c.figures.push_back(compareFigure(
            "ldsBytes", "LDS bytes", bytesText(plan.ldsBytes), double(plan.ldsBytes), "B",
            "the scratch tile at " + std::to_string(diff.elementBits) + "-bit elements"));
        out.accesses.push_back(std::move(c));
    }
}

CompareArch compareOnArch(const ViewRequest &request, const Architecture &arch,
                          const std::string &archRequest, const CompareInput &in)
{
    CompareArch out;
    out.arch = arch.name;
    const DiffInput &d = in.diff;
    std::string failure;
    auto bank = [&](const ResolvedLayout &reg, const ResolvedLayout &shared, bool write) {
        std::string why;
        out.accesses.push_back(bankAccess(request, arch, archRequest, reg, shared, d, write, why));
        if (!why.empty() && why != failure)
            out.note += (out.note.empty() ? "" : "; ") + why;
        if (!why.empty())
            failure = why;
    };
    switch (in.pair) {
    case ComparePair::DistributedShared:
        for (const bool write : {true, false})
            bank(*d.a, *d.b, write);
        break;
    case ComparePair::SharedDistributed:
        for (const bool write : {false, true})
            bank(*d.b, *d.a, write);
        break;
    case ComparePair::DistributedDistributed:
        if (!d.diff.conversion)
            out.note = "no conversion: " + d.diff.conversionNote;
        else if (d.diff.conversion->kind != ConversionKind::LdsRoundTrip)
            out.note =
                "no LDS access: convert_layout is a " + conversionKindName(d.diff.conversion->kind);
        else
            roundTripAccessesOf(arch, d, out);
        break;
    case ComparePair::SharedShared:
        out.note = "two shared layouts: no LDS access moves data from one to the other";
        break;
    }
    return out;
}

bool isWmmaV3(const ResolvedLayout &l)
{
    const AmdWmmaAttr *w = l.attr ? l.attr->as<AmdWmmaAttr>() : nullptr;
    return w && w->version == 3;
}

// Both sides as ctaLayouts, through the ctaLayout views' own resolution (resolveCta): the figures
// of each, or why a side has none.
std::optional<CompareCta> compareCta(const ViewRequest &request, const CompareInput &in)
{
    if (!isWmmaV3(*in.diff.a) || !isWmmaV3(*in.diff.b))
        return std::nullopt;
    CompareCta out;
    for (const ResolvedLayout *l : {in.diff.a, in.diff.b}) {
        ViewRequest side = request;
        side.kind = "cta-tiles";
        side.layout = l->name;
        side.options = nlohmann::json::object();
        side.dtype = in.diff.dtype;
        Expected<CtaInput> cta = resolveCta(side);
        if (!cta) {
            out.note += (out.note.empty() ? "" : "; ") + l->name + ": " + cta.message();
            continue;
        }
        (l == in.diff.a ? out.a : out.b) = ctaFigures(*cta);
    }
    return out;
}

Expected<CompareInput> resolveCompareUnguarded(const ViewRequest &request)
{
    Expected<DiffInput> diff = resolveDiff(request);
    if (!diff)
        return diff.error();
    std::vector<std::string> defaults;
    for (std::string_view a : kDefaultCompareArchs)
        defaults.emplace_back(a);
    Expected<std::vector<std::string>> names = request.stringListOption("archs", defaults);
    if (!names)
        return names.error();
    if (names->empty())
        return makeError("view '" + request.kind + "': option 'archs' names no architecture");
    std::vector<Architecture> archs;
    for (const std::string &name : *names) {
        Expected<Architecture> arch = loadArchitecture(name);
        if (!arch)
            return makeError("view '" + request.kind + "': option 'archs': " + arch.message());
        archs.push_back(std::move(*arch));
    }
    CompareInput in;
    in.diff = std::move(*diff);
    const bool aShared = isShared(*in.diff.a), bShared = isShared(*in.diff.b);
    in.pair =
        aShared ? (bShared ? ComparePair::SharedShared : ComparePair::SharedDistributed)
                : (bShared ? ComparePair::DistributedShared : ComparePair::DistributedDistributed);
    for (size_t i = 0; i < archs.size(); ++i)
        in.archs.push_back(compareOnArch(request, archs[i], (*names)[i], in));
    in.cta = compareCta(request, in);
    return in;
}

} // namespace

std::string comparePairName(ComparePair pair)
{
    switch (pair) {
    case ComparePair::DistributedShared:
        return "distributed -> shared";
    case ComparePair::SharedDistributed:
        return "shared -> distributed";
    case ComparePair::DistributedDistributed:
        return "distributed -> distributed";
    case ComparePair::SharedShared:
        return "shared -> shared";
    }
    return {};
}

Expected<CompareInput> resolveCompare(const ViewRequest &request)
{
    return guardOptionTypes<CompareInput>(request, resolveCompareUnguarded);
}

const Figure *accessFigure(const CompareAccess &access, const std::string &key)
{
    for (const Figure &f : access.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

std::vector<Figure> compareFigures(const CompareInput &in)
{
    std::vector<Figure> out = diffFigures(in.diff);
    for (const CompareArch &a : in.archs) {
        for (const CompareAccess &c : a.accesses)
            for (const Figure &f : c.figures) {
                Figure x = f;
                x.key = a.arch + "." + c.access + "." + f.key;
                x.label = a.arch + " " + c.access + ": " + f.label;
                out.push_back(std::move(x));
            }
        if (!a.note.empty())
            out.push_back(compareFigure(a.arch + ".note", a.arch, a.note, std::nullopt, {}, {}));
    }
    if (in.cta)
        for (const auto &[side, figures, name] : {std::tuple{"a", &in.cta->a, in.diff.a->name},
                                                  std::tuple{"b", &in.cta->b, in.diff.b->name}})
            for (const Figure &f : *figures) {
                Figure x = f;
                x.key = std::string("cta.") + side + "." + f.key;
                x.label = "ctaLayout " + name + ": " + f.label;
                out.push_back(std::move(x));
            }
    return out;
}

nlohmann::json compareJson(const CompareInput &in)
{
    nlohmann::json archs = nlohmann::json::array();
    for (const CompareArch &a : in.archs) {
        nlohmann::json accesses = nlohmann::json::array();
        for (const CompareAccess &c : a.accesses)
            accesses.push_back({{"access", c.access}, {"figures", figuresJson(c.figures)}});
        archs.push_back({{"arch", a.arch}, {"note", a.note}, {"accesses", std::move(accesses)}});
    }
    nlohmann::json j{{"a", in.diff.a->name},
                     {"b", in.diff.b->name},
                     {"pair", comparePairName(in.pair)},
                     {"dtype", in.diff.dtype},
                     {"diff", nlohmann::json::parse(diffToJson(in.diff.diff))},
                     {"archs", std::move(archs)},
                     {"figures", figuresJson(compareFigures(in))}};
    if (in.cta)
        j["cta"] = {
            {"a", figuresJson(in.cta->a)}, {"b", figuresJson(in.cta->b)}, {"note", in.cta->note}};
    return j;
}

} // namespace lx
