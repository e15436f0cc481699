// The transposed LDS loads an architecture has (its file's "transposedLoads") as the ds_load_tr
// analysis models them, and the lane <-> element exchange of one instruction (tile, fullTile,
// sourceOf, destinationOf). dsloadtr.h declares them; dsloadtr.cpp plans a conversion with them.

#include "analysis/dsloadtr.h"
#include "base/intmath.h"

#include "hw/arch.h"
#include "layout/dimnames.h"

#include <bit>

namespace lx {

namespace {
using namespace dims;

DsLoadTrInstruction makeInstruction(std::string arch, std::string name, std::string intrinsic,
                                    int elementBits, int instBits, int a, int b, int warpSize)
{
    DsLoadTrInstruction i;
    i.arch = std::move(arch);
    i.name = std::move(name);
    i.intrinsic = std::move(intrinsic);
    i.elementBits = elementBits;
    i.instBits = instBits;
    i.leadingRegBases = a;
    i.leadingLaneBases = b;
    i.warpSize = warpSize;
    return i;
}

} // namespace

LinearLayout DsLoadTrInstruction::tile() const
{
    return *LinearLayout::identity1D(tileSize(), kLane, kOffset);
}

LinearLayout DsLoadTrInstruction::fullTile() const
{
    const int t = log2Exact(tileSize());
    const int laneBits = log2Exact(warpSize);
    std::vector<LinearLayout::Basis> lane, reg;
    for (int i = 0; i < t; ++i)
        lane.push_back({int32_t(1) << i, 0});
    int addrBit = 0;
    auto next = [&]() { return LinearLayout::Basis{0, int32_t(1) << addrBit++}; };
    for (int i = 0; i < leadingRegBases; ++i)
        reg.push_back(next());
    for (int i = 0; i < leadingLaneBases; ++i)
        lane.push_back(next());
    for (int i = leadingRegBases; i < t; ++i)
        reg.push_back(next());
    for (int i = t + leadingLaneBases; i < laneBits; ++i)
        lane.push_back(next());
    return *LinearLayout::tryCreate({{kLane, lane}, {kRegister, reg}, {kWarp, {}}},
                                    {{kOffset, tileSize()}, {kAddr, warpSize}}, true);
}

DsLoadTrInstruction::LaneElement DsLoadTrInstruction::sourceOf(int dstLane, int dstRegister) const
{
    const std::vector<int32_t> v = fullTile().applyOrdered({dstLane, dstRegister, 0});
    return {v[1], v[0]};
}

DsLoadTrInstruction::LaneElement DsLoadTrInstruction::destinationOf(int srcLane, int element) const
{
    // fullTile is a bijection (offset, addr) <-> (lane, register) by construction.
    const LinearLayout inv = *fullTile().invert();
    const std::vector<int32_t> v = inv.applyOrdered({element, srcLane});
    const int li = inv.outDimIndex(kLane), ri = inv.outDimIndex(kRegister);
    return {v[size_t(li)], v[size_t(ri)]};
}

std::vector<DsLoadTrInstruction> dsLoadTrInstructionsOf(const Architecture &arch)
{
    std::vector<DsLoadTrInstruction> out;
    for (const TransposedLoad &t : arch.transposedLoads)
        out.push_back(makeInstruction(arch.name, t.name, t.intrinsic, t.elementBits,
                                      t.instructionBits, t.leadingRegisterBases, t.leadingLaneBases,
                                      arch.waveSize));
    return out;
}

const std::vector<DsLoadTrInstruction> &dsLoadTrInstructions()
{
    static const std::vector<DsLoadTrInstruction> all = [] {
        std::vector<DsLoadTrInstruction> out;
        for (const std::string &name : knownArchitectures())
            if (const Expected<Architecture> arch = loadArchitecture(name))
                for (DsLoadTrInstruction &i : dsLoadTrInstructionsOf(*arch))
                    out.push_back(std::move(i));
        return out;
    }();
    return all;
}

Expected<DsLoadTrInstruction> dsLoadTrInstruction(const Architecture &arch, int elementBits)
{
    // Only the matching load is built (dsLoadTrInstructionsOf's entry for it).
    std::string widths;
    for (const TransposedLoad &t : arch.transposedLoads) {
        if (t.elementBits == elementBits)
            return makeInstruction(arch.name, t.name, t.intrinsic, t.elementBits, t.instructionBits,
                                   t.leadingRegisterBases, t.leadingLaneBases, arch.waveSize);
        widths += (widths.empty() ? "" : ", ") + std::to_string(t.elementBits);
    }
    if (arch.transposedLoads.empty())
        return makeError(arch.name + " has no transposed LDS loads (its architecture file lists "
                                     "no \"transposedLoads\")");
    return makeError(std::to_string(elementBits) +
                     "-bit elements cannot be moved by a transposed load on " + arch.name +
                     " (its variants move " + widths + "-bit elements)");
}

Expected<DsLoadTrInstruction> dsLoadTrInstruction(const std::string &arch, int elementBits)
{
    Expected<Architecture> a = loadArchitecture(arch);
    if (!a)
        return a.error();
    return dsLoadTrInstruction(*a, elementBits);
}

std::optional<DsLoadTrInstruction> dsLoadTrInstructionByName(const std::string &name)
{
    for (const DsLoadTrInstruction &i : dsLoadTrInstructions())
        if (i.name == name)
            return i;
    return std::nullopt;
}

} // namespace lx
