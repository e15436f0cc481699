#pragma once

// Internal to the ownership view sources (ownershipdiagram.cpp: element -> owners;
// inversediagram.cpp: hardware index -> element). Not part of the interface: ownershipdiagram.h
// is.

#include "layout/linearlayout.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace lx::ownershipdiagraminternal {

// Where each well-known in-dim sits in the flattened input.
struct InDimFields
{
    struct Field
    {
        int shift = 0;
        int bits = -1; // -1: the layout has no such in-dim
        int32_t get(uint64_t x) const
        {
            return bits < 0 ? 0 : int32_t((x >> shift) & ((uint64_t(1) << bits) - 1));
        }
        int32_t size() const { return bits < 0 ? 1 : int32_t(1) << bits; }
        bool present() const { return bits >= 0; }
    };
    Field reg, lane, warp, block, offset;

    explicit InDimFields(const LinearLayout &layout)
    {
        int shift = 0;
        for (const auto &[name, bases] : layout.bases()) {
            Field f{shift, int(bases.size())};
            if (name == "register")
                reg = f;
            else if (name == "lane")
                lane = f;
            else if (name == "warp")
                warp = f;
            else if (name == "block")
                block = f;
            else if (name == "offset")
                offset = f;
            shift += int(bases.size());
        }
    }
    bool isShared() const { return offset.present(); }
};

// "warp=3 → [2,1] ⊕ [1,0] = [3,1]" for one value per in-dim.
QString xorText(const LinearLayout &layout, const std::vector<int32_t> &values);

} // namespace lx::ownershipdiagraminternal
