#include "analysis/nvswizzling.h"
#include "layout/layoututils.h"

#include "analysis/ldslowering.h"
#include "f2/f2matrix.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <set>
#include <tuple>

namespace lx {

namespace {

using Flat = std::vector<int64_t>;

// One side of the conversion as flattened tensor indices (the first out-dim least significant,
// as Triton's flattenOuts): non-zero register bases (replicas removed), every lane and warp basis.
struct Side
{
    Flat reg, lane, warp;
};

Side sideOf(const LinearLayout &l)
{
    Side s;
    auto bases = [&](const std::string &dim, bool dropZero) {
        Flat out;
        if (l.hasInDim(dim))
            for (int i = 0; i < l.inDimSizeLog2(dim); ++i) {
                const int64_t f = flatBasisIndex(l, l.basis(dim, i));
                if (f != 0 || !dropZero)
                    out.push_back(f);
            }
        return out;
    };
    s.reg = bases("register", true);
    s.lane = bases("lane", false);
    s.warp = bases("warp", false);
    return s;
}

bool inFlat(const Flat &v, int64_t x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

int log2Floor(int64_t x)
{
    return x <= 1 ? 0 : int(std::bit_width(uint64_t(x))) - 1;
}

// The reduced row echelon form of `rows` over `dim` columns (pivots at the lowest bits).
std::vector<uint64_t> rrefRows(const Flat &rows, int dim)
{
    F2Matrix m(int(rows.size()), dim);
    for (size_t r = 0; r < rows.size(); ++r)
        for (int c = 0; c < dim; ++c)
            if ((rows[r] >> c) & 1)
                m.set(int(r), c, true);
    const F2Matrix reduced = m.rref();
    std::vector<uint64_t> out;
    for (int r = 0; r < reduced.rows(); ++r)
        if (reduced.rowBits(r) != 0)
            out.push_back(reduced.rowBits(r));
    return out;
}

// Triton's nullspaceBasis: the vectors orthogonal to every row, one per free column.
Flat nullspace(const Flat &rows, int dim)
{
    const std::vector<uint64_t> reduced = rrefRows(rows, dim);
    std::set<int> pivots;
    for (uint64_t r : reduced)
        pivots.insert(std::countr_zero(r));
    Flat out;
    for (int f = 0; f < dim; ++f) {
        if (pivots.count(f))
            continue;
        uint64_t v = uint64_t(1) << f;
        for (uint64_t r : reduced)
            if ((r >> f) & 1)
                v ^= uint64_t(1) << std::countr_zero(r);
        out.push_back(int64_t(v));
    }
    return out;
}

// Triton's intersectionBasis: with unit vectors on both sides the common ones in b1's order.
Flat intersection(const Flat &b1, const Flat &b2, int dim)
{
    auto unit = [](int64_t x) { return x > 0 && std::has_single_bit(uint64_t(x)); };
    if (std::all_of(b1.begin(), b1.end(), unit) && std::all_of(b2.begin(), b2.end(), unit)) {
        Flat out;
        for (int64_t b : b1)
            if (b != 0 && inFlat(b2, b) && !inFlat(out, b))
                out.push_back(b);
        return out;
    }
    Flat joint = nullspace(b1, dim);
    const Flat n2 = nullspace(b2, dim);
    joint.insert(joint.end(), n2.begin(), n2.end());
    return nullspace(joint, dim);
}

// Triton's complementBasis: the unit vectors of the columns that are not pivots of `basis`.
Flat complement(const Flat &basis, int dim)
{
    std::set<int> pivots;
    for (uint64_t r : rrefRows(basis, dim))
        pivots.insert(std::countr_zero(r));
    Flat out;
    for (int c = 0; c < dim; ++c)
        if (!pivots.count(c))
            out.push_back(int64_t(1) << c);
    return out;
}

// The part of `a`'s lanes (as a mask over lane indices) and whether any register of `a` is needed
// to write the tensor vector v in `a`'s bases (b.invertAndCompose(a) applied to v).
struct Preimage
{
    bool found = false;
    bool usesRegister = false;
    uint64_t laneMask = 0;
};

Preimage preimage(const Side &a, int64_t v, int dim)
{
    std::vector<uint64_t> columns;
    for (const Flat *f : {&a.reg, &a.lane, &a.warp})
        for (int64_t x : *f)
            columns.push_back(uint64_t(x));
    Preimage p;
    std::optional<std::vector<uint64_t>> x = F2Matrix::solveColumns(columns, {uint64_t(v)}, dim);
    if (!x)
        return p;
    p.found = true;
    const uint64_t mask = (*x)[0];
    const size_t nReg = a.reg.size(), nLane = a.lane.size();
    p.usesRegister = (mask & ((uint64_t(1) << nReg) - 1)) != 0;
    p.laneMask = (mask >> nReg) & ((uint64_t(1) << nLane) - 1);
    return p;
}

// An instruction's tile (Triton's LocalMemOpTile): the lanes contiguous with the registers, and
// the lanes that give the addresses.
struct Tile
{
    std::vector<int> laneContig, laneAddr;
    NvAccessKind kind;
};

std::vector<Tile> tilesOf(int bits, bool hasMatrix)
{
    std::vector<Tile> t = {{{}, {0, 1, 2}, NvAccessKind::Plain}};
    if (hasMatrix && bits <= 32)
        t.push_back({{0, 1}, {2, 3, 4}, NvAccessKind::Matrix});
    if (hasMatrix && bits == 16)
        t.push_back({{2, 3, 4}, {0, 1}, NvAccessKind::MatrixTransposed});
    return t;
}

// Triton's optimalSwizzlingTile: the scratch's low bases that fit both tiles, or nullopt.
std::optional<Flat> swizzlingTile(const Side &a0, const Side &b0, int nRegA0, int nRegB0,
                                  const std::vector<int> &tileA0, const std::vector<int> &tileB0,
                                  int dim)
{
    const bool swap = nRegA0 < nRegB0;
    const Side &a = swap ? b0 : a0, &b = swap ? a0 : b0;
    const int nRegA = swap ? nRegB0 : nRegA0, nRegB = swap ? nRegA0 : nRegB0;
    const std::vector<int> &tileA = swap ? tileB0 : tileA0, &tileB = swap ? tileA0 : tileB0;
    Flat vbasis = intersection(a.reg, b.reg, dim);
    if (int(vbasis.size()) < nRegB)
        return std::nullopt;
    vbasis.resize(size_t(nRegB));
    for (int id : tileA)
        if (id >= int(a.lane.size()) || a.lane[size_t(id)] == 0)
            return std::nullopt;
    for (int id : tileB)
        if (id >= int(b.lane.size()) || b.lane[size_t(id)] == 0)
            return std::nullopt;
    for (int i = 0; i < nRegA - nRegB; ++i) {
        const Preimage p = preimage(a, b.lane[size_t(tileB[size_t(i)])], dim);
        if (!p.found || !p.usesRegister)
            return std::nullopt;
    }
    const size_t skip = tileB.size() - tileA.size();
    for (size_t k = 0; k < tileA.size(); ++k) {
        const Preimage p = preimage(a, b.lane[size_t(tileB[skip + k])], dim);
        if (!p.found || p.laneMask != (uint64_t(1) << tileA[k]))
            return std::nullopt;
    }
    for (int id : tileB)
        vbasis.push_back(b.lane[size_t(id)]);
    return vbasis;
}

// Triton's getTile: 3 - |laneAddr| registers not in the vector, then the address lanes.
std::optional<Flat> addressTile(const Tile &t, const Side &s, const Flat &vbasis)
{
    Flat tile;
    int needed = 3 - int(t.laneAddr.size());
    for (int64_t r : s.reg) {
        if (needed == 0)
            break;
        if (!inFlat(vbasis, r)) {
            tile.push_back(r);
            --needed;
        }
    }
    if (needed > 0)
        return std::nullopt;
    for (int i : t.laneAddr) {
        if (i >= int(s.lane.size()))
            return std::nullopt;
        tile.push_back(s.lane[size_t(i)]);
    }
    return tile;
}

struct Scratch
{
    Flat vector, bank, segment, reps;
};

// Triton's optimalSwizzling for given vector and tiles, with buildReps.
Scratch buildScratch(const Side &src, const Side &dst, int bits, const Flat &vbasis,
                     const Flat &tileSrc, const Flat &tileDst, int dim, int leaveReps)
{
    Flat bankSrc = vbasis, bankDst = vbasis;
    bankSrc.insert(bankSrc.end(), tileSrc.begin(), tileSrc.end());
    bankDst.insert(bankDst.end(), tileDst.begin(), tileDst.end());
    const int lenBank =
        std::min(log2Floor(1024 / std::max<int64_t>(1, (int64_t(1) << vbasis.size()) * bits)),
                 dim - int(vbasis.size()));
    const int lenSegment = dim - lenBank - int(vbasis.size());
    const Flat sbasis = scratchSegment(bankSrc, bankDst, dim, lenSegment);
    Flat used = vbasis;
    used.insert(used.end(), sbasis.begin(), sbasis.end());
    Scratch s;
    s.vector = vbasis;
    s.bank = complement(used, dim);
    for (int64_t b : sbasis) {
        if (inFlat(src.reg, b) && inFlat(dst.reg, b)) {
            if (leaveReps > 0) {
                --leaveReps;
                s.segment.push_back(b);
            } else {
                s.reps.push_back(b);
            }
        } else {
            s.segment.push_back(b);
        }
    }
    return s;
}

std::string kindName(NvAccessKind k, bool isWrite)
{
    const std::string m = isWrite ? "stmatrix" : "ldmatrix";
    return k == NvAccessKind::Plain    ? (isWrite ? "st.shared" : "ld.shared")
           : k == NvAccessKind::Matrix ? m
                                       : m + ".trans";
}

struct Candidate
{
    size_t srcTile = 0, dstTile = 0;
    Scratch scratch;
    int conflicts = 0, read = 0, write = 0;
};

} // namespace

Expected<NvSwizzledConversion> nvidiaSwizzledConversion(const LinearLayout &src,
                                                        const LinearLayout &dst, int elementBits,
                                                        const NvMatrixFeatures &features)
{
    if (src.outDims() != dst.outDims())
        return makeError("the two layouts do not describe the same tensor");
    if (!src.hasInDim("register") || !dst.hasInDim("register") || !src.hasInDim("lane") ||
        !dst.hasInDim("lane"))
        return makeError("a layout without registers and lanes cannot go through shared memory");
    const int bits = std::max(8, elementBits);
    const int dim = totalOutBits(src);
    if (dim > 62)
        return makeError("the tensor is too large to analyse");
    const Side s = sideOf(src), d = sideOf(dst);
    const int totalBases = log2Floor(std::max(1, 128 / bits));
    const std::vector<Tile> srcTiles = tilesOf(bits, features.stmatrix);
    const std::vector<Tile> dstTiles = tilesOf(bits, features.ldmatrix);
    std::vector<Candidate> candidates;
    for (size_t i = 0; i < srcTiles.size(); ++i)
        for (size_t j = 0; j < dstTiles.size(); ++j) {
            const Tile &ts = srcTiles[i], &td = dstTiles[j];
            const std::optional<Flat> vbasis = swizzlingTile(
                s, d, totalBases - int(ts.laneContig.size()),
                totalBases - int(td.laneContig.size()), ts.laneContig, td.laneContig, dim);
            if (!vbasis)
                continue;
            const std::optional<Flat> tileSrc = addressTile(ts, s, *vbasis);
            const std::optional<Flat> tileDst = addressTile(td, d, *vbasis);
            if (!tileSrc || !tileDst)
                continue;
            auto missing = [](const Tile &t) {
                return int(t.laneContig.size() + t.laneAddr.size()) - 3;
            };
            Candidate c{i, j, {}, 0, 0, 0};
            c.scratch = buildScratch(s, d, bits, *vbasis, *tileSrc, *tileDst, dim,
                                     std::min(missing(ts), missing(td)));
            c.write = (1 << intersection(c.scratch.segment, *tileSrc, dim).size()) - 1;
            c.read = (1 << intersection(c.scratch.segment, *tileDst, dim).size()) - 1;
            c.conflicts = c.read + c.write;
            candidates.push_back(std::move(c));
        }

    NvSwizzledConversion out;
    NvAccessKind storeKind = NvAccessKind::Plain, loadKind = NvAccessKind::Plain;
    Flat positions;
    if (candidates.empty()) {
        Expected<LdsRoundTrip> t = ldsRoundTrip(src, dst, elementBits);
        if (!t)
            return t.error();
        positions = t->scratch;
        out.vectorBases = int(t->vectorBasis.size());
        out.choice = "no ldmatrix/stmatrix tile fits both layouts: st.shared and ld.shared";
    } else {
        const Candidate *best = &candidates.front();
        for (const Candidate &c : candidates)
            if (c.conflicts < best->conflicts ||
                (c.conflicts == best->conflicts &&
                 c.scratch.reps.size() > best->scratch.reps.size()))
                best = &c;
        const Scratch &sc = best->scratch;
        for (const Flat *f : {&sc.vector, &sc.bank, &sc.segment, &sc.reps})
            positions.insert(positions.end(), f->begin(), f->end());
        out.vectorBases = int(sc.vector.size());
        out.bankBases = int(sc.bank.size());
        out.segmentBases = int(sc.segment.size());
        out.rounds = 1 << sc.reps.size();
        out.readConflicts = best->read;
        out.writeConflicts = best->write;
        storeKind = srcTiles[best->srcTile].kind;
        loadKind = dstTiles[best->dstTile].kind;
        out.choice = std::to_string(candidates.size()) + " (store, load) pair" +
                     (candidates.size() == 1 ? "" : "s") + " fit; " + kindName(storeKind, true) +
                     " + " + kindName(loadKind, false) + " with " +
                     std::to_string(best->conflicts) + " conflicts (Triton's count) in " +
                     std::to_string(out.rounds) + " round" + (out.rounds == 1 ? "" : "s");
    }
    out.scratch = positions;
    const LinearLayout srcUnique = src.removeZeroBasesAlongDim("register");
    const LinearLayout dstUnique = dst.removeZeroBasesAlongDim("register");
    std::optional<LinearLayout> storeCvt = sideOnScratch(srcUnique, positions, dim);
    std::optional<LinearLayout> loadCvt = sideOnScratch(dstUnique, positions, dim);
    if (!storeCvt || !loadCvt)
        return makeError("the scratch layout does not cover the tensor");
    std::optional<NvSharedAccess> store = nvidiaSharedAccessAs(*storeCvt, bits, true, storeKind);
    std::optional<NvSharedAccess> load = nvidiaSharedAccessAs(*loadCvt, bits, false, loadKind);
    if (!store || !load)
        return makeError("the chosen instruction does not divide its side's map onto the scratch");
    out.store = std::move(*store);
    out.load = std::move(*load);
    out.storeCvt = std::move(*storeCvt);
    out.loadCvt = std::move(*loadCvt);
    return out;
}

} // namespace lx
