#pragma once

// Internal to the ownership view sources: how owners are coloured. The colour key of an owner
// (lane, register, warp, SIMD, SIMD pair, block, offset), the colour of each key, every cell's
// fill and the legend that explains them. The SIMD and SIMD-pair keys read the architecture's CU
// model (which SIMD a warp runs on, which pair a SIMD belongs to), never constants.

#include "analysis/ownership.h"
#include "base/largebuffer.h"
#include "hw/arch.h"
#include "render/diagram.h"
#include "render/ownershipdiagram.h"
#include "render/ownershipdiagraminternal.h"
#include "render/palette.h"

#include <QRgb>
#include <QString>

#include <optional>
#include <span>
#include <vector>

namespace lx::ownershipdiagraminternal {

// A warpgroup is four consecutive warps (the PTX ISA's wgmma: warps 4k .. 4k + 3 issue one
// instruction together); Hopper's MMA v3 layouts stack them along M.
inline constexpr int32_t kWarpsPerWarpgroup = 4;

// The colour key of an owner (lane, register, warp, ...), how many keys there are and the
// colour of each.
struct OwnerColouring
{
    OwnerColouring(const InDimFields &fields, OwnerColor by, std::optional<CuModel> cuModel)
        : f(fields), colorBy(by), cu(std::move(cuModel))
    {
        switch (colorBy) {
        case OwnerColor::Lane:
            keyCount = f.lane.size();
            break;
        case OwnerColor::Register:
            keyCount = f.reg.size();
            break;
        case OwnerColor::Warp:
            keyCount = f.warp.size();
            break;
        case OwnerColor::Simd:
        case OwnerColor::SimdPair:
            // The keys the warps reach: SIMD w mod simds, or its pair (unpaired last).
            for (int32_t w = 0; w < std::max(1, f.warp.size()); ++w)
                keyCount = std::max(keyCount, simdKey(w) + 1);
            break;
        case OwnerColor::Block:
            keyCount = f.block.size();
            break;
        case OwnerColor::Offset:
            keyCount = f.offset.size();
            break;
        case OwnerColor::Warpgroup:
            keyCount = (std::max(1, f.warp.size()) + kWarpsPerWarpgroup - 1) / kWarpsPerWarpgroup;
            break;
        }
        // One colour per key up front when there are few keys (every one is likely painted).
        if (keyCount <= 4096)
            for (int32_t k = 0; k < keyCount; ++k)
                table.push_back(computeColor(k));
    }
    int32_t key(uint64_t x) const
    {
        switch (colorBy) {
        case OwnerColor::Lane:
            return f.lane.get(x);
        case OwnerColor::Register:
            return f.reg.get(x);
        case OwnerColor::Warp:
            return f.warp.get(x);
        case OwnerColor::Simd:
        case OwnerColor::SimdPair:
            return simdKey(f.warp.get(x));
        case OwnerColor::Block:
            return f.block.get(x);
        case OwnerColor::Offset:
            return f.offset.get(x);
        case OwnerColor::Warpgroup:
            return f.warp.get(x) / kWarpsPerWarpgroup;
        }
        return 0;
    }
    // The SIMD of warp w, or its SIMD pair (a SIMD in no pair: numPairs, drawn as such).
    int32_t simdKey(int32_t w) const
    {
        if (!cu)
            return 0;
        if (colorBy == OwnerColor::Simd)
            return cu->simdOfWarp(w);
        const int pair = cu->pairOfWarp(w);
        return pair < 0 ? cu->numPairs() : pair;
    }
    QRgb color(int32_t key) const
    {
        return size_t(key) < table.size() ? table[size_t(key)] : computeColor(key);
    }
    QRgb computeColor(int32_t key) const
    {
        switch (colorBy) {
        case OwnerColor::SimdPair:
            return simdPairColor(key);
        case OwnerColor::Simd:
            return simdColor(key);
        case OwnerColor::Offset:
            return rampColor(keyCount > 1 ? double(key) / double(keyCount - 1) : 0.0);
        default:
            return categoricalColor(key, keyCount);
        }
    }
    // Whether the owners do not all have the same key.
    bool mixed(std::span<const OwnershipMap::Input> owners) const
    {
        if (owners.empty())
            return false;
        const int32_t k = key(owners[0]);
        for (uint64_t x : owners)
            if (key(x) != k)
                return true;
        return false;
    }

    InDimFields f;
    OwnerColor colorBy;
    std::optional<CuModel> cu;
    int32_t keyCount = 1;
    std::vector<QRgb> table;
};

// "warp", "simd-pair", ...: the key's name as the view option "colorBy" writes it.
QString colorKeyName(OwnerColor c);
// "warp", "SIMD pair", ...: the key's name as the legend's entries and titles write it.
QString colorKeyWords(OwnerColor c);
// "The layout has one warp, so every element is warp 0" when `colouring` has one key, else
// empty (ownershipdiagram.h singleOwnerColourNote).
QString singleKeyNote(const OwnerColouring &colouring);

// Every cell's fill (the first owner's colour, 0 without an owner) and the counts of cells
// without an owner and with owners of mixed keys.
struct OwnerFills
{
    LargeBuffer<QRgb> fills;
    size_t unowned = 0;
    size_t mixedCells = 0;
};

OwnerFills ownerFills(const OwnershipMap &map, const OwnerColouring &colouring);

// Legend: one entry per colour key (up to 64; beyond, a single line naming the key), then the
// mixed outline and the unowned elements when there are any.
void addOwnershipLegend(Diagram &d, const OwnerColouring &colouring, bool anyMixed, size_t unowned);

} // namespace lx::ownershipdiagraminternal
