// Builders of the distributed layouts: blocked, AMD WMMA (both spellings), the dot operands of
// both, linear and slice (docs/gfx1250-layouts.md §3, Triton's
// lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp). MFMA is in buildersmfma.cpp.

#include "layout/buildersinternal.h"
#include "layout/ctabases.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <optional>
#include <set>
#include <string>

namespace lx::buildinternal {

// ---- blocked ------------------------------------------------------------------------------------

namespace {

void validateBlocked(const BlockedAttr &a, size_t rank)
{
    requireRank(a.sizePerThread.size(), rank, "size_per_thread");
    requireRank(a.threadsPerWarp.size(), rank, "threads_per_warp");
    requireRank(a.warpsPerCTA.size(), rank, "warps_per_cta");
    requirePermutation(a.order, rank, "order");
    requirePow2List(a.sizePerThread, "size_per_thread");
    requirePow2List(a.threadsPerWarp, "threads_per_warp");
    requirePow2List(a.warpsPerCTA, "warps_per_cta");
}

} // namespace

// Triton's formula: the CTA layout is the product of three identities over `order` (registers,
// then lanes, then warps), fitted to the shape with the CGA layout.
LinearLayout buildBlockedComposed(const BlockedAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateBlocked(a, rank);
    const LinearLayout cta = must(identityStandardND("register", a.sizePerThread, a.order)) *
                             must(identityStandardND("lane", a.threadsPerWarp, a.order)) *
                             must(identityStandardND("warp", a.warpsPerCTA, a.order));
    return combine(cta, a.cgaLayout, shape);
}

// The same formula written basis by basis when there is one CTA.
LinearLayout buildBlocked(const BlockedAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateBlocked(a, rank);
    if (a.cgaLayout.empty()) {
        CtaBases cta(rank, a.order);
        for (const int32_t d : a.order)
            cta.repeat(CtaBases::Register, a.sizePerThread[size_t(d)], size_t(d));
        for (const int32_t d : a.order)
            cta.repeat(CtaBases::Lane, a.threadsPerWarp[size_t(d)], size_t(d));
        for (const int32_t d : a.order)
            cta.repeat(CtaBases::Warp, a.warpsPerCTA[size_t(d)], size_t(d));
        if (std::optional<LinearLayout> l = std::move(cta).fittedToOneCta(shape))
            return std::move(*l);
    }
    return buildBlockedComposed(a, shape);
}

// ---- WMMA and MFMA tile repetition --------------------------------------------------------------

// How the WMMA and MFMA layouts repeat an instruction tile tileN wide over the CTA: tiles per warp
// and warps along N, then registers for the rest of N (N-contiguous tile order: the rest of N
// comes before any M tile), then tiles per warp and warps along M.
void repeatTile(LinearLayout &l, int32_t tileN, const IntList &tpw, const IntList &warps,
                const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    const std::string dimM = dimName(rank - 2), dimN = dimName(rank - 1);
    const int32_t tpwM = tpw[rank - 2], tpwN = tpw[rank - 1];
    const int32_t warpsM = warps[rank - 2], warpsN = warps[rank - 1];
    l *= id1D(tpwN, "register", dimN);
    l *= id1D(warpsN, "warp", dimN);
    l *= id1D(quotient(shape[rank - 1], int64_t(tileN) * warpsN * tpwN), "register", dimN);
    l *= id1D(tpwM, "register", dimM);
    l *= id1D(warpsM, "warp", dimM);
}

// ---- AMD WMMA -----------------------------------------------------------------------------------

int wmmaRank(const AmdWmmaAttr &a)
{
    if (a.warpsPerCTA)
        return int(a.warpsPerCTA->size());
    if (a.rank)
        return *a.rank;
    for (const Bases *bs : {&a.ctaRegister, &a.ctaWarp, &a.cgaLayout})
        if (!bs->empty())
            return int(bs->front().size());
    return 2;
}

void validateWmma(const AmdWmmaAttr &a, size_t rank)
{
    if (a.version < 1 || a.version > 3)
        fail("AMD WMMA version " + std::to_string(a.version) + " is not 1, 2 or 3");
    if (rank != 2 && rank != 3)
        fail("AMD WMMA layouts have rank 2 or 3, not " + std::to_string(rank));
    if (a.instrShape.size() != 3)
        fail("AMD WMMA instr_shape " + listText(a.instrShape) + " must be [M, N, K]");
    const int32_t m = a.instrShape[0], n = a.instrShape[1], k = a.instrShape[2];
    bool ok = false;
    if (a.version < 3)
        ok = m == 16 && n == 16 && k == 16;
    else
        ok = (m == 16 && n == 16 && (k == 4 || k == 32 || k == 64 || k == 128)) ||
             (m == 32 && n == 16 && (k == 64 || k == 128));
    if (!ok)
        fail("AMD WMMA version " + std::to_string(a.version) + " does not support instr_shape " +
             listText(a.instrShape) +
             (a.version < 3 ? " (only [16, 16, 16])"
                            : " (v3: [16,16,4|32|64|128] or [32,16,64|128])"));
}

// Logical instruction tile extents [M, N]: a transposed 32x16 instruction is a 16x32 tile.
std::pair<int32_t, int32_t> wmmaTileExtent(const AmdWmmaAttr &a)
{
    const int32_t m = a.instrShape[0], n = a.instrShape[1];
    return a.isTransposed ? std::pair{n, m} : std::pair{m, n};
}

// The accumulator tile of one instruction (docs/gfx1250-layouts.md §3.2), as [M, N].
TileBases2D wmmaTileBasesMN(const AmdWmmaAttr &a)
{
    TileBases2D t;
    if (a.version == 1) {
        for (int32_t m : {2, 4, 8})
            t.addReg(m, 0);
        for (int32_t n : {1, 2, 4, 8})
            t.addLane(0, n);
        t.addLane(1, 0);
    } else {
        for (int32_t m : {1, 2, 4})
            t.addReg(m, 0);
        if (a.instrShape[0] == 32)
            t.addReg(16, 0);
        for (int32_t n : {1, 2, 4, 8})
            t.addLane(0, n);
        t.addLane(8, 0);
    }
    return t;
}

// The tile as a layout: in-dims register, lane, out-dims dim0.. in standard order (a batch dim of
// size 1 first for rank 3); transposition swaps the roles of M and N.
LinearLayout wmmaTile(const AmdWmmaAttr &a, size_t rank)
{
    const TileBases2D t = wmmaTileBasesMN(a);
    auto place = [&](const auto &mn, size_t count) {
        Bases out;
        for (size_t i = 0; i < count; ++i) {
            std::vector<int32_t> v(rank, 0);
            v[rank - 2] = a.isTransposed ? mn[i][1] : mn[i][0];
            v[rank - 1] = a.isTransposed ? mn[i][0] : mn[i][1];
            out.push_back(std::move(v));
        }
        return out;
    };
    const auto [tileM, tileN] = wmmaTileExtent(a);
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < rank; ++d)
        outs.emplace_back(dimName(d), d == rank - 2 ? tileM : d == rank - 1 ? tileN : 1);
    return must(LinearLayout::tryCreate(
        {{"register", place(t.reg, t.numReg)}, {"lane", place(t.lane, t.numLane)}}, outs, true));
}

// Out-dim names in WMMA repetition order: N first, then M, then the batch.
std::vector<std::string> wmmaRepOrder(size_t rank)
{
    std::vector<std::string> names;
    for (size_t i = rank; i-- > 0;)
        names.push_back(dimName(i));
    return names;
}

// Triton 3.6 legacy form: tiles-per-warp registers next to each dim's repetitions.
LinearLayout buildWmmaLegacy(const AmdWmmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    const IntList &warps = *a.warpsPerCTA;
    const IntList tpw = a.tilesPerWarp ? *a.tilesPerWarp : IntList(rank, 1);
    requireRank(warps.size(), rank, "warps_per_cta");
    requireRank(tpw.size(), rank, "tiles_per_warp");
    requirePow2List(warps, "warps_per_cta");
    requirePow2List(tpw, "tiles_per_warp");
    LinearLayout l = transposed(wmmaTile(a, rank), wmmaRepOrder(rank));
    repeatTile(l, wmmaTileExtent(a).second, tpw, warps, shape);
    if (rank == 3)
        l *= id1D(warps[0], "warp", dimName(0));
    return combine(l, a.cgaLayout, shape);
}

// The ctaLayout (register, warp bases in tile units) as a layout with inferred out sizes.
LinearLayout wmmaCtaLayout(const Bases &reg, const Bases &warp, size_t rank)
{
    return inferredLayout({{"register", reg}, {"warp", warp}}, rank);
}

// §3.3 legacy -> ctaLayout conversion: walk dims minor first, tiles-per-warp registers then warps.
std::pair<Bases, Bases> wmmaLegacyToCta(const IntList &warps, const IntList &tpw, size_t rank)
{
    Bases reg, warp;
    for (size_t i = rank; i-- > 0;) {
        for (int32_t t = 1; t < tpw[i]; t *= 2) {
            std::vector<int32_t> b(rank, 0);
            b[i] = t;
            reg.push_back(b);
        }
        for (int32_t w = 1; w < warps[i]; w *= 2) {
            std::vector<int32_t> b(rank, 0);
            b[i] = w * tpw[i];
            warp.push_back(b);
        }
    }
    return {reg, warp};
}

LinearLayout buildWmmaCta(const AmdWmmaAttr &a, const std::vector<int32_t> &shape, bool composed)
{
    const size_t rank = shape.size();
    requireBasesRank(a.ctaRegister, rank, "ctaLayout register");
    requireBasesRank(a.ctaWarp, rank, "ctaLayout warp");
    if (!composed && a.cgaLayout.empty())
        if (std::optional<LinearLayout> l = wmmaCtaDirect(a, shape))
            return std::move(*l);
    const LinearLayout l = wmmaTile(a, rank) * wmmaCtaLayout(a.ctaRegister, a.ctaWarp, rank);
    return combine(transposed(l, wmmaRepOrder(rank)), a.cgaLayout, shape);
}

LinearLayout buildWmma(const AmdWmmaAttr &a, const std::vector<int32_t> &shape, bool composed)
{
    const size_t rank = shape.size();
    requireRank(size_t(wmmaRank(a)), rank, "the AMD WMMA layout");
    validateWmma(a, rank);
    const auto [tileM, tileN] = wmmaTileExtent(a);
    if ((shape[rank - 2] != 1 && shape[rank - 2] < tileM) ||
        (shape[rank - 1] != 1 && shape[rank - 1] < tileN))
        fail("tensor shape " + listText(shape) + " is smaller than the " + std::to_string(tileM) +
             "x" + std::to_string(tileN) + " WMMA instruction tile");
    return a.warpsPerCTA ? buildWmmaLegacy(a, shape) : buildWmmaCta(a, shape, composed);
}

// The tile below written out directly, for power-of-two factors (nullopt otherwise, and when
// tryCreate refuses it: the products then give the same layout or Triton's error). Register
// bases walk K (kWidth elements, then one step per K repetition past the lanes' K extent), then
// nonK; lane bases walk the 16 nonK lanes, then K (broadcast in version 1). In-dims [register,
// lane], out-dims [K, nonK(, dim0 of size 1)]: exactly what the products give, without their
// intermediate layouts.
std::optional<WmmaOperandTile> wmmaOperandTileBases(const AmdWmmaAttr &w, int32_t kWidth,
                                                    int32_t nonKInstr)
{
    constexpr int32_t kLanesNonK = 16, depth = 2;
    const int32_t kInstr = w.instrShape[2];
    const int32_t kRep = quotient(kInstr, int64_t(depth) * kWidth);
    const int32_t nonKRep = nonKInstr / kLanesNonK;
    if (!isPow2(kWidth) || !isPow2(kRep) || !isPow2(nonKRep))
        return std::nullopt;
    if (std::countr_zero(uint32_t(kWidth)) + std::countr_zero(uint32_t(kRep)) +
            std::countr_zero(uint32_t(nonKRep)) >
        int(TileBases2D{}.reg.size()))
        return std::nullopt;
    WmmaOperandTile t;
    const int32_t laneK = w.version == 1 ? kWidth : kWidth * depth; // K extent of reg + lanes
    for (int32_t k = 1; k < kWidth; k *= 2)
        t.addReg(k, 0);
    for (int32_t r = 1; r < kRep; r *= 2)
        t.addReg(laneK * r, 0);
    for (int32_t r = 1; r < nonKRep; r *= 2)
        t.addReg(0, kLanesNonK * r);
    for (int32_t l = 1; l < kLanesNonK; l *= 2)
        t.addLane(0, l);
    t.addLane(w.version == 1 ? 0 : kWidth, 0);
    t.sizeK = laneK * kRep;
    t.sizeNonK = kLanesNonK * nonKRep;
    return t;
}

std::optional<LinearLayout> wmmaOperandTileDirect(const AmdWmmaAttr &w, int32_t kWidth,
                                                  int32_t nonKInstr, const std::string &dimK,
                                                  const std::string &dimNonK, size_t rank)
{
    std::optional<WmmaOperandTile> t = wmmaOperandTileBases(w, kWidth, nonKInstr);
    if (!t)
        return std::nullopt;
    auto asBases = [&](const auto &kn, size_t count) {
        std::vector<LinearLayout::Basis> out;
        for (size_t i = 0; i < count; ++i) {
            out.push_back({kn[i][0], kn[i][1]});
            if (rank == 3) // the batch dim0 of size 1 last
                out.back().push_back(0);
        }
        return out;
    };
    LinearLayout::BasesT bases;
    bases.emplace_back("register", asBases(t->reg, t->numReg));
    bases.emplace_back("lane", asBases(t->lane, t->numLane));
    std::vector<LinearLayout::NamedSize> outDims = {{dimK, t->sizeK}, {dimNonK, t->sizeNonK}};
    if (rank == 3)
        outDims.emplace_back(dimName(0), 1);
    Expected<LinearLayout> l = LinearLayout::tryCreate(std::move(bases), std::move(outDims), true);
    if (!l)
        return std::nullopt;
    return std::move(*l);
}

// The operand's non-K extent of one instruction (a transposed instruction swaps M and N).
int32_t wmmaOperandNonK(const AmdWmmaAttr &w, int opIdx)
{
    const int32_t m = w.instrShape[0], n = w.instrShape[1];
    if (w.isTransposed && m != n)
        return opIdx == 0 ? n : m;
    return opIdx == 0 ? m : n;
}

// §3.4: one instruction's operand tile, out-dims [K, nonK] (+ batch last for rank 3).
LinearLayout wmmaOperandTile(const AmdWmmaAttr &w, int opIdx, int32_t kWidth, size_t rank,
                             int32_t &nonKInstr)
{
    const int32_t kInstr = w.instrShape[2];
    nonKInstr = wmmaOperandNonK(w, opIdx);
    const std::string dimK = dimName(opIdx == 0 ? rank - 1 : rank - 2);
    const std::string dimNonK = dimName(opIdx == 0 ? rank - 2 : rank - 1);
    constexpr int32_t kLanesNonK = 16;
    constexpr int32_t depth = 32 / kLanesNonK;
    if (std::optional<LinearLayout> direct =
            wmmaOperandTileDirect(w, kWidth, nonKInstr, dimK, dimNonK, rank))
        return std::move(*direct);
    LinearLayout tile = id1D(kWidth, "register", dimK) * id1D(kLanesNonK, "lane", dimNonK);
    // Version 1 duplicates lanes 0-15 in lanes 16-31; versions 2/3 offset them along K.
    tile *= w.version == 1 ? zeros1D(depth, "lane", dimK) : id1D(depth, "lane", dimK);
    tile *= id1D(quotient(kInstr, int64_t(depth) * kWidth), "register", dimK);
    tile *= id1D(nonKInstr / kLanesNonK, "register", dimNonK);
    if (rank == 3)
        tile = tile * id1D(1, "register", dimName(0)) * id1D(1, "lane", dimName(0));
    return tile;
}

LinearLayout buildWmmaOperand(const DotOperandAttr &dot, const AmdWmmaAttr &w,
                              const std::vector<int32_t> &shape, bool composed)
{
    const size_t rank = shape.size();
    requireRank(size_t(wmmaRank(w)), rank, "the AMD WMMA parent");
    validateWmma(w, rank);
    const int32_t kWidth = dot.kWidth;
    if (!isPow2(kWidth))
        fail("k_width " + std::to_string(kWidth) +
             " must be a power of two >= 1 for an AMD WMMA operand");
    if (w.version == 1 && kWidth != 8 && kWidth != 16)
        fail("k_width " + std::to_string(kWidth) + " is invalid for AMD WMMA version 1 (8 or 16)");
    if (w.version == 2 && kWidth != 4 && kWidth != 8 && kWidth != 16)
        fail("k_width " + std::to_string(kWidth) +
             " is invalid for AMD WMMA version 2 (4, 8 or 16)");
    const int opIdx = dot.opIdx;
    const size_t kDimIdx = opIdx == 0 ? rank - 1 : rank - 2;
    int32_t nonKInstr = 0;
    auto operandTile = [&] { return wmmaOperandTile(w, opIdx, kWidth, rank, nonKInstr); };

    const bool legacy = w.warpsPerCTA.has_value();
    if (!legacy && !composed && rank == 2 && w.cgaLayout.empty()) {
        requireBasesRank(w.ctaRegister, rank, "ctaLayout register");
        requireBasesRank(w.ctaWarp, rank, "ctaLayout warp");
        if (std::optional<LinearLayout> l = wmmaOperandDirect(
                w, kWidth, wmmaOperandNonK(w, opIdx), kDimIdx, w.ctaRegister, w.ctaWarp, shape))
            return std::move(*l);
    }
    Bases ctaReg = w.ctaRegister, ctaWarp = w.ctaWarp;
    const IntList tpw = w.tilesPerWarp ? *w.tilesPerWarp : IntList(rank, 1);
    if (legacy) {
        const IntList &warps = *w.warpsPerCTA;
        requireRank(warps.size(), rank, "warps_per_cta");
        requireRank(tpw.size(), rank, "tiles_per_warp");
        requirePow2List(warps, "warps_per_cta");
        requirePow2List(tpw, "tiles_per_warp");
        if (std::all_of(tpw.begin(), tpw.end(), [](int32_t t) { return t == 1; })) {
            // Triton 3.6: warps in row-major order, broadcast along K.
            const LinearLayout tile = operandTile();
            const std::vector<std::string> repDims = tile.outDimNames(); // [K, nonK(, batch)]
            LinearLayout warpLayout;
            for (size_t i = rank; i-- > 0;)
                warpLayout *= i == kDimIdx ? zeros1D(warps[i], "warp", dimName(i))
                                           : id1D(warps[i], "warp", dimName(i));
            return combine(tile * transposed(warpLayout, repDims), w.cgaLayout, shape);
        }
        // Tiles per warp on an operand: not covered by Triton 3.6's cases; use Triton main's rule
        // through the equivalent ctaLayout.
        std::tie(ctaReg, ctaWarp) = wmmaLegacyToCta(warps, tpw, rank);
    }
    requireBasesRank(ctaReg, rank, "ctaLayout register");
    requireBasesRank(ctaWarp, rank, "ctaLayout warp");
    // The operand ignores movement along K (those warps broadcast); register bases that only
    // moved along K are gone.
    Bases reg, warp;
    for (auto b : ctaReg) {
        b[kDimIdx] = 0;
        if (std::any_of(b.begin(), b.end(), [](int32_t v) { return v != 0; }))
            reg.push_back(std::move(b));
    }
    for (auto b : ctaWarp) {
        b[kDimIdx] = 0;
        warp.push_back(std::move(b));
    }
    LinearLayout tile = operandTile();
    if (rank == 2 && w.cgaLayout.empty() &&
        tile.bases()[0].second.size() + reg.size() <= size_t(LinearLayout::kMaxOutDimBits))
        if (std::optional<LinearLayout> l = wmmaTileWithCta(tile, reg, warp))
            return combine(std::move(*l), w.cgaLayout, shape);
    return combine(tile * wmmaCtaLayout(reg, warp, rank), w.cgaLayout, shape);
}

// ---- dot operand of a blocked layout (FMA)
// -------------------------------------------------------

LinearLayout broadcastedDotOperandLayout(const IntList &sizes, const IntList &order, size_t kDim,
                                         const std::string &inDim)
{
    LinearLayout l;
    for (int32_t d : order)
        l *= size_t(d) == kDim ? zeros1D(sizes[size_t(d)], inDim, dimName(size_t(d)))
                               : id1D(sizes[size_t(d)], inDim, dimName(size_t(d)));
    return l;
}

LinearLayout buildBlockedOperand(const DotOperandAttr &dot, const BlockedAttr &b,
                                 const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    validateBlocked(b, rank);
    if (rank < 2)
        fail("a dot operand needs rank 2 or more");
    const size_t kDim = dot.opIdx == 0 ? rank - 1 : rank - 2;
    IntList threadSize = b.sizePerThread;
    threadSize[kDim] = shape[kDim];
    std::vector<std::string> repDims;
    for (int32_t d : b.order)
        repDims.push_back(dimName(size_t(d)));
    const LinearLayout cta =
        transposed(must(identityStandardND("register", threadSize, b.order)), repDims) *
        transposed(broadcastedDotOperandLayout(b.threadsPerWarp, b.order, kDim, "lane"), repDims) *
        transposed(broadcastedDotOperandLayout(b.warpsPerCTA, b.order, kDim, "warp"), repDims);
    return combine(cta, b.cgaLayout, shape);
}

LinearLayout buildDotOperand(const DotOperandAttr &dot, const std::vector<int32_t> &shape,
                             bool composed)
{
    if (!dot.parent)
        fail("the dot operand layout has no parent");
    if (dot.opIdx != 0 && dot.opIdx != 1)
        fail("operand_index " + std::to_string(dot.opIdx) + " is not 0 (A) or 1 (B)");
    if (shape.size() != 2 && shape.size() != 3)
        fail("a dot operand has rank 2 or 3, not " + std::to_string(shape.size()));
    if (const auto *w = dot.parent->as<AmdWmmaAttr>())
        return buildWmmaOperand(dot, *w, shape, composed);
    if (const auto *m = dot.parent->as<AmdMfmaAttr>())
        return buildMfmaOperand(dot, *m, shape);
    if (const auto *b = dot.parent->as<BlockedAttr>())
        return buildBlockedOperand(dot, *b, shape);
    if (const auto *n = dot.parent->as<NvidiaMmaAttr>())
        return buildNvidiaMmaOperand(dot, *n, shape);
    fail("a dot operand's parent must be an AMD WMMA, AMD MFMA, NVIDIA MMA or blocked layout");
}

// ---- linear, slice ----------------------------------------------------------------------------

LinearLayout buildLinear(const DistributedLinearAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    requireBasesRank(a.registerBases, rank, "register");
    requireBasesRank(a.laneBases, rank, "lane");
    requireBasesRank(a.warpBases, rank, "warp");
    requireBasesRank(a.blockBases, rank, "block");
    const std::vector<std::string> names = standardOutDimNames(int(rank));
    Expected<LinearLayout> inferred =
        LinearLayout::tryCreateInferred({{"register", a.registerBases},
                                         {"lane", a.laneBases},
                                         {"warp", a.warpBases},
                                         {"block", a.blockBases}},
                                        names);
    if (!inferred)
        fail(std::string(a.generic ? "generic_linear" : "linear") +
             " layout: " + inferred.message());
    // Triton's LinearEncodingAttr::getOrder: the dims the register bases walk, then the rest.
    const std::vector<int32_t> order = orderOfBases(a.registerBases, int(rank));
    std::vector<std::string> permuted;
    NamedShape named;
    for (int32_t d : order) {
        permuted.push_back(names[size_t(d)]);
        named.emplace_back(names[size_t(d)], shape[size_t(d)]);
    }
    LinearLayout l = transposed(*inferred, permuted);
    l = must(ensureLayoutNotSmallerThan(l, named));
    l = must(ensureLayoutNotLargerThan(l, named, false));
    return transposed(l, names);
}

LinearLayout buildSlice(const SliceAttr &s, const std::vector<int32_t> &shape)
{
    if (!s.parent)
        fail("the slice layout has no parent");
    if (s.parent->isShared())
        fail("a slice layout's parent must be a distributed layout");
    if (s.dim < 0 || size_t(s.dim) > shape.size())
        fail("slice dim " + std::to_string(s.dim) + " is out of range for a rank " +
             std::to_string(shape.size() + 1) + " parent");
    std::vector<int32_t> parentShape = shape;
    parentShape.insert(parentShape.begin() + s.dim, 1);
    // The parent sees the slice's shape with the sliced dim put back: say so when it refuses
    // it, or its message (a rank, a size) would describe a shape the caller never gave.
    const LinearLayout parent = [&] {
        try {
            return build(*s.parent, parentShape);
        } catch (const BuildFailure &failure) {
            fail("slice dim " + std::to_string(s.dim) + " of shape " + listText(shape) +
                 ": its parent, given " + listText(parentShape) +
                 ", refuses it: " + failure.message);
        }
    }();
    const size_t parentRank = parentShape.size();
    // Parent out-dims -> slice out-dims, dropping the sliced dim.
    LinearLayout transform;
    const std::vector<std::string> parentNames = parent.outDimNames();
    for (size_t idx = 0; idx < parentRank; ++idx) {
        const std::string &outDim = parentNames[idx];
        if (idx == size_t(s.dim))
            transform *= zeros1D(parent.outDimSize(outDim), outDim, dimName(0));
        else
            transform *= id1D(parent.outDimSize(outDim), outDim,
                              dimName(idx < size_t(s.dim) ? idx : idx - 1));
    }
    const LinearLayout sliced = must(parent.compose(transform));
    // Slicing duplicates registers: drop the register bases that became zero.
    LinearLayout::BasesT bases = sliced.bases();
    for (auto &[name, bs] : bases)
        if (name == "register")
            bs.erase(std::remove_if(bs.begin(), bs.end(),
                                    [](const auto &b) {
                                        return std::all_of(b.begin(), b.end(),
                                                           [](int32_t v) { return v == 0; });
                                    }),
                     bs.end());
    Expected<LinearLayout> r = LinearLayout::tryCreateInferred(bases, sliced.outDimNames());
    if (r)
        return *r;
    return must(LinearLayout::tryCreate(std::move(bases), sliced.outDims(), false));
}

} // namespace lx::buildinternal
