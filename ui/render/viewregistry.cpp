#include "render/viewregistry.h"

#include "render/bankdiagram.h"
#include "render/comparediagram.h"
#include "render/ctadiagram.h"
#include "render/diffdiagram.h"
#include "render/dsloadtrdiagram.h"
#include "render/ldsdiagram.h"
#include "render/matrixdiagram.h"
#include "render/nvidiadiagram.h"
#include "render/operationdiagram.h"
#include "render/ownershipdiagram.h"
#include "render/xordiagram.h"

#include <algorithm>
#include <array>
#include <memory>

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
    {"microbench-sweep",
     "the microbenchmark's cycles against bytes over burst lengths, with the fitted line",
     &buildMicrobenchSweepView},
    {"ldmatrix-panels",
     "ldmatrix/stmatrix per 8x8 matrix: the lane giving each row's address, the thread and "
     "register holding each element",
     &buildLdMatrixPanelsView},
    {"swizzle-atom",
     "8 lines x 16-byte chunks of a shared layout: the XOR pattern, one phase's wavefronts, the "
     "NVMMA / CuTe / TMA / descriptor names",
     &buildSwizzleAtomView},
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
    {"compare",
     "two layouts side by side: ownership, diff, conversion and the LDS accesses between them on "
     "several architectures",
     &buildCompareView},
});

} // namespace

void appendFigures(Diagram &d, const std::vector<Figure> &figures)
{
    for (const Figure &f : figures)
        d.addFigure(QString::fromStdString(f.key), QString::fromStdString(f.label),
                    QString::fromStdString(f.text), QString::fromStdString(f.note), f.value,
                    QString::fromStdString(f.unit), f.source);
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
    Expected<Diagram> d = guardOptionTypes<Diagram>(request, k->build);
    if (d && !request.title.empty())
        d->title = QString::fromStdString(request.title);
    return d;
}

std::vector<OptionUse> viewOptions(ViewRequest request, std::string *error)
{
    request.trace = std::make_shared<std::vector<OptionUse>>();
    const Expected<Diagram> d = buildView(request);
    if (error)
        *error = d ? std::string() : d.message();
    return *request.trace;
}

} // namespace lx
