#include "request/ctasearch.h"

#include "analysis/ctaconflicts.h"
#include "hw/dtype.h"
#include "io/ttgtext.h"
#include "request/analysisinputs.h"
#include "request/suggestaccess.h"

#include <bit>

namespace lx {

namespace {

bool isWmmaV3(const ResolvedLayout *l)
{
    if (!l || !l->attr)
        return false;
    const AmdWmmaAttr *w = l->attr->as<AmdWmmaAttr>();
    return w && w->version == 3;
}

// Whether the view is searched as a shared-layout access (the order of suggestaccess.h).
bool isSharedAccessView(const ViewRequest &view)
{
    const bool bank = view.kind.rfind("bank-", 0) == 0;
    const bool reader = hasOption(view, "reg") || !view.layout.empty();
    return (bank && hasOption(view, "shared") && reader) || (bank && hasOption(view, "kpack")) ||
           hasOption(view, "microbenchmark");
}

bool isCtaView(const ViewRequest &view)
{
    if (view.kind.rfind("cta", 0) == 0)
        return true;
    return view.kind == "ownership" && isWmmaV3(view.primary());
}

} // namespace

Figure ctaPartitionConflictFigure(const CtaAnalysis &cta)
{
    const CtaPartitionConflicts c = ctaPartitionConflicts(cta);
    std::string text;
    std::string note = "Operands whose two SIMD pairs meet in one LDS partition in some "
                       "instruction, whatever PartitionedSharedLayout holds them (a shared band, "
                       "or no partitioning separates them); `suggest cta` ranks by this number";
    if (c.count == 0) {
        text = "0 (A and B each split between the pairs)";
    } else {
        std::string which;
        for (const CtaOperandConflicts *op : {&c.a, &c.b})
            if (op->conflict) {
                which += (which.empty() ? "" : "; ") + op->name + ": " + op->reason;
                note += ". " + op->name + ": " + std::to_string(op->conflictingInstructions) +
                        " of " + std::to_string(op->instructions.size()) +
                        " instructions read a band both pairs read";
            }
        text = std::to_string(c.count) + " (" + which + ")";
    }
    Figure f;
    f.key = "partitionConflicts";
    f.label = "Partition conflicts";
    f.text = text;
    f.value = double(c.count);
    f.source = FigureSource::Computed;
    f.note = note;
    return f;
}

Expected<CtaSceneAccess> ctaViewAccess(const ViewRequest &view, int viewIndex)
{
    Expected<CtaInput> in = resolveCta(view);
    if (!in)
        return makeError(viewLabel(view, viewIndex) + ": " + in.message());
    Expected<const ResolvedLayout *> l = view.layoutOption("layout");
    if (!l)
        return l.error();
    const Expected<int> bits = dtypeBits(in->dtype);
    if (!bits)
        return bits.error();
    auto spec = ctaSpecFromAttr(*(*l)->attr, {in->shape[0], in->shape[1]}, *bits);
    if (!spec)
        return spec.error();
    CtaSceneAccess a;
    a.viewIndex = viewIndex;
    a.layoutName = in->layoutName;
    a.layoutText = printTtg(*(*l)->attr);
    a.shape = in->shape;
    a.dtype = in->dtype;
    a.dtypeDefaulted = in->dtypeDefaulted;
    a.request.shape = {in->shape[0], in->shape[1]};
    a.request.warps = in->cta.numWarps;
    a.request.instrShape = spec->instrShape;
    a.request.isTransposed = spec->isTransposed;
    a.request.elemBits = *bits;
    a.currentFigures = ctaFigures(*in);
    a.currentRow = ctaCandidateOf(a.request, *spec, in->cta);
    a.currentRow.text = a.layoutText;
    a.cu = std::move(in->cu);
    a.current = std::move(in->cta);
    a.description = viewLabel(view, viewIndex) + ": ctaLayouts of '" + a.layoutName + "' (" +
                    std::to_string(a.shape[0]) + "x" + std::to_string(a.shape[1]) + " " + a.dtype +
                    ", " + std::to_string(a.request.warps) + " warps)";
    return a;
}

Expected<CtaSuggestResult> searchCta(const CtaSceneAccess &access, int limit)
{
    CtaSuggestRequest r = access.request;
    r.limit = limit;
    return suggestCtaLayouts(r, access.cu);
}

Expected<std::vector<SceneSearch>> sceneSearches(const Scene &scene)
{
    Expected<ViewRequest> base = sceneRequest(scene);
    if (!base)
        return makeError("scene '" + scene.name + "': " + base.message());
    std::vector<SceneSearch> out;
    for (size_t i = 0; i < scene.views.size(); ++i) {
        const ViewRequest view = withSceneView(*base, scene.views[i]);
        SceneSearch s;
        s.viewIndex = int(i);
        if (isSharedAccessView(view)) {
            Expected<SceneAccess> a = viewAccess(view, int(i));
            s.description = a ? a->description : viewLabel(view, int(i)) + ": " + a.message();
        } else if (isCtaView(view)) {
            s.kind = SceneSearch::CtaLayout;
            Expected<CtaSceneAccess> a = ctaViewAccess(view, int(i));
            s.description = a ? a->description : a.message();
        } else {
            continue;
        }
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace lx
