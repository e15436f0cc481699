#include "layout/builders.h"

#include "layout/buildersinternal.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <set>
#include <string>

namespace lx {

namespace buildinternal {

LinearLayout build(const LayoutAttr &attr, const std::vector<int32_t> &shape)
{
    requireShape(shape);
    return std::visit(
        [&](const auto &a) -> LinearLayout {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, BlockedAttr>)
                return buildBlocked(a, shape);
            else if constexpr (std::is_same_v<T, AmdWmmaAttr>)
                return buildWmma(a, shape);
            else if constexpr (std::is_same_v<T, AmdMfmaAttr>)
                return buildMfma(a, shape);
            else if constexpr (std::is_same_v<T, DistributedLinearAttr>)
                return buildLinear(a, shape);
            else if constexpr (std::is_same_v<T, DotOperandAttr>)
                return buildDotOperand(a, shape);
            else if constexpr (std::is_same_v<T, SliceAttr>)
                return buildSlice(a, shape);
            else if constexpr (std::is_same_v<T, SwizzledSharedAttr>)
                return buildSwizzled(a, shape);
            else if constexpr (std::is_same_v<T, PaddedSharedAttr>)
                return fitSharedComponent(paddedComponent(a), shape,
                                          "the padded_shared linear component");
            else if constexpr (std::is_same_v<T, SharedLinearAttr>)
                return fitSharedComponent(sharedLinearComponent(a), shape,
                                          "the shared_linear layout");
            else if constexpr (std::is_same_v<T, NvidiaMmaAttr>)
                return buildNvidiaMma(a, shape);
            else if constexpr (std::is_same_v<T, NvmmaSharedAttr>)
                return buildNvmmaShared(a, shape);
            else if constexpr (std::is_same_v<T, TensorMemoryAttr>)
                return buildTensorMemory(a, shape);
            else if constexpr (std::is_same_v<T, TensorMemoryScalesAttr>)
                return buildTensorMemoryScales(a, shape);
            else
                return buildPartitioned(a, shape);
        },
        attr.value);
}

// tile * wmmaCtaLayout(reg, warp, 2) for a tile of in-dims [register, lane] over dim0 and dim1
// (wmmaOperandTile of buildersdistributed.cpp), when one CTA follows (combineCtaCgaWithShape then
// derives the surjectivity flag from the rank, not from this layout's flag). The product keeps the
// tile's in-dim and out-dim order, appends the CTA layout's register bases, scaled by the tile's
// extent, to the tile's and adds its warp bases as the 'warp' in-dim: here they are appended to
// the tile's own bases instead of both layouts being copied into a third. nullopt where the
// product would refuse (too many bits), so that it gives its own message.
std::optional<LinearLayout> wmmaTileWithCta(LinearLayout &tile, const Bases &reg, const Bases &warp)
{
    if (tile.numInDims() != 2 || tile.bases()[0].first != "register" ||
        tile.bases()[1].first != "lane" || tile.numOutDims() != 2)
        return std::nullopt;
    int ctaIndex[2] = {-1, -1}, shift[2] = {0, 0};
    int32_t ctaSize[2] = {1, 1};
    for (const Bases *bs : {&reg, &warp})
        for (const LinearLayout::Basis &b : *bs)
            for (size_t d = 0; d < 2; ++d)
                ctaSize[d] = std::max(ctaSize[d], int32_t(std::bit_ceil(uint32_t(b[d]) + 1)));
    std::vector<LinearLayout::NamedSize> outDims = tile.outDims();
    for (size_t o = 0; o < 2; ++o) {
        ctaIndex[o] = outDims[o].first == dimName(0) ? 0 : outDims[o].first == dimName(1) ? 1 : -1;
        if (ctaIndex[o] < 0)
            return std::nullopt;
        shift[o] = std::countr_zero(uint32_t(outDims[o].second));
        const int bits = shift[o] + std::countr_zero(uint32_t(ctaSize[ctaIndex[o]]));
        if (bits > LinearLayout::kMaxOutDimBits)
            return std::nullopt;
        outDims[o].second = int32_t(1) << bits;
    }
    if (ctaIndex[0] == ctaIndex[1] ||
        tile.totalInDimSizeLog2() + int(reg.size() + warp.size()) > LinearLayout::kMaxTotalBits)
        return std::nullopt;
    auto scaled = [&](const LinearLayout::Basis &b) {
        LinearLayout::Basis out(2);
        for (size_t o = 0; o < 2; ++o)
            out[o] = b[size_t(ctaIndex[o])] << shift[o];
        return out;
    };
    LinearLayout::BasesT bases = std::move(tile).takeBases();
    for (const LinearLayout::Basis &b : reg)
        bases[0].second.push_back(scaled(b));
    std::vector<LinearLayout::Basis> warpBases;
    warpBases.reserve(warp.size());
    for (const LinearLayout::Basis &b : warp)
        warpBases.push_back(scaled(b));
    bases.emplace_back("warp", std::move(warpBases));
    Expected<LinearLayout> l = LinearLayout::tryCreate(std::move(bases), std::move(outDims), false);
    if (!l)
        fail(l.message());
    return std::move(*l);
}

} // namespace buildinternal

using namespace buildinternal;

Expected<LinearLayout> toLinearLayout(const LayoutAttr &attr, const std::vector<int32_t> &shape)
{
    return guarded([&] { return build(attr, shape); });
}

Expected<PartitionedDotLayouts> makePartitionedDotLayouts(const PartitionedDotParams &p)
{
    return guarded([&] {
        if (p.numWarps != 4 && p.numWarps != 8)
            fail("make_partitioned_dot_layouts supports 4 or 8 warps, not " +
                 std::to_string(p.numWarps));
        if (p.instrShape.size() != 3)
            fail("instr_shape " + listText(p.instrShape) + " must be [M, N, K]");
        constexpr int32_t numPartitions = 2;
        // A transposed WMMA has a logical N x M tile although instr_shape stays physical.
        const int32_t instrM = p.transposed ? p.instrShape[1] : p.instrShape[0];
        const int32_t instrN = p.transposed ? p.instrShape[0] : p.instrShape[1];
        const int32_t sliceM = p.sliceM.value_or(p.blockM), sliceN = p.sliceN.value_or(p.blockN);
        requirePow2(instrM, "the logical instruction M");
        requirePow2(instrN, "the logical instruction N");
        requirePow2(sliceM, "slice_m");
        requirePow2(sliceN, "slice_n");
        if (p.blockM <= 0 || p.blockN <= 0 || p.blockM % instrM != 0 || p.blockN % instrN != 0)
            fail("block (" + std::to_string(p.blockM) + ", " + std::to_string(p.blockN) +
                 ") must be a multiple of the logical WMMA tile (" + std::to_string(instrM) + ", " +
                 std::to_string(instrN) + ")");
        if (p.blockM % sliceM != 0 || p.blockN % sliceN != 0)
            fail("slice (" + std::to_string(sliceM) + ", " + std::to_string(sliceN) +
                 ") must divide the block");
        if (sliceM % instrM != 0 || sliceN % instrN != 0)
            fail("slice (" + std::to_string(sliceM) + ", " + std::to_string(sliceN) +
                 ") must be a multiple of the logical WMMA tile");
        const int32_t instrPerSliceM = sliceM / instrM, instrPerSliceN = sliceN / instrN;
        constexpr int32_t instrPerPartitionM = 2, instrPerPartitionN = 1;
        if (instrPerSliceM < numPartitions * instrPerPartitionM)
            fail("slice_m " + std::to_string(sliceM) + " must be at least " +
                 std::to_string(numPartitions * instrPerPartitionM) + " logical instruction tiles");
        if (instrPerSliceN < numPartitions * instrPerPartitionN)
            fail("slice_n " + std::to_string(sliceN) + " must be at least " +
                 std::to_string(numPartitions * instrPerPartitionN) + " logical instruction tiles");
        const int32_t pieceM = instrPerSliceM / (numPartitions * instrPerPartitionM);
        const int32_t pieceN = instrPerSliceN / (numPartitions * instrPerPartitionN);

        // Warp bit 0 moves half the slice in M and one piece in N: warps w and w^1 read
        // different partitions of both operands in the same instruction.
        Bases warpBases = {{instrPerSliceM / 2, pieceN}, {pieceM, 0}};
        std::vector<int32_t> mGroup = {pieceM * 2};
        if (p.numWarps == 8) {
            warpBases.push_back({mGroup.back(), 0});
            mGroup.clear();
        }
        Bases regBases;
        for (int32_t w = 1; w < pieceN; w *= 2)
            regBases.push_back({0, w});
        for (int32_t w = 1; w < pieceM; w *= 2)
            regBases.push_back({w, 0});
        for (int32_t w : mGroup)
            regBases.push_back({w, 0});

        PartitionedDotLayouts out;
        out.wmma.version = 3;
        out.wmma.isTransposed = p.transposed;
        out.wmma.ctaWarp = warpBases;
        out.wmma.ctaRegister = regBases;
        out.wmma.instrShape = p.instrShape;

        auto operand = [&](const PaddedSharedAttr &original, int32_t partitionDim,
                           int32_t numGroups, const char *name) {
            requirePow2(numGroups, std::string("num_groups of operand ") + name);
            // The original layout's own shape (short form) or its linear component's extent.
            std::vector<int32_t> shape = original.shape;
            if (shape.empty() || !original.offsetBases.empty()) {
                const LinearLayout comp = paddedComponent(original);
                shape.clear();
                for (const auto &[n, s] : comp.outDims())
                    shape.push_back(s);
            }
            if (shape.size() != 2)
                fail(std::string("operand ") + name + " layout must have rank 2");
            const int32_t pieces = numPartitions * numGroups;
            if (shape[size_t(partitionDim)] % pieces != 0)
                fail(std::string("operand ") + name + ": partitioned dim (" +
                     std::to_string(shape[size_t(partitionDim)]) +
                     ") must be divisible by num_partitions * num_groups = " +
                     std::to_string(pieces));
            shape[size_t(partitionDim)] /= pieces;
            PaddedSharedAttr inner;
            inner.intervalPadding = original.intervalPadding;
            inner.order = {1, 0};
            inner.shape = shape;
            inner.blockBases = original.blockBases;
            PartitionedSharedAttr shared;
            shared.numPartitions = numPartitions;
            shared.numGroups = numGroups;
            shared.partitionDim = partitionDim;
            shared.partitionLayout = makeAttr(inner);
            return shared;
        };
        out.sharedA = operand(p.layoutA, p.aTransposed ? 1 : 0, p.blockM / sliceM, "A");
        out.sharedB = operand(p.layoutB, p.bTransposed ? 0 : 1, p.blockN / sliceN, "B");
        return out;
    });
}

} // namespace lx
