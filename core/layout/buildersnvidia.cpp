// Builders of the NVIDIA layouts: the MMA accumulator of Ampere (mma.sync, version 2) and Hopper
// (wgmma, version 3), its dot operands, and the NVMMA shared layout TMA and the tensor cores
// read (docs/nvidia-layouts.md; Triton's lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp,
// nvidiaMmaTile, NvidiaMmaEncodingAttr::toLinearLayout, nvidiaDotToLinearLayout,
// getCoreMatrixLinearLayout, nvmmaSharedToLinearLayout, and getTMABlockShape in
// lib/Dialect/TritonNvidiaGPU/Transforms/TMAUtilities.cpp). Slices of an MMA layout go through
// the common slice builder.

#include "layout/buildersinternal.h"
#include "layout/ctabases.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <string>

namespace lx::buildinternal {

namespace {

// Triton's getMatrixOrder: the last dim fastest (row major), or the last two swapped.
IntList matrixOrder(size_t rank, bool rowMajor)
{
    IntList order;
    for (size_t d = rank; d-- > 0;)
        order.push_back(int32_t(d));
    if (!rowMajor)
        std::swap(order[0], order[1]);
    return order;
}

// Triton's getOrderForDotOperand with K contiguous: A [.., M, K] walks K first, B [.., K, N] too.
IntList dotOperandOrder(int opIdx, size_t rank)
{
    return matrixOrder(rank, opIdx == 0);
}

bool isHopper(const NvidiaMmaAttr &a)
{
    return a.versionMajor == 3;
}

void validateNvidiaMma(const NvidiaMmaAttr &a, size_t rank)
{
    if (a.versionMajor != 2 && a.versionMajor != 3)
        fail("NVIDIA MMA version " + std::to_string(a.versionMajor) +
             " has no layout here: version 2 is Ampere (mma.sync), 3 is Hopper (wgmma)");
    requireRank(a.warpsPerCTA.size(), rank, "warps_per_cta");
    requirePow2List(a.warpsPerCTA, "warps_per_cta");
    const IntList &s = a.instrShape;
    if (!isHopper(a)) {
        if (rank != 2 && rank != 3)
            fail("an Ampere MMA layout has rank 2 or 3, not " + std::to_string(rank));
        const IntList expected = rank == 3 ? IntList{1, 16, 8} : IntList{16, 8};
        if (s != expected)
            fail("instr_shape " + listText(s) + " of an Ampere MMA layout must be " +
                 listText(expected) + " (the mma.sync m16n8 tile)");
        return;
    }
    if (rank != 2)
        fail("a Hopper MMA layout has rank 2, not " + std::to_string(rank));
    if (s.size() != 3 || s[0] != 16 || !isPow2(s[1]) || s[1] < 8 || s[1] > 256 || !isPow2(s[2]))
        fail("instr_shape " + listText(s) +
             " of a Hopper MMA layout must be [16, N, K] with N a power of two from 8 to 256 and "
             "K a power of two (the wgmma m64nNk tile of one warp)");
}

// Triton's nvidiaMmaTile: kWidth registers and 4 lanes along the inner dim, 8 lanes along the
// outer dim, then registers repeat the 8-row group m/8 times and the inner span n/(4 kWidth)
// times. The out-dims come in `repOrder`.
void checkNvidiaMmaTile(const IntList &tileShape, int32_t kWidth, const IntList &order)
{
    const int32_t m = tileShape[size_t(order[1])], n = tileShape[size_t(order[0])];
    if (m % 8 != 0 || n % (kWidth * 4) != 0)
        fail("the MMA tile " + listText(tileShape) + " does not hold whole 8-row groups of " +
             std::to_string(kWidth * 4) + " elements");
}

LinearLayout nvidiaMmaTile(const IntList &tileShape, int32_t kWidth, const IntList &order,
                           const IntList &repOrder)
{
    const size_t rank = repOrder.size();
    LinearLayout tile = must(identityStandardND("register", IntList(rank, 1), repOrder));
    const size_t inner = size_t(order[0]), outer = size_t(order[1]);
    const int32_t m = tileShape[outer], n = tileShape[inner];
    checkNvidiaMmaTile(tileShape, kWidth, order);
    tile *= id1D(kWidth, "register", dimName(inner));
    tile *= id1D(4, "lane", dimName(inner));
    tile *= id1D(8, "lane", dimName(outer));
    tile *= id1D(m / 8, "register", dimName(outer));
    tile *= id1D(n / (kWidth * 4), "register", dimName(inner));
    return tile;
}

// nvidiaMmaTile(tileShape, kWidth, order, order) written into `cta` (out-dims in `order`).
void nvidiaMmaTileInto(CtaBases &cta, const IntList &tileShape, int32_t kWidth,
                       const IntList &order)
{
    const size_t inner = size_t(order[0]), outer = size_t(order[1]);
    const int32_t m = tileShape[outer], n = tileShape[inner];
    cta.repeat(CtaBases::Register, kWidth, inner);
    cta.repeat(CtaBases::Lane, 4, inner);
    cta.repeat(CtaBases::Lane, 8, outer);
    cta.repeat(CtaBases::Register, m / 8, outer);
    cta.repeat(CtaBases::Register, n / (kWidth * 4), inner);
}

// Ampere's tile is its instruction shape; Hopper's is the M x N of one warp's wgmma share.
IntList nvidiaMmaTileShape(const NvidiaMmaAttr &a)
{
    return isHopper(a) ? IntList{a.instrShape[0], a.instrShape[1]} : a.instrShape;
}

void validateNvidiaMmaOperand(const DotOperandAttr &dot, const NvidiaMmaAttr &a, size_t rank)
{
    validateNvidiaMma(a, rank);
    if (dot.kWidth == 0)
        fail("k_width is mandatory for an Ampere or Hopper MMA parent");
    if (!isPow2(dot.kWidth))
        fail("k_width " + std::to_string(dot.kWidth) + " must be a power of two >= 1");
    if (dot.opIdx != 0 && isHopper(a))
        fail("operand_index must be 0 for a Hopper MMA parent, since Hopper WGMMA only allows "
             "the first operand to be in registers");
}

IntList nvidiaOperandTileShape(const DotOperandAttr &dot, size_t rank)
{
    const bool isA = dot.opIdx == 0;
    IntList tileShape(rank, 1);
    tileShape[rank - 2] = isA ? 16 : dot.kWidth * 8;
    tileShape[rank - 1] = isA ? dot.kWidth * 8 : 8;
    return tileShape;
}

} // namespace

LinearLayout buildNvidiaMma(const NvidiaMmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateNvidiaMma(a, rank);
    const IntList tileShape = nvidiaMmaTileShape(a);
    const IntList order = matrixOrder(rank, true);
    checkNvidiaMmaTile(tileShape, 2, order);
    if (a.cgaLayout.empty()) {
        CtaBases cta(rank, order);
        nvidiaMmaTileInto(cta, tileShape, 2, order);
        for (const int32_t d : matrixOrder(rank, !isHopper(a)))
            cta.repeat(CtaBases::Warp, a.warpsPerCTA[size_t(d)], size_t(d));
        if (std::optional<LinearLayout> l = std::move(cta).fittedToOneCta(shape))
            return std::move(*l);
    }
    return buildNvidiaMmaComposed(a, shape);
}

LinearLayout buildNvidiaMmaComposed(const NvidiaMmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateNvidiaMma(a, rank);
    const IntList tileShape = nvidiaMmaTileShape(a);
    const IntList order = matrixOrder(rank, true);
    LinearLayout cta = nvidiaMmaTile(tileShape, 2, order, order);
    // Hopper stacks the four warps of a warpgroup along M (warp order M first).
    const IntList warpOrder = matrixOrder(rank, !isHopper(a));
    cta *=
        transposed(must(identityStandardND("warp", a.warpsPerCTA, warpOrder)), cta.outDimNames());
    return combine(cta, a.cgaLayout, shape);
}

LinearLayout buildNvidiaMmaOperand(const DotOperandAttr &dot, const NvidiaMmaAttr &a,
                                   const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateNvidiaMmaOperand(dot, a, rank);
    const IntList tileShape = nvidiaOperandTileShape(dot, rank);
    const IntList order = dotOperandOrder(dot.opIdx, rank);
    checkNvidiaMmaTile(tileShape, dot.kWidth, order);
    if (a.cgaLayout.empty()) {
        CtaBases cta(rank, order);
        nvidiaMmaTileInto(cta, tileShape, dot.kWidth, order);
        const size_t kDim = dot.opIdx == 0 ? rank - 1 : rank - 2;
        for (const int32_t d : matrixOrder(rank, !isHopper(a))) {
            if (size_t(d) == kDim)
                cta.broadcast(CtaBases::Warp, a.warpsPerCTA[size_t(d)]);
            else
                cta.repeat(CtaBases::Warp, a.warpsPerCTA[size_t(d)], size_t(d));
        }
        if (std::optional<LinearLayout> l = std::move(cta).fittedToOneCta(shape))
            return std::move(*l);
    }
    return buildNvidiaMmaOperandComposed(dot, a, shape);
}

LinearLayout buildNvidiaMmaOperandComposed(const DotOperandAttr &dot, const NvidiaMmaAttr &a,
                                           const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateNvidiaMmaOperand(dot, a, rank);
    const bool isA = dot.opIdx == 0;
    const IntList tileShape = nvidiaOperandTileShape(dot, rank);
    const IntList order = dotOperandOrder(dot.opIdx, rank);
    LinearLayout cta = nvidiaMmaTile(tileShape, dot.kWidth, order, order);
    const size_t kDim = isA ? rank - 1 : rank - 2;
    const IntList warpOrder = matrixOrder(rank, !isHopper(a));
    cta *= transposed(broadcastedDotOperandLayout(a.warpsPerCTA, warpOrder, kDim, "warp"),
                      cta.outDimNames());
    // The operand's CTAs broadcast along K as its warps do.
    Bases cga = a.cgaLayout;
    requireBasesRank(cga, rank, "cga_layout");
    for (auto &b : cga)
        b[kDim] = 0;
    return combine(cta, cga, shape);
}

// ---- NVMMA shared
// ---------------------------------------------------------------------------

namespace {

void validateNvmmaShared(const NvmmaSharedAttr &a)
{
    const int32_t swizzle = a.swizzlingByteWidth;
    if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
        fail("swizzle_byte_width must be 0, 32, 64, or 128, not " + std::to_string(swizzle));
    const int32_t bits = a.elementBitWidth;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
        fail("element_bitwidth must be 8, 16, 32 or 64, not " + std::to_string(bits));
    if (a.fp4Padded && swizzle != 128)
        fail("fp4_padded only supports 128 byte swizzling");
    if (a.fp4Padded && bits != 8)
        fail("fp4_padded is only supported for element_bitwidth=8");
}

// Triton's getTMABlockShape with packedSize: every dim at most 256, and with a swizzle the
// contiguous dim exactly one swizzle span (8 * swizzle / bits elements; fp4 counts packed pairs).
IntList tmaBlockShape(const IntList &shapePerCta, const NvmmaSharedAttr &a)
{
    IntList block = shapePerCta;
    const size_t contig = a.transposed ? 0 : block.size() - 1;
    if (a.fp4Padded)
        block[contig] *= 2;
    for (int32_t &s : block)
        s = std::min(s, 256);
    if (a.swizzlingByteWidth != 0) {
        const int32_t span = 8 * a.swizzlingByteWidth / a.elementBitWidth;
        if (block[contig] < span)
            fail("Block shape is too small for the swizzle byte size in NVMMA Shared Layout: the "
                 "contiguous dim holds " +
                 std::to_string(block[contig]) + " elements, the " +
                 std::to_string(a.swizzlingByteWidth) + "-byte swizzle spans " +
                 std::to_string(span));
        block[contig] = span;
    }
    if (a.fp4Padded)
        block[contig] /= 2;
    return block;
}

// Triton's getCoreMatrixLinearLayout: 8 rows x one swizzle span (16 bytes at least). Columns
// walk the span; row r moves to column vec * ((r / perPhase) mod maxPhase), vec being 16 bytes.
// With fp4 padding each 16 offsets hold 8 values and 8 pads, the pads aliasing the values.
Bases coreMatrixBases(const NvmmaSharedAttr &a)
{
    const int32_t bits = a.elementBitWidth, swizzle = a.swizzlingByteWidth;
    const int32_t vec = swizzle == 0 ? 1 : 128 / bits;
    const int32_t perPhase = swizzle == 0 ? 1 : 128 / swizzle;
    const int32_t maxPhase = swizzle == 0 ? 1 : swizzle / 16;
    const int32_t tileCols = 8 * std::max(16, swizzle) / bits;
    auto packed = [&](int32_t col) { return a.fp4Padded ? col / 16 * 8 + col % 8 : col; };
    Bases bases;
    for (int32_t col = 1; col < tileCols; col *= 2)
        bases.push_back({0, packed(col)});
    for (int32_t row = 1; row < 8; row *= 2)
        bases.push_back({row, packed(vec * ((row / perPhase) % maxPhase))});
    return bases;
}

NamedShape namedShape(const std::vector<std::string> &names, const IntList &sizes)
{
    NamedShape out;
    for (size_t i = 0; i < names.size(); ++i)
        out.emplace_back(names[i], sizes[i]);
    return out;
}

// Moves 2-D bases (row, col) of a rows x cols layout into `shape`, flattened row-major in both
// (Triton's reshapeLayout): the element at (row, col) is number row * cols + col.
Bases reshapeRowMajor(const Bases &bases, int32_t cols, const IntList &shape)
{
    const int colBits = std::countr_zero(uint32_t(cols));
    Bases out;
    for (const auto &b : bases) {
        int64_t flat = (int64_t(b[0]) << colBits) | b[1];
        std::vector<int32_t> nd(shape.size(), 0);
        for (size_t d = shape.size(); d-- > 0;) {
            nd[d] = int32_t(flat % shape[d]);
            flat /= shape[d];
        }
        out.push_back(std::move(nd));
    }
    return out;
}

} // namespace

LinearLayout buildNvmmaShared(const NvmmaSharedAttr &a, const std::vector<int32_t> &shape)
{
    validateNvmmaShared(a);
    const size_t rank = shape.size();
    if (size_t(a.rank) != rank)
        fail("the NVMMA shared layout has rank " + std::to_string(a.rank) +
             ", but the tensor has rank " + std::to_string(rank));
    requireBasesRank(a.cgaLayout, rank, "cga_layout");
    const IntList perCta = shapePerCta(a.cgaLayout, shape);
    const IntList tma = tmaBlockShape(perCta, a);
    const std::vector<std::string> names = standardOutDimNames(int(rank));
    if (a.swizzlingByteWidth == 0) {
        // Unswizzled: the TMA box row-major (last dim fastest), repeated over the CTA's share.
        LinearLayout box;
        for (size_t d = rank; d-- > 0;)
            box *= id1D(tma[d], "offset", names[d]);
        box = must(ensureLayoutNotSmallerThan(std::move(box), namedShape(names, perCta)));
        return combine(box, a.cgaLayout, shape);
    }
    if (rank < 2)
        fail("an NVMMA shared layout with a swizzle needs rank 2 or more");
    // The box as a 2-D [rows, contiguous] tile: outer dims collapse into the rows.
    int32_t collapsed[2] = {1, tma.back()};
    for (size_t d = 0; d + 1 < rank; ++d)
        collapsed[0] *= tma[d];
    if (a.transposed)
        std::swap(collapsed[0], collapsed[1]);
    const int32_t packing = a.fp4Padded ? 2 : 1;
    const int32_t tileCols = 8 * std::max(16, a.swizzlingByteWidth) / a.elementBitWidth;
    if (collapsed[1] * packing < tileCols || collapsed[0] < 8)
        fail("Illegal shared layout; expected collapsed shapePerCTA to be at least [8, " +
             std::to_string(tileCols / packing) + "], collapsedTmaShape: [" +
             std::to_string(collapsed[0]) + ", " + std::to_string(collapsed[1]) + "]");
    const std::vector<std::string> names2 = standardOutDimNames(2);
    LinearLayout tile = inferredLayout({{"offset", coreMatrixBases(a)}}, 2);
    tile = must(ensureLayoutNotSmallerThan(std::move(tile),
                                           namedShape(names2, {collapsed[0], collapsed[1]})));
    // Reshape to the box (the contiguous dim moved last when transposed), then put it back.
    IntList boxShape = tma;
    if (a.transposed)
        std::rotate(boxShape.begin(), boxShape.begin() + 1, boxShape.end());
    Bases bases = reshapeRowMajor(tile.bases().front().second, collapsed[1], boxShape);
    if (a.transposed) {
        for (auto &b : bases)
            std::rotate(b.rbegin(), b.rbegin() + 1, b.rend());
        std::rotate(boxShape.rbegin(), boxShape.rbegin() + 1, boxShape.rend());
    }
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < rank; ++d)
        outs.emplace_back(names[d], boxShape[d]);
    LinearLayout box =
        must(LinearLayout::tryCreate({{"offset", std::move(bases)}}, std::move(outs), false));
    box = must(ensureLayoutNotSmallerThan(std::move(box), namedShape(names, perCta)));
    return combine(box, a.cgaLayout, shape);
}

} // namespace lx::buildinternal
