// The tcgen05.ld / tcgen05.st messages of a copy between registers and tensor memory
// (analysis/tmemlowering.h; docs/nvidia-layouts.md §9.7), as Triton's lowerTMemLdSt chooses them.

#include "analysis/tmemlowering.h"

#include "layout/tmemaccess.h"

#include <algorithm>
#include <bit>
#include <vector>

namespace lx {

namespace {

using TmBasis = LinearLayout::Basis;

const std::vector<TmBasis> &tmBases(const LinearLayout &l, const std::string &in)
{
    static const std::vector<TmBasis> none;
    for (const auto &[name, list] : l.bases())
        if (name == in)
            return list;
    return none;
}

LinearLayout tmRebuild(const LinearLayout &like, LinearLayout::BasesT bases)
{
    Expected<LinearLayout> l = LinearLayout::tryCreate(std::move(bases), like.outDims(), false);
    return l ? *l : like;
}

LinearLayout tmSetBases(const LinearLayout &l, const std::string &in, std::vector<TmBasis> list)
{
    LinearLayout::BasesT bases = l.bases();
    for (auto &[name, old] : bases)
        if (name == in)
            old = std::move(list);
    return tmRebuild(l, std::move(bases));
}

bool tmIsZero(const TmBasis &b)
{
    return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
}

// A layout's basis `b` in the out-dims of `to` (a missing out-dim reads 0).
TmBasis tmInOuts(const LinearLayout &from, const TmBasis &b, const LinearLayout &to)
{
    TmBasis out;
    for (const std::string &o : to.outDimNames()) {
        const int i = from.outDimIndex(o);
        out.push_back(i < 0 ? 0 : b[size_t(i)]);
    }
    return out;
}

// regPermForDivide(cvt, tile, left): cvt with its registers reordered so that the tile's
// register bases come first, in the tile's order; nullopt when one is not among cvt's.
std::optional<LinearLayout> tmRegistersFirst(const LinearLayout &cvt, const LinearLayout &tile)
{
    const std::vector<TmBasis> &a = tmBases(cvt, "register");
    std::vector<bool> used(a.size(), false);
    std::vector<TmBasis> order;
    for (const TmBasis &t : tmBases(tile, "register")) {
        const TmBasis want = tmInOuts(tile, t, cvt);
        bool found = false;
        for (size_t j = 0; j < a.size() && !found; ++j)
            if (!used[j] && a[j] == want) {
                used[j] = found = true;
                order.push_back(a[j]);
            }
        if (!found)
            return std::nullopt;
    }
    for (size_t j = 0; j < a.size(); ++j)
        if (!used[j])
            order.push_back(a[j]);
    return tmSetBases(cvt, "register", std::move(order));
}

// getReps: whether cvt begins, per in-dim, with exactly the tile's bases and its other bases
// touch none of the tile's bits.
bool tmTiles(const LinearLayout &cvt, const LinearLayout &tile)
{
    std::vector<int32_t> mask(size_t(cvt.numOutDims()), 0);
    for (const auto &[name, list] : tile.bases())
        for (const TmBasis &b : list) {
            const TmBasis c = tmInOuts(tile, b, cvt);
            for (size_t o = 0; o < c.size(); ++o)
                mask[o] |= c[o];
        }
    for (const auto &[name, list] : cvt.bases()) {
        const std::vector<TmBasis> &t = tmBases(tile, name);
        if (t.size() > list.size())
            return false;
        for (size_t i = 0; i < list.size(); ++i) {
            if (i < t.size()) {
                if (list[i] != tmInOuts(tile, t[i], cvt))
                    return false;
                continue;
            }
            for (size_t o = 0; o < mask.size(); ++o)
                if ((list[i][o] & mask[o]) != 0)
                    return false;
        }
    }
    return true;
}

struct TmVec
{
    LinearLayout cvt; // with the registers reordered
    int32_t registersPerMessage = 0;
};

// getVec: the tile times the most column repeats that still tile cvt, within the register
// budget.
std::optional<TmVec> tmVectorise(const LinearLayout &cvt, const LinearLayout &tile, int maxnreg)
{
    int32_t maxReg = maxnreg / 2;
    if (maxnreg == 256 && cvt.inDimSize("register") > maxReg)
        maxReg /= 2;
    const int32_t tileRegs = tile.inDimSize("register");
    const int32_t maxVec = maxReg / tileRegs;
    std::optional<TmVec> best;
    for (int32_t i = 1; i <= maxVec; i *= 2) {
        Expected<LinearLayout> vec = LinearLayout::identity1D(i, "register", "col");
        Expected<LinearLayout> vecTile = vec ? tile.product(*vec) : Expected<LinearLayout>(vec);
        if (!vecTile)
            break;
        std::optional<LinearLayout> permuted = tmRegistersFirst(cvt, *vecTile);
        if (!permuted || !tmTiles(*permuted, *vecTile))
            break;
        best = TmVec{*permuted, i * tileRegs};
    }
    return best;
}

TmemMessage tmMessage(const std::string &atom, const LinearLayout &cvt, const TmVec &v,
                      bool unpacked)
{
    TmemMessage m;
    m.atom = atom;
    m.unpacked = unpacked;
    m.registersPerMessage = v.registersPerMessage;
    m.repeats = v.registersPerMessage / (atom == "16x256b" ? 4 : 1);
    m.messages = cvt.inDimSize("register") / v.registersPerMessage;
    return m;
}

// lowerTMemLdSt on cvt (register, lane, warp -> row, col) of `bits`-bit elements.
Expected<TmemMessage> tmLower(const LinearLayout &in, int bits, bool unpacked, int maxnreg)
{
    // Registers repeating another's element are moved once.
    std::vector<TmBasis> kept;
    for (const TmBasis &b : tmBases(in, "register"))
        if (!tmIsZero(b))
            kept.push_back(b);
    const LinearLayout cvt = tmSetBases(in, "register", std::move(kept));
    if (bits < 32) {
        std::optional<LinearLayout> quot;
        int bestContig = 1;
        for (int contig = 1; bits * contig <= 32; contig *= 2) {
            Expected<LinearLayout> id = LinearLayout::identity1D(contig, "register", "col");
            std::optional<LinearLayout> q =
                id ? LinearLayout::divideLeft(cvt, *id) : std::optional<LinearLayout>();
            if (!q)
                break;
            quot = std::move(q);
            bestContig = contig;
        }
        if (bestContig > 1)
            return tmLower(*quot, bits * bestContig, false, maxnreg);
        // One 16-bit element to a 32-bit column: the columns' low halves only.
        Expected<LinearLayout> half = LinearLayout::zeros1D(1, "register", "col", 2);
        Expected<LinearLayout> two = LinearLayout::identity1D(2, "register", "col");
        if (bits == 16 && half && two) {
            Expected<LinearLayout> halfTwo = half->product(*two);
            if (halfTwo)
                if (std::optional<LinearLayout> q = LinearLayout::divideLeft(cvt, *halfTwo))
                    if (Expected<LinearLayout> u = half->product(*q))
                        return tmLower(*u, 32, true, maxnreg);
            if (std::optional<LinearLayout> q = LinearLayout::divideLeft(cvt, *half);
                q && q->inDimSize("register") == 1)
                if (Expected<LinearLayout> u = half->product(*q))
                    return tmLower(*u, 32, true, maxnreg);
        }
        return makeError("Failed to lower TMEM load/store: TMEM layout is not packed or "
                         "unpacked (" +
                         std::to_string(bits) + "-bit elements)");
    }
    for (const TmemAtom atom : {TmemAtom::I32x32b, TmemAtom::I16x256b})
        if (std::optional<TmVec> v = tmVectorise(cvt, tmemAtomTile(atom, unpacked), maxnreg))
            return tmMessage(tmemAtomName(atom), v->cvt, *v, unpacked);
    // 16 lanes, and the 17th lane's basis as the offset of the second half.
    std::optional<TmVec> v = tmVectorise(cvt, tmemAtomTile(TmemAtom::I16x32bx2, unpacked), maxnreg);
    if (!v || tmBases(v->cvt, "lane").size() < 5)
        return makeError("Failed to lower TMEM load/store: no tcgen05 atom (32x32b, 16x256b, "
                         "16x32bx2) tiles the register layout over tensor memory");
    TmemMessage m = tmMessage("16x32bx2", v->cvt, *v, unpacked);
    const TmBasis &lane16 = tmBases(v->cvt, "lane")[4];
    const int row = v->cvt.outDimIndex("row"), col = v->cvt.outDimIndex("col");
    m.secondHalf = (uint32_t(lane16[size_t(row)]) << 16) | uint32_t(lane16[size_t(col)]);
    return m;
}

} // namespace

std::string TmemMessage::mnemonic(bool isStore) const
{
    std::string s = std::string("tcgen05.") + (isStore ? "st" : "ld") + ".sync.aligned." + atom +
                    ".x" + std::to_string(repeats);
    if (unpacked)
        s += isStore ? ".unpack::16b" : ".pack::16b";
    return s + ".b32";
}

Expected<TmemMessage> tmemLdStMessage(const LinearLayout &reg, const LinearLayout &tmem,
                                      int elementBits, int maxRegisters)
{
    if (elementBits != 8 && elementBits != 16 && elementBits != 32)
        return makeError("tensor memory holds 8-, 16- or 32-bit elements, not " +
                         std::to_string(elementBits) + "-bit ones");
    if (maxRegisters < 2)
        return makeError("a register limit of " + std::to_string(maxRegisters) +
                         " leaves no register for a tcgen05 message");
    const std::vector<TmBasis> &warps = tmBases(reg, "warp");
    const std::vector<TmBasis> &rows = tmBases(tmem, "row");
    if (warps.size() < 2 || rows.size() < 7)
        return makeError("a tcgen05.ld/st is issued by whole warpgroups: the register layout "
                         "needs at least 4 warps over 128 TMEM lanes");
    // Warps 1 and 2 of a warpgroup reach TMEM lanes 32 and 64 only.
    if (tmInOuts(reg, warps[0], tmem) != rows[5] || tmInOuts(reg, warps[1], tmem) != rows[6])
        return makeError("Failed to lower TMEM load/store: unsupported src/dst combination "
                         "(warps 1 and 2 must hold the elements of TMEM lanes 32 and 64)");
    Expected<LinearLayout> inverse = reg.invertAndCompose(tmem);
    if (!inverse)
        return makeError("the register layout does not map onto the TMEM layout: " +
                         inverse.message());
    LinearLayout cvt = *inverse;
    if (!cvt.hasOutDim("row") || !cvt.hasOutDim("col"))
        return makeError("the TMEM layout has no row and col dims");
    std::vector<TmBasis> cvtWarps = tmBases(cvt, "warp");
    TmBasis lane32(size_t(cvt.numOutDims()), 0), lane64 = lane32;
    lane32[size_t(cvt.outDimIndex("row"))] = 32;
    lane64[size_t(cvt.outDimIndex("row"))] = 64;
    cvtWarps[0] = lane32;
    cvtWarps[1] = lane64;
    cvt = tmSetBases(cvt, "warp", std::move(cvtWarps));
    // The CTA's own columns: the TMEM base address already holds the CTA's offset.
    if (const int32_t ctas = cvt.inDimSize("block"); ctas > 1) {
        Expected<LinearLayout> split = LinearLayout::identity1D(ctas, "block", "col");
        std::optional<LinearLayout> q =
            split ? LinearLayout::divideRight(cvt, *split) : std::optional<LinearLayout>();
        if (!q)
            return makeError("the CTAs do not split the TMEM columns");
        cvt = *q;
    }
    if (cvt.hasInDim("block"))
        cvt = tmSetBases(cvt, "block", {});
    return tmLower(cvt, elementBits, false, maxRegisters);
}

} // namespace lx
