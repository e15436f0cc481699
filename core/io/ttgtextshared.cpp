// The shared-memory attributes of #ttg text built from their dictionaries (ttgtextschema.h):
// swizzled_shared, padded_shared, shared_linear and partitioned_shared. The distributed ones
// (blocked, linear, MFMA, WMMA, dot operands, slices) are in ttgtextschema.cpp.

#include "io/ttgtextschema.h"

#include "layout/layoututils.h"

#include <algorithm>
#include <map>
#include <optional>

namespace lx::ttgdetail {

LayoutAttrPtr makeSwizzled(DictReader &dict)
{
    SwizzledSharedAttr a;
    a.vec = asInt(dict.require("vec"), "vec", 1);
    a.perPhase = asInt(dict.require("perPhase"), "perPhase", 1);
    a.maxPhase = asInt(dict.require("maxPhase"), "maxPhase", 1);
    const Value &ord = dict.require("order");
    a.order = asIntList(ord, "order");
    if (a.order.empty())
        fail(ord.pos, "order: a swizzled layout needs rank >= 1");
    requirePermutation(ord, a.order, "order");
    a.cgaLayout = readCga(dict, int(a.order.size()));
    dict.finish({"vec", "perPhase", "maxPhase", "order", "CGALayout", "CTAsPerCGA", "CTASplitNum",
                 "CTAOrder"});
    return makeAttr(std::move(a));
}

// The dictionary part of #ttg.padded_shared (short {order, shape} or long {offset, block}),
// stored in normal form (see ttgtext.h).
LayoutAttrPtr makePadded(std::vector<std::pair<int32_t, int32_t>> pairs, Pos pairsPos,
                         DictReader &dict)
{
    PaddedSharedAttr a;
    if (pairs.empty())
        fail(pairsPos, "padded_shared needs at least one interval:+padding pair");
    std::set<int32_t> intervals;
    for (const auto &[interval, padding] : pairs) {
        if (!isPow2(interval) || !isPow2(padding))
            fail(pairsPos, "intervals and paddings must be powers of two");
        if (!intervals.insert(interval).second)
            fail(pairsPos, "interval " + std::to_string(interval) + " appears twice");
    }
    a.intervalPadding = std::move(pairs);
    int rank = -1;
    if (dict.has("offset") || dict.has("block")) {
        const Value &off = dict.require("offset");
        const Value &blk = dict.require("block");
        a.offsetBases = asBases(off, "offset", rank);
        a.blockBases = asBases(blk, "block", rank);
        dict.finish({"offset", "block"});
        if (a.offsetBases.empty())
            fail(off.pos, "offset: padded_shared needs at least one offset basis");
        for (const BasisList *l : {&a.offsetBases, &a.blockBases})
            for (const auto &b : *l) {
                if (std::count_if(b.begin(), b.end(), [](int32_t c) { return c != 0; }) > 1)
                    fail(off.pos, "each basis must move in at most one dimension");
                for (int32_t c : b)
                    if (c != 0 && !isPow2(c))
                        fail(off.pos, "each basis component must be 0 or a power of two");
            }
        if (a.blockBases.empty()) {
            const IntList shape = inferredShape({&a.offsetBases}, rank);
            const IntList order = orderOfBases(a.offsetBases, rank);
            if (identityBases(shape, order) == a.offsetBases) {
                a.order = order;
                a.shape = shape;
                a.offsetBases.clear();
            }
        }
    } else {
        const Value &ord = dict.require("order");
        const Value &shp = dict.require("shape");
        IntList order = asIntList(ord, "order");
        IntList shape = asIntList(shp, "shape");
        dict.finish({"order", "shape", "offset", "block"});
        if (order.size() != shape.size())
            fail(shp.pos, "order and shape must have the same rank");
        if (order.empty())
            fail(ord.pos, "order: padded_shared needs rank >= 1");
        requirePermutation(ord, order, "order");
        requirePow2(shp, shape, "shape");
        // Triton prints the order its bases imply (dims of size 1 move to the end).
        a.order = orderOfBases(identityBases(shape, order), int(order.size()));
        a.shape = std::move(shape);
    }
    return makeAttr(std::move(a));
}

LayoutAttrPtr makeSharedLinear(DictReader &dict, int32_t alignment, const Value *alignmentValue)
{
    SharedLinearAttr a;
    int rank = -1;
    const Value &off = dict.require("offset");
    a.offsetBases = asBases(off, "offset", rank);
    if (const Value *b = dict.take("block"))
        a.blockBases = asBases(*b, "block", rank);
    dict.finish({"offset", "block"});
    if (rank <= 0)
        fail(off.pos, "an empty shared linear layout is not supported");
    // SharedLinearEncodingAttr::verify: surjective, and bijective without the zero bases.
    const auto ll = inferredLayout({{"offset", &a.offsetBases}, {"block", &a.blockBases}}, rank);
    if (!ll)
        fail(dict.pos(), ll.message());
    int nonZero = 0;
    for (const BasisList *l : {&a.offsetBases, &a.blockBases})
        for (const auto &b : *l)
            nonZero += std::any_of(b.begin(), b.end(), [](int32_t c) { return c != 0; }) ? 1 : 0;
    if (nonZero != ll->totalOutDimSizeLog2() || ll->rank() != nonZero)
        fail(dict.pos(), "after removing the zero bases a shared linear layout must be bijective");
    if (!isPow2(alignment))
        fail(alignmentValue ? alignmentValue->pos : dict.pos(),
             "alignment must be a positive power of two");
    a.alignment = alignment;
    return makeAttr(std::move(a));
}

LayoutAttrPtr makePartitioned(DictReader &dict)
{
    PartitionedSharedAttr a;
    const Value &np = dict.require("numPartitions");
    a.numPartitions = asInt(np, "numPartitions");
    if (a.numPartitions < 2 || !isPow2(a.numPartitions))
        fail(np.pos, "numPartitions must be a power of two and at least 2");
    const Value &ng = dict.require("numGroups");
    a.numGroups = asInt(ng, "numGroups");
    if (!isPow2(a.numGroups))
        fail(ng.pos, "numGroups must be a power of two and at least 1");
    const Value *pd = dict.take("partitionDim");
    if (pd)
        a.partitionDim = asInt(*pd, "partitionDim");
    const Value &inner = dict.require("partitionLayout");
    a.partitionLayout = asAttr(inner, "partitionLayout");
    dict.finish({"numPartitions", "numGroups", "partitionDim", "partitionLayout"});
    if (!a.partitionLayout->isShared() || a.partitionLayout->as<PartitionedSharedAttr>())
        fail(inner.pos, "partitionLayout must be a shared layout (swizzled, padded or linear)");
    const int rank = attrRank(*a.partitionLayout);
    if (rank >= 0 && a.partitionDim >= rank)
        fail(pd ? pd->pos : dict.pos(), "partitionDim (" + std::to_string(a.partitionDim) +
                                            ") must be less than the layout rank (" +
                                            std::to_string(rank) + ")");
    return makeAttr(std::move(a));
}

} // namespace lx::ttgdetail
