// LinearLayout's shape and structure operations: sublayouts, transposes, reshapes, resizes,
// renames, concatenations and the structural queries (docs/linear-layouts.md §9-§10).

#include "layout/linearlayout.h"

#include "f2/f2matrix.h"
#include "layout/linearlayoutinternal.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

namespace lx {

using namespace llinternal;

namespace {

// The bases of the in-dims `keepIn` accepts, each reduced to the out components `outs` (indices,
// in the order given): what sublayout and transposeOuts share.
template <typename KeepIn>
LinearLayout::BasesT selectOuts(const LinearLayout::BasesT &from, const std::vector<size_t> &outs,
                                KeepIn keepIn)
{
    LinearLayout::BasesT bases;
    bases.reserve(from.size());
    for (const auto &[d, bs] : from) {
        if (!keepIn(d))
            continue;
        std::vector<LinearLayout::Basis> nb;
        nb.reserve(bs.size());
        for (const LinearLayout::Basis &b : bs) {
            LinearLayout::Basis v;
            v.reserve(outs.size());
            for (size_t o : outs)
                v.push_back(b[o]);
            nb.push_back(std::move(v));
        }
        bases.emplace_back(d, std::move(nb));
    }
    return bases;
}

// What both resizes check: the dim exists (`size` is its size) and the new size is a power of
// two no larger.
Expected<bool> checkResize(const char *what, const char *kind, const std::string &dim, bool exists,
                           int32_t newSize, int64_t size)
{
    if (!exists)
        return makeError(std::string(what) + ": no " + kind + " '" + dim + "'");
    if (!isPowerOf2(newSize) || newSize > size)
        return makeError(std::string(what) + ": size " + std::to_string(newSize) +
                         " must be a power of two no larger than " + std::to_string(size));
    return true;
}

// What both squeezes check: the dim exists (`size` is its size, -1 when it does not) and has
// size 1.
Expected<bool> checkSqueeze(const char *what, const char *kind, const std::string &dim,
                            int64_t size)
{
    if (size < 0)
        return makeError(std::string(what) + ": no " + kind + " '" + dim + "'");
    if (size != 1)
        return makeError(std::string(what) + ": " + kind + " '" + dim + "' has size " +
                         std::to_string(size) + ", not 1");
    return true;
}

// The names of `names` not in `dims`, in their order.
std::vector<std::string> without(const std::vector<std::string> &names,
                                 const std::vector<std::string> &dims)
{
    std::vector<std::string> out;
    for (const std::string &n : names)
        if (!contains(dims, n))
            out.push_back(n);
    return out;
}

} // namespace

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
    BasesT bases =
        selectOuts(m_bases, keep, [&](const std::string &d) { return contains(ins, d); });
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
    if (!isPermutationOf(order, m_bases))
        return makeError("transposeIns: " + joinNames(order) + " is not a permutation of " +
                         joinNames(inDimNames()));
    BasesT bases;
    bases.reserve(order.size());
    for (const std::string &d : order)
        bases.push_back(m_bases[size_t(inDimIndex(d))]);
    // A permutation of the columns: the rank stays.
    return makeWithRank(std::move(bases), m_outDims, m_requireSurjective, m_rank);
}

Expected<LinearLayout> LinearLayout::transposeOuts(const std::vector<std::string> &order) &&
{
    if (!isPermutationOf(order, m_outDims))
        return std::as_const(*this).transposeOuts(order); // the error
    size_t perm[kMaxDims];
    std::vector<NamedSize> outDims;
    outDims.reserve(order.size());
    bool same = true;
    for (size_t k = 0; k < order.size(); ++k) {
        perm[k] = size_t(outDimIndex(order[k]));
        same = same && perm[k] == k;
    }
    if (same)
        return std::move(*this);
    for (size_t k = 0; k < order.size(); ++k)
        outDims.push_back(std::move(m_outDims[perm[k]]));
    int32_t permuted[kMaxDims];
    for (auto &[d, bs] : m_bases)
        for (Basis &b : bs) {
            for (size_t k = 0; k < order.size(); ++k)
                permuted[k] = b[perm[k]];
            std::copy(permuted, permuted + order.size(), b.begin());
        }
    // A permutation of the rows: the rank stays.
    return makeWithRank(std::move(m_bases), std::move(outDims), m_requireSurjective, m_rank);
}

Expected<LinearLayout> LinearLayout::transposeOuts(const std::vector<std::string> &order) const &
{
    if (!isPermutationOf(order, m_outDims))
        return makeError("transposeOuts: " + joinNames(order) + " is not a permutation of " +
                         joinNames(outDimNames()));
    std::vector<size_t> perm;
    std::vector<NamedSize> outDims;
    perm.reserve(order.size());
    outDims.reserve(order.size());
    bool same = true;
    for (const std::string &o : order) {
        perm.push_back(size_t(outDimIndex(o)));
        same = same && perm.back() == perm.size() - 1;
        outDims.push_back(m_outDims[perm.back()]);
    }
    if (same)
        return *this;
    BasesT bases = selectOuts(m_bases, perm, [](const std::string &) { return true; });
    // A permutation of the rows: the rank stays.
    return makeWithRank(std::move(bases), std::move(outDims), m_requireSurjective, m_rank);
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
            uint64_t flat = packBasis(b, oldOff);
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
    if (auto ok = checkSqueeze("squeezeIns", "in-dim", dim,
                               hasInDim(dim) ? int64_t(inDimSize(dim)) : int64_t(-1));
        !ok)
        return ok.error();
    BasesT bases = m_bases;
    std::erase_if(bases, [&](const DimBases &b) { return b.first == dim; });
    return makeUnchecked(std::move(bases), m_outDims, m_requireSurjective);
}

Expected<LinearLayout> LinearLayout::squeezeOuts(const std::string &dim) const
{
    if (auto ok = checkSqueeze("squeezeOuts", "out-dim", dim,
                               hasOutDim(dim) ? int64_t(outDimSize(dim)) : int64_t(-1));
        !ok)
        return ok.error();
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
    const bool exists = hasInDim(dim);
    if (Expected<bool> ok =
            checkResize("resizeInDim", "in-dim", dim, exists, newSize, exists ? inDimSize(dim) : 0);
        !ok)
        return ok.error();
    BasesT bases = m_bases;
    bases[size_t(inDimIndex(dim))].second.resize(size_t(log2Exact(newSize)));
    return makeUnchecked(std::move(bases), m_outDims, false);
}

Expected<LinearLayout> LinearLayout::resizeOutDim(const std::string &dim, int32_t newSize) const
{
    const bool exists = hasOutDim(dim);
    if (Expected<bool> ok = checkResize("resizeOutDim", "out-dim", dim, exists, newSize,
                                        exists ? outDimSize(dim) : 0);
        !ok)
        return ok.error();
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
    const std::vector<std::string> otherIns = without(inDimNames(), dims);
    const std::vector<std::string> otherOuts = without(outDimNames(), dims);
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
    const std::vector<std::string> otherIns = without(inDimNames(), dims);
    const std::vector<std::string> otherOuts = without(outDimNames(), dims);
    return *sublayout(otherIns, otherOuts);
}

} // namespace lx
