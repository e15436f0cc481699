#pragma once

// Small helpers shared by the LinearLayout sources (linearlayout.cpp, linearlayoutalgebra.cpp,
// linearlayoutshape.cpp). Internal to core/layout: not part of the engine's interface.

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

inline int log2Exact(int64_t v)
{
    return std::countr_zero(uint64_t(v));
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

inline bool contains(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
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
