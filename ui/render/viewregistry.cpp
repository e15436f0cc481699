#include "render/viewregistry.h"

#include "render/bankdiagram.h"
#include "render/ctadiagram.h"
#include "render/diffdiagram.h"
#include "render/dsloadtrdiagram.h"
#include "render/ldsdiagram.h"
#include "render/matrixdiagram.h"
#include "render/operationdiagram.h"
#include "render/ownershipdiagram.h"
#include "render/xordiagram.h"

#include "analysis/ldsscenario.h"
#include "io/scene.h"

#include <algorithm>
#include <array>

namespace lx {

namespace {

// THE list of view kinds. One line per kind; see the header for how to add one.
constexpr auto kViewKinds = std::to_array<ViewKind>({
    {"ownership", "every owner (register, lane, warp, block) or offset of each tensor element",
     &buildOwnershipView},
    {"inverse", "hardware index -> tensor element (rows: lanes or offsets, columns: registers)",
     &buildInverseView},
    {"matrix", "the GF(2) bit matrix: in-bits as columns by in-dim, out-bits as rows by out-dim",
     &buildMatrixView},
    {"xor", "the XOR decomposition of one hardware index into its bases", &buildXorView},
    {"ds-load-tr-panels",
     "ds_load_tr source lanes S:E and destination lanes D:R, one panel pair per instruction",
     &buildDsLoadTrPanelsView},
    {"ds-load-tr-exchange",
     "ds_load_tr cross-lane exchange as lane tables, with each source lane's LDS address",
     &buildDsLoadTrExchangeView},
    {"ds-load-tr-fulltile",
     "ds_load_tr fullTile sampled at its bases: (lane, register) -> (offset, addr)",
     &buildDsLoadTrFullTileView},
    {"ds-load-tr-eligibility",
     "divideLeft(cvt, tile): which cvt basis keeps or breaks the transposed load",
     &buildDsLoadTrEligibilityView},
    {"ds-load-tr-pipeline",
     "dst -> cvt -> quotient -> reps -> addrToOffset -> addrLayout as basis tables",
     &buildDsLoadTrPipelineView},
    {"invert-and-compose", "the basis table dstLL | sharedLL | cvt = dst.invertAndCompose(shared)",
     &buildInvertAndComposeView},
    {"cta-tiles", "C tiles by warp and SIMD pair, A/B strips by the pair reading them (Fig 8, 9)",
     &buildCtaTilesView},
    {"cta-pieces", "pieces, groups and partitions of A and B read off the ctaLayout (Fig 10, 11)",
     &buildCtaPiecesView},
    {"lds-datapath", "SIMD pairs, arbiter ports and partitions, lit by one load (Fig 7)",
     &buildLdsDatapathView},
    {"allocator", "partition-aware allocator: stage-1 steps, time x offset (Fig 12)",
     &buildAllocatorView},
    {"cvt-partition", "cvt bases (register, lane, warp) -> (offset, partition) (Fig 13)",
     &buildCvtPartitionView},
    {"microbench-table", "the MI450 LDS blog's microbenchmark table, computed by the model",
     &buildMicrobenchTableView},
    {"bank-map", "LDS bank of every element of a shared tensor (colour per bank)",
     &buildBankMapView},
    {"bank-table",
     "threads x elements of an LDS access with each element's bank, conflicts highlighted",
     &buildBankTableView},
    {"bank-histogram", "accesses per bank in each phase of one LDS instruction",
     &buildBankHistogramView},
    {"operation",
     "an operation (compose, invert, invertAndCompose, product, divide, sublayout) with the "
     "bases that flow from the operands to the result",
     &buildOperationView},
    {"diff", "two layouts compared: elements whose owners differ, basis delta, conversion cost",
     &buildDiffView},
});

std::string jsonTypeName(const nlohmann::json &j)
{
    return j.type_name();
}

} // namespace

const NamedLayout *ViewRequest::find(const std::string &name) const
{
    for (const NamedLayout &l : layouts)
        if (l.name == name)
            return &l;
    return nullptr;
}

const NamedLayout *ViewRequest::primary() const
{
    if (!layout.empty())
        return find(layout);
    return layouts.empty() ? nullptr : &layouts.front();
}

Expected<const NamedLayout *> ViewRequest::layoutOption(const std::string &key) const
{
    if (!options.is_object() || !options.contains(key)) {
        if (const NamedLayout *p = primary())
            return p;
        if (!layout.empty())
            return makeError("view '" + kind + "': no layout named '" + layout + "'");
        return makeError("view '" + kind + "' needs a layout");
    }
    const nlohmann::json &v = options.at(key);
    if (!v.is_string())
        return makeError("view '" + kind + "': option '" + key +
                         "' must be a layout name (string), not " + jsonTypeName(v));
    const std::string name = v.get<std::string>();
    if (const NamedLayout *l = find(name))
        return l;
    return makeError("view '" + kind + "': option '" + key + "' names '" + name +
                     "', which is not a layout of the scene");
}

Expected<std::string> ViewRequest::stringOption(const std::string &key, const std::string &def,
                                                const std::vector<std::string> &allowed) const
{
    if (!options.is_object() || !options.contains(key))
        return def;
    const nlohmann::json &v = options.at(key);
    if (!v.is_string())
        return makeError("view '" + kind + "': option '" + key + "' must be a string, not " +
                         jsonTypeName(v));
    std::string s = v.get<std::string>();
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
        std::string list;
        for (const std::string &a : allowed)
            list += (list.empty() ? "" : ", ") + a;
        return makeError("view '" + kind + "': option '" + key + "' is '" + s +
                         "'; expected one of: " + list);
    }
    return s;
}

Expected<int64_t> ViewRequest::intOption(const std::string &key, int64_t def) const
{
    if (!options.is_object() || !options.contains(key))
        return def;
    const nlohmann::json &v = options.at(key);
    if (!v.is_number_integer())
        return makeError("view '" + kind + "': option '" + key + "' must be an integer, not " +
                         jsonTypeName(v));
    return v.get<int64_t>();
}

Expected<bool> ViewRequest::boolOption(const std::string &key, bool def) const
{
    if (!options.is_object() || !options.contains(key))
        return def;
    const nlohmann::json &v = options.at(key);
    if (!v.is_boolean())
        return makeError("view '" + kind + "': option '" + key + "' must be true or false, not " +
                         jsonTypeName(v));
    return v.get<bool>();
}

Expected<std::vector<int64_t>> ViewRequest::intListOption(const std::string &key,
                                                          const std::vector<int64_t> &def) const
{
    if (!options.is_object() || !options.contains(key))
        return def;
    const nlohmann::json &v = options.at(key);
    if (!v.is_array())
        return makeError("view '" + kind + "': option '" + key +
                         "' must be a list of integers, not " + jsonTypeName(v));
    std::vector<int64_t> out;
    for (const nlohmann::json &e : v) {
        if (!e.is_number_integer())
            return makeError("view '" + kind + "': option '" + key +
                             "' must be a list of integers");
        out.push_back(e.get<int64_t>());
    }
    return out;
}

std::span<const ViewKind> viewKinds()
{
    return kViewKinds;
}

const ViewKind *findViewKind(const std::string &kind)
{
    for (const ViewKind &k : kViewKinds)
        if (kind == k.kind)
            return &k;
    return nullptr;
}

Expected<Diagram> buildView(const ViewRequest &request)
{
    const ViewKind *k = findViewKind(request.kind);
    if (!k) {
        std::string list;
        for (const ViewKind &v : kViewKinds)
            list += (list.empty() ? "" : ", ") + std::string(v.kind);
        return makeError("unknown view '" + request.kind + "'; known views: " + list);
    }
    if (!request.options.is_null() && !request.options.is_object())
        return makeError("view '" + request.kind + "': options must be a JSON object");
    Expected<Diagram> d = k->build(request);
    if (d && !request.title.empty())
        d->title = QString::fromStdString(request.title);
    return d;
}

Expected<ViewRequest> sceneRequest(const Scene &scene)
{
    ViewRequest request;
    if (!scene.arch.empty())
        request.arch = scene.arch;
    Expected<std::vector<ResolvedLayout>> layouts = resolveSceneLayouts(scene);
    if (!layouts)
        return layouts.error();
    for (ResolvedLayout &l : *layouts)
        request.layouts.push_back(
            {l.name, std::move(l.layout), std::move(l.shape), std::move(l.dtype), l.attr});
    return request;
}

ViewRequest withSceneView(ViewRequest base, const SceneView &view)
{
    base.kind = view.kind;
    base.layout = view.layout;
    base.options = view.options;
    return base;
}

} // namespace lx
