#include "layout/linearlayout.h"

#include "f2/f2matrix.h"

#include <algorithm>
#include <bit>
#include <set>
#include <sstream>

namespace lx {

namespace {

bool isPowerOf2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

int log2Exact(int64_t v)
{
    return std::countr_zero(uint64_t(v));
}

std::string joinNames(const std::vector<std::string> &names)
{
    std::string s = "[";
    for (size_t i = 0; i < names.size(); ++i)
        s += (i ? ", " : "") + names[i];
    return s + "]";
}

bool sameSet(std::vector<std::string> a, std::vector<std::string> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

bool contains(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

// Flat bit offset of each out-dim (first out-dim least significant).
std::vector<int> outOffsets(const std::vector<LinearLayout::NamedSize> &outDims)
{
    std::vector<int> off;
    int acc = 0;
    for (const auto &o : outDims) {
        off.push_back(acc);
        acc += log2Exact(o.second);
    }
    return off;
}

} // namespace

// ---- construction ------------------------------------------------------------------------------

LinearLayout LinearLayout::makeUnchecked(BasesT bases, std::vector<NamedSize> outDims,
                                         bool requireSurjective)
{
    LinearLayout l;
    l.m_bases = std::move(bases);
    l.m_outDims = std::move(outDims);
    l.m_requireSurjective = requireSurjective;
    l.computeRank();
    return l;
}

void LinearLayout::computeRank()
{
    m_outOffsets = outOffsets(m_outDims);
    m_columns.clear();
    // Greedy XOR basis over the flattened columns (at most 64 bits each).
    uint64_t basisByTopBit[64] = {};
    int rank = 0;
    for (const auto &[name, bs] : m_bases) {
        for (const Basis &b : bs) {
            uint64_t v = 0;
            for (size_t o = 0; o < b.size() && o < m_outOffsets.size(); ++o)
                v |= uint64_t(uint32_t(b[o])) << m_outOffsets[o];
            m_columns.push_back(v);
            while (v) {
                const int top = 63 - std::countl_zero(v);
                if (!basisByTopBit[top]) {
                    basisByTopBit[top] = v;
                    ++rank;
                    break;
                }
                v ^= basisByTopBit[top];
            }
        }
    }
    m_rank = rank;
}

Expected<LinearLayout> LinearLayout::tryCreate(BasesT bases, std::vector<NamedSize> outDims,
                                               bool requireSurjective)
{
    if (outDims.size() > size_t(kMaxDims) || bases.size() > size_t(kMaxDims))
        return makeError("a layout has at most " + std::to_string(kMaxDims) + " in-dims and " +
                         std::to_string(kMaxDims) + " out-dims; this one has " +
                         std::to_string(bases.size()) + " and " + std::to_string(outDims.size()));
    std::set<std::string> seen;
    int outBits = 0;
    for (const auto &[name, size] : outDims) {
        if (!seen.insert(name).second)
            return makeError("out-dim '" + name + "' appears twice");
        if (!isPowerOf2(size))
            return makeError("out-dim '" + name + "' has size " + std::to_string(size) +
                             ", which is not a power of two");
        if (log2Exact(size) > kMaxOutDimBits)
            return makeError("out-dim '" + name + "' has size " + std::to_string(size) +
                             ", more than 2^" + std::to_string(kMaxOutDimBits));
        outBits += log2Exact(size);
    }
    if (outBits > kMaxTotalBits)
        return makeError("the out-dims have " + std::to_string(outBits) +
                         " bits in total, more than " + std::to_string(kMaxTotalBits));
    seen.clear();
    int inBits = 0;
    for (const auto &[name, bs] : bases) {
        if (!seen.insert(name).second)
            return makeError("in-dim '" + name + "' appears twice");
        if (int(bs.size()) > kMaxOutDimBits)
            return makeError("in-dim '" + name + "' has " + std::to_string(bs.size()) +
                             " bases, more than " + std::to_string(kMaxOutDimBits));
        inBits += int(bs.size());
        for (size_t i = 0; i < bs.size(); ++i) {
            const Basis &b = bs[i];
            if (b.size() != outDims.size())
                return makeError("basis " + std::to_string(i) + " of in-dim '" + name + "' has " +
                                 std::to_string(b.size()) + " components, expected " +
                                 std::to_string(outDims.size()) + " (one per out-dim)");
            for (size_t o = 0; o < b.size(); ++o) {
                if (b[o] < 0)
                    return makeError("basis " + std::to_string(i) + " of in-dim '" + name +
                                     "' has negative component " + std::to_string(b[o]) +
                                     " for out-dim '" + outDims[o].first + "'");
                if (b[o] >= outDims[o].second)
                    return makeError("basis " + std::to_string(i) + " of in-dim '" + name +
                                     "' has component " + std::to_string(b[o]) + " for out-dim '" +
                                     outDims[o].first + "', which is out of range for size " +
                                     std::to_string(outDims[o].second));
            }
        }
    }
    if (inBits > kMaxTotalBits)
        return makeError("the in-dims have " + std::to_string(inBits) +
                         " bits in total, more than " + std::to_string(kMaxTotalBits));
    LinearLayout l = makeUnchecked(std::move(bases), std::move(outDims), requireSurjective);
    if (requireSurjective && !l.isSurjective())
        return makeError("layout is not surjective (rank " + std::to_string(l.rank()) + " of " +
                         std::to_string(l.totalOutDimSizeLog2()) + " out-bits)");
    return l;
}

Expected<LinearLayout> LinearLayout::tryCreateInferred(BasesT bases,
                                                       const std::vector<std::string> &outDimNames)
{
    std::vector<NamedSize> outDims;
    for (const std::string &n : outDimNames)
        outDims.emplace_back(n, 1);
    for (const auto &[name, bs] : bases) {
        for (size_t i = 0; i < bs.size(); ++i) {
            if (bs[i].size() != outDimNames.size())
                return makeError("basis " + std::to_string(i) + " of in-dim '" + name + "' has " +
                                 std::to_string(bs[i].size()) + " components, expected " +
                                 std::to_string(outDimNames.size()) + " (one per out-dim)");
            for (size_t o = 0; o < bs[i].size(); ++o) {
                const int32_t v = bs[i][o];
                if (v < 0)
                    return makeError("basis " + std::to_string(i) + " of in-dim '" + name +
                                     "' has negative component " + std::to_string(v));
                if (v >= (int32_t(1) << kMaxOutDimBits))
                    return makeError("basis " + std::to_string(i) + " of in-dim '" + name +
                                     "' has component " + std::to_string(v) + ", more than 2^" +
                                     std::to_string(kMaxOutDimBits));
                const int32_t size = int32_t(std::bit_ceil(uint32_t(v) + 1));
                outDims[o].second = std::max(outDims[o].second, size);
            }
        }
    }
    return tryCreate(std::move(bases), std::move(outDims), true);
}

Expected<LinearLayout> LinearLayout::strided1D(int32_t size, int32_t stride,
                                               const std::string &inDim, const std::string &outDim)
{
    if (size == 0)
        return empty();
    if (!isPowerOf2(size))
        return makeError("size " + std::to_string(size) + " is not a power of two");
    if (!isPowerOf2(stride))
        return makeError("stride " + std::to_string(stride) + " is not a power of two");
    if (int64_t(size) * stride > (int64_t(1) << kMaxOutDimBits))
        return makeError("size times stride exceeds 2^" + std::to_string(kMaxOutDimBits));
    std::vector<Basis> bs;
    for (int32_t i = 1; i < size; i *= 2)
        bs.push_back({stride * i});
    return tryCreate({{inDim, bs}}, {{outDim, stride * size}}, stride == 1);
}

Expected<LinearLayout> LinearLayout::identity1D(int32_t size, const std::string &inDim,
                                                const std::string &outDim)
{
    return strided1D(size, 1, inDim, outDim);
}

Expected<LinearLayout> LinearLayout::zeros1D(int32_t size, const std::string &inDim,
                                             const std::string &outDim, int32_t outDimSize)
{
    if (size == 0)
        return empty();
    if (!isPowerOf2(size))
        return makeError("size " + std::to_string(size) + " is not a power of two");
    if (!isPowerOf2(outDimSize))
        return makeError("out size " + std::to_string(outDimSize) + " is not a power of two");
    std::vector<Basis> bs(size_t(log2Exact(size)), Basis{0});
    return tryCreate({{inDim, bs}}, {{outDim, outDimSize}}, outDimSize == 1);
}

// ---- accessors ---------------------------------------------------------------------------------

std::vector<std::string> LinearLayout::inDimNames() const
{
    std::vector<std::string> n;
    for (const auto &b : m_bases)
        n.push_back(b.first);
    return n;
}

std::vector<std::string> LinearLayout::outDimNames() const
{
    std::vector<std::string> n;
    for (const auto &o : m_outDims)
        n.push_back(o.first);
    return n;
}

std::vector<LinearLayout::NamedSize> LinearLayout::inDims() const
{
    std::vector<NamedSize> d;
    for (const auto &b : m_bases)
        d.emplace_back(b.first, int32_t(1) << b.second.size());
    return d;
}

int LinearLayout::inDimIndex(const std::string &name) const
{
    for (size_t i = 0; i < m_bases.size(); ++i)
        if (m_bases[i].first == name)
            return int(i);
    return -1;
}

int LinearLayout::outDimIndex(const std::string &name) const
{
    for (size_t i = 0; i < m_outDims.size(); ++i)
        if (m_outDims[i].first == name)
            return int(i);
    return -1;
}

int LinearLayout::inDimSizeLog2(const std::string &name) const
{
    const int i = inDimIndex(name);
    return i < 0 ? 0 : int(m_bases[size_t(i)].second.size());
}

int LinearLayout::outDimSizeLog2(const std::string &name) const
{
    const int i = outDimIndex(name);
    return i < 0 ? 0 : log2Exact(m_outDims[size_t(i)].second);
}

int LinearLayout::totalInDimSizeLog2() const
{
    int n = 0;
    for (const auto &b : m_bases)
        n += int(b.second.size());
    return n;
}

int LinearLayout::totalOutDimSizeLog2() const
{
    int n = 0;
    for (const auto &o : m_outDims)
        n += log2Exact(o.second);
    return n;
}

const LinearLayout::Basis &LinearLayout::basis(const std::string &inDim, int i) const
{
    return m_bases[size_t(inDimIndex(inDim))].second[size_t(i)];
}

// ---- evaluation --------------------------------------------------------------------------------

Expected<std::vector<LinearLayout::NamedValue>>
LinearLayout::apply(const std::vector<NamedValue> &ins) const
{
    // Fast path (no allocation but the result): each in-dim named once, its bits' images XORed
    // into the flattened output; anything else takes the checked path below for its message.
    if (ins.size() == m_bases.size() && m_bases.size() <= 64) {
        uint64_t seen = 0;
        uint64_t flat = 0;
        bool ok = true;
        for (const auto &[name, value] : ins) {
            size_t d = 0;
            size_t column = 0;
            while (d < m_bases.size() && m_bases[d].first != name)
                column += m_bases[d++].second.size();
            if (d == m_bases.size() || ((seen >> d) & 1u)) {
                ok = false;
                break;
            }
            seen |= uint64_t(1) << d;
            const size_t bits = m_bases[d].second.size();
            for (auto x = uint32_t(value); x != 0; x &= x - 1) {
                const auto i = size_t(std::countr_zero(x));
                if (i >= bits)
                    break; // bits above the dim's size are ignored
                flat ^= m_columns[column + i];
            }
        }
        if (ok) {
            std::vector<NamedValue> result;
            result.reserve(m_outDims.size());
            for (size_t o = 0; o < m_outDims.size(); ++o)
                result.emplace_back(m_outDims[o].first, int32_t((flat >> m_outOffsets[o]) &
                                                                uint64_t(m_outDims[o].second - 1)));
            return result;
        }
    }
    std::vector<std::string> names;
    for (const auto &in : ins)
        names.push_back(in.first);
    if (names.size() != m_bases.size() || !sameSet(names, inDimNames()))
        return makeError("apply needs exactly the in-dims " + joinNames(inDimNames()) + ", got " +
                         joinNames(names));
    std::vector<int32_t> ordered(m_bases.size(), 0);
    for (const auto &[name, value] : ins)
        ordered[size_t(inDimIndex(name))] = value;
    std::vector<int32_t> out = applyOrdered(ordered);
    std::vector<NamedValue> result;
    for (size_t o = 0; o < m_outDims.size(); ++o)
        result.emplace_back(m_outDims[o].first, out[o]);
    return result;
}

std::vector<int32_t> LinearLayout::applyOrdered(const std::vector<int32_t> &ins) const
{
    std::vector<int32_t> out(m_outDims.size(), 0);
    for (size_t d = 0; d < m_bases.size() && d < ins.size(); ++d) {
        const auto &bs = m_bases[d].second;
        const uint32_t x = uint32_t(ins[d]);
        for (size_t i = 0; i < bs.size(); ++i)
            if ((x >> i) & 1u)
                for (size_t o = 0; o < out.size(); ++o)
                    out[o] ^= bs[i][o];
    }
    return out;
}

uint64_t LinearLayout::applyFlat(uint64_t in) const
{
    uint64_t out = 0;
    for (size_t c = 0; in != 0 && c < m_columns.size(); ++c, in >>= 1)
        if (in & 1u)
            out ^= m_columns[c];
    return out;
}

std::vector<int32_t> LinearLayout::unflattenOut(uint64_t flat) const
{
    std::vector<int32_t> out(m_outDims.size(), 0);
    for (size_t o = 0; o < m_outDims.size(); ++o)
        out[o] = int32_t((flat >> m_outOffsets[o]) & uint64_t(m_outDims[o].second - 1));
    return out;
}

F2Matrix LinearLayout::matrix() const
{
    const std::vector<int> off = outOffsets(m_outDims);
    F2Matrix m(totalOutDimSizeLog2(), totalInDimSizeLog2());
    int col = 0;
    for (const auto &[name, bs] : m_bases) {
        for (const Basis &b : bs) {
            for (size_t o = 0; o < b.size(); ++o)
                for (int j = 0; j < log2Exact(m_outDims[o].second); ++j)
                    if ((b[o] >> j) & 1)
                        m.set(off[o] + j, col, true);
            ++col;
        }
    }
    return m;
}

std::vector<LinearLayout::NamedValue> LinearLayout::getFreeVariableMasks() const
{
    const std::vector<int> free = matrix().freeColumns();
    std::vector<NamedValue> masks;
    int col = 0;
    for (const auto &[name, bs] : m_bases) {
        int32_t mask = 0;
        for (size_t i = 0; i < bs.size(); ++i, ++col)
            if (std::binary_search(free.begin(), free.end(), col))
                mask |= int32_t(1) << i;
        masks.emplace_back(name, mask);
    }
    return masks;
}

// ---- algebra -----------------------------------------------------------------------------------

Expected<LinearLayout> LinearLayout::compose(const LinearLayout &outer) const
{
    if (!sameSet(outDimNames(), outer.inDimNames()))
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
            uint64_t in = 0;
            for (size_t o = 0; o < b.size(); ++o)
                in |= uint64_t(uint32_t(b[o])) << inOffset[o];
            nb.push_back(outer.unflattenOut(outer.applyFlat(in)));
        }
        bases.emplace_back(name, std::move(nb));
    }
    const bool surj = isSurjective() && outer.isSurjective() && sizesEqual;
    return makeUnchecked(std::move(bases), outer.m_outDims, surj);
}

Expected<LinearLayout> LinearLayout::invertAndCompose(const LinearLayout &outer) const
{
    // Triton's algorithm (linear-layout-semantics.md section 6), computed directly on flattened
    // columns instead of through transposes, sublayouts and reshapes:
    //  1. A = outer with its out-dims in this layout's order, B = this.
    //  2. Identity dims: in-dims of A that B has with equal sublayouts (bases and every out size)
    //     map to themselves.
    //  3. The rest is least squares A' X = B' with free variables 0: express each column of B' in
    //     the pivot columns of A' (the columns independent of all earlier ones).
    const LinearLayout &b = *this;
    const LinearLayout &a = outer;
    const size_t nOut = b.m_outDims.size();
    if (!sameSet(b.outDimNames(), a.outDimNames()))
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

    // XOR basis of A's non-identity columns keyed by top bit, each with the mask of A's
    // non-identity column indices that produce it (only pivot columns ever enter a mask).
    struct Entry
    {
        uint64_t value = 0;
        uint64_t mask = 0;
        bool used = false;
    };
    Entry basisByTop[64];
    std::vector<std::pair<size_t, int>> colOwner; // A non-identity column -> (A in-dim, bit)
    for (size_t d = 0; d < a.m_bases.size(); ++d) {
        if (aIsIdentity[d])
            continue;
        for (size_t i = 0; i < a.m_bases[d].second.size(); ++i) {
            const uint64_t colMask = uint64_t(1) << colOwner.size();
            colOwner.emplace_back(d, int(i));
            uint64_t v = flatA(a.m_bases[d].second[i]);
            uint64_t m = colMask;
            while (v) {
                const int top = 63 - std::countl_zero(v);
                if (!basisByTop[top].used) {
                    basisByTop[top] = {v, m, true};
                    break;
                }
                v ^= basisByTop[top].value;
                m ^= basisByTop[top].mask;
            }
        }
    }

    BasesT bases;
    std::vector<NamedSize> outs;
    for (const auto &[name, bs] : a.m_bases)
        outs.emplace_back(name, int32_t(1) << bs.size());
    for (const auto &[name, bbs] : b.m_bases) {
        const int ai = a.inDimIndex(name);
        const bool identity = ai >= 0 && aIsIdentity[size_t(ai)];
        std::vector<Basis> nb;
        for (size_t i = 0; i < bbs.size(); ++i) {
            Basis r(a.m_bases.size(), 0);
            if (identity) {
                r[size_t(ai)] = int32_t(1) << i;
            } else {
                uint64_t v = flatB(bbs[i]);
                uint64_t m = 0;
                while (v) {
                    const int top = 63 - std::countl_zero(v);
                    if (!basisByTop[top].used)
                        return makeError(
                            "invertAndCompose: the image of the layout is not contained in the "
                            "image of the outer layout (in-dim '" +
                            name + "' basis " + std::to_string(i) + ")");
                    v ^= basisByTop[top].value;
                    m ^= basisByTop[top].mask;
                }
                for (size_t c = 0; m; ++c, m >>= 1)
                    if (m & 1u)
                        r[colOwner[c].first] |= int32_t(1) << colOwner[c].second;
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
    LinearLayout identity;
    for (const auto &[name, size] : m_outDims) {
        Expected<LinearLayout> id = identity1D(size, name, name);
        if (!id)
            return id;
        Expected<LinearLayout> p = identity.product(*id);
        if (!p)
            return p;
        identity = std::move(*p);
    }
    return identity.invertAndCompose(*this);
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
    const std::vector<std::string> ins = supremum(inner.inDimNames(), outer.inDimNames());
    const std::vector<std::string> outs = supremum(inner.outDimNames(), outer.outDimNames());
    std::vector<NamedSize> outDims;
    for (const std::string &o : outs) {
        const int bits = inner.outDimSizeLog2(o) + outer.outDimSizeLog2(o);
        if (bits > kMaxOutDimBits)
            return makeError("product: out-dim '" + o + "' would have " + std::to_string(bits) +
                             " bits, more than " + std::to_string(kMaxOutDimBits));
        outDims.emplace_back(o, int32_t(1) << bits);
    }
    BasesT bases;
    for (const std::string &d : ins) {
        const int ki = inner.inDimSizeLog2(d);
        const int ko = outer.inDimSizeLog2(d);
        std::vector<Basis> bs(size_t(ki + ko), Basis(outs.size(), 0));
        for (size_t oi = 0; oi < outs.size(); ++oi) {
            const std::string &o = outs[oi];
            if (inner.hasInDim(d) && inner.hasOutDim(o)) {
                const size_t src = size_t(inner.outDimIndex(o));
                for (int i = 0; i < ki; ++i)
                    bs[size_t(i)][oi] = inner.basis(d, i)[src];
            }
            if (outer.hasInDim(d) && outer.hasOutDim(o)) {
                const size_t src = size_t(outer.outDimIndex(o));
                const int shift = inner.outDimSizeLog2(o);
                for (int i = 0; i < ko; ++i)
                    bs[size_t(ki + i)][oi] = outer.basis(d, i)[src] << shift;
            }
        }
        bases.emplace_back(d, std::move(bs));
    }
    Expected<LinearLayout> r = tryCreate(std::move(bases), std::move(outDims), false);
    if (r)
        r->m_requireSurjective = inner.isSurjective() && outer.isSurjective();
    return r;
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

} // namespace

std::optional<LinearLayout> LinearLayout::divideLeft(const LinearLayout &a, const LinearLayout &b)
{
    std::optional<std::vector<NamedSize>> quotientOuts = divisionOutDims(a, b);
    if (!quotientOuts)
        return std::nullopt;
    const std::vector<NamedSize> &cOuts = *quotientOuts;
    BasesT cBases;
    for (const auto &[d, bs] : a.m_bases) {
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
        cBases.emplace_back(d, std::move(rest));
    }
    LinearLayout c = makeUnchecked(std::move(cBases), cOuts, false);
    if (a.isSurjective() && b.isSurjective() && !c.isSurjective())
        return std::nullopt;
    Expected<LinearLayout> check = b.product(c);
    if (!check || *check != a)
        return std::nullopt;
    return c;
}

std::optional<LinearLayout> LinearLayout::divideRight(const LinearLayout &a, const LinearLayout &b)
{
    std::optional<std::vector<NamedSize>> quotientOuts = divisionOutDims(a, b);
    if (!quotientOuts)
        return std::nullopt;
    const std::vector<NamedSize> &cOuts = *quotientOuts;
    BasesT cBases;
    for (const auto &[d, bs] : a.m_bases) {
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
        cBases.emplace_back(d, std::move(cPart));
    }
    LinearLayout c = makeUnchecked(std::move(cBases), cOuts, false);
    if (a.isSurjective() && b.isSurjective() && !c.isSurjective())
        return std::nullopt;
    Expected<LinearLayout> check = c.product(b);
    if (!check || *check != a)
        return std::nullopt;
    return c;
}

// ---- structure ---------------------------------------------------------------------------------

Expected<LinearLayout> LinearLayout::sublayout(const std::vector<std::string> &ins,
                                               const std::vector<std::string> &outs) const
{
    for (const std::string &d : ins)
        if (!hasInDim(d))
            return makeError("sublayout: no in-dim '" + d + "' in " + joinNames(inDimNames()));
    for (const std::string &o : outs)
        if (!hasOutDim(o))
            return makeError("sublayout: no out-dim '" + o + "' in " + joinNames(outDimNames()));
    std::vector<size_t> keep;
    std::vector<NamedSize> outDims;
    for (size_t o = 0; o < m_outDims.size(); ++o)
        if (contains(outs, m_outDims[o].first)) {
            keep.push_back(o);
            outDims.push_back(m_outDims[o]);
        }
    BasesT bases;
    for (const auto &[d, bs] : m_bases) {
        if (!contains(ins, d))
            continue;
        std::vector<Basis> nb;
        for (const Basis &b : bs) {
            Basis v;
            for (size_t o : keep)
                v.push_back(b[o]);
            nb.push_back(std::move(v));
        }
        bases.emplace_back(d, std::move(nb));
    }
    return makeUnchecked(std::move(bases), std::move(outDims), false);
}

Expected<bool> LinearLayout::sublayoutIsZero(const std::vector<std::string> &ins,
                                             const std::vector<std::string> &outs) const
{
    Expected<LinearLayout> s = sublayout(ins, outs);
    if (!s)
        return s.error();
    for (const auto &[d, bs] : s->m_bases)
        for (const Basis &b : bs)
            for (int32_t v : b)
                if (v != 0)
                    return false;
    return true;
}

Expected<LinearLayout> LinearLayout::transposeIns(const std::vector<std::string> &order) const
{
    if (order.size() != m_bases.size() || !sameSet(order, inDimNames()))
        return makeError("transposeIns: " + joinNames(order) + " is not a permutation of " +
                         joinNames(inDimNames()));
    BasesT bases;
    for (const std::string &d : order)
        bases.push_back(m_bases[size_t(inDimIndex(d))]);
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::transposeOuts(const std::vector<std::string> &order) const
{
    if (order.size() != m_outDims.size() || !sameSet(order, outDimNames()))
        return makeError("transposeOuts: " + joinNames(order) + " is not a permutation of " +
                         joinNames(outDimNames()));
    std::vector<size_t> perm;
    std::vector<NamedSize> outDims;
    for (const std::string &o : order) {
        perm.push_back(size_t(outDimIndex(o)));
        outDims.push_back(m_outDims[perm.back()]);
    }
    BasesT bases;
    for (const auto &[d, bs] : m_bases) {
        std::vector<Basis> nb;
        for (const Basis &b : bs) {
            Basis v;
            for (size_t p : perm)
                v.push_back(b[p]);
            nb.push_back(std::move(v));
        }
        bases.emplace_back(d, std::move(nb));
    }
    return makeUnchecked(std::move(bases), std::move(outDims), m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::reshapeIns(const std::vector<NamedSize> &newInDims) const
{
    if (newInDims.size() > size_t(kMaxDims))
        return makeError("reshapeIns: more than " + std::to_string(kMaxDims) + " in-dims");
    int total = 0;
    for (const auto &[n, s] : newInDims) {
        if (!isPowerOf2(s))
            return makeError("reshapeIns: size " + std::to_string(s) + " of '" + n +
                             "' is not a power of two");
        total += log2Exact(s);
    }
    if (total != totalInDimSizeLog2())
        return makeError("reshapeIns: the new in-dims have " + std::to_string(total) +
                         " bits, the layout has " + std::to_string(totalInDimSizeLog2()));
    std::vector<Basis> all;
    for (const auto &[d, bs] : m_bases)
        all.insert(all.end(), bs.begin(), bs.end());
    BasesT bases;
    size_t k = 0;
    for (const auto &[n, s] : newInDims) {
        std::vector<Basis> nb(all.begin() + long(k), all.begin() + long(k) + log2Exact(s));
        k += size_t(log2Exact(s));
        bases.emplace_back(n, std::move(nb));
    }
    std::set<std::string> names;
    for (const auto &b : bases)
        if (!names.insert(b.first).second)
            return makeError("reshapeIns: in-dim '" + b.first + "' appears twice");
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::reshapeOuts(const std::vector<NamedSize> &newOutDims) const
{
    if (newOutDims.size() > size_t(kMaxDims))
        return makeError("reshapeOuts: more than " + std::to_string(kMaxDims) + " out-dims");
    int total = 0;
    std::set<std::string> names;
    for (const auto &[n, s] : newOutDims) {
        if (!isPowerOf2(s))
            return makeError("reshapeOuts: size " + std::to_string(s) + " of '" + n +
                             "' is not a power of two");
        if (log2Exact(s) > kMaxOutDimBits)
            return makeError("reshapeOuts: '" + n + "' is larger than 2^" +
                             std::to_string(kMaxOutDimBits));
        if (!names.insert(n).second)
            return makeError("reshapeOuts: out-dim '" + n + "' appears twice");
        total += log2Exact(s);
    }
    if (total != totalOutDimSizeLog2())
        return makeError("reshapeOuts: the new out-dims have " + std::to_string(total) +
                         " bits, the layout has " + std::to_string(totalOutDimSizeLog2()));
    const std::vector<int> oldOff = outOffsets(m_outDims);
    BasesT bases;
    for (const auto &[d, bs] : m_bases) {
        std::vector<Basis> nb;
        for (const Basis &b : bs) {
            uint64_t flat = 0;
            for (size_t o = 0; o < b.size(); ++o)
                flat |= uint64_t(uint32_t(b[o])) << oldOff[o];
            Basis v;
            for (const auto &[n, s] : newOutDims) {
                v.push_back(int32_t(flat & uint64_t(s - 1)));
                flat >>= log2Exact(s);
            }
            nb.push_back(std::move(v));
        }
        bases.emplace_back(d, std::move(nb));
    }
    return makeUnchecked(std::move(bases), newOutDims, m_requireSurjective);
}

LinearLayout LinearLayout::flattenIns() const
{
    if (m_bases.empty())
        return *this;
    if (totalInDimSizeLog2() > kMaxOutDimBits) {
        // Size cannot be named in an int32; keep the bases under one name anyway.
        std::vector<Basis> all;
        for (const auto &[d, bs] : m_bases)
            all.insert(all.end(), bs.begin(), bs.end());
        return makeUnchecked({{m_bases.front().first, all}}, m_outDims, m_requireSurjective);
    }
    return *reshapeIns({{m_bases.front().first, int32_t(totalInDimSize())}});
}

LinearLayout LinearLayout::flattenOuts() const
{
    if (m_outDims.empty() || totalOutDimSizeLog2() > kMaxOutDimBits)
        return *this;
    return *reshapeOuts({{m_outDims.front().first, int32_t(totalOutDimSize())}});
}

Expected<LinearLayout> LinearLayout::squeezeIns(const std::string &dim) const
{
    if (!hasInDim(dim))
        return makeError("squeezeIns: no in-dim '" + dim + "'");
    if (inDimSizeLog2(dim) != 0)
        return makeError("squeezeIns: in-dim '" + dim + "' has size " +
                         std::to_string(inDimSize(dim)) + ", not 1");
    BasesT bases;
    for (const auto &b : m_bases)
        if (b.first != dim)
            bases.push_back(b);
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::squeezeOuts(const std::string &dim) const
{
    if (!hasOutDim(dim))
        return makeError("squeezeOuts: no out-dim '" + dim + "'");
    if (outDimSizeLog2(dim) != 0)
        return makeError("squeezeOuts: out-dim '" + dim + "' has size " +
                         std::to_string(outDimSize(dim)) + ", not 1");
    std::vector<std::string> outs;
    for (const auto &o : m_outDims)
        if (o.first != dim)
            outs.push_back(o.first);
    Expected<LinearLayout> s = sublayout(inDimNames(), outs);
    if (s)
        s->m_requireSurjective = m_requireSurjective;
    return s;
}

Expected<LinearLayout> LinearLayout::resizeInDim(const std::string &dim, int32_t newSize) const
{
    if (!hasInDim(dim))
        return makeError("resizeInDim: no in-dim '" + dim + "'");
    if (!isPowerOf2(newSize) || newSize > inDimSize(dim))
        return makeError("resizeInDim: size " + std::to_string(newSize) +
                         " must be a power of two no larger than " +
                         std::to_string(inDimSize(dim)));
    BasesT bases = m_bases;
    bases[size_t(inDimIndex(dim))].second.resize(size_t(log2Exact(newSize)));
    return makeUnchecked(std::move(bases), m_outDims, false);
}

Expected<LinearLayout> LinearLayout::resizeOutDim(const std::string &dim, int32_t newSize) const
{
    if (!hasOutDim(dim))
        return makeError("resizeOutDim: no out-dim '" + dim + "'");
    if (!isPowerOf2(newSize) || newSize > outDimSize(dim))
        return makeError("resizeOutDim: size " + std::to_string(newSize) +
                         " must be a power of two no larger than " +
                         std::to_string(outDimSize(dim)));
    const size_t o = size_t(outDimIndex(dim));
    BasesT bases = m_bases;
    for (auto &[d, bs] : bases)
        for (Basis &b : bs)
            if (b[o] >= newSize)
                b[o] = 0;
    std::vector<NamedSize> outs = m_outDims;
    outs[o].second = newSize;
    return makeUnchecked(std::move(bases), std::move(outs), false);
}

Expected<LinearLayout> LinearLayout::renameInDim(const std::string &from,
                                                 const std::string &to) const
{
    if (!hasInDim(from))
        return makeError("renameInDim: no in-dim '" + from + "'");
    if (from != to && hasInDim(to))
        return makeError("renameInDim: in-dim '" + to + "' exists already");
    BasesT bases;
    std::vector<Basis> moved;
    for (const auto &b : m_bases) {
        if (b.first == from)
            moved = b.second;
        else
            bases.push_back(b);
    }
    bases.emplace_back(to, std::move(moved));
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::concatIns(const LinearLayout &other) const
{
    if (m_outDims != other.m_outDims)
        return makeError("concatIns: the out-dims differ");
    BasesT bases = m_bases;
    for (const auto &b : other.m_bases)
        if (!hasInDim(b.first))
            bases.push_back(b);
    if (bases.size() > size_t(kMaxDims))
        return makeError("concatIns: more than " + std::to_string(kMaxDims) + " in-dims");
    if (int(bases.size()) > 0) {
        int bits = 0;
        for (const auto &b : bases)
            bits += int(b.second.size());
        if (bits > kMaxTotalBits)
            return makeError("concatIns: more than " + std::to_string(kMaxTotalBits) + " in-bits");
    }
    return makeUnchecked(std::move(bases), m_outDims, false);
}

Expected<LinearLayout> LinearLayout::concatOuts(const LinearLayout &other) const
{
    if (inDims() != other.inDims())
        return makeError("concatOuts: the in-dims differ");
    std::vector<NamedSize> outs = m_outDims;
    for (const auto &o : other.m_outDims) {
        if (hasOutDim(o.first))
            return makeError("concatOuts: out-dim '" + o.first + "' is in both layouts");
        outs.push_back(o);
    }
    if (outs.size() > size_t(kMaxDims))
        return makeError("concatOuts: more than " + std::to_string(kMaxDims) + " out-dims");
    if (totalOutDimSizeLog2() + other.totalOutDimSizeLog2() > kMaxTotalBits)
        return makeError("concatOuts: more than " + std::to_string(kMaxTotalBits) + " out-bits");
    BasesT bases = m_bases;
    for (size_t d = 0; d < bases.size(); ++d)
        for (size_t i = 0; i < bases[d].second.size(); ++i) {
            const Basis &ob = other.m_bases[d].second[i];
            bases[d].second[i].insert(bases[d].second[i].end(), ob.begin(), ob.end());
        }
    return makeUnchecked(std::move(bases), std::move(outs),
                         m_requireSurjective && other.m_requireSurjective);
}

LinearLayout LinearLayout::removeZeroBasesAlongDim(const std::string &dim) const
{
    BasesT bases = m_bases;
    for (auto &[d, bs] : bases) {
        if (d != dim)
            continue;
        std::vector<Basis> kept;
        for (const Basis &b : bs)
            if (std::any_of(b.begin(), b.end(), [](int32_t v) { return v != 0; }))
                kept.push_back(b);
        bs = std::move(kept);
    }
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

LinearLayout LinearLayout::zerosLike() const
{
    BasesT bases = m_bases;
    for (auto &[d, bs] : bases)
        for (Basis &b : bs)
            std::fill(b.begin(), b.end(), 0);
    return makeUnchecked(std::move(bases), m_outDims, false);
}

int LinearLayout::getNumConsecutiveInOut() const
{
    if (m_bases.empty() || m_outDims.empty())
        return 1;
    const auto &first = m_bases.front().second;
    int consec = 0;
    for (size_t i = 0; i < first.size(); ++i) {
        const Basis &b = first[i];
        if (b[0] != (int32_t(1) << i))
            break;
        if (std::any_of(b.begin() + 1, b.end(), [](int32_t v) { return v != 0; }))
            break;
        ++consec;
    }
    int32_t other = 0;
    for (size_t d = 0; d < m_bases.size(); ++d)
        for (size_t i = 0; i < m_bases[d].second.size(); ++i)
            if (d != 0 || int(i) >= consec)
                other |= m_bases[d].second[i][0];
    const int tz = other != 0 ? std::countr_zero(uint32_t(other)) : 31;
    return 1 << std::min(consec, tz);
}

Expected<bool> LinearLayout::squareSublayoutIsIdentity(const std::vector<std::string> &dims) const
{
    if (dims.empty())
        return true;
    for (const std::string &d : dims) {
        if (!hasInDim(d) || !hasOutDim(d))
            return makeError("squareSublayoutIsIdentity: '" + d +
                             "' is not both an in-dim and an out-dim");
        if (inDimSize(d) != outDimSize(d))
            return false;
    }
    Expected<LinearLayout> s = sublayout(dims, dims);
    if (!s)
        return s.error();
    const LinearLayout f = s->flattenIns().flattenOuts();
    int i = 0;
    for (const auto &[d, bs] : f.m_bases)
        for (const Basis &b : bs) {
            if (b.size() != 1 || b[0] != (int32_t(1) << i))
                return false;
            ++i;
        }
    return true;
}

Expected<bool> LinearLayout::isTrivialOver(const std::vector<std::string> &dims) const
{
    Expected<bool> square = squareSublayoutIsIdentity(dims);
    if (!square)
        return square;
    if (!*square)
        return false;
    std::vector<std::string> otherIns, otherOuts;
    for (const std::string &d : inDimNames())
        if (!contains(dims, d))
            otherIns.push_back(d);
    for (const std::string &o : outDimNames())
        if (!contains(dims, o))
            otherOuts.push_back(o);
    Expected<bool> z1 = sublayoutIsZero(otherIns, dims);
    Expected<bool> z2 = sublayoutIsZero(dims, otherOuts);
    if (!z1)
        return z1;
    if (!z2)
        return z2;
    return *z1 && *z2;
}

std::optional<LinearLayout> LinearLayout::quotient(const std::vector<std::string> &dims) const
{
    for (const std::string &d : dims)
        if (!hasInDim(d) || !hasOutDim(d))
            return std::nullopt;
    Expected<bool> trivial = isTrivialOver(dims);
    if (!trivial || !*trivial)
        return std::nullopt;
    std::vector<std::string> otherIns, otherOuts;
    for (const std::string &d : inDimNames())
        if (!contains(dims, d))
            otherIns.push_back(d);
    for (const std::string &o : outDimNames())
        if (!contains(dims, o))
            otherOuts.push_back(o);
    return *sublayout(otherIns, otherOuts);
}

bool LinearLayout::operator==(const LinearLayout &other) const
{
    return m_bases == other.m_bases && m_outDims == other.m_outDims;
}

bool LinearLayout::equalIgnoringOutDimSizes(const LinearLayout &other) const
{
    return m_bases == other.m_bases && outDimNames() == other.outDimNames();
}

std::string LinearLayout::toString() const
{
    std::string outs = "[";
    for (size_t i = 0; i < m_outDims.size(); ++i)
        outs += (i ? ", " : "") + m_outDims[i].first + " (size " +
                std::to_string(m_outDims[i].second) + ")";
    outs += "]";
    if (m_bases.empty())
        return m_outDims.empty() ? "\n(empty layout)"
                                 : "\n(empty layout with out-dims " + outs + ")";
    std::string s = "\n";
    for (const auto &[d, bs] : m_bases) {
        if (bs.empty()) {
            s += " - " + d + " is a size 1 dimension\n";
            continue;
        }
        s += " - ";
        for (size_t i = 0; i < bs.size(); ++i) {
            if (i)
                s += "\n   ";
            s += d + "=" + std::to_string(int64_t(1) << i) + " -> (";
            for (size_t o = 0; o < bs[i].size(); ++o)
                s += (o ? ", " : "") + std::to_string(bs[i][o]);
            s += ")";
        }
        s += "\n";
    }
    return s + "where out dims are: " + outs;
}

std::vector<std::string> supremum(const std::vector<std::string> &x,
                                  const std::vector<std::string> &y)
{
    std::vector<std::string> result;
    size_t i = 0, j = 0;
    auto emitted = [&](const std::string &s) { return contains(result, s); };
    auto posIn = [](const std::vector<std::string> &v, const std::string &s, size_t from) -> long {
        for (size_t k = from; k < v.size(); ++k)
            if (v[k] == s)
                return long(k);
        return -1;
    };
    while (i < x.size() || j < y.size()) {
        while (i < x.size() && emitted(x[i]))
            ++i;
        while (j < y.size() && emitted(y[j]))
            ++j;
        if (i >= x.size() && j >= y.size())
            break;
        if (i >= x.size()) {
            result.push_back(y[j++]);
            continue;
        }
        if (j >= y.size()) {
            result.push_back(x[i++]);
            continue;
        }
        if (x[i] == y[j]) {
            result.push_back(x[i]);
            ++i;
            ++j;
            continue;
        }
        const long xInY = posIn(y, x[i], j + 1);
        const long yInX = posIn(x, y[j], i + 1);
        if (xInY < 0) {
            result.push_back(x[i++]);
        } else if (yInX < 0) {
            result.push_back(y[j++]);
        } else if (xInY <= yInX) {
            result.push_back(x[i++]);
        } else {
            result.push_back(y[j++]);
        }
    }
    return result;
}

} // namespace lx
