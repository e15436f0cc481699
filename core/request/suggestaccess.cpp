#include "request/suggestaccess.h"

#include "analysis/bandwidth.h"
#include "analysis/ldsscenario.h"
#include "hw/dtype.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "request/analysisinputs.h"

#include <nlohmann/json.hpp>

namespace lx {

namespace {

// The out-dim sizes of a layout: the shape of a raw (hand-edited) layout without one.
std::vector<int32_t> shapeOf(const ResolvedLayout &l)
{
    if (!l.shape.empty())
        return l.shape;
    std::vector<int32_t> sizes;
    for (const auto &[name, size] : l.layout.outDims())
        sizes.push_back(size);
    return sizes;
}

Expected<SceneAccess> kpackAccess(const ViewRequest &view, int index)
{
    // The bank view's own resolution first: whatever it refuses, the search refuses.
    Expected<BankViewInput> in = resolveBankView(view);
    if (!in)
        return in.error();
    Expected<KPackViewOptions> k = resolveKPackOptions(view);
    if (!k)
        return k.error();
    KPackSuggestRequest r;
    r.arch = in->arch;
    r.config = k->config;
    r.operand = k->operand;
    r.elementBits = k->elementBits;
    r.currentRotate = k->rotate;
    SceneAccess a;
    a.description = viewLabel(view, index) + ": rocMLIR kPack stores of " + k->config.toString();
    a.request = std::move(r);
    a.dtype = k->dtype;
    a.dtypeDefaulted = k->dtypeDefaulted;
    a.viewIndex = index;
    return a;
}

Expected<SceneAccess> sharedAccess(const ViewRequest &view, int index)
{
    Expected<BankViewInput> in = resolveBankView(view);
    if (!in)
        return in.error();
    if (in->report.instructions.empty())
        return makeError(viewLabel(view, index) +
                         " is a bank map without a register layout: no access to search");
    Expected<const ResolvedLayout *> shared = view.layoutOption("shared");
    Expected<const ResolvedLayout *> reg = view.layoutOption("reg");
    if (!shared)
        return shared.error();
    if (!reg)
        return reg.error();
    const Expected<int> bits = dtypeBits(in->dtype);
    if (!bits)
        return bits.error();
    // resolveBankView has read and checked these options: the same values here.
    const Expected<bool> write = view.boolOption("write", false);
    const Expected<int64_t> warp = view.intOption("warp", 0);
    const Expected<bool> tdm = view.boolOption("tdm", false);
    if (!write)
        return write.error();
    if (!warp)
        return warp.error();
    if (!tdm)
        return tdm.error();
    const bool isWrite = *write;
    SuggestSharedRequest r;
    r.arch = in->arch;
    r.shape = shapeOf(**shared);
    r.elementBits = *bits;
    // A store is searched as the write side; the same layout then also reads it back.
    r.read = (*reg)->layout;
    r.readAttr = (*reg)->attr;
    if (isWrite)
        r.write = (*reg)->layout;
    // The transposed load's addresses are not an ordinary access: the search scores the plain
    // loads (and ds_load_tr eligibility) then, as the explainer does.
    if (in->access)
        r.instruction = in->access->instruction;
    r.warp = int(*warp);
    r.tdmFed = *tdm;
    SceneAccess a;
    a.description = viewLabel(view, index) + ": '" + (*reg)->name + "' " +
                    (isWrite ? "writes" : "reads") + " '" + (*shared)->name + "'";
    if ((*shared)->attr) {
        a.current = (*shared)->attr;
    } else if (Expected<LayoutAttrPtr> linear = linearAttrFor((*shared)->layout); linear) {
        a.current = *linear;
    }
    a.sharedName = (*shared)->name;
    a.sharedLayout = (*shared)->layout;
    a.access = in->access;
    a.request = std::move(r);
    a.dtype = in->dtype;
    a.dtypeDefaulted = in->dtypeDefaulted;
    a.viewIndex = index;
    return a;
}

Expected<SceneAccess> microbenchAccess(const ViewRequest &view, int index)
{
    auto arch = loadArchitecture(view.arch);
    if (!arch)
        return arch.error();
    auto cu = cuModelOf(*arch);
    if (!cu)
        return cu.error();
    SceneAccess a;
    Expected<std::string> dtype = view.elementType({}, &a.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    nlohmann::json m = view.options.at("microbenchmark");
    if (m.is_object() && !m.contains("dtype"))
        m["dtype"] = *dtype;
    Expected<MicrobenchSpec> spec = microbenchSpecFromJson(m);
    if (!spec)
        return makeError(viewLabel(view, index) + ": " + spec.message());
    auto layouts = microbenchmarkLayouts(*spec, *cu);
    if (!layouts)
        return layouts.error();
    SuggestSharedRequest r;
    r.arch = *arch;
    r.shape = {layouts->rows, layouts->cols};
    r.elementBits = spec->elemBits;
    r.read = layouts->distributed;
    a.description = viewLabel(view, index) + ": the microbenchmark's " +
                    std::to_string(spec->numWarps) + " warps reading one row each";
    a.dtype = m.value("dtype", *dtype);
    // The microbenchmark's shared layout is the plain one (one buffer per partition when
    // partitioned): the plain layout is what a fix starts from.
    SwizzledSharedAttr plain;
    plain.order = {1, 0};
    a.current = makeAttr(plain);
    auto sml = sharedMemoryLayout(*a.current, r.shape, r.elementBits);
    if (!sml)
        return sml.error();
    a.sharedLayout = sml->layout;
    BankAccessRequest br;
    br.reg = r.read;
    br.shared = *sml;
    br.elementBits = r.elementBits;
    br.maxWarps = 1;
    a.access = br;
    a.request = std::move(r);
    a.viewIndex = index;
    return a;
}

bool isBankView(const ViewRequest &v)
{
    return v.kind.rfind("bank-", 0) == 0;
}

} // namespace

Expected<SceneAccess> viewAccess(const ViewRequest &view, int viewIndex)
{
    if (isBankView(view) && hasOption(view, "kpack"))
        return guardOptionTypes<SceneAccess>(
            view, [&](const ViewRequest &v) { return kpackAccess(v, viewIndex); });
    if (isBankView(view) && hasOption(view, "shared"))
        return guardOptionTypes<SceneAccess>(
            view, [&](const ViewRequest &v) { return sharedAccess(v, viewIndex); });
    if (hasOption(view, "microbenchmark"))
        return guardOptionTypes<SceneAccess>(
            view, [&](const ViewRequest &v) { return microbenchAccess(v, viewIndex); });
    return makeError(viewLabel(view, viewIndex) +
                     " has no access: it is no bank view with a shared layout or kPack stores, "
                     "and no microbenchmark");
}

Expected<SceneAccess> sceneAccess(const Scene &scene)
{
    Expected<ViewRequest> base = sceneRequest(scene);
    if (!base)
        return makeError("scene '" + scene.name + "': " + base.message());
    for (size_t i = 0; i < scene.views.size(); ++i) {
        const ViewRequest view = withSceneView(*base, scene.views[i]);
        // A bank map of a shared layout alone has no reader: not an access.
        const bool reader = hasOption(view, "reg") || !view.layout.empty();
        if ((isBankView(view) && hasOption(view, "shared") && reader) ||
            (isBankView(view) && hasOption(view, "kpack")) || hasOption(view, "microbenchmark")) {
            Expected<SceneAccess> a = viewAccess(view, int(i));
            if (!a)
                return makeError("scene '" + scene.name + "': " + a.message());
            return a;
        }
    }
    return makeError("scene '" + scene.name +
                     "' has no access to search for: no bank view with a register and a shared "
                     "layout, no kPack view, no microbenchmark");
}

Expected<ConflictExplanation> explainAccess(const SceneAccess &a)
{
    if (const auto *k = std::get_if<KPackSuggestRequest>(&a.request))
        return explainKPack(*k);
    const SuggestSharedRequest &r = std::get<SuggestSharedRequest>(a.request);
    if (!a.access)
        return makeError("the explainer re-runs ordinary loads only, and this view reads with a "
                         "transposed load (set the view's option \"instruction\" to a plain load "
                         "to explain that one)");
    if (!a.current)
        return makeError("shared layout '" + a.sharedName +
                         "' has no #ttg form to express a fix in");
    BankAccessRequest req = *a.access;
    req.maxWarps = r.warp + 1;
    req.collectElements = false;
    req.tritonModel = false;
    auto rep = analyzeBanks(r.arch, req);
    if (!rep)
        return rep.error();
    ConflictQuery q;
    q.warp = r.warp;
    q.tdmFed = r.tdmFed;
    int worst = 0;
    for (const auto &ir : rep->instructions)
        if (ir.warp == r.warp && ir.maxWays > worst) {
            worst = ir.maxWays;
            q.instruction = ir.index;
        }
    return explainConflict(r.arch, req, *a.current, r.shape, q);
}

Expected<SuggestSharedResult> searchAccess(const SceneAccess &access, int limit,
                                           int64_t maxLdsBytes,
                                           const std::function<bool()> &cancelled)
{
    if (const auto *k = std::get_if<KPackSuggestRequest>(&access.request)) {
        Expected<SuggestSharedResult> r = suggestKPack(*k);
        if (r && limit > 0 && int(r->candidates.size()) > limit)
            r->candidates.resize(size_t(limit));
        return r;
    }
    SuggestSharedRequest r = std::get<SuggestSharedRequest>(access.request);
    r.limit = limit;
    r.maxLdsBytes = maxLdsBytes;
    r.cancelled = cancelled;
    return suggestShared(r);
}

Expected<SceneAccess> readerAccess(const ViewRequest &request)
{
    return guardOptionTypes<SceneAccess>(
        request, [](const ViewRequest &req) -> Expected<SceneAccess> {
            auto arch = loadArchitecture(req.arch);
            if (!arch)
                return arch.error();
            Expected<const ResolvedLayout *> reg = req.layoutOption("reg");
            if (!reg)
                return reg.error();
            if (!*reg)
                return makeError("the search needs a layout that reads the tile");
            const ResolvedLayout *write = nullptr;
            if (hasOption(req, "write")) {
                Expected<const ResolvedLayout *> w = req.layoutOption("write");
                if (!w)
                    return w.error();
                write = *w;
            }
            Expected<std::vector<int64_t>> order = req.intListOption("order", {});
            if (!order)
                return order.error();
            const Expected<bool> tdm = req.boolOption("tdm", false);
            if (!tdm)
                return tdm.error();
            if (!order->empty() && *order != std::vector<int64_t>{1, 0} &&
                *order != std::vector<int64_t>{0, 1})
                return makeError("option 'order' must be [1, 0] or [0, 1]");
            SceneAccess a;
            Expected<std::string> dtype = req.elementType({*reg, write}, &a.dtypeDefaulted);
            if (!dtype)
                return dtype.error();
            const Expected<int> bits = dtypeBits(*dtype);
            if (!bits)
                return bits.error();
            SuggestSharedRequest r;
            r.arch = *arch;
            r.shape = shapeOf(**reg);
            if (r.shape.size() != 2)
                return makeError("the search takes rank-2 tiles; '" + (*reg)->name + "' has " +
                                 std::to_string(r.shape.size()) + " dims");
            r.elementBits = *bits;
            r.read = (*reg)->layout;
            r.readAttr = (*reg)->attr;
            if (write)
                r.write = write->layout;
            r.tdmFed = *tdm;
            for (int64_t o : *order)
                r.order.push_back(int32_t(o));
            a.description = "'" + (*reg)->name + "' over " + std::to_string(r.shape[0]) + "x" +
                            std::to_string(r.shape[1]) + " " + *dtype;
            a.dtype = *dtype;
            a.request = std::move(r);
            return a;
        });
}

namespace {

Figure accessFigure(std::string key, std::string label, std::string text,
                    std::optional<double> value = std::nullopt, std::string unit = {},
                    std::string note = {})
{
    return Figure{std::move(key),  std::move(label),       std::move(text), value,
                  std::move(unit), FigureSource::Computed, std::move(note)};
}

Figure countFigure(std::string key, std::string label, int64_t n, std::string note = {})
{
    return accessFigure(std::move(key), std::move(label), std::to_string(n), double(n), {},
                        std::move(note));
}

Figure cyclesFigure(std::string key, std::string label, int64_t cycles, std::string note = {})
{
    return accessFigure(std::move(key), std::move(label), std::to_string(cycles) + " cycles",
                        double(cycles), "cycles", std::move(note));
}

// A candidate's cycles with the provenance of the phase table (or measured rule) they were read
// off: extrapolated from a low-confidence table, as the bank view says of the same access.
Figure candidateCycles(std::string key, std::string label, int64_t cycles, const Provenance &p)
{
    Figure f = cyclesFigure(std::move(key), std::move(label), cycles);
    f.source = figureSourceOf(p, FigureSource::Computed);
    if (f.source != FigureSource::Computed)
        f.note = p.label() + ": " + p.source;
    return f;
}

// The ways and cycles of an explanation are read off the instruction's phase table, as the bank
// view's are (request/figures.cpp): a low-confidence table makes them extrapolated.
void markPhaseTable(const ConflictExplanation &e, std::vector<Figure> &f)
{
    if (e.phaseTable.confidence != "L")
        return;
    for (Figure &x : f)
        if (x.key == "ways" || x.key == "fixWaysAfter" || x.key == "fixCyclesBefore" ||
            x.key == "fixCyclesAfter") {
            x.source = FigureSource::Extrapolated;
            x.note += (x.note.empty() ? "" : "; ") + std::string("from the phase table of ") +
                      e.instructionName + ", " + e.phaseTable.label() + ": " + e.phaseTable.source;
        }
}

} // namespace

std::vector<Figure> suggestFigures(const SceneAccess &access, const SuggestSharedResult &result)
{
    std::vector<Figure> f;
    f.push_back(elementTypeFigure(access.dtype, access.dtypeDefaulted));
    f.push_back(countFigure("enumerated", "Candidates enumerated", result.enumerated));
    f.push_back(countFigure("scored", "Candidates scored", result.scored));
    int64_t front = 0, pruned = 0;
    for (const SharedCandidate &c : result.candidates)
        front += c.pareto ? 1 : 0;
    for (const PrunedGroup &p : result.pruned)
        pruned += p.count;
    f.push_back(countFigure("front", "On the Pareto front", front));
    f.push_back(countFigure("pruned", "Candidates pruned", pruned,
                            "with a reason each (a failed analysis prunes, never scores 0)"));
    if (!result.candidates.empty()) {
        const SharedCandidate &best = result.candidates.front();
        f.push_back(accessFigure("best", "Best candidate", best.text));
        f.push_back(candidateCycles("bestReadCycles", "Best candidate: read", best.readCycles,
                                    best.readCyclesProvenance));
        f.push_back(candidateCycles("bestWriteCycles", "Best candidate: write", best.writeCycles,
                                    best.writeCyclesProvenance));
        f.push_back(accessFigure("bestLdsBytes", "Best candidate: LDS", bytesText(best.ldsBytes),
                                 double(best.ldsBytes), "B"));
        f.push_back(countFigure("bestPartitionConflicts", "Best candidate: partition conflicts",
                                best.partitionConflicts));
    }
    if (result.triton) {
        f.push_back(accessFigure("reference", "Reference (Triton's pick or the current layout)",
                                 result.triton->text, std::nullopt, {}, result.tritonRule));
        f.push_back(candidateCycles("referenceReadCycles", "Reference: read",
                                    result.triton->readCycles,
                                    result.triton->readCyclesProvenance));
        f.push_back(candidateCycles("referenceWriteCycles", "Reference: write",
                                    result.triton->writeCycles,
                                    result.triton->writeCyclesProvenance));
    } else {
        f.push_back(accessFigure("reference", "Reference (Triton's pick or the current layout)",
                                 "none: " + result.tritonRule));
    }
    return f;
}

std::vector<Figure> explainFigures(const ConflictExplanation &e)
{
    std::vector<Figure> f;
    f.push_back(countFigure("warp", "Wave", e.warp));
    f.push_back(countFigure("instruction", "Instruction", e.instruction));
    f.push_back(countFigure("phase", "Phase", e.phase));
    f.push_back(countFigure("bank", "Bank", e.bank));
    f.push_back(accessFigure("ways", "Ways", std::to_string(e.ways) + "-way", double(e.ways)));
    f.push_back(countFigure("lanes", "Lanes on the bank", int64_t(e.lanes.size())));
    f.push_back(countFigure("collisions", "Colliding lane-bit combinations",
                            int64_t(e.collisions.size()), e.kernelNote));
    if (!e.fixNote.empty())
        f.push_back(accessFigure("fixNote", "Fixes left out", e.fixNote));
    if (!e.fix) {
        f.push_back(accessFigure("fix", "Fix", "none lowers this phase"));
        markPhaseTable(e, f);
        return f;
    }
    const ConflictFix &x = *e.fix;
    f.push_back(accessFigure("fix", "Fix", x.description, std::nullopt, {}, x.text));
    f.push_back(accessFigure("fixWaysAfter", "Fix: ways after",
                             std::to_string(x.waysAfter) + "-way", double(x.waysAfter)));
    f.push_back(cyclesFigure("fixCyclesBefore", "Fix: cycles before", x.cyclesBefore));
    f.push_back(cyclesFigure("fixCyclesAfter", "Fix: cycles after", x.cyclesAfter));
    f.push_back(accessFigure("fixLdsBytesAfter", "Fix: LDS after", bytesText(x.ldsBytesAfter),
                             double(x.ldsBytesAfter), "B"));
    markPhaseTable(e, f);
    return f;
}

} // namespace lx
