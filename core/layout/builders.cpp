#include "layout/builders.h"

#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <set>
#include <string>

namespace lx {

namespace {

// The builders compose many small fallible steps. Inside this file a failed step throws
// BuildFailure, which the public entry points turn back into an Error: nothing escapes.
struct BuildFailure
{
    std::string message;
};

[[noreturn]] void fail(std::string message)
{
    throw BuildFailure{std::move(message)};
}

template <typename T> T must(Expected<T> e)
{
    if (!e)
        fail(e.message());
    return std::move(*e);
}

// Runs a throwing builder and converts a BuildFailure into an Error.
template <typename F> auto guarded(F &&f) -> Expected<decltype(f())>
{
    try {
        return f();
    } catch (const BuildFailure &failure) {
        return makeError(failure.message);
    }
}

using Bases = std::vector<std::vector<int32_t>>;

bool isPow2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

std::string listText(const std::vector<int32_t> &v)
{
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

void requirePow2(int64_t v, const std::string &what)
{
    if (!isPow2(v))
        fail(what + " is " + std::to_string(v) + ", which is not a power of two >= 1");
}

void requirePow2List(const std::vector<int32_t> &v, const std::string &what)
{
    for (int32_t x : v)
        if (!isPow2(x))
            fail(what + " " + listText(v) + " has an entry that is not a power of two >= 1");
}

void requireRank(size_t got, size_t rank, const std::string &what)
{
    if (got != rank)
        fail(what + " has " + std::to_string(got) + " entries, but the tensor has rank " +
             std::to_string(rank));
}

void requirePermutation(const std::vector<int32_t> &order, size_t rank, const std::string &what)
{
    requireRank(order.size(), rank, what);
    std::vector<bool> seen(rank, false);
    for (int32_t d : order) {
        if (d < 0 || size_t(d) >= rank || seen[size_t(d)])
            fail(what + " " + listText(order) + " is not a permutation of 0.." +
                 std::to_string(rank - 1));
        seen[size_t(d)] = true;
    }
}

void requireBasesRank(const Bases &bases, size_t rank, const std::string &what)
{
    for (size_t i = 0; i < bases.size(); ++i) {
        if (bases[i].size() != rank)
            fail(what + " basis " + std::to_string(i) + " " + listText(bases[i]) + " has " +
                 std::to_string(bases[i].size()) + " components, expected " + std::to_string(rank));
        for (int32_t v : bases[i])
            if (v < 0 || v >= (int32_t(1) << LinearLayout::kMaxOutDimBits))
                fail(what + " basis " + std::to_string(i) + " " + listText(bases[i]) +
                     " has a component out of range [0, 2^30)");
    }
}

void requireShape(const std::vector<int32_t> &shape)
{
    if (shape.empty())
        fail("the tensor shape is empty");
    for (int32_t s : shape)
        if (!isPow2(s))
            fail("tensor shape " + listText(shape) +
                 " has an entry that is not a power of two >= 1");
}

// a / b for the repetition counts, 0 when b exceeds a (identity1D(0) is the empty layout).
int32_t quotient(int64_t a, int64_t b)
{
    return int32_t(a / b);
}

LinearLayout id1D(int32_t size, const std::string &in, const std::string &out)
{
    return must(LinearLayout::identity1D(size, in, out));
}

LinearLayout zeros1D(int32_t size, const std::string &in, const std::string &out)
{
    return must(LinearLayout::zeros1D(size, in, out));
}

LinearLayout operator*(const LinearLayout &a, const LinearLayout &b)
{
    return must(a.product(b));
}

LinearLayout &operator*=(LinearLayout &a, const LinearLayout &b)
{
    a = a * b;
    return a;
}

LinearLayout transposed(const LinearLayout &l, const std::vector<std::string> &outs)
{
    return must(l.transposeOuts(outs));
}

std::string dimName(size_t d)
{
    return "dim" + std::to_string(d);
}

// Out sizes: per dim the smallest power of two above every component (at least 1). Unlike
// tryCreateInferred this allows broadcast (zero or duplicate) bases.
LinearLayout inferredLayout(LinearLayout::BasesT bases, size_t rank)
{
    std::vector<LinearLayout::NamedSize> outDims;
    for (size_t d = 0; d < rank; ++d)
        outDims.emplace_back(dimName(d), 1);
    for (const auto &[name, bs] : bases) {
        requireBasesRank(bs, rank, name);
        for (const auto &b : bs)
            for (size_t d = 0; d < rank; ++d)
                outDims[d].second =
                    std::max(outDims[d].second, int32_t(std::bit_ceil(uint32_t(b[d]) + 1)));
    }
    return must(LinearLayout::tryCreate(std::move(bases), std::move(outDims), false));
}

LinearLayout cgaLayout(const Bases &blockBases, size_t rank)
{
    requireBasesRank(blockBases, rank, "cga_layout");
    return must(makeCgaLayout(blockBases, int(rank)));
}

LinearLayout combine(const LinearLayout &cta, const Bases &cgaBases,
                     const std::vector<int32_t> &shape)
{
    return must(combineCtaCgaWithShape(cta, cgaLayout(cgaBases, shape.size()), shape));
}

// Per dim the extent of the CGA layout clipped to the shape: Triton's CTASplitNum.
std::vector<int32_t> shapePerCta(const Bases &cgaBases, const std::vector<int32_t> &shape)
{
    const LinearLayout cga = cgaLayout(cgaBases, shape.size());
    std::vector<int32_t> out;
    for (size_t d = 0; d < shape.size(); ++d)
        out.push_back(std::max(1, shape[d] / std::min(shape[d], cga.outDimSize(dimName(d)))));
    return out;
}

LinearLayout build(const LayoutAttr &attr, const std::vector<int32_t> &shape);

// ---- blocked ------------------------------------------------------------------------------------

LinearLayout buildBlocked(const BlockedAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    requireRank(a.sizePerThread.size(), rank, "size_per_thread");
    requireRank(a.threadsPerWarp.size(), rank, "threads_per_warp");
    requireRank(a.warpsPerCTA.size(), rank, "warps_per_cta");
    requirePermutation(a.order, rank, "order");
    requirePow2List(a.sizePerThread, "size_per_thread");
    requirePow2List(a.threadsPerWarp, "threads_per_warp");
    requirePow2List(a.warpsPerCTA, "warps_per_cta");
    const LinearLayout cta = must(identityStandardND("register", a.sizePerThread, a.order)) *
                             must(identityStandardND("lane", a.threadsPerWarp, a.order)) *
                             must(identityStandardND("warp", a.warpsPerCTA, a.order));
    return combine(cta, a.cgaLayout, shape);
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

// The accumulator tile of one instruction (gfx1250-layouts.md §3.2), in-dims register, lane,
// out-dims dim0.. in standard order (a batch dim of size 1 first for rank 3).
LinearLayout wmmaTile(const AmdWmmaAttr &a, size_t rank)
{
    // Bases written as [M, N]; transposition swaps the roles of the two dims.
    Bases regs, lanes;
    if (a.version == 1) {
        regs = {{2, 0}, {4, 0}, {8, 0}};
        lanes = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {1, 0}};
    } else {
        regs = {{1, 0}, {2, 0}, {4, 0}};
        if (a.instrShape[0] == 32)
            regs.push_back({16, 0});
        lanes = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}};
    }
    const auto [tileM, tileN] = wmmaTileExtent(a);
    auto place = [&](const Bases &mn) {
        Bases out;
        for (const auto &b : mn) {
            std::vector<int32_t> v(rank, 0);
            v[rank - 2] = a.isTransposed ? b[1] : b[0];
            v[rank - 1] = a.isTransposed ? b[0] : b[1];
            out.push_back(std::move(v));
        }
        return out;
    };
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t d = 0; d < rank; ++d)
        outs.emplace_back(dimName(d), d == rank - 2 ? tileM : d == rank - 1 ? tileN : 1);
    return must(
        LinearLayout::tryCreate({{"register", place(regs)}, {"lane", place(lanes)}}, outs, true));
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
    const std::string dimM = dimName(rank - 2), dimN = dimName(rank - 1);
    const int32_t tileN = wmmaTileExtent(a).second;
    LinearLayout l = transposed(wmmaTile(a, rank), wmmaRepOrder(rank));
    const int32_t tpwM = tpw[rank - 2], tpwN = tpw[rank - 1];
    const int32_t warpsM = warps[rank - 2], warpsN = warps[rank - 1];
    l *= id1D(tpwN, "register", dimN);
    l *= id1D(warpsN, "warp", dimN);
    // The rest of N is covered by registers before any M tile: N-contiguous tile order.
    l *= id1D(quotient(shape[rank - 1], int64_t(tileN) * warpsN * tpwN), "register", dimN);
    l *= id1D(tpwM, "register", dimM);
    l *= id1D(warpsM, "warp", dimM);
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

LinearLayout buildWmmaCta(const AmdWmmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    requireBasesRank(a.ctaRegister, rank, "ctaLayout register");
    requireBasesRank(a.ctaWarp, rank, "ctaLayout warp");
    const LinearLayout l = wmmaTile(a, rank) * wmmaCtaLayout(a.ctaRegister, a.ctaWarp, rank);
    return combine(transposed(l, wmmaRepOrder(rank)), a.cgaLayout, shape);
}

LinearLayout buildWmma(const AmdWmmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    requireRank(size_t(wmmaRank(a)), rank, "the AMD WMMA layout");
    validateWmma(a, rank);
    const auto [tileM, tileN] = wmmaTileExtent(a);
    if ((shape[rank - 2] != 1 && shape[rank - 2] < tileM) ||
        (shape[rank - 1] != 1 && shape[rank - 1] < tileN))
        fail("tensor shape " + listText(shape) + " is smaller than the " + std::to_string(tileM) +
             "x" + std::to_string(tileN) + " WMMA instruction tile");
    return a.warpsPerCTA ? buildWmmaLegacy(a, shape) : buildWmmaCta(a, shape);
}

// §3.4: one instruction's operand tile, out-dims [K, nonK] (+ batch last for rank 3).
LinearLayout wmmaOperandTile(const AmdWmmaAttr &w, int opIdx, int32_t kWidth, size_t rank,
                             int32_t &nonKInstr)
{
    const int32_t m = w.instrShape[0], n = w.instrShape[1], kInstr = w.instrShape[2];
    nonKInstr = opIdx == 0 ? m : n;
    if (w.isTransposed && m != n)
        nonKInstr = opIdx == 0 ? n : m;
    const std::string dimK = dimName(opIdx == 0 ? rank - 1 : rank - 2);
    const std::string dimNonK = dimName(opIdx == 0 ? rank - 2 : rank - 1);
    constexpr int32_t kLanesNonK = 16;
    constexpr int32_t depth = 32 / kLanesNonK;
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
                              const std::vector<int32_t> &shape)
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
    const LinearLayout tile = wmmaOperandTile(w, opIdx, kWidth, rank, nonKInstr);
    const std::vector<std::string> repDims = tile.outDimNames(); // [K, nonK(, batch)]

    Bases ctaReg = w.ctaRegister, ctaWarp = w.ctaWarp;
    const bool legacy = w.warpsPerCTA.has_value();
    const IntList tpw = w.tilesPerWarp ? *w.tilesPerWarp : IntList(rank, 1);
    if (legacy) {
        const IntList &warps = *w.warpsPerCTA;
        requireRank(warps.size(), rank, "warps_per_cta");
        requireRank(tpw.size(), rank, "tiles_per_warp");
        requirePow2List(warps, "warps_per_cta");
        requirePow2List(tpw, "tiles_per_warp");
        if (std::all_of(tpw.begin(), tpw.end(), [](int32_t t) { return t == 1; })) {
            // Triton 3.6: warps in row-major order, broadcast along K.
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
    return combine(tile * wmmaCtaLayout(reg, warp, rank), w.cgaLayout, shape);
}

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
    const int32_t tpwM = tpw[rank - 2], tpwN = tpw[rank - 1];
    const int32_t warpsM = warps[rank - 2], warpsN = warps[rank - 1];
    tile *= id1D(tpwN, "register", dimN);
    tile *= id1D(warpsN, "warp", dimN);
    tile *= id1D(quotient(shape[rank - 1], int64_t(nDim) * warpsN * tpwN), "register", dimN);
    tile *= id1D(tpwM, "register", dimM);
    tile *= id1D(warpsM, "warp", dimM);
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
    requireRank(b.sizePerThread.size(), rank, "size_per_thread");
    requireRank(b.threadsPerWarp.size(), rank, "threads_per_warp");
    requireRank(b.warpsPerCTA.size(), rank, "warps_per_cta");
    requirePermutation(b.order, rank, "order");
    requirePow2List(b.sizePerThread, "size_per_thread");
    requirePow2List(b.threadsPerWarp, "threads_per_warp");
    requirePow2List(b.warpsPerCTA, "warps_per_cta");
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

LinearLayout buildDotOperand(const DotOperandAttr &dot, const std::vector<int32_t> &shape)
{
    if (!dot.parent)
        fail("the dot operand layout has no parent");
    if (dot.opIdx != 0 && dot.opIdx != 1)
        fail("operand_index " + std::to_string(dot.opIdx) + " is not 0 (A) or 1 (B)");
    if (shape.size() != 2 && shape.size() != 3)
        fail("a dot operand has rank 2 or 3, not " + std::to_string(shape.size()));
    if (const auto *w = dot.parent->as<AmdWmmaAttr>())
        return buildWmmaOperand(dot, *w, shape);
    if (const auto *m = dot.parent->as<AmdMfmaAttr>())
        return buildMfmaOperand(dot, *m, shape);
    if (const auto *b = dot.parent->as<BlockedAttr>())
        return buildBlockedOperand(dot, *b, shape);
    fail("a dot operand's parent must be an AMD WMMA, AMD MFMA or blocked layout");
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
    const LinearLayout parent = build(*s.parent, parentShape);
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
        // component, whose own shape must be the piece shape.
        inner = paddedComponent(*padded);
        for (size_t d = 0; d < rank; ++d)
            if (inner.numOutDims() != int(rank) || inner.outDimSize(dimName(d)) != pieceShape[d])
                fail("the padded partition_layout's shape must be the piece shape " +
                     listText(pieceShape));
    } else {
        inner = build(*a.partitionLayout, pieceShape);
    }
    const std::string pdName = dimName(pd);
    return inner * id1D(a.numPartitions, "partition", pdName) * id1D(a.numGroups, "offset", pdName);
}

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
            else
                return buildPartitioned(a, shape);
        },
        attr.value);
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

} // namespace

Expected<LinearLayout> toLinearLayout(const LayoutAttr &attr, const std::vector<int32_t> &shape)
{
    return guarded([&] { return build(attr, shape); });
}

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
