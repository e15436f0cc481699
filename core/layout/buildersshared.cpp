// Builders of the shared layouts (swizzled, padded, shared linear, partitioned) and the sizes of
// their allocations (docs/gfx1250-layouts.md §4).

#include "layout/buildersinternal.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <set>
#include <string>

namespace lx {

namespace buildinternal {

// ---- shared layouts ---------------------------------------------------------------------------

LinearLayout buildSwizzled(const SwizzledSharedAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    requirePermutation(a.order, rank, "order");
    requirePow2(a.vec, "vec");
    requirePow2(a.perPhase, "per_phase");
    requirePow2(a.maxPhase, "max_phase");
    const std::vector<int32_t> perCta = shapePerCta(a.cgaLayout, shape);
    if (rank == 1)
        return combine(id1D(perCta[0], "offset", dimName(0)), a.cgaLayout, shape);
    const size_t colDim = size_t(a.order[0]), rowDim = size_t(a.order[1]);
    const int32_t numCols = perCta[colDim], numRows = perCta[rowDim];
    Bases bases2D;
    for (int32_t col = 1; col < numCols; col *= 2)
        bases2D.push_back({0, col});
    for (int32_t row = 1; row < numRows; row *= 2)
        bases2D.push_back(
            {row, int32_t((int64_t(a.vec) * ((row / a.perPhase) % a.maxPhase)) % numCols)});
    LinearLayout cta = must(LinearLayout::tryCreate(
        {{"offset", bases2D}}, {{dimName(rowDim), numRows}, {dimName(colDim), numCols}}, false));
    for (size_t i = 2; i < rank; ++i) {
        const size_t d = size_t(a.order[i]);
        cta *= id1D(perCta[d], "offset", dimName(d));
    }
    return combine(cta, a.cgaLayout, shape);
}

// The linear component, fitted to a tensor shape: equal, or repeated along offset when smaller.
LinearLayout fitSharedComponent(const LinearLayout &component, const std::vector<int32_t> &shape,
                                const std::string &what)
{
    requireRank(size_t(component.numOutDims()), shape.size(), what);
    NamedShape named;
    bool equal = true;
    for (size_t d = 0; d < shape.size(); ++d) {
        const int32_t have = component.outDimSize(dimName(d));
        if (have > shape[d])
            fail(what + " covers " + std::to_string(have) + " elements along " + dimName(d) +
                 ", more than the tensor's " + std::to_string(shape[d]));
        equal = equal && have == shape[d];
        named.emplace_back(dimName(d), shape[d]);
    }
    return equal ? component : must(ensureLayoutNotSmallerThan(component, named));
}

LinearLayout paddedComponent(const PaddedSharedAttr &a)
{
    if (!must(validateIntervalPadding(a.intervalPadding)))
        fail("invalid interval/padding pairs");
    if (a.offsetBases.empty()) {
        const size_t rank = a.shape.size();
        if (rank == 0)
            fail("padded_shared needs a shape (short form) or offset bases (long form)");
        requirePermutation(a.order, rank, "padded_shared order");
        requirePow2List(a.shape, "padded_shared shape");
        requireBasesRank(a.blockBases, rank, "padded_shared block");
        const LinearLayout id = transposed(must(identityStandardND("offset", a.shape, a.order)),
                                           standardOutDimNames(int(rank)));
        std::vector<LinearLayout::NamedSize> outs = id.outDims();
        return must(LinearLayout::tryCreate(
            {{"offset", id.bases().front().second}, {"block", a.blockBases}}, outs, false));
    }
    const size_t rank = a.offsetBases.front().size();
    requireBasesRank(a.offsetBases, rank, "padded_shared offset");
    requireBasesRank(a.blockBases, rank, "padded_shared block");
    if (!a.shape.empty()) {
        requireRank(a.shape.size(), rank, "padded_shared shape");
        requirePow2List(a.shape, "padded_shared shape");
        std::vector<LinearLayout::NamedSize> outs;
        for (size_t d = 0; d < rank; ++d)
            outs.emplace_back(dimName(d), a.shape[d]);
        return must(LinearLayout::tryCreate({{"offset", a.offsetBases}, {"block", a.blockBases}},
                                            outs, false));
    }
    return inferredLayout({{"offset", a.offsetBases}, {"block", a.blockBases}}, rank);
}

LinearLayout sharedLinearComponent(const SharedLinearAttr &a)
{
    if (!isPow2(a.alignment))
        fail("shared_linear alignment " + std::to_string(a.alignment) + " is not a power of two");
    size_t rank = 0;
    if (!a.offsetBases.empty())
        rank = a.offsetBases.front().size();
    else if (!a.blockBases.empty())
        rank = a.blockBases.front().size();
    else
        fail("shared_linear layout has no bases, so its rank is unknown");
    return inferredLayout({{"offset", a.offsetBases}, {"block", a.blockBases}}, rank);
}

LinearLayout buildPartitioned(const PartitionedSharedAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    if (!isPow2(a.numPartitions) || a.numPartitions < 2)
        fail("num_partitions " + std::to_string(a.numPartitions) + " must be a power of two >= 2");
    requirePow2(a.numGroups, "num_groups");
    if (a.partitionDim < 0 || size_t(a.partitionDim) >= rank)
        fail("partition_dim " + std::to_string(a.partitionDim) + " is out of range for rank " +
             std::to_string(rank));
    if (!a.partitionLayout || !a.partitionLayout->isShared() ||
        a.partitionLayout->as<PartitionedSharedAttr>())
        fail("partition_layout must be a swizzled, padded or linear shared layout");
    const size_t pd = size_t(a.partitionDim);
    const int64_t pieces = int64_t(a.numPartitions) * a.numGroups;
    if (shape[pd] % pieces != 0)
        fail("tensor dim " + std::to_string(pd) + " of size " + std::to_string(shape[pd]) +
             " is not divisible into num_partitions * num_groups = " + std::to_string(pieces) +
             " pieces");
    std::vector<int32_t> pieceShape = shape;
    pieceShape[pd] = int32_t(shape[pd] / pieces);
    LinearLayout inner;
    if (const auto *padded = a.partitionLayout->as<PaddedSharedAttr>()) {
        // Padding is applied to the whole in-buffer offset later; the layout uses the linear
        // component as it is, as Triton does (LinearLayoutConversions.cpp
        // partitionedSharedToLinearLayout): one that covers more than a piece is accepted, and
        // the pieces then sit above its extent. One that covers less cannot address a piece.
        inner = paddedComponent(*padded);
        for (size_t d = 0; d < rank; ++d)
            if (inner.numOutDims() != int(rank) || inner.outDimSize(dimName(d)) < pieceShape[d])
                fail("the padded partition_layout's shape must cover the piece shape " +
                     listText(pieceShape));
    } else {
        inner = build(*a.partitionLayout, pieceShape);
    }
    const std::string pdName = dimName(pd);
    return inner * id1D(a.numPartitions, "partition", pdName) * id1D(a.numGroups, "offset", pdName);
}

// Allocations are far below 2^40 elements; the bound keeps the byte arithmetic exact.
int64_t elementsOf(const std::vector<int32_t> &shape)
{
    int64_t n = 1;
    for (int32_t s : shape) {
        n *= s;
        if (n > (int64_t(1) << 40))
            fail("tensor shape " + listText(shape) + " has more than 2^40 elements");
    }
    return n;
}

int64_t bytesOf(int64_t elements, int32_t elementBits)
{
    if (elementBits <= 0 || (elementBits % 8 != 0 && 8 % elementBits != 0))
        fail("element bit width " + std::to_string(elementBits) +
             " is not a multiple or divisor of 8");
    return elements * elementBits / 8;
}

} // namespace buildinternal

using namespace buildinternal;

Expected<LinearLayout> paddedSharedLinearComponent(const PaddedSharedAttr &attr)
{
    return guarded([&] { return paddedComponent(attr); });
}

Expected<bool> validateIntervalPadding(const IntervalPadding &pairs)
{
    std::set<int32_t> intervals;
    for (const auto &[interval, padding] : pairs) {
        if (!isPow2(interval))
            return makeError("padding interval " + std::to_string(interval) +
                             " is not a power of two >= 1");
        if (!isPow2(padding))
            return makeError("padding " + std::to_string(padding) + " is not a power of two >= 1");
        if (!intervals.insert(interval).second)
            return makeError("padding interval " + std::to_string(interval) + " appears twice");
    }
    return true;
}

int64_t paddedOffset(int64_t x, const IntervalPadding &pairs)
{
    int64_t out = x;
    for (const auto &[interval, padding] : pairs)
        out += (x >> std::countr_zero(uint32_t(interval))) << std::countr_zero(uint32_t(padding));
    return out;
}

int64_t paddedAllocationElements(int64_t n, const IntervalPadding &pairs)
{
    int64_t out = paddedOffset(n, pairs);
    for (const auto &[interval, padding] : pairs)
        if (n > 0 && n % interval == 0)
            out -= padding;
    return out;
}

Expected<PartitionedBufferSizes> partitionedBufferSizes(const PartitionedSharedAttr &attr,
                                                        const std::vector<int32_t> &shape,
                                                        int32_t elementBits)
{
    return guarded([&] {
        // Validates the layout and the shape the same way the builder does.
        (void)build(LayoutAttr{attr}, shape);
        int64_t elements = elementsOf(shape);
        if (const auto *padded = attr.partitionLayout->as<PaddedSharedAttr>())
            elements = paddedAllocationElements(elements, padded->intervalPadding);
        PartitionedBufferSizes sizes;
        sizes.numBuffers = attr.numPartitions;
        sizes.pieceBytes =
            bytesOf(elements, elementBits) / (int64_t(attr.numPartitions) * attr.numGroups);
        sizes.bufferBytes = sizes.pieceBytes * attr.numGroups;
        return sizes;
    });
}

Expected<int64_t> sharedAllocationBytes(const LayoutAttr &attr, const std::vector<int32_t> &shape,
                                        int32_t elementBits)
{
    if (const auto *partitioned = attr.as<PartitionedSharedAttr>()) {
        Expected<PartitionedBufferSizes> sizes =
            partitionedBufferSizes(*partitioned, shape, elementBits);
        if (!sizes)
            return sizes.error();
        return sizes->bufferBytes;
    }
    return guarded([&] {
        if (!attr.isShared())
            fail("a distributed layout has no shared allocation");
        (void)build(attr, shape);
        int64_t elements = elementsOf(shape);
        if (const auto *padded = attr.as<PaddedSharedAttr>())
            elements = paddedAllocationElements(elements, padded->intervalPadding);
        return bytesOf(elements, elementBits);
    });
}

} // namespace lx
