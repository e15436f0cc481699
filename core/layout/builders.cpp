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
