#include "analysis/reducescratch.h"

#include "analysis/ldslowering.h"
#include "layout/dimnames.h"
#include "layout/layoututils.h"

#include <algorithm>
#include <set>

namespace lx {

namespace {
using namespace dims;

// The index of the first non-zero component of a basis, -1 for a zero basis.
// Triton's LinearEncodingAttr::getOrder: the dims in the order the register bases first move
// them, then the rest from the last dim down.
std::vector<int> registerOrder(const LinearLayout &l)
{
    std::vector<int> order;
    const int rank = int(l.outDims().size());
    if (l.hasInDim(kRegister))
        for (int i = 0; i < l.inDimSizeLog2(kRegister); ++i)
            if (const int d = firstMovedDim(l.basis(kRegister, i));
                d >= 0 && std::find(order.begin(), order.end(), d) == order.end())
                order.push_back(d);
    for (int d = rank - 1; d >= 0; --d)
        if (std::find(order.begin(), order.end(), d) == order.end())
            order.push_back(d);
    return order;
}

// 2^rank of the register bases with the axis component cleared: the distinct positions off the
// axis among a thread's registers (Triton's accumulator keys).
int64_t offAxisPositions(const LinearLayout &src, int axis)
{
    std::vector<LinearLayout::Basis> bases;
    for (int i = 0; i < src.inDimSizeLog2(kRegister); ++i) {
        LinearLayout::Basis b = src.basis(kRegister, i);
        b[size_t(axis)] = 0;
        bases.push_back(std::move(b));
    }
    Expected<LinearLayout> sub =
        LinearLayout::tryCreate({{kRegister, bases}}, src.outDims(), false);
    return sub ? int64_t(1) << sub->rank() : int64_t(1) << bases.size();
}

} // namespace

Expected<ReduceScratch> reduceScratch(const LinearLayout &src, const LinearLayout &result, int axis,
                                      int elementBits, int64_t threads)
{
    const int rank = int(src.outDims().size());
    if (axis < 0 || axis >= rank)
        return makeError("axis " + std::to_string(axis) + " is outside the operand's " +
                         std::to_string(rank) + " dims");
    if (!src.hasInDim(kRegister) || !src.hasInDim(kLane) || !src.hasInDim(kWarp))
        return makeError("the reduced operand is not a distributed layout");
    if (int(result.outDims().size()) != std::max(rank - 1, 0) && rank > 1)
        return makeError("the result does not drop the reduced dim");
    ReduceScratch out;
    for (int i = 0; i < src.inDimSizeLog2(kWarp); ++i)
        if (firstMovedDim(src.basis(kWarp, i)) == axis)
            out.warpsAlongAxis *= 2;
    out.accumulators = offAxisPositions(src, axis);
    if (out.warpsAlongAxis == 1)
        return out; // the lanes finish the reduction with shuffles: no LDS
    out.throughLds = true;
    out.barriers = 2;
    out.storedBits = std::max(8, elementBits);

    // The scratch: the source shape with the axis cut to the warps along it, axis first.
    int64_t elements = 1;
    for (int d = 0; d < rank; ++d) {
        const int32_t size = d == axis ? out.warpsAlongAxis : src.outDims()[size_t(d)].second;
        out.scratchShape.push_back(size);
        elements *= size;
    }
    out.scratchBytes = elements * ((elementBits + 7) / 8);
    out.partialsPerThread = std::max<int64_t>(elements / std::max<int64_t>(threads, 1), 1);

    std::vector<int> order = registerOrder(src);
    order.erase(std::find(order.begin(), order.end(), axis));
    order.insert(order.begin(), axis);
    std::vector<int64_t> &stride = out.stride;
    stride.assign(size_t(rank), 0);
    int64_t step = 1;
    for (int d : order) {
        stride[size_t(d)] = step;
        step *= out.scratchShape[size_t(d)];
    }

    // The result read back: each result basis at its scratch offset (axis coordinate 0).
    LinearLayout::BasesT bases;
    for (const auto &[dim, dimBases] : result.bases()) {
        std::vector<LinearLayout::Basis> offsets;
        for (const LinearLayout::Basis &b : dimBases) {
            int64_t offset = 0;
            for (int d = 0, r = 0; d < rank; ++d)
                if (d != axis)
                    offset += int64_t(b[size_t(r++)]) * stride[size_t(d)];
            offsets.push_back({int32_t(offset)});
        }
        bases.emplace_back(dim, std::move(offsets));
    }
    int32_t offsetSize = 1;
    while (offsetSize < elements)
        offsetSize *= 2;
    Expected<LinearLayout> cvt =
        LinearLayout::tryCreate(std::move(bases), {{"offset", offsetSize}}, false);
    if (!cvt)
        return makeError("cannot place the result in the scratch buffer: " + cvt.message());
    const LdsVectorisation v = largestVectorisation(*cvt, out.storedBits);
    out.resultOffsets = *cvt;
    out.resultVectorRegs = v.vectorRegs;
    out.resultRegisters = int64_t(1) << v.registerBases;
    out.resultVector = v.elements;
    out.resultLoads = out.resultRegisters / std::max(1, v.elements);
    return out;
}

namespace {

// The image of index `i` of in-dim `dim` (the XOR of its bases for the set bits).
LinearLayout::Basis imageOf(const LinearLayout &l, const std::string &dim, int64_t i)
{
    LinearLayout::Basis out(l.outDims().size(), 0);
    if (!l.hasInDim(dim))
        return out;
    for (int b = 0; b < l.inDimSizeLog2(dim); ++b)
        if ((i >> b) & 1) {
            const LinearLayout::Basis &v = l.basis(dim, b);
            for (size_t o = 0; o < out.size(); ++o)
                out[o] ^= v[o];
        }
    return out;
}

// The bits of `i` whose bases in `dim` move `axis`, packed in order (Triton's delinearize of a
// lane or warp id along one dim), and whether `i` is its group's representative (no bit set
// whose basis is zero).
struct AxisIndex
{
    int64_t index = 0;
    bool representative = true;
};

AxisIndex axisIndexOf(const LinearLayout &l, const std::string &dim, int axis, int64_t i)
{
    AxisIndex out;
    int packed = 0;
    for (int b = 0; l.hasInDim(dim) && b < l.inDimSizeLog2(dim); ++b) {
        const LinearLayout::Basis &v = l.basis(dim, b);
        const bool set = (i >> b) & 1;
        if (std::all_of(v.begin(), v.end(), [](int32_t x) { return x == 0; }))
            out.representative = out.representative && !set;
        else if (v[size_t(axis)] != 0)
            out.index |= int64_t(set) << packed++;
    }
    return out;
}

int sizeOf(const LinearLayout &l, const std::string &dim)
{
    return l.hasInDim(dim) ? l.inDimSize(dim) : 1;
}

} // namespace

Expected<std::vector<ScratchInstruction>> reduceScratchInstructions(const Architecture &arch,
                                                                    const LinearLayout &src,
                                                                    int axis,
                                                                    const ReduceScratch &s)
{
    std::vector<ScratchInstruction> out;
    if (!s.throughLds)
        return out;
    const int lanes = sizeOf(src, kLane), warps = sizeOf(src, kWarp);
    const int64_t bytes = s.storedBits / 8;
    const std::optional<std::string> store = scratchInstruction(arch, 1, s.storedBits, true);
    const std::optional<std::string> load = scratchInstruction(arch, 1, s.storedBits, false);
    const std::optional<std::string> result =
        scratchInstruction(arch, s.resultVector, s.storedBits, false);
    if (!store || !load || !result)
        return makeError(arch.name + " has no single-address instruction for the scratch's " +
                         std::to_string(s.storedBits) + "-bit elements");
    auto offsetOf = [&](const LinearLayout::Basis &c) {
        int64_t o = 0;
        for (size_t d = 0; d < c.size(); ++d)
            o += int64_t(c[d]) * s.stride[d];
        return o * bytes;
    };
    // Every lane's and warp's index along the axis and image, once (every store reads them).
    std::vector<AxisIndex> laneAxis, warpAxis;
    std::vector<LinearLayout::Basis> laneImage, warpImage;
    for (int l = 0; l < lanes; ++l) {
        laneAxis.push_back(axisIndexOf(src, kLane, axis, l));
        laneImage.push_back(imageOf(src, kLane, l));
    }
    for (int w = 0; w < warps; ++w) {
        warpAxis.push_back(axisIndexOf(src, kWarp, axis, w));
        warpImage.push_back(imageOf(src, kWarp, w));
    }
    // 1. One store per accumulator: its off-axis position, the warp's row along the axis.
    std::set<LinearLayout::Basis> keys;
    for (int64_t reg = 0; reg < sizeOf(src, kRegister); ++reg) {
        LinearLayout::Basis key = imageOf(src, kRegister, reg);
        key[size_t(axis)] = 0;
        if (!keys.insert(key).second)
            continue;
        ScratchInstruction st{*store, true, {}, {}};
        for (int w = 0; w < warps; ++w) {
            const AxisIndex &warp = warpAxis[size_t(w)];
            std::vector<std::optional<int64_t>> addresses(static_cast<size_t>(lanes));
            for (int l = 0; l < lanes; ++l) {
                const AxisIndex &lane = laneAxis[size_t(l)];
                if (!warp.representative || !lane.representative || lane.index != 0)
                    continue;
                LinearLayout::Basis c = laneImage[size_t(l)];
                const LinearLayout::Basis &wc = warpImage[size_t(w)];
                for (size_t d = 0; d < c.size(); ++d)
                    c[d] ^= wc[d] ^ key[d];
                c[size_t(axis)] = int32_t(warp.index);
                addresses[size_t(l)] = offsetOf(c);
            }
            st.lanes.push_back(std::move(addresses));
        }
        out.push_back(std::move(st));
    }
    // 2. The combining step, round by round: a load, then a store by every warpsAlongAxis-th
    // lane.
    int64_t elements = 1;
    for (int32_t n : s.scratchShape)
        elements *= n;
    const int64_t threads = int64_t(lanes) * warps;
    for (int64_t round = 0; round < s.partialsPerThread; ++round)
        for (const bool isWrite : {false, true}) {
            ScratchInstruction in{isWrite ? *store : *load, isWrite, {}, {}};
            for (int w = 0; w < warps; ++w) {
                std::vector<std::optional<int64_t>> addresses(static_cast<size_t>(lanes));
                for (int l = 0; l < lanes; ++l) {
                    const int64_t t = int64_t(w) * lanes + l;
                    if (t < elements && (!isWrite || l % s.warpsAlongAxis == 0))
                        addresses[size_t(l)] = (t + round * threads) * bytes;
                }
                in.lanes.push_back(std::move(addresses));
            }
            out.push_back(std::move(in));
        }
    // 3. The result loads: one per group of the register bases outside the vector.
    for (ScratchInstruction &ld :
         vectorAccessInstructions(*result, false, s.resultOffsets, s.resultVectorRegs, bytes))
        out.push_back(std::move(ld));
    return out;
}

} // namespace lx
