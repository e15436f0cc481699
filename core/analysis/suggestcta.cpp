#include "analysis/suggestcta.h"

#include "analysis/ctaconflicts.h"

#include "f2/f2reduce.h"

#include "hw/wmmashapes.h"

#include "io/ttgtext.h"
#include "layout/attrs.h"

#include <algorithm>
#include <bit>
#include <functional>
#include <set>
#include <tuple>

namespace lx {

namespace {

// Whether the vectors are linearly independent over GF(2).
bool independent(const std::vector<uint32_t> &vs)
{
    return f2::rank(std::vector<uint64_t>(vs.begin(), vs.end())) == int(vs.size());
}

} // namespace

CtaCandidate ctaCandidateOf(const CtaSuggestRequest &request, const CtaLayoutSpec &spec,
                            const CtaAnalysis &an)
{
    AmdWmmaAttr attr;
    attr.version = 3;
    attr.isTransposed = request.isTransposed;
    attr.ctaWarp = spec.warpBases;
    attr.ctaRegister = spec.registerBases;
    attr.instrShape = {request.instrShape[0], request.instrShape[1], request.instrShape[2]};
    CtaCandidate c;
    c.attr = makeAttr(attr);
    c.text = printTtg(*c.attr);
    c.warpBases = spec.warpBases;
    c.crossPairSharedA = an.a.crossPairShared;
    c.crossPairSharedB = an.b.crossPairShared;
    c.tdmInstructionsA = an.a.tdmInstructions;
    c.tdmInstructionsB = an.b.tdmInstructions;
    c.piecesA = an.a.numPieces;
    c.piecesB = an.b.numPieces;
    c.groupsA = an.a.numGroups;
    c.groupsB = an.b.numGroups;
    c.partitionConflicts = ctaPartitionConflicts(an).count;
    return c;
}

namespace {

// Refuses a search whose work could pass kMaxCtaWork: the ordered choices of warpBits vectors
// from the pool (unit vectors and sums of two of the tile bits) times the tiles.
Expected<bool> withinWorkLimit(int warps, int warpBits, int total, int32_t tilesM, int32_t tilesN)
{
    const int64_t poolSize = int64_t(total) + int64_t(total) * (total - 1) / 2;
    const int64_t tiles = int64_t(tilesM) * tilesN;
    int64_t bound = 1; // ordered choices of warpBits pool vectors, independent or not
    for (int i = 0; i < warpBits && bound * tiles <= kMaxCtaWork; ++i)
        bound *= std::max<int64_t>(poolSize - i, 1);
    if (bound * tiles <= kMaxCtaWork)
        return true;
    return makeError("the search is too large: " + std::to_string(warps) + " warps over " +
                     std::to_string(tilesM) + "x" + std::to_string(tilesN) +
                     " instruction tiles could mean " + std::to_string(bound) +
                     " or more warp-basis choices of " + std::to_string(tiles) +
                     " tiles each, past the " + std::to_string(kMaxCtaWork) +
                     " choice-tiles it weighs at most: ask for fewer warps or a smaller shape");
}

} // namespace

Expected<CtaSuggestResult> suggestCtaLayouts(const CtaSuggestRequest &request, const CuModel &cu)
{
    if (request.warps <= 0 || (request.warps & (request.warps - 1)) != 0 || request.warps > 64)
        return makeError("--warps must be a power of two up to 64");
    if (!isWmmaV3LayoutShape(request.instrShape))
        return makeError("the instruction shape " + std::to_string(request.instrShape[0]) + "x" +
                         std::to_string(request.instrShape[1]) + "x" +
                         std::to_string(request.instrShape[2]) +
                         " is not a WMMA v3 instruction shape (" + wmmaV3LayoutShapesText() + ")");
    const auto tile = wmmaLogicalTile(request.instrShape, request.isTransposed);
    if (tile[0] <= 0 || tile[1] <= 0 || request.shape[0] % tile[0] || request.shape[1] % tile[1])
        return makeError("the shape must be a multiple of the instruction tile " +
                         std::to_string(tile[0]) + "x" + std::to_string(tile[1]));
    const int32_t tilesM = request.shape[0] / tile[0], tilesN = request.shape[1] / tile[1];
    if (!std::has_single_bit(uint32_t(tilesM)) || !std::has_single_bit(uint32_t(tilesN)))
        return makeError("the shape must hold a power-of-two number of tiles per dim");
    const int bitsM = std::countr_zero(uint32_t(tilesM)),
              bitsN = std::countr_zero(uint32_t(tilesN));
    const int warpBits = std::countr_zero(uint32_t(request.warps));
    if (warpBits > bitsM + bitsN)
        return makeError("more warps than instruction tiles: " + std::to_string(request.warps) +
                         " warps, " + std::to_string(tilesM * tilesN) + " tiles");
    // Tile vectors packed as (m << bitsN) | n; candidates: unit vectors and sums of two.
    const int total = bitsM + bitsN;
    if (auto ok = withinWorkLimit(request.warps, warpBits, total, tilesM, tilesN); !ok)
        return ok.error();
    std::vector<uint32_t> pool;
    for (int i = 0; i < total; ++i)
        pool.push_back(1u << i);
    for (int i = 0; i < total; ++i)
        for (int j = i + 1; j < total; ++j)
            pool.push_back((1u << i) | (1u << j));
    auto unpack = [&](uint32_t v) {
        return std::vector<int32_t>{int32_t(v >> bitsN), int32_t(v & ((1u << bitsN) - 1))};
    };
    CtaSuggestResult result;
    std::set<std::string> seen;
    std::vector<uint32_t> chosen;
    bool stopped = false;
    auto evaluate = [&]() {
        if (request.cancelled && result.enumerated % 16 == 0 && request.cancelled())
            stopped = true;
        if (stopped)
            return;
        result.enumerated += 1;
        CtaLayoutSpec spec;
        spec.instrShape = request.instrShape;
        spec.isTransposed = request.isTransposed;
        spec.shape = request.shape;
        spec.elemBits = request.elemBits;
        for (uint32_t v : chosen)
            spec.warpBases.push_back(unpack(v));
        // Register bases: the tile bits the warps leave, N first then M (their order does not
        // change which bands the pairs read together).
        std::vector<uint32_t> span = chosen;
        for (int i = 0; i < total; ++i) {
            span.push_back(1u << i);
            if (independent(span))
                spec.registerBases.push_back(unpack(1u << i));
            else
                span.pop_back();
        }
        auto an = analyzeCtaLayout(spec, cu);
        if (!an) {
            if (result.rejected++ == 0)
                result.firstRejection = an.message();
            return;
        }
        CtaCandidate c = ctaCandidateOf(request, spec, *an);
        if (!seen.insert(c.text).second)
            return;
        result.candidates.push_back(std::move(c));
    };
    // Ordered choices (warp bit 0 selects the SIMD pair, so order matters), independent.
    std::function<void(int)> choose = [&](int depth) {
        if (depth == warpBits) {
            evaluate();
            return;
        }
        for (uint32_t v : pool) {
            chosen.push_back(v);
            if (independent(chosen))
                choose(depth + 1);
            chosen.pop_back();
        }
    };
    choose(0);
    if (stopped)
        return makeError("cancelled");
    auto key = [](const CtaCandidate &c) {
        return std::make_tuple(int(c.crossPairSharedA) + int(c.crossPairSharedB),
                               c.partitionConflicts, c.tdmInstructionsA + c.tdmInstructionsB,
                               c.piecesA + c.piecesB, c.groupsA + c.groupsB);
    };
    std::stable_sort(result.candidates.begin(), result.candidates.end(),
                     [&](const CtaCandidate &a, const CtaCandidate &b) { return key(a) < key(b); });
    if (request.limit > 0 && int(result.candidates.size()) > request.limit)
        result.candidates.resize(size_t(request.limit));
    return result;
}

} // namespace lx
