// The tcgen05.ld/st atoms and register layouts of Blackwell tensor memory (tmemaccess.h;
// docs/nvidia-layouts.md §9.3-§9.4): Triton's getTileLayout and
// getDistributedLayoutForTmemLdSt, and the checks and the 32x32b_splitn rewrite of Gluon's
// get_tmem_reg_layout.

#include "layout/tmemaccess.h"

#include "layout/buildersinternal.h"

#include <algorithm>
#include <bit>
#include <string>

namespace lx {

using namespace buildinternal;

namespace {

using TmemBasis = LinearLayout::Basis;

std::vector<TmemBasis> &accessBases(LinearLayout::BasesT &bases, const std::string &in)
{
    for (auto &[name, list] : bases)
        if (name == in)
            return list;
    bases.emplace_back(in, std::vector<TmemBasis>{});
    return bases.back().second;
}

int32_t log2Of(int32_t v)
{
    return std::countr_zero(uint32_t(v));
}

// getDistributedLayoutForTmemLdSt for one CTA: `ll` is the TMEM layout (row, col -> dim0,
// dim1), the result the registers (register, lane, warp -> dim0, dim1). nullopt when the atom
// is wider than the layout's columns.
std::optional<LinearLayout> tmemLdStOneCta(const LinearLayout &ll, TmemAtom atom, int32_t numWarps,
                                           int32_t bitwidth)
{
    if (bitwidth != 32) {
        // Contiguous columns of narrow elements pack into one 32-bit cell.
        LinearLayout quot;
        int32_t bestContig = 1;
        for (int32_t contig = 1; bitwidth * contig <= 32; contig *= 2) {
            auto q = LinearLayout::divideLeft(ll, id1D(contig, "col", "dim1"));
            if (!q)
                break;
            quot = std::move(*q);
            bestContig = contig;
        }
        if (bestContig > 1) {
            auto inner = tmemLdStOneCta(quot, atom, numWarps, bitwidth * bestContig);
            if (!inner)
                return std::nullopt;
            return id1D(bestContig, "register", "dim1") * *inner;
        }
        if (bitwidth == 16) {
            // Unpacked 16-bit data: one element per 32-bit cell, two cells per register pair.
            auto q = LinearLayout::divideLeft(ll, zeros1D(32 / bitwidth, "col", "dim1") *
                                                      id1D(2, "col", "dim1"));
            if (q) {
                auto inner = tmemLdStOneCta(*q, atom, numWarps, 32);
                if (!inner)
                    return std::nullopt;
                return id1D(2, "register", "dim1") * *inner;
            }
        }
        // Software padding: one narrow element in a 32-bit cell.
        auto q = LinearLayout::divideLeft(ll, zeros1D(32 / bitwidth, "col", "dim1"));
        if (!q)
            fail("the TMEM layout is neither packed nor unpacked for " + std::to_string(bitwidth) +
                 "-bit elements");
        return tmemLdStOneCta(*q, atom, numWarps, 32);
    }
    LinearLayout tile = tmemAtomTile(atom, false);
    const int32_t nColsTile = tile.outDimSize("col");
    int32_t nColsLL = ll.inDimSize("col");
    int32_t nColsMissing = nColsLL / nColsTile;
    if (nColsMissing == 0)
        return std::nullopt;
    const bool instr32Rows = atom == TmemAtom::I32x32b;
    const TmemBasis &row16Basis = ll.basis("row", log2Of(16));
    const bool layout16Rows =
        std::all_of(row16Basis.begin(), row16Basis.end(), [](int32_t v) { return v == 0; });
    // Rows 16-31 of each warp's quarter: a warp when there are 8 or more, else a register.
    std::string row16;
    if (!instr32Rows && !layout16Rows)
        row16 = numWarps > 4 ? "warp" : "register";
    int32_t warpsToTile = numWarps / (row16 == "warp" ? 8 : 4);
    const int32_t warpBroadcast = warpsToTile / std::min(nColsMissing, warpsToTile);
    warpsToTile /= warpBroadcast;
    const int32_t nColsOrig = nColsLL;
    nColsMissing /= warpsToTile;
    nColsLL /= warpsToTile;
    if (nColsMissing > 1) {
        if (instr32Rows && layout16Rows) {
            // Lane 16 would read repeated rows: it reads the second half of the columns instead
            // (lowered as 16x32bx2).
            tile *= id1D(nColsMissing / 2, "register", "col");
            LinearLayout::BasesT bases = tile.bases();
            accessBases(bases, "lane").back() = {0, nColsLL / 2};
            tile = must(
                LinearLayout::tryCreate(std::move(bases), {{"row", 128}, {"col", nColsLL}}, false));
        } else {
            tile *= id1D(nColsMissing, "register", "col");
        }
    }
    LinearLayout::BasesT bases = tile.bases();
    if (!row16.empty())
        accessBases(bases, row16).push_back({16, 0});
    for (int32_t i = nColsLL; i < nColsOrig; i *= 2)
        accessBases(bases, "warp").push_back({0, i});
    for (int32_t i = 1; i < warpBroadcast; i *= 2)
        accessBases(bases, "warp").push_back({0, 0});
    tile =
        must(LinearLayout::tryCreate(std::move(bases), {{"row", 128}, {"col", nColsOrig}}, false));
    return must(tile.compose(ll));
}

void requireTmemRequest(const TmemRegRequest &r)
{
    if (!r.memory || !r.memory->isTensorMemory())
        fail("get_tmem_reg_layout needs a TensorMemoryLayout or TensorMemoryScalesLayout");
    if (r.shape.size() != 2)
        fail("expected a 2D tensor");
    if (r.numWarps < 4 || !isPow2(r.numWarps))
        fail("num_warps must be a power of two and >= 4");
    if (r.elementBits != 8 && r.elementBits != 16 && r.elementBits != 32)
        fail("tensor memory holds 8-, 16- or 32-bit elements, not " +
             std::to_string(r.elementBits) + "-bit ones");
}

LinearLayout tmemRegisterLayoutThrowing(const TmemRegRequest &r)
{
    requireTmemRequest(r);
    const bool splitn = r.variant == "32x32b_splitn";
    const std::string atomName = splitn ? "32x32b" : r.variant;
    const auto atom = tmemAtomFromName(atomName);
    if (!atom)
        fail("unknown instr_variant: " + r.variant +
             " (32x32b, 16x64b, 16x128b, 16x256b or 32x32b_splitn)");
    if (*atom == TmemAtom::I16x32bx2)
        fail("Atom 16x32bx2 is inferred implicitly and cannot be requested explicitly");
    // The TMEM descriptor's verifier: the allocation covers at least one block per CTA.
    if (const auto *t = r.memory->as<TensorMemoryAttr>()) {
        const int64_t minM = int64_t(t->blockM) * t->ctaSplitM;
        const int64_t minN = int64_t(t->blockN) * t->ctaSplitN;
        if (r.shape[0] < minM || r.shape[1] < minN)
            fail("the allocation shape must be at least " + std::to_string(minM) + "x" +
                 std::to_string(minN) + ". Got " + std::to_string(r.shape[0]) + ", " +
                 std::to_string(r.shape[1]));
    }
    const LinearLayout ll = build(*r.memory, r.shape);
    // The TMEM layout has no block dimension: the CTAs split its columns. Divide the split out,
    // lay out one CTA, then multiply by the register layout's whole CGA.
    const LinearLayout cga = cgaLayout(r.cgaLayout, 2);
    // The split in the TMEM layout's own CTA order ([0, 1]: M's CTA bits, then N's).
    std::vector<TmemBasis> splitBases;
    for (size_t d = 0; d < 2; ++d)
        for (const TmemBasis &b :
             cga.bases().empty() ? std::vector<TmemBasis>{} : cga.bases()[0].second)
            if (b[d] != 0 && b[1 - d] == 0)
                splitBases.push_back(b);
    const LinearLayout split = must(LinearLayout::tryCreate(
        {{"col", splitBases}}, {{"dim0", cga.outDimSize("dim0")}, {"dim1", cga.outDimSize("dim1")}},
        false));
    const auto perCta = LinearLayout::divideRight(ll, split);
    if (!perCta)
        fail("the CGA layout's CTA split does not divide the TMEM layout's columns");
    auto regs = tmemLdStOneCta(*perCta, *atom, r.numWarps, r.elementBits);
    if (!regs)
        fail("TMEM layout '" + atomName + "' unsupported for shape [" + std::to_string(r.shape[0]) +
             ", " + std::to_string(r.shape[1]) + "] and num_warps " + std::to_string(r.numWarps));
    LinearLayout out = transposed(*regs * cga, {"dim0", "dim1"});
    if (!splitn)
        return out;
    // Gluon's 32x32b_splitn: the last register basis moves half of N, so the two halves of a
    // row sit in one thread's register halves.
    const int32_t n = r.shape[1];
    const TmemBasis half{0, n / 2};
    LinearLayout::BasesT bases = out.bases();
    auto &regBases = accessBases(bases, "register");
    auto &laneBases = accessBases(bases, "lane");
    if (regBases.empty()) {
        if (laneBases.back() != half)
            fail("splitn with 1 register requires the last lane basis to be [0, N / 2]");
        regBases.push_back(half);
        laneBases.back() = {0, 0};
    } else if (regBases.back() != half) {
        // Two x1 messages of 32x32b need more registers than one 32-bit register holds.
        const int64_t numReg = int64_t(1) << regBases.size();
        if (numReg <= 32 / r.elementBits)
            fail("To be able to `tmem.load` into `tl.split` you need to have more than " +
                 std::to_string(32 / r.elementBits) + " " + std::to_string(r.elementBits) +
                 "-bit registers, as you need to use the instruction 32x32b.x1 twice. You can "
                 "always load into instr_variant=\"32x32b\" and then convert_layout to this "
                 "layout otherwise.");
        bool swapped = false;
        for (const char *dim : {"lane", "warp"}) {
            for (TmemBasis &b : accessBases(bases, dim))
                if (b == half && !swapped) {
                    std::swap(accessBases(bases, "register").back(), b);
                    swapped = true;
                }
        }
        if (!swapped)
            fail("splitn requires at least one basis of [0, N / 2]");
    }
    return must(LinearLayout::tryCreate(std::move(bases), out.outDims(), false));
}

} // namespace

std::optional<std::string> tensorMemoryAttrError(const TensorMemoryAttr &a)
{
    if (a.ctaSplitM < 1 || a.ctaSplitN < 1 || !isPow2(a.ctaSplitM) || !isPow2(a.ctaSplitN))
        return "CTASplitM and CTASplitN must be greater than 0 and a power of 2";
    if (a.blockM != 64 && a.blockM != 128)
        return "blockM must be 64 or 128 but got " + std::to_string(a.blockM);
    if (!isPow2(a.blockN))
        return "blockN must be a power of 2 but got " + std::to_string(a.blockN);
    if (a.blockN > 512)
        return "blockN must be less than or equal to 512 but got " + std::to_string(a.blockN);
    if (a.colStride != 1 && a.colStride != 2 && a.colStride != 4)
        return "colStride must be 1, 2, or 4 but got " + std::to_string(a.colStride);
    return std::nullopt;
}

std::optional<std::string> tensorMemoryScalesAttrError(const TensorMemoryScalesAttr &a)
{
    if (a.ctaSplitM < 1 || a.ctaSplitN < 1 || !isPow2(a.ctaSplitM) || !isPow2(a.ctaSplitN))
        return "CTASplitM and CTASplitN must be greater than 0 and a power of 2";
    return std::nullopt;
}

std::optional<TmemAtom> tmemAtomFromName(std::string_view name)
{
    for (TmemAtom a : tmemAtoms())
        if (tmemAtomName(a) == name)
            return a;
    return std::nullopt;
}

std::string tmemAtomName(TmemAtom atom)
{
    switch (atom) {
    case TmemAtom::I32x32b:
        return "32x32b";
    case TmemAtom::I16x64b:
        return "16x64b";
    case TmemAtom::I16x128b:
        return "16x128b";
    case TmemAtom::I16x256b:
        return "16x256b";
    case TmemAtom::I16x32bx2:
        return "16x32bx2";
    }
    return "?";
}

const std::vector<TmemAtom> &tmemAtoms()
{
    static const std::vector<TmemAtom> all{TmemAtom::I32x32b, TmemAtom::I16x64b, TmemAtom::I16x128b,
                                           TmemAtom::I16x256b, TmemAtom::I16x32bx2};
    return all;
}

LinearLayout tmemAtomTile(TmemAtom atom, bool unpacked)
{
    // Bases as (row, col) in 32-bit columns.
    std::vector<TmemBasis> reg, lane;
    switch (atom) {
    case TmemAtom::I32x32b:
        lane = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}};
        break;
    case TmemAtom::I16x32bx2:
        lane = {{1, 0}, {2, 0}, {4, 0}, {8, 0}};
        break;
    case TmemAtom::I16x64b:
        lane = {{8, 0}, {0, 1}, {1, 0}, {2, 0}, {4, 0}};
        break;
    case TmemAtom::I16x128b:
        lane = {{0, 1}, {0, 2}, {1, 0}, {2, 0}, {4, 0}};
        reg = {{8, 0}};
        break;
    case TmemAtom::I16x256b:
        lane = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
        reg = {{0, 1}, {8, 0}};
        break;
    }
    int32_t nCol = 1;
    for (const auto *list : {&reg, &lane})
        for (const TmemBasis &b : *list)
            nCol = std::max(nCol, 2 * b[1]);
    // Unpacked, each register moves two 32-bit columns.
    const int32_t scale = unpacked ? 2 : 1;
    for (auto *list : {&reg, &lane})
        for (TmemBasis &b : *list)
            b[1] *= scale;
    return *LinearLayout::tryCreate(
        {{"register", reg}, {"lane", lane}, {"warp", {{32, 0}, {64, 0}}}},
        {{"row", 128}, {"col", nCol * scale}}, false);
}

Expected<LinearLayout> tmemRegisterLayout(const TmemRegRequest &request)
{
    return guarded([&] { return tmemRegisterLayoutThrowing(request); });
}

Expected<DistributedLinearAttr> tmemRegisterAttr(const TmemRegRequest &request)
{
    auto ll = tmemRegisterLayout(request);
    if (!ll)
        return makeError(ll.message());
    DistributedLinearAttr a;
    for (const auto &[name, list] : ll->bases()) {
        BasisList &target = name == "register" ? a.registerBases
                            : name == "lane"   ? a.laneBases
                            : name == "warp"   ? a.warpBases
                                               : a.blockBases;
        target = list;
    }
    return a;
}

} // namespace lx
