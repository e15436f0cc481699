#include "analysis/scratchcost.h"

#include "analysis/banks.h"
#include "analysis/banksprepared.h"
#include "analysis/nvsharedaccess.h"

#include <algorithm>

namespace lx {

namespace {

// How far a provenance is from a documented number: an inferred table read ranks above an
// extrapolated one, which ranks above the rest.
int certaintyRank(const Provenance &p)
{
    return p.confidence == "inferred" ? 2 : p.isLowConfidence() ? 1 : 0;
}

} // namespace

std::optional<std::string> scratchInstruction(const Architecture &arch, int elements, int bits,
                                              bool isWrite)
{
    if (arch.vendor == "nvidia")
        return nvidiaPlainMnemonic(elements, bits, isWrite);
    if (const LdsInstruction *i = arch.plainInstruction(std::max(8, elements * bits) / 8, isWrite))
        return i->name;
    return std::nullopt;
}

std::vector<ScratchInstruction> vectorAccessInstructions(const std::string &name, bool isWrite,
                                                         const LinearLayout &map,
                                                         const std::vector<int> &vectorRegs,
                                                         int64_t bytesPerElement)
{
    const std::string kReg = "register";
    // The bases of an in-dim (none where the map has no such dim), looked up once.
    auto inDimBases = [&](const std::string &dim) {
        const int k = map.inDimIndex(dim);
        return k < 0 ? std::vector<LinearLayout::Basis>{} : map.bases()[size_t(k)].second;
    };
    const std::vector<LinearLayout::Basis> regBases = inDimBases(kReg);
    auto imageOf = [](const std::vector<LinearLayout::Basis> &bases, int64_t i) {
        int64_t offset = 0;
        for (size_t b = 0; b < bases.size(); ++b)
            if ((i >> b) & 1)
                offset ^= bases[b][0];
        return offset;
    };
    std::vector<int> others;
    for (int b = 0; map.hasInDim(kReg) && b < map.inDimSizeLog2(kReg); ++b)
        if (map.basis(kReg, b)[0] != 0 &&
            std::find(vectorRegs.begin(), vectorRegs.end(), b) == vectorRegs.end())
            others.push_back(b);
    const int64_t lanes = map.hasInDim("lane") ? map.inDimSize("lane") : 1;
    const int64_t warps = map.hasInDim("warp") ? map.inDimSize("warp") : 1;
    // Every lane's and every warp's image, once (not per instruction and lane).
    std::vector<int64_t> laneImages(static_cast<size_t>(lanes)),
        warpImages(static_cast<size_t>(warps));
    const std::vector<LinearLayout::Basis> laneBases = inDimBases("lane"),
                                           warpBases = inDimBases("warp");
    for (int64_t l = 0; l < lanes; ++l)
        laneImages[size_t(l)] = imageOf(laneBases, l);
    for (int64_t w = 0; w < warps; ++w)
        warpImages[size_t(w)] = imageOf(warpBases, w);
    std::vector<ScratchInstruction> out;
    for (int64_t g = 0; g < (int64_t(1) << others.size()); ++g) {
        int64_t reg = 0;
        for (size_t k = 0; k < others.size(); ++k)
            if ((g >> k) & 1)
                reg |= int64_t(1) << others[k];
        ScratchInstruction in{name, isWrite, {}, {}};
        const int64_t base = imageOf(regBases, reg);
        for (int64_t w = 0; w < warps; ++w) {
            std::vector<std::optional<int64_t>> addresses(static_cast<size_t>(lanes));
            for (int64_t l = 0; l < lanes; ++l)
                addresses[size_t(l)] =
                    (base ^ laneImages[size_t(l)] ^ warpImages[size_t(w)]) * bytesPerElement;
            in.lanes.push_back(std::move(addresses));
        }
        out.push_back(std::move(in));
    }
    return out;
}

void costScratchInstructions(KernelOpReport &r, const Architecture &arch,
                             const std::vector<ScratchInstruction> &instructions)
{
    int ways = 0;
    int64_t cycles = 0, ideal = 0;
    Provenance provenance;
    for (const ScratchInstruction &s : instructions) {
        const std::string &table = s.costedAs.empty() ? s.name : s.costedAs;
        const LdsInstruction *instr = arch.findInstruction(table);
        if (!instr || instr->passes != 1) {
            r.cyclesNote = instr ? table + " takes " + std::to_string(instr->passes) +
                                       " passes; the lane-address model takes one"
                                 : table + " is not in the architecture file";
            return;
        }
        for (const std::vector<std::optional<int64_t>> &lanes : s.lanes) {
            std::vector<std::optional<int64_t>> wave = lanes;
            wave.resize(size_t(arch.waveSize));
            Expected<InstructionReport> rep = analyzeAddressesWithoutPhases(arch, *instr, {wave});
            if (!rep) {
                r.cyclesNote = "the bank analysis failed: " + rep.message();
                return;
            }
            ways = std::max(ways, rep->maxWays);
            cycles += rep->cycles;
            ideal += rep->idealCycles;
        }
        // The least certain table read is the provenance of the sum.
        Provenance p = instr->provenance;
        if (!s.costedAs.empty())
            p = {"inferred", s.name + " costed with the phase table of " + s.costedAs +
                                 " (the architecture file has none for it); " + p.source};
        if (provenance.source.empty() || certaintyRank(p) > certaintyRank(provenance))
            provenance = p;
    }
    r.maxWays = std::max(ways, 1);
    r.cyclesPerCta = cycles;
    r.idealCyclesPerCta = ideal;
    r.cyclesProvenance = provenance;
}

std::vector<KernelLdsAccess>
scratchAccessCounts(const std::vector<ScratchInstruction> &instructions)
{
    std::vector<KernelLdsAccess> out;
    for (const ScratchInstruction &s : instructions) {
        auto it = std::find_if(out.begin(), out.end(), [&](const KernelLdsAccess &a) {
            return a.instruction == s.name && a.isWrite == s.isWrite;
        });
        if (it == out.end())
            out.push_back({s.name, 1, 1, s.isWrite});
        else {
            ++it->count;
            ++it->issued;
        }
    }
    return out;
}

} // namespace lx
