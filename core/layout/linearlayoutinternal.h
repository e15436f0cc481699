#pragma once

// Small helpers shared by the LinearLayout sources (linearlayout.cpp, linearlayoutalgebra.cpp,
// linearlayoutshape.cpp). Internal to core/layout: not part of the engine's interface.

#include "base/intmath.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace lx::llinternal {

inline bool isPowerOf2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

inline std::string joinNames(const std::vector<std::string> &names)
{
    std::string s = "[";
    for (size_t i = 0; i < names.size(); ++i)
        s += (i ? ", " : "") + names[i];
    return s + "]";
}

inline bool sameSet(std::vector<std::string> a, std::vector<std::string> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

// Whether the name of entry k of a (name, ...) list is the name of an earlier entry.
template <typename Pairs> bool appearsBefore(const Pairs &v, size_t k)
{
    for (size_t j = 0; j < k; ++j)
        if (v[j].first == v[k].first)
            return true;
    return false;
}

// Whether `order` is a permutation of the names of a (name, ...) list without repeated names.
// No allocation.
template <typename Pairs>
bool isPermutationOf(const std::vector<std::string> &order, const Pairs &dims)
{
    if (order.size() != dims.size())
        return false;
    for (size_t k = 0; k < order.size(); ++k) {
        for (size_t j = 0; j < k; ++j)
            if (order[j] == order[k])
                return false;
        bool found = false;
        for (const auto &d : dims)
            if (d.first == order[k]) {
                found = true;
                break;
            }
        if (!found)
            return false;
    }
    return true;
}

// Whether two (name, ...) lists, each without repeated names, name the same set of dims. No
// allocation: the lists hold at most kMaxDims entries.
template <typename A, typename B> bool sameNames(const A &a, const B &b)
{
    if (a.size() != b.size())
        return false;
    for (const auto &x : a) {
        bool found = false;
        for (const auto &y : b)
            if (x.first == y.first) {
                found = true;
                break;
            }
        if (!found)
            return false;
    }
    return true;
}

inline bool contains(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

// The name of an entry of a name list or of a (name, ...) list.
inline const std::string &nameOf(const std::string &s)
{
    return s;
}
template <typename T> const std::string &nameOf(const std::pair<std::string, T> &p)
{
    return p.first;
}

// Triton's LayoutUtils `supremum` over name lists or (name, ...) lists: merge two ordered lists
// without duplicates. The result points at the names of x and y and goes to `out`, which has room
// for x.size() + y.size(); returns its length (product calls it on the layouts' own dims, so it
// neither copies a name nor allocates).
template <typename X, typename Y>
size_t supremumInto(const X &x, const Y &y, const std::string **out)
{
    size_t n = 0;
    size_t i = 0, j = 0;
    auto emitted = [&](const std::string &s) {
        for (size_t k = 0; k < n; ++k)
            if (*out[k] == s)
                return true;
        return false;
    };
    auto posIn = [](const auto &v, const std::string &s, size_t from) -> long {
        for (size_t k = from; k < v.size(); ++k)
            if (nameOf(v[k]) == s)
                return long(k);
        return -1;
    };
    while (i < x.size() || j < y.size()) {
        while (i < x.size() && emitted(nameOf(x[i])))
            ++i;
        while (j < y.size() && emitted(nameOf(y[j])))
            ++j;
        if (i >= x.size() && j >= y.size())
            break;
        if (i >= x.size()) {
            out[n++] = &nameOf(y[j++]);
            continue;
        }
        if (j >= y.size()) {
            out[n++] = &nameOf(x[i++]);
            continue;
        }
        const std::string &xi = nameOf(x[i]), &yj = nameOf(y[j]);
        if (xi == yj) {
            out[n++] = &xi;
            ++i;
            ++j;
            continue;
        }
        const long xInY = posIn(y, xi, j + 1);
        const long yInX = posIn(x, yj, i + 1);
        if (xInY < 0 || (yInX >= 0 && xInY <= yInX))
            out[n++] = &nameOf(x[i++]);
        else
            out[n++] = &nameOf(y[j++]);
    }
    return n;
}

// Flat bit offset of each out-dim (first out-dim least significant).
inline std::vector<int> outOffsets(const std::vector<LinearLayout::NamedSize> &outDims)
{
    std::vector<int> off;
    int acc = 0;
    for (const auto &o : outDims) {
        off.push_back(acc);
        acc += log2Exact(o.second);
    }
    return off;
}

// A basis as one flat word, component o shifted to bit offsets[o] (outOffsets gives a layout's
// own out-dim offsets).
inline uint64_t packBasis(const LinearLayout::Basis &b, const std::vector<int> &offsets)
{
    uint64_t v = 0;
    for (size_t o = 0; o < b.size() && o < offsets.size(); ++o)
        v |= uint64_t(uint32_t(b[o])) << offsets[o];
    return v;
}

} // namespace lx::llinternal
