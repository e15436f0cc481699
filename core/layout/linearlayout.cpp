#include "layout/linearlayout.h"

#include "f2/f2matrix.h"
#include "f2/f2reduce.h"
#include "layout/linearlayoutinternal.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <sstream>

namespace lx {

using namespace llinternal;

// ---- construction ------------------------------------------------------------------------------

LinearLayout LinearLayout::makeUnchecked(BasesT bases, std::vector<NamedSize> outDims,
                                         bool requireSurjective)
{
    return makeWithRank(std::move(bases), std::move(outDims), requireSurjective, -1);
}

LinearLayout LinearLayout::makeWithRank(BasesT bases, std::vector<NamedSize> outDims,
                                        bool requireSurjective, int rank)
{
    LinearLayout l;
    l.m_bases = std::move(bases);
    l.m_outDims = std::move(outDims);
    l.m_requireSurjective = requireSurjective;
    l.computeCaches();
    l.m_rank = rank >= 0 ? rank : f2::rankOfWords(l.m_columns.data(), l.m_columns.size());
    return l;
}

void LinearLayout::computeCaches()
{
    // Offsets in place (at most kMaxDims out-dims of at most 64 bits in all: a byte each).
    int acc = 0;
    for (size_t o = 0; o < m_outDims.size(); ++o) {
        m_outOffsets[o] = uint8_t(acc);
        acc += log2Exact(m_outDims[o].second);
    }
    size_t n = 0;
    for (const auto &d : m_bases)
        n += d.second.size();
    m_columns.clear();
    m_columns.reserve(n);
    for (const auto &[name, bs] : m_bases)
        for (const Basis &b : bs) {
            uint64_t v = 0;
            for (size_t o = 0; o < b.size() && o < m_outDims.size(); ++o)
                v |= uint64_t(uint32_t(b[o])) << m_outOffsets[o];
            m_columns.push_back(v);
        }
}
Expected<LinearLayout> LinearLayout::tryCreate(BasesT bases, std::vector<NamedSize> outDims,
                                               bool requireSurjective)
{
    if (outDims.size() > size_t(kMaxDims) || bases.size() > size_t(kMaxDims))
        return makeError("a layout has at most " + std::to_string(kMaxDims) + " in-dims and " +
                         std::to_string(kMaxDims) + " out-dims; this one has " +
                         std::to_string(bases.size()) + " and " + std::to_string(outDims.size()));
    int outBits = 0;
    for (size_t k = 0; k < outDims.size(); ++k) {
        const auto &[name, size] = outDims[k];
        if (appearsBefore(outDims, k))
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
    int inBits = 0;
    for (size_t k = 0; k < bases.size(); ++k) {
        const auto &[name, bs] = bases[k];
        if (appearsBefore(bases, k))
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
    // Valid and of full column rank by construction: no checks, no elimination.
    std::vector<Basis> bs;
    bs.reserve(size_t(log2Exact(size)));
    for (int32_t i = 1; i < size; i *= 2)
        bs.push_back({stride * i});
    BasesT bases;
    bases.emplace_back(inDim, std::move(bs));
    std::vector<NamedSize> outs;
    outs.emplace_back(outDim, stride * size);
    return makeWithRank(std::move(bases), std::move(outs), stride == 1, log2Exact(size));
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
    BasesT bases;
    bases.emplace_back(inDim, std::vector<Basis>(size_t(log2Exact(size)), Basis{0}));
    std::vector<NamedSize> outs;
    outs.emplace_back(outDim, outDimSize);
    return makeWithRank(std::move(bases), std::move(outs), outDimSize == 1, 0);
}

LinearLayout::BasesT LinearLayout::takeBases() &&
{
    BasesT bases = std::move(m_bases);
    *this = LinearLayout();
    return bases;
}

// ---- accessors ---------------------------------------------------------------------------------

std::vector<std::string> LinearLayout::inDimNames() const
{
    std::vector<std::string> n;
    n.reserve(m_bases.size());
    for (const auto &b : m_bases)
        n.push_back(b.first);
    return n;
}

std::vector<std::string> LinearLayout::outDimNames() const
{
    std::vector<std::string> n;
    n.reserve(m_outDims.size());
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
    std::vector<const std::string *> merged(x.size() + y.size());
    merged.resize(supremumInto(x, y, merged.data()));
    std::vector<std::string> result;
    result.reserve(merged.size());
    for (const std::string *s : merged)
        result.push_back(*s);
    return result;
}

} // namespace lx
