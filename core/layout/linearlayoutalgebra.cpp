// LinearLayout's algebra: compose, invertAndCompose, invert and pseudoinvert, product and the
// two divisions (docs/linear-layouts.md §5-§8).

#include "layout/linearlayout.h"

#include "f2/f2matrix.h"
#include "layout/linearlayoutinternal.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <span>
#include <sstream>

namespace lx {

using namespace llinternal;

// ---- algebra -----------------------------------------------------------------------------------

Expected<LinearLayout> LinearLayout::compose(const LinearLayout &outer) const
{
    if (!sameNames(m_outDims, outer.m_bases))
        return makeError("compose: out-dims " + joinNames(outDimNames()) +
                         " differ from the outer in-dims " + joinNames(outer.inDimNames()));
    bool sizesEqual = true;
    for (const auto &[name, size] : m_outDims) {
        if (size > outer.inDimSize(name))
            return makeError("compose: out-dim '" + name + "' has size " + std::to_string(size) +
                             ", larger than the outer in-dim size " +
                             std::to_string(outer.inDimSize(name)));
        sizesEqual = sizesEqual && size == outer.inDimSize(name);
    }
    // Each out-dim of this layout feeds the same-named in-dim of outer: place its value at that
    // in-dim's first column and apply outer on flattened columns.
    std::vector<int> inOffset;
    {
        std::vector<int> outerInOffset;
        int acc = 0;
        for (const auto &[name, bs] : outer.m_bases) {
            outerInOffset.push_back(acc);
            acc += int(bs.size());
        }
        for (const auto &o : m_outDims)
            inOffset.push_back(outerInOffset[size_t(outer.inDimIndex(o.first))]);
    }
    BasesT bases;
    for (const auto &[name, bs] : m_bases) {
        std::vector<Basis> nb;
        for (const Basis &b : bs) {
            nb.push_back(outer.unflattenOut(outer.applyFlat(packBasis(b, inOffset))));
        }
        bases.emplace_back(name, std::move(nb));
    }
    const bool surj = isSurjective() && outer.isSurjective() && sizesEqual;
    return makeUnchecked(std::move(bases), outer.m_outDims, surj);
}

// check-sizes: mirrors Triton's LinearLayout::invertAndCompose, step for step
Expected<LinearLayout> LinearLayout::invertAndCompose(const LinearLayout &outer) const
{
    // Triton's algorithm (docs/linear-layouts.md §6), computed directly on flattened
    // columns instead of through transposes, sublayouts and reshapes:
    //  1. A = outer with its out-dims in this layout's order, B = this.
    //  2. Identity dims: in-dims of A that B has with equal sublayouts (bases and every out size)
    //     map to themselves.
    //  3. The rest is least squares A' X = B' with free variables 0: express each column of B' in
    //     the pivot columns of A' (the columns independent of all earlier ones).
    const LinearLayout &b = *this;
    const LinearLayout &a = outer;
    const size_t nOut = b.m_outDims.size();
    if (!sameNames(b.m_outDims, a.m_outDims))
        return makeError("invertAndCompose: out-dims " + joinNames(b.outDimNames()) +
                         " differ from the outer out-dims " + joinNames(a.outDimNames()));
    // aIdx[o]: index in A of B's out-dim o.
    std::vector<size_t> aIdx(nOut);
    bool sizesEqual = true;
    for (size_t o = 0; o < nOut; ++o) {
        aIdx[o] = size_t(a.outDimIndex(b.m_outDims[o].first));
        const int32_t as = a.m_outDims[aIdx[o]].second, bs = b.m_outDims[o].second;
        if (as < bs)
            return makeError("invertAndCompose: out-dim '" + b.m_outDims[o].first +
                             "' of the outer layout has size " + std::to_string(as) +
                             ", smaller than " + std::to_string(bs));
        sizesEqual = sizesEqual && as == bs;
    }
    // Offsets of B's out-dims in A's flattened order (A's sizes, B's out order).
    std::vector<int> off(nOut);
    {
        int acc = 0;
        for (size_t o = 0; o < nOut; ++o) {
            off[o] = acc;
            acc += log2Exact(a.m_outDims[aIdx[o]].second);
        }
    }
    auto flatA = [&](const Basis &basis) {
        uint64_t v = 0;
        for (size_t o = 0; o < nOut; ++o)
            v |= uint64_t(uint32_t(basis[aIdx[o]])) << off[o];
        return v;
    };
    auto flatB = [&](const Basis &basis) {
        uint64_t v = 0;
        for (size_t o = 0; o < nOut; ++o)
            v |= uint64_t(uint32_t(basis[o])) << off[o];
        return v;
    };

    std::vector<bool> aIsIdentity(a.m_bases.size(), false);
    for (size_t d = 0; d < a.m_bases.size(); ++d) {
        const int bi = b.inDimIndex(a.m_bases[d].first);
        if (bi < 0 || !sizesEqual)
            continue;
        const auto &abs = a.m_bases[d].second;
        const auto &bbs = b.m_bases[size_t(bi)].second;
        bool equal = abs.size() == bbs.size();
        for (size_t i = 0; equal && i < abs.size(); ++i)
            equal = flatA(abs[i]) == flatB(bbs[i]);
        aIsIdentity[d] = equal;
    }

    // A' and B': the non-identity columns of A and of B as the columns of two matrices over A's
    // flattened out-bits; X = A' \ B' (F2Matrix::solve) writes each column of B' in A''s pivot
    // columns.
    std::vector<uint64_t> aCols, bCols;
    std::vector<std::pair<size_t, int>> colOwner; // A non-identity column -> (A in-dim, bit)
    aCols.reserve(size_t(a.m_rank));
    colOwner.reserve(size_t(a.m_rank));
    for (size_t d = 0; d < a.m_bases.size(); ++d) {
        if (aIsIdentity[d])
            continue;
        for (size_t i = 0; i < a.m_bases[d].second.size(); ++i) {
            colOwner.emplace_back(d, int(i));
            aCols.push_back(flatA(a.m_bases[d].second[i]));
        }
    }
    std::vector<std::pair<size_t, int>> bColOf; // B non-identity column -> (B in-dim, basis)
    for (size_t d = 0; d < b.m_bases.size(); ++d) {
        const int ai = a.inDimIndex(b.m_bases[d].first);
        if (ai >= 0 && aIsIdentity[size_t(ai)])
            continue;
        for (size_t i = 0; i < b.m_bases[d].second.size(); ++i) {
            bColOf.emplace_back(d, int(i));
            bCols.push_back(flatB(b.m_bases[d].second[i]));
        }
    }
    int outside = -1;
    const std::optional<std::vector<uint64_t>> x =
        F2Matrix::solveColumns(aCols, bCols, a.totalOutDimSizeLog2(), &outside);
    if (!x && (outside < 0 || size_t(outside) >= bColOf.size()))
        return makeError("invertAndCompose: more than 64 out-bits or in-bits to solve over");
    if (!x) {
        const auto &[d, i] = bColOf[size_t(outside)];
        const std::string &name = b.m_bases[d].first;
        return makeError("invertAndCompose: the image of the layout is not contained in the "
                         "image of the outer layout (in-dim '" +
                         name + "' basis " + std::to_string(i) + ")");
    }

    BasesT bases;
    std::vector<NamedSize> outs;
    for (const auto &[name, bs] : a.m_bases)
        outs.emplace_back(name, int32_t(1) << bs.size());
    int bCol = 0;
    for (const auto &[name, bbs] : b.m_bases) {
        const int ai = a.inDimIndex(name);
        const bool identity = ai >= 0 && aIsIdentity[size_t(ai)];
        std::vector<Basis> nb;
        for (size_t i = 0; i < bbs.size(); ++i) {
            Basis r(a.m_bases.size(), 0);
            if (identity) {
                r[size_t(ai)] = int32_t(1) << i;
            } else {
                for (uint64_t m = (*x)[size_t(bCol++)]; m; m &= m - 1) {
                    const auto &[dim, bit] = colOwner[size_t(std::countr_zero(m))];
                    r[dim] |= int32_t(1) << bit;
                }
            }
            nb.push_back(std::move(r));
        }
        bases.emplace_back(name, std::move(nb));
    }
    return makeUnchecked(std::move(bases), std::move(outs), false);
}

Expected<LinearLayout> LinearLayout::pseudoinvert() const
{
    if (!isSurjective())
        return makeError("pseudoinvert: the layout is not surjective (rank " +
                         std::to_string(m_rank) + " of " + std::to_string(totalOutDimSizeLog2()) +
                         " out-bits)");
    // The identity on the out-dims (the product of their identity1D), built directly.
    BasesT bases;
    bases.reserve(m_outDims.size());
    int bits = 0;
    for (size_t o = 0; o < m_outDims.size(); ++o) {
        std::vector<Basis> bs(size_t(log2Exact(m_outDims[o].second)), Basis(m_outDims.size(), 0));
        for (size_t i = 0; i < bs.size(); ++i)
            bs[i][o] = int32_t(1) << i;
        bits += int(bs.size());
        bases.emplace_back(m_outDims[o].first, std::move(bs));
    }
    return makeWithRank(std::move(bases), m_outDims, true, bits).invertAndCompose(*this);
}

Expected<LinearLayout> LinearLayout::invert() const
{
    if (!isInvertible())
        return makeError("invert: the layout is not invertible (" +
                         std::to_string(totalInDimSizeLog2()) + " in-bits, " +
                         std::to_string(totalOutDimSizeLog2()) + " out-bits, rank " +
                         std::to_string(m_rank) + ")");
    return pseudoinvert();
}

Expected<LinearLayout> LinearLayout::product(const LinearLayout &outer) const
{
    const LinearLayout &inner = *this;
    // The merged dim names (at most the dims of both), pointing into inner and outer.
    const std::string *insBuf[2 * kMaxDims], *outsBuf[2 * kMaxDims];
    const std::span<const std::string *> ins(insBuf,
                                             supremumInto(inner.m_bases, outer.m_bases, insBuf));
    const std::span<const std::string *> outs(
        outsBuf, supremumInto(inner.m_outDims, outer.m_outDims, outsBuf));
    // Per result out-dim: its index in inner and outer (-1 when absent) and inner's bits, the
    // shift of outer's components.
    int innerOut[2 * kMaxDims], outerOut[2 * kMaxDims], shift[2 * kMaxDims];
    std::vector<NamedSize> outDims;
    outDims.reserve(outs.size());
    int outBits = 0;
    for (size_t oi = 0; oi < outs.size(); ++oi) {
        const std::string &o = *outs[oi];
        innerOut[oi] = inner.outDimIndex(o);
        outerOut[oi] = outer.outDimIndex(o);
        shift[oi] = innerOut[oi] < 0 ? 0 : log2Exact(inner.m_outDims[size_t(innerOut[oi])].second);
        const int bits =
            shift[oi] +
            (outerOut[oi] < 0 ? 0 : log2Exact(outer.m_outDims[size_t(outerOut[oi])].second));
        if (bits > kMaxOutDimBits)
            return makeError("product: out-dim '" + o + "' would have " + std::to_string(bits) +
                             " bits, more than " + std::to_string(kMaxOutDimBits));
        outDims.emplace_back(o, int32_t(1) << bits);
        outBits += bits;
    }
    BasesT bases;
    bases.reserve(ins.size());
    int inBits = 0, widest = 0;
    for (const std::string *dp : ins) {
        const std::string &d = *dp;
        const int di = inner.inDimIndex(d), dO = outer.inDimIndex(d);
        const std::vector<Basis> *ib = di < 0 ? nullptr : &inner.m_bases[size_t(di)].second;
        const std::vector<Basis> *ob = dO < 0 ? nullptr : &outer.m_bases[size_t(dO)].second;
        const size_t ki = ib ? ib->size() : 0, ko = ob ? ob->size() : 0;
        std::vector<Basis> bs(ki + ko, Basis(outs.size(), 0));
        for (size_t oi = 0; oi < outs.size(); ++oi) {
            if (innerOut[oi] >= 0)
                for (size_t i = 0; i < ki; ++i)
                    bs[i][oi] = (*ib)[i][size_t(innerOut[oi])];
            if (outerOut[oi] >= 0)
                for (size_t i = 0; i < ko; ++i)
                    bs[ki + i][oi] = (*ob)[i][size_t(outerOut[oi])] << shift[oi];
        }
        inBits += int(ki + ko);
        widest = std::max(widest, int(ki + ko));
        bases.emplace_back(d, std::move(bs));
    }
    const bool surjective = inner.isSurjective() && outer.isSurjective();
    // Inner's bases only touch the low bits of each out-dim and outer's only the high ones, so
    // the matrix is block diagonal up to a permutation and the ranks add. Out of the limits,
    // tryCreate gives the error.
    if (outs.size() > size_t(kMaxDims) || ins.size() > size_t(kMaxDims) ||
        outBits > kMaxTotalBits || inBits > kMaxTotalBits || widest > kMaxOutDimBits) {
        Expected<LinearLayout> r = tryCreate(std::move(bases), std::move(outDims), false);
        if (r)
            r->m_requireSurjective = surjective;
        return r;
    }
    return makeWithRank(std::move(bases), std::move(outDims), surjective,
                        inner.m_rank + outer.m_rank);
}

namespace {

// The out-dims of C in A == B * C (or C * B): A's, each of size A / B; nullopt when B has a dim A
// lacks or is larger than A in any dim (the structural failures shared by both divisions).
std::optional<std::vector<LinearLayout::NamedSize>> divisionOutDims(const LinearLayout &a,
                                                                    const LinearLayout &b)
{
    for (const auto &[d, bs] : b.bases())
        if (!a.hasInDim(d))
            return std::nullopt;
    for (const auto &[o, size] : b.outDims())
        if (!a.hasOutDim(o))
            return std::nullopt;
    for (const auto &[o, size] : a.outDims())
        if (a.outDimSizeLog2(o) < b.outDimSizeLog2(o))
            return std::nullopt;
    for (const auto &[d, bs] : a.bases())
        if (int(bs.size()) < b.inDimSizeLog2(d))
            return std::nullopt;
    std::vector<LinearLayout::NamedSize> outs;
    for (const auto &[o, size] : a.outDims())
        outs.emplace_back(o, int32_t(1) << (a.outDimSizeLog2(o) - b.outDimSizeLog2(o)));
    return outs;
}

// The division divideLeft and divideRight share: C has A's out-dims at A / B's sizes and is built
// one in-dim at a time by splitDim(in-dim, A's bases there, C's out-dims), which gives C's bases
// of that in-dim or nullopt where A's do not split. C is the quotient when it is surjective
// wherever A and B are and B * C (bOnLeft) or C * B gives A back.
template <class SplitDim>
std::optional<LinearLayout> divide(const LinearLayout &a, const LinearLayout &b, bool bOnLeft,
                                   SplitDim splitDim)
{
    const std::optional<std::vector<LinearLayout::NamedSize>> cOuts = divisionOutDims(a, b);
    if (!cOuts)
        return std::nullopt;
    LinearLayout::BasesT cBases;
    for (const auto &[d, bs] : a.bases()) {
        std::optional<std::vector<LinearLayout::Basis>> part = splitDim(d, bs, *cOuts);
        if (!part)
            return std::nullopt;
        cBases.emplace_back(d, std::move(*part));
    }
    // splitDim keeps every component below its out-dim's size, so C is a valid layout.
    Expected<LinearLayout> c = LinearLayout::tryCreate(std::move(cBases), *cOuts, false);
    if (!c || (a.isSurjective() && b.isSurjective() && !c->isSurjective()))
        return std::nullopt;
    Expected<LinearLayout> check = bOnLeft ? b.product(*c) : c->product(b);
    if (!check || *check != a)
        return std::nullopt;
    return std::move(*c);
}

} // namespace

std::optional<LinearLayout> LinearLayout::divideLeft(const LinearLayout &a, const LinearLayout &b)
{
    // Each in-dim's first bases are B's; the rest, shifted down by B's out-sizes, are C's.
    const auto splitDim =
        [&](const std::string &d, const std::vector<Basis> &bs,
            const std::vector<NamedSize> &cOuts) -> std::optional<std::vector<Basis>> {
        const int kb = b.inDimSizeLog2(d);
        for (int i = 0; i < kb; ++i) {
            const Basis &bb = b.basis(d, i);
            for (size_t o = 0; o < a.m_outDims.size(); ++o) {
                const int bo = b.outDimIndex(a.m_outDims[o].first);
                const int32_t expect = bo < 0 ? 0 : bb[size_t(bo)];
                if (bs[size_t(i)][o] != expect)
                    return std::nullopt;
            }
        }
        std::vector<Basis> rest;
        for (size_t i = size_t(kb); i < bs.size(); ++i) {
            Basis nb(a.m_outDims.size(), 0);
            for (size_t o = 0; o < a.m_outDims.size(); ++o) {
                const int shift = b.outDimSizeLog2(a.m_outDims[o].first);
                const int32_t v = bs[i][o];
                if (v & ((int32_t(1) << shift) - 1))
                    return std::nullopt;
                nb[o] = v >> shift;
                if (nb[o] >= cOuts[o].second)
                    return std::nullopt;
            }
            rest.push_back(std::move(nb));
        }
        return rest;
    };
    return divide(a, b, true, splitDim);
}

std::optional<LinearLayout> LinearLayout::divideRight(const LinearLayout &a, const LinearLayout &b)
{
    // Each in-dim's first bases are C's; the rest are B's, shifted up by C's out-sizes.
    const auto splitDim =
        [&](const std::string &d, const std::vector<Basis> &bs,
            const std::vector<NamedSize> &cOuts) -> std::optional<std::vector<Basis>> {
        const int kb = b.inDimSizeLog2(d);
        const size_t kc = bs.size() - size_t(kb);
        std::vector<Basis> cPart;
        for (size_t i = 0; i < kc; ++i) {
            for (size_t o = 0; o < a.m_outDims.size(); ++o)
                if (bs[i][o] >= cOuts[o].second)
                    return std::nullopt;
            cPart.push_back(bs[i]);
        }
        for (int i = 0; i < kb; ++i) {
            const Basis &bb = b.basis(d, i);
            const Basis &ab = bs[kc + size_t(i)];
            for (size_t o = 0; o < a.m_outDims.size(); ++o) {
                const int bo = b.outDimIndex(a.m_outDims[o].first);
                const int shift = log2Exact(cOuts[o].second);
                const int32_t expect = bo < 0 ? 0 : bb[size_t(bo)] << shift;
                if (ab[o] != expect)
                    return std::nullopt;
            }
        }
        return cPart;
    };
    return divide(a, b, false, splitDim);
}

} // namespace lx
