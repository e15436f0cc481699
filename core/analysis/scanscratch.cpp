#include "analysis/scanscratch.h"
#include "layout/dimnames.h"
#include "layout/layoututils.h"

#include <algorithm>

namespace lx {

namespace {
using namespace dims;

// Per dim, 2^(the bases of `dim` that move it first): Triton's basesPerDim without broadcasts.
std::vector<int64_t> basesPerDim(const LinearLayout &l, const std::string &dim)
{
    std::vector<int64_t> out(l.outDims().size(), 1);
    for (int i = 0; l.hasInDim(dim) && i < l.inDimSizeLog2(dim); ++i)
        if (const int d = firstMovedDim(l.basis(dim, i)); d >= 0)
            out[size_t(d)] *= 2;
    return out;
}

int64_t ceilDiv(int64_t a, int64_t b)
{
    return (a + b - 1) / std::max<int64_t>(b, 1);
}

// The layout's shape in Triton's blocked terms, read off the linear layout (Triton's
// LinearEncodingAttr getContigPerThread, getThreadsPerWarp, getWarpsPerCTA).
struct BlockedShape
{
    std::vector<int64_t> shape, contig, lanes, warps;
    int64_t waveSize = 1, numWarps = 1, registers = 1;

    [[nodiscard]] int64_t blocks(size_t d) const
    {
        return ceilDiv(shape[d], contig[d] * lanes[d] * warps[d]);
    }
};

BlockedShape blockedShapeOf(const LinearLayout &l, const std::vector<int32_t> &order)
{
    BlockedShape s;
    const size_t rank = l.outDims().size();
    for (const auto &[name, size] : l.outDims())
        s.shape.push_back(size);
    s.lanes = basesPerDim(l, kLane);
    s.warps = basesPerDim(l, kWarp);
    s.waveSize = l.hasInDim(kLane) ? l.inDimSize(kLane) : 1;
    s.numWarps = l.hasInDim(kWarp) ? l.inDimSize(kWarp) : 1;
    // Contiguous registers: the leading non-zero register bases 1, 2, 4, ... of each dim in order.
    std::vector<LinearLayout::Basis> regs;
    for (int i = 0; l.hasInDim(kRegister) && i < l.inDimSizeLog2(kRegister); ++i)
        if (!isZeroBasis(l.basis(kRegister, i)))
            regs.push_back(l.basis(kRegister, i));
    s.registers = int64_t(1) << regs.size();
    s.contig.assign(rank, 1);
    size_t next = 0;
    for (int32_t d : order) {
        if (d < 0 || size_t(d) >= rank)
            continue;
        LinearLayout::Basis unit(rank, 0);
        unit[size_t(d)] = 1;
        while (next < regs.size() && regs[next] == unit) {
            s.contig[size_t(d)] *= 2;
            unit[size_t(d)] *= 2;
            ++next;
        }
    }
    return s;
}

// A lane's or warp's index along each dim (its bits whose bases move that dim, packed in order:
// Triton's delinearize) and whether it is its group's representative (no bit of a zero basis).
struct ThreadIndex
{
    std::vector<int64_t> perDim;
    bool representative = true;
};

ThreadIndex threadIndexOf(const LinearLayout &l, const std::string &dim, int64_t i)
{
    ThreadIndex out;
    out.perDim.assign(l.outDims().size(), 0);
    std::vector<int> packed(l.outDims().size(), 0);
    for (int b = 0; l.hasInDim(dim) && b < l.inDimSizeLog2(dim); ++b) {
        const bool set = (i >> b) & 1;
        const int d = firstMovedDim(l.basis(dim, b));
        if (d < 0)
            out.representative = out.representative && !set;
        else
            out.perDim[size_t(d)] |= int64_t(set) << packed[size_t(d)]++;
    }
    return out;
}

// Triton's linearize of a multi-dim index over `sizes`, order[0] the fastest.
int64_t linearize(const std::vector<int64_t> &index, const std::vector<int64_t> &sizes,
                  const std::vector<int32_t> &order)
{
    int64_t out = 0, stride = 1;
    for (int32_t d : order) {
        out += index[size_t(d)] * stride;
        stride *= sizes[size_t(d)];
    }
    return out;
}

} // namespace

Expected<ScanScratch> scanScratch(const LinearLayout &src, const std::vector<int32_t> &order,
                                  int axis, int elementBits)
{
    const int rank = int(src.outDims().size());
    if (axis < 0 || axis >= rank)
        return makeError("axis " + std::to_string(axis) + " is outside the operand's " +
                         std::to_string(rank) + " dims");
    if (!src.hasInDim(kRegister) || !src.hasInDim(kLane) || !src.hasInDim(kWarp))
        return makeError("the scanned operand is not a distributed layout");
    std::vector<int32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int d = 0; d < rank; ++d)
        if (size_t(d) >= sorted.size() || sorted[size_t(d)] != d)
            return makeError("the layout's order is not a permutation of its " +
                             std::to_string(rank) + " dims");
    const BlockedShape b = blockedShapeOf(src, order);
    const size_t a = size_t(axis);
    ScanScratch out;
    out.axisContig = int(b.contig[a]);
    out.axisLanes = int(b.lanes[a]);
    out.axisWarps = int(b.warps[a]);
    out.chunks = b.registers / b.contig[a];
    out.axisBlocks = b.blocks(a);
    int64_t offAxisBlocks = 1, offAxisContig = 1;
    for (size_t d = 0; d < size_t(rank); ++d)
        if (d != a) {
            offAxisBlocks *= b.blocks(d);
            offAxisContig *= b.contig[d];
        }
    out.offAxis = offAxisBlocks * offAxisContig;
    const int64_t offAxisLanes = b.waveSize / b.lanes[a];
    out.parallelThreads = (b.numWarps / b.warps[a]) * offAxisLanes;
    out.elementBits = std::max(8, elementBits);
    if (out.axisWarps == 1)
        return out; // the lanes finish the scan with shuffles: no LDS
    out.throughLds = true;
    out.barriers = 1;
    out.stores = out.chunks;
    out.loads = out.chunks * out.axisWarps - out.offAxis;
    out.scratchBytes = int64_t((elementBits + 7) / 8) * b.numWarps * offAxisLanes * offAxisContig *
                       out.axisBlocks * offAxisBlocks;
    return out;
}

Expected<std::vector<ScratchInstruction>> scanScratchInstructions(const Architecture &arch,
                                                                  const LinearLayout &src,
                                                                  const std::vector<int32_t> &order,
                                                                  int axis, const ScanScratch &s)
{
    std::vector<ScratchInstruction> out;
    if (!s.throughLds)
        return out;
    const std::optional<std::string> store = scratchInstruction(arch, 1, s.elementBits, true);
    const std::optional<std::string> load = scratchInstruction(arch, 1, s.elementBits, false);
    if (!store || !load)
        return makeError(arch.name + " has no single-address instruction for the scratch's " +
                         std::to_string(s.elementBits) + "-bit elements");
    const BlockedShape b = blockedShapeOf(src, order);
    const size_t a = size_t(axis);
    const int64_t bytes = s.elementBits / 8;
    std::vector<int64_t> laneSizes = b.lanes, warpSizes = b.warps;
    laneSizes[a] = warpSizes[a] = 1;
    const int64_t offAxisLanes = b.waveSize / b.lanes[a];
    // Triton's getAxisBlockStride: the chunks of one off-axis position are this far apart.
    int64_t blockStride = 1;
    for (int32_t d : order) {
        if (size_t(d) == a)
            break;
        blockStride *= b.blocks(size_t(d));
    }
    int64_t perChunkContig = 1;
    for (size_t d = 0; d < b.contig.size(); ++d)
        if (d != a)
            perChunkContig *= b.contig[d];
    // (lane, warp) -> (the flat off-axis thread index, the lane's and the warp's axis index,
    // representative), computed once per thread: every chunk and every load reads it again.
    std::vector<std::tuple<int64_t, int64_t, int64_t, bool>> threads;
    threads.reserve(size_t(b.numWarps * b.waveSize));
    for (int64_t w = 0; w < b.numWarps; ++w) {
        const ThreadIndex warpIndex = threadIndexOf(src, kWarp, w);
        for (int64_t l = 0; l < b.waveSize; ++l) {
            ThreadIndex lane = threadIndexOf(src, kLane, l), warp = warpIndex;
            const int64_t laneAxis = lane.perDim[a], warpAxis = warp.perDim[a];
            lane.perDim[a] = warp.perDim[a] = 0;
            const int64_t flat = linearize(lane.perDim, laneSizes, order) +
                                 linearize(warp.perDim, warpSizes, order) * offAxisLanes;
            threads.emplace_back(flat, laneAxis, warpAxis,
                                 lane.representative && warp.representative);
        }
    }
    auto thread = [&](int64_t l, int64_t w) { return threads[size_t(w * b.waveSize + l)]; };
    for (int64_t c = 0; c < s.chunks; ++c) {
        ScratchInstruction st{*store, true, {}, {}};
        for (int64_t w = 0; w < b.numWarps; ++w) {
            std::vector<std::optional<int64_t>> addresses(size_t(b.waveSize));
            for (int64_t l = 0; l < b.waveSize; ++l) {
                const auto [flat, laneAxis, warpAxis, representative] = thread(l, w);
                if (representative && laneAxis == s.axisLanes - 1)
                    addresses[size_t(l)] = (flat + warpAxis * s.parallelThreads +
                                            c * s.parallelThreads * s.axisWarps) *
                                           bytes;
            }
            st.lanes.push_back(std::move(addresses));
        }
        out.push_back(std::move(st));
    }
    for (int64_t c = 0; c < s.chunks; ++c) {
        const int64_t axisBlock = (c / perChunkContig / blockStride) % s.axisBlocks;
        for (int64_t i = 0; i < s.axisWarps; ++i) {
            if (i == s.axisWarps - 1 && axisBlock == s.axisBlocks - 1)
                continue; // feeds only the running total after the last chunk: removed
            ScratchInstruction ld{*load, false, {}, {}};
            for (int64_t w = 0; w < b.numWarps; ++w) {
                std::vector<std::optional<int64_t>> addresses(size_t(b.waveSize));
                for (int64_t l = 0; l < b.waveSize; ++l)
                    addresses[size_t(l)] =
                        (std::get<0>(thread(l, w)) + s.parallelThreads * (i + c * s.axisWarps)) *
                        bytes;
                ld.lanes.push_back(std::move(addresses));
            }
            out.push_back(std::move(ld));
        }
    }
    return out;
}

} // namespace lx
