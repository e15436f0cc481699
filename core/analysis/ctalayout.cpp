#include "analysis/ctalayout.h"
#include "base/intmath.h"

#include "hw/wmmashapes.h"

#include "analysis/limits.h"

#include "layout/attrs.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <bit>
#include <set>
#include <sstream>

namespace lx {

namespace {

using Bases = std::vector<Basis>;

// XOR of the bases selected by the bits of `index`.
std::array<int, 2> combine(const Bases &bases, int index)
{
    std::array<int, 2> r{0, 0};
    for (size_t i = 0; i < bases.size(); ++i)
        if (index & (1 << i)) {
            r[0] ^= bases[i][0];
            r[1] ^= bases[i][1];
        }
    return r;
}

Expected<Bases> checkBases(const Bases &bases, const char *what)
{
    for (size_t i = 0; i < bases.size(); ++i) {
        const auto &b = bases[i];
        if (b.size() != 2)
            return makeError(std::string("ctaLayout ") + what + " basis " + std::to_string(i) +
                             " has " + std::to_string(b.size()) +
                             " components; a rank-2 WMMA ctaLayout needs [dim0, dim1]");
        if (b[0] < 0 || b[1] < 0 || b[0] > (1 << 12) || b[1] > (1 << 12))
            return makeError(std::string("ctaLayout ") + what + " basis " + std::to_string(i) +
                             " = " + formatBasis(b) + " is out of range");
    }
    return bases;
}

// One operand's pair sharing and pieces. dim 0 reads tile rows (A), dim 1 tile columns (B).
OperandPartitioning analyzeOperand(const CtaAnalysis &cta, int dim, const CuModel &cu)
{
    OperandPartitioning op;
    op.name = dim == 0 ? "A" : "B";
    op.partitionDim = dim;
    const int tiles = dim == 0 ? cta.tilesM : cta.tilesN;
    const int tileExtent = dim == 0 ? cta.tileM : cta.tileN;
    auto bandOf = [dim](const CtaWarpTile &t) { return dim == 0 ? t.tileM : t.tileN; };

    // Location condition, instruction by instruction.
    for (const CtaInstruction &ins : cta.instructions) {
        for (const CtaWarpTile &x : ins.tiles)
            for (const CtaWarpTile &y : ins.tiles)
                if (cta.warps[size_t(x.warp)].pair < cta.warps[size_t(y.warp)].pair &&
                    bandOf(x) == bandOf(y) && !op.crossPairShared) {
                    op.crossPairShared = true;
                    op.sharedInstruction = ins.index;
                    op.sharedBand = bandOf(x);
                }
        if (op.crossPairShared)
            break;
    }

    std::set<int> pairsPresent;
    for (const CtaWarp &w : cta.warps)
        pairsPresent.insert(w.pair);
    if (pairsPresent.size() < 2) {
        op.note = "only one SIMD pair runs these warps: there is nothing to separate";
        return op;
    }
    if (pairsPresent.size() > 2) {
        op.note = "more than two SIMD pairs: a two-way partitioning cannot be read off";
        return op;
    }
    if (op.crossPairShared) {
        op.note = "both pairs read band " + std::to_string(op.sharedBand) + " in instruction " +
                  std::to_string(op.sharedInstruction) +
                  ": identical bytes cannot sit in two partitions";
        return op;
    }

    // A tile bit that is constant inside each pair and differs between the pairs, at
    // instruction 0 (register bases shift all warps alike, so one instruction decides).
    // Pair numbers come from the architecture description and need not be 0 and 1 (a
    // description may list a pair no warp runs on), so the two present pairs are looked up by
    // number, never used as an index (exactly two are present here: one is "low", the other
    // "high").
    const int lowPair = *pairsPresent.begin();
    const CtaInstruction &first = cta.instructions.front();
    for (int bit = log2Exact(tiles) - 1; bit >= 0; --bit) {
        int valueOfLow = -1, valueOfHigh = -1;
        bool ok = true;
        for (const CtaWarpTile &t : first.tiles) {
            const int pair = cta.warps[size_t(t.warp)].pair;
            int &value = pair == lowPair ? valueOfLow : valueOfHigh;
            const int v = (bandOf(t) >> bit) & 1;
            if (value < 0)
                value = v;
            else if (value != v)
                ok = false;
        }
        if (ok && valueOfLow != valueOfHigh) {
            op.pieceBit = bit;
            break;
        }
    }
    if (op.pieceBit < 0) {
        op.note = "the pairs read disjoint bands, but no single tile bit tells them apart: a "
                  "PartitionedSharedLayout (partition = one bit of the coordinate) cannot "
                  "separate them";
        return op;
    }
    op.separable = true;
    op.pieceExtent = (1 << op.pieceBit) * tileExtent;
    op.numPartitions = int(pairsPresent.size());
    op.numPieces = tiles >> op.pieceBit;
    op.numGroups = op.numPieces / op.numPartitions;
    op.tdmInstructions = (op.numPieces + cta.numWarps - 1) / cta.numWarps;
    for (int p = 0; p < op.numPieces; ++p)
        op.pieces.push_back(OperandPiece{p, p * op.pieceExtent, (p + 1) * op.pieceExtent,
                                         p % op.numPartitions, p / op.numPartitions});
    (void)cu;
    return op;
}

} // namespace

Expected<CtaLayoutSpec> ctaSpecFromAttr(const LayoutAttr &attr, const std::array<int32_t, 2> &shape,
                                        int elemBits)
{
    const AmdWmmaAttr *w = attr.as<AmdWmmaAttr>();
    if (const DotOperandAttr *dot = attr.as<DotOperandAttr>(); dot && dot->parent)
        w = dot->parent->as<AmdWmmaAttr>();
    if (!w)
        return makeError("the ctaLayout analysis needs a #ttg.amd_wmma layout (or a #ttg.dot_op "
                         "of one)");
    if (w->version != 3)
        return makeError("the ctaLayout analysis is for WMMA version 3 (gfx1250), not version " +
                         std::to_string(w->version));
    if (w->instrShape.size() != 3)
        return makeError("instrShape must have three entries [M, N, K]");
    if (!w->cgaLayout.empty())
        return makeError("CGA layouts (more than one CTA) are not analysed");
    CtaLayoutSpec s;
    s.instrShape = {w->instrShape[0], w->instrShape[1], w->instrShape[2]};
    s.isTransposed = w->isTransposed;
    s.shape = shape;
    s.elemBits = elemBits;
    if (w->warpsPerCTA) {
        const IntList &warps = *w->warpsPerCTA;
        const IntList tiles = w->tilesPerWarp.value_or(IntList(warps.size(), 1));
        if (warps.size() != 2 || tiles.size() != 2)
            return makeError("the ctaLayout analysis handles rank-2 WMMA layouts only");
        for (int d = 1; d >= 0; --d) {
            if (!isPow2(tiles[size_t(d)]) || !isPow2(warps[size_t(d)]))
                return makeError("warpsPerCTA and tilesPerWarp must be powers of two");
            for (int v = 1; v < tiles[size_t(d)]; v *= 2)
                s.registerBases.push_back(d == 0 ? std::vector<int32_t>{v, 0}
                                                 : std::vector<int32_t>{0, v});
            for (int v = 1; v < warps[size_t(d)]; v *= 2)
                s.warpBases.push_back(d == 0 ? std::vector<int32_t>{v * tiles[0], 0}
                                             : std::vector<int32_t>{0, v * tiles[1]});
        }
    } else {
        s.registerBases = w->ctaRegister;
        s.warpBases = w->ctaWarp;
    }
    return s;
}

std::array<int32_t, 2> wmmaLogicalTile(const std::array<int32_t, 3> &instrShape, bool isTransposed)
{
    if (isTransposed)
        return {instrShape[1], instrShape[0]};
    return {instrShape[0], instrShape[1]};
}

std::vector<std::pair<int, int>> CtaAnalysis::ownersOfTile(int m, int n) const
{
    std::vector<std::pair<int, int>> owners;
    for (const CtaInstruction &ins : instructions)
        for (const CtaWarpTile &t : ins.tiles)
            if (t.tileM == m && t.tileN == n)
                owners.emplace_back(t.warp, ins.index);
    return owners;
}

namespace {

// The spec's own checks: a WMMA v3 shape, a paired compute unit, bases within bounds.
Expected<bool> checkCtaSpec(const CtaLayoutSpec &spec, const CuModel &cu)
{
    if (!isWmmaV3LayoutShape(spec.instrShape))
        return makeError("instrShape [" + std::to_string(spec.instrShape[0]) + ", " +
                         std::to_string(spec.instrShape[1]) + ", " +
                         std::to_string(spec.instrShape[2]) + "] is not a WMMA v3 shape (" +
                         wmmaV3LayoutShapesText() + ")");
    if (!cu.pairsEverySimd())
        return makeError("the compute-unit model has no SIMD -> pair mapping");
    if (auto ok = checkAnalysisShape({spec.shape[0], spec.shape[1]}, "the output C"); !ok)
        return ok.error();
    auto regs = checkBases(spec.registerBases, "register");
    if (!regs)
        return regs.error();
    auto warps = checkBases(spec.warpBases, "warp");
    if (!warps)
        return warps.error();
    if (spec.warpBases.size() > 5 || spec.registerBases.size() > 12)
        return makeError("at most 5 warp bases (32 warps) and 12 register bases are supported");
    return true;
}

// The instruction tile and the count of tiles over the output, into cta.
Expected<bool> tileOutput(const CtaLayoutSpec &spec, CtaAnalysis &cta)
{
    const auto tile = wmmaLogicalTile(spec.instrShape, spec.isTransposed);
    cta.tileM = tile[0];
    cta.tileN = tile[1];
    for (int d = 0; d < 2; ++d) {
        const int64_t s = spec.shape[size_t(d)];
        if (!isPow2(s) || s % tile[size_t(d)] != 0 || s > (1 << 14))
            return makeError("output dim" + std::to_string(d) + " = " + std::to_string(s) +
                             " must be a power of two, a multiple of the " +
                             std::to_string(tile[size_t(d)]) + "-element tile, at most 16384");
    }
    cta.tilesM = spec.shape[0] / cta.tileM;
    cta.tilesN = spec.shape[1] / cta.tileN;
    if (int64_t(cta.tilesM) * cta.tilesN > (1 << 12))
        return makeError("more than 4096 instruction tiles: the analysis enumerates every tile");
    return true;
}

// Repetitions: N first, then M (docs/gfx1250-layouts.md §3.3 step 2-3); then clip.
void fitBases(const CtaLayoutSpec &spec, CtaAnalysis &cta)
{
    cta.writtenRegisterBases = spec.registerBases;
    cta.writtenWarpBases = spec.warpBases;
    cta.registerBases = spec.registerBases;
    cta.numUserRegisterBases = int(spec.registerBases.size());
    for (int s = cta.ctaTilesN; s < cta.tilesN; s *= 2)
        cta.registerBases.push_back({0, s});
    for (int s = cta.ctaTilesM; s < cta.tilesM; s *= 2)
        cta.registerBases.push_back({s, 0});
    cta.warpBases = spec.warpBases;
    for (Bases *bases : {&cta.registerBases, &cta.warpBases})
        for (auto &b : *bases) {
            if (b[0] >= cta.tilesM)
                b[0] = 0;
            if (b[1] >= cta.tilesN)
                b[1] = 0;
        }
}

// One note naming every written basis that moves both dims (a diagonal step over the tiles).
// #ttg.amd_wmma's ctaLayout takes such a basis as written; only the layout's linear form needs
// #ttg.generic_linear, because #ttg.linear's verifier wants every basis along one dim.
void noteGenericBases(const CtaLayoutSpec &spec, CtaAnalysis &cta)
{
    std::vector<std::string> diagonal;
    auto collect = [&](const char *kind, const Bases &bases) {
        for (size_t i = 0; i < bases.size(); ++i)
            if (bases[i][0] != 0 && bases[i][1] != 0)
                diagonal.push_back(std::string(kind) + " basis " + std::to_string(i) + " = " +
                                   formatBasis(bases[i]));
    };
    collect("warp", spec.warpBases);
    collect("register", spec.registerBases);
    if (diagonal.empty())
        return;
    std::string list;
    for (size_t i = 0; i < diagonal.size(); ++i)
        list += (i == 0 ? "" : i + 1 == diagonal.size() ? " and " : ", ") + diagonal[i];
    cta.notes.push_back(list + (diagonal.size() == 1 ? " moves" : " move") +
                        " both dims: #ttg.amd_wmma's ctaLayout takes it as written; converted to "
                        "a linear layout it is a #ttg.generic_linear (#ttg.linear wants every "
                        "basis along one dim)");
}

// The warps with their SIMD and pair, and per instruction the tile each warp computes.
void enumerateInstructions(const CuModel &cu, CtaAnalysis &cta)
{
    cta.numWarps = 1 << cta.warpBases.size();
    for (int w = 0; w < cta.numWarps; ++w)
        cta.warps.push_back(CtaWarp{w, cu.simdOfWarp(w), cu.pairOfWarp(w)});
    const int numInstr = 1 << cta.registerBases.size();
    for (int r = 0; r < numInstr; ++r) {
        CtaInstruction ins;
        ins.index = r;
        const auto rr = combine(cta.registerBases, r);
        for (int w = 0; w < cta.numWarps; ++w) {
            const auto ww = combine(cta.warpBases, w);
            ins.tiles.push_back(CtaWarpTile{w, rr[0] ^ ww[0], rr[1] ^ ww[1]});
        }
        cta.instructions.push_back(std::move(ins));
    }
}

// The element-level accumulator: instruction tile (§3.2) x fitted ctaLayout, scaled.
Expected<LinearLayout> accumulatorLayout(const CtaLayoutSpec &spec, const CtaAnalysis &cta)
{
    Bases tileRegs, tileLanes;
    if (!spec.isTransposed) {
        tileRegs = {{1, 0}, {2, 0}, {4, 0}};
        if (spec.instrShape[0] == 32)
            tileRegs.push_back({16, 0});
        tileLanes = {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {8, 0}};
    } else {
        tileRegs = {{0, 1}, {0, 2}, {0, 4}};
        if (spec.instrShape[0] == 32)
            tileRegs.push_back({0, 16});
        tileLanes = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}};
    }
    Bases accRegs = tileRegs, accWarps;
    for (const auto &b : cta.registerBases)
        accRegs.push_back({b[0] * cta.tileM, b[1] * cta.tileN});
    for (const auto &b : cta.warpBases)
        accWarps.push_back({b[0] * cta.tileM, b[1] * cta.tileN});
    return LinearLayout::tryCreate(
        {{"register", accRegs}, {"lane", tileLanes}, {"warp", accWarps}, {"block", {}}},
        {{"dim0", spec.shape[0]}, {"dim1", spec.shape[1]}}, false);
}

} // namespace

Expected<CtaAnalysis> analyzeCtaLayout(const CtaLayoutSpec &spec, const CuModel &cu)
{
    if (auto ok = checkCtaSpec(spec, cu); !ok)
        return ok.error();
    CtaAnalysis cta;
    if (auto ok = tileOutput(spec, cta); !ok)
        return ok.error();

    // The ctaLayout as written must be surjective onto its own extent (the blog: "we add an
    // explicit reg = [[2, 0]] basis to restore surjectivity").
    LinearLayout::BasesT ctaBases{{"register", spec.registerBases}, {"warp", spec.warpBases}};
    auto ctaLl = LinearLayout::tryCreateInferred(ctaBases, {"dim0", "dim1"});
    if (!ctaLl)
        return makeError("the ctaLayout does not cover its tile (" + ctaLl.message() +
                         "); add register bases for the tiles no warp reaches");
    cta.ctaTilesM = ctaLl->outDimSize("dim0");
    cta.ctaTilesN = ctaLl->outDimSize("dim1");

    fitBases(spec, cta);
    noteGenericBases(spec, cta);
    enumerateInstructions(cu, cta);
    auto acc = accumulatorLayout(spec, cta);
    if (!acc)
        return acc.error();
    cta.accumulator = *acc;

    cta.a = analyzeOperand(cta, 0, cu);
    cta.b = analyzeOperand(cta, 1, cu);
    return cta;
}

} // namespace lx
