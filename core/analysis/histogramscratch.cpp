#include "analysis/histogramscratch.h"

#include <algorithm>

namespace lx {

namespace {

// The bin of (register, lane, warp) in the result layout.
int64_t binOf(const LinearLayout &l, int64_t reg, int64_t lane, int64_t warp)
{
    int64_t bin = 0;
    for (const auto &[dim, index] :
         {std::pair<std::string, int64_t>{"register", reg}, {"lane", lane}, {"warp", warp}})
        for (int b = 0; l.hasInDim(dim) && b < l.inDimSizeLog2(dim); ++b)
            if ((index >> b) & 1)
                bin ^= l.basis(dim, b)[0];
    return bin;
}

} // namespace

std::string histogramAtomicName(const Architecture &arch, int bits)
{
    const std::string width = bits > 32 ? "64" : "32";
    return arch.vendor == "nvidia" ? "atom.shared.add.u" + width : "ds_add_u" + width;
}

Expected<HistogramScratch> histogramScratch(const LinearLayout &result, int bits, int lanes,
                                            int warps)
{
    if (result.outDims().size() != 1)
        return makeError("a histogram's result has one dim, not " +
                         std::to_string(result.outDims().size()));
    if (lanes <= 0 || warps <= 0)
        return makeError("the module names no lanes or warps");
    HistogramScratch out;
    out.bins = result.outDims().front().second;
    out.counterBits = std::max(8, bits);
    out.binsPerLane = (out.bins + lanes - 1) / lanes;
    out.zeroStores = (out.bins + int64_t(lanes) * warps - 1) / (int64_t(lanes) * warps);
    int nonZero = 0;
    for (int b = 0; result.hasInDim("register") && b < result.inDimSizeLog2("register"); ++b)
        nonZero += result.basis("register", b)[0] != 0;
    out.resultLoads = int64_t(1) << nonZero;
    out.scratchBytes = std::max<int64_t>(out.bins, lanes) * out.counterBits / 8;
    return out;
}

Expected<std::vector<ScratchInstruction>> histogramScratchInstructions(const Architecture &arch,
                                                                       const LinearLayout &result,
                                                                       const HistogramScratch &s)
{
    const std::optional<std::string> store = scratchInstruction(arch, 1, s.counterBits, true);
    const std::optional<std::string> load = scratchInstruction(arch, 1, s.counterBits, false);
    if (!store || !load)
        return makeError(arch.name + " has no single-address instruction for " +
                         std::to_string(s.counterBits) + "-bit counters");
    const int64_t lanes = result.hasInDim("lane") ? result.inDimSize("lane") : 1;
    const int64_t warps = result.hasInDim("warp") ? result.inDimSize("warp") : 1;
    const int64_t bytes = s.counterBits / 8;
    std::vector<ScratchInstruction> out;
    auto each = [&](const std::string &name, bool isWrite, auto &&address) {
        ScratchInstruction in{
            name, isWrite, {}, name == *store || name == *load ? std::string() : *store};
        for (int64_t w = 0; w < warps; ++w) {
            std::vector<std::optional<int64_t>> addresses(static_cast<size_t>(lanes));
            for (int64_t l = 0; l < lanes; ++l)
                addresses[size_t(l)] = address(l, w) * bytes;
            in.lanes.push_back(std::move(addresses));
        }
        out.push_back(std::move(in));
    };
    for (int64_t i = 0; i < s.zeroStores; ++i)
        each(*store, true,
             [&](int64_t l, int64_t w) { return (w * lanes + l + i * lanes * warps) % s.bins; });
    for (int64_t i = 0; i < s.binsPerLane; ++i)
        each(histogramAtomicName(arch, s.counterBits), true,
             [&](int64_t l, int64_t) { return l * s.binsPerLane + i; });
    std::vector<int> regs;
    for (int b = 0; result.hasInDim("register") && b < result.inDimSizeLog2("register"); ++b)
        if (result.basis("register", b)[0] != 0)
            regs.push_back(b);
    for (int64_t g = 0; g < (int64_t(1) << regs.size()); ++g) {
        int64_t reg = 0;
        for (size_t k = 0; k < regs.size(); ++k)
            if ((g >> k) & 1)
                reg |= int64_t(1) << regs[k];
        each(*load, false, [&](int64_t l, int64_t w) { return binOf(result, reg, l, w); });
    }
    return out;
}

} // namespace lx
