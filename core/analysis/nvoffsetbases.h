#pragma once

// The offset images of a register → shared-offset conversion's bases, and the two operations the
// NVIDIA matrix phases and wavefront counts take on them. One copy for both.

#include "layout/linearlayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx::nvbases {

// The offset of every basis of `dim` (cvt's only out-dim is offset); empty if cvt lacks `dim`.
inline std::vector<int64_t> offsetsOf(const LinearLayout &cvt, const std::string &dim)
{
    std::vector<int64_t> out;
    const int o = cvt.outDimIndex("offset");
    if (cvt.hasInDim(dim))
        for (int i = 0; i < cvt.inDimSizeLog2(dim); ++i)
            out.push_back(cvt.basis(dim, i)[size_t(o)]);
    return out;
}

// XOR of bases[i] over the set bits i of `index`.
inline int64_t combine(const std::vector<int64_t> &bases, uint64_t index)
{
    int64_t v = 0;
    for (size_t i = 0; i < bases.size(); ++i)
        if ((index >> i) & 1)
            v ^= bases[i];
    return v;
}

// bases[i] for each i of `which`, in that order (indices out of range are skipped).
inline std::vector<int64_t> pick(const std::vector<int64_t> &bases, const std::vector<int> &which)
{
    std::vector<int64_t> out;
    for (int i : which)
        if (i >= 0 && i < int(bases.size()))
            out.push_back(bases[size_t(i)]);
    return out;
}

} // namespace lx::nvbases
