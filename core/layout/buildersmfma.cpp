// Builders of the AMD MFMA layout and its dot operands (docs/gfx1250-layouts.md §3, Triton's
// lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp); the WMMA builders beside them are in
// buildersdistributed.cpp, with the tile repetition both use (repeatTile).

#include "layout/buildersinternal.h"
#include "layout/layoututils.h"

#include <string>
#include <vector>

namespace lx::buildinternal {

// ---- AMD MFMA -----------------------------------------------------------------------------------

void validateMfma(const AmdMfmaAttr &a, size_t rank)
{
    if (a.version < 1 || a.version > 4)
        fail("AMD MFMA version " + std::to_string(a.version) + " is not 1..4");
    if (rank != 2 && rank != 3)
        fail("AMD MFMA layouts have rank 2 or 3, not " + std::to_string(rank));
    requireRank(a.warpsPerCTA.size(), rank, "warps_per_cta");
    requirePow2List(a.warpsPerCTA, "warps_per_cta");
    if (!a.tilesPerWarp.empty()) {
        requireRank(a.tilesPerWarp.size(), rank, "tiles_per_warp");
        requirePow2List(a.tilesPerWarp, "tiles_per_warp");
    }
    if (a.instrShape.size() < 2 || !((a.instrShape[0] == 32 && a.instrShape[1] == 32) ||
                                     (a.instrShape[0] == 16 && a.instrShape[1] == 16)))
        fail("AMD MFMA instr_shape " + listText(a.instrShape) +
             " is not supported (32x32 or 16x16)");
    if (a.elementBitWidth != 16 && a.elementBitWidth != 32 && a.elementBitWidth != 64 &&
        a.elementBitWidth != 8)
        fail("AMD MFMA element_bitwidth " + std::to_string(a.elementBitWidth) +
             " is not 8, 16, 32 or 64");
}

LinearLayout buildMfma(const AmdMfmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateMfma(a, rank);
    const std::string dimM = dimName(rank - 2), dimN = dimName(rank - 1);
    const int32_t mDim = a.instrShape[0], nDim = a.instrShape[1];
    const int32_t height = a.elementBitWidth == 64 ? 1 : 4;
    constexpr int32_t warpSize = 64;
    const int32_t tiles = (mDim * nDim) / (warpSize * height);
    LinearLayout tile;
    if (!a.isTransposed) {
        // Each lane holds `height` elements along M; lanes walk N, then M.
        tile = id1D(height, "register", dimM) * id1D(nDim, "lane", dimN) *
               id1D(warpSize / nDim, "lane", dimM);
        if (tiles > 0)
            tile *= id1D(tiles, "register", dimM);
    } else {
        tile = id1D(height, "register", dimN) * id1D(mDim, "lane", dimM) *
               id1D(warpSize / mDim, "lane", dimN);
        if (tiles > 0)
            tile *= id1D(tiles, "register", dimN);
    }
    tile = transposed(tile, {dimN, dimM});
    const IntList tpw = a.tilesPerWarp.empty() ? IntList(rank, 1) : a.tilesPerWarp;
    const IntList &warps = a.warpsPerCTA;
    repeatTile(tile, nDim, tpw, warps, shape);
    if (rank == 3)
        tile = tile * id1D(1, "register", dimName(0)) * id1D(1, "lane", dimName(0)) *
               id1D(warps[0], "warp", dimName(0));
    return combine(tile, a.cgaLayout, shape);
}

LinearLayout buildMfmaOperand(const DotOperandAttr &dot, const AmdMfmaAttr &a,
                              const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateMfma(a, rank);
    const int32_t kWidth = dot.kWidth;
    if (!isPow2(kWidth))
        fail("k_width " + std::to_string(kWidth) +
             " must be a power of two >= 1 for an AMD MFMA operand");
    const int opIdx = dot.opIdx;
    const size_t kDimIdx = opIdx == 0 ? rank - 1 : rank - 2;
    const size_t nonKDimIdx = opIdx == 0 ? rank - 2 : rank - 1;
    const IntList tpw = a.tilesPerWarp.empty() ? IntList(rank, 1) : a.tilesPerWarp;
    const int32_t nonKDim = opIdx == 0 ? a.instrShape[0] : a.instrShape[1];
    constexpr int32_t warpSize = 64;
    const int32_t kSize = shape[kDimIdx];
    const std::string dimK = dimName(kDimIdx), dimNonK = dimName(nonKDimIdx);
    // Each lane holds kWidth elements along K; lanes walk the non-K dim, then K.
    LinearLayout tile = id1D(kWidth, "register", dimK) * id1D(nonKDim, "lane", dimNonK) *
                        id1D(warpSize / nonKDim, "lane", dimK);
    const int64_t kTileSize = int64_t(warpSize / nonKDim) * kWidth;
    if (kSize > kTileSize)
        tile *= id1D(quotient(kSize, kTileSize), "register", dimK);
    tile *= id1D(tpw[nonKDimIdx], "register", dimNonK);
    tile = transposed(tile, {dimK, dimNonK});
    if (rank == 3)
        tile = tile * id1D(1, "register", dimName(0)) * id1D(1, "lane", dimName(0));
    // Warps are laid out like the accumulator's; those that move along K land beyond the
    // operand's K extent and are clipped to broadcasts by the shape fitting.
    std::vector<int32_t> warpOrder;
    for (size_t i = rank; i-- > 0;)
        warpOrder.push_back(int32_t(i));
    const LinearLayout cta = tile * must(identityStandardND("warp", a.warpsPerCTA, warpOrder));
    return combine(cta, a.cgaLayout, shape);
}

} // namespace lx::buildinternal
