#include "analysis/reducescratch.h"

#include "analysis/ldslowering.h"

#include <algorithm>
#include <set>

namespace lx {

namespace {

const std::string kReg = "register";
const std::string kLane = "lane";
const std::string kWarp = "warp";

// The index of the first non-zero component of a basis, -1 for a zero basis.
int firstNonZero(const LinearLayout::Basis &b)
{
    for (size_t i = 0; i < b.size(); ++i)
        if (b[i] != 0)
            return int(i);
    return -1;
}

// Triton's LinearEncodingAttr::getOrder: the dims in the order the register bases first move
// them, then the rest from the last dim down.
std::vector<int> registerOrder(const LinearLayout &l)
{
    std::vector<int> order;
    const int rank = int(l.outDims().size());
    if (l.hasInDim(kReg))
        for (int i = 0; i < l.inDimSizeLog2(kReg); ++i)
            if (const int d = firstNonZero(l.basis(kReg, i));
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
    for (int i = 0; i < src.inDimSizeLog2(kReg); ++i) {
        LinearLayout::Basis b = src.basis(kReg, i);
        b[size_t(axis)] = 0;
        bases.push_back(std::move(b));
    }
    Expected<LinearLayout> sub = LinearLayout::tryCreate({{kReg, bases}}, src.outDims(), false);
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
    if (!src.hasInDim(kReg) || !src.hasInDim(kLane) || !src.hasInDim(kWarp))
        return makeError("the reduced operand is not a distributed layout");
    if (int(result.outDims().size()) != std::max(rank - 1, 0) && rank > 1)
        return makeError("the result does not drop the reduced dim");
    ReduceScratch out;
    for (int i = 0; i < src.inDimSizeLog2(kWarp); ++i)
        if (firstNonZero(src.basis(kWarp, i)) == axis)
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
    std::vector<int64_t> stride(size_t(rank), 0);
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
    out.resultRegisters = int64_t(1) << v.registerBases;
    out.resultVector = v.elements;
    out.resultLoads = out.resultRegisters / std::max(1, v.elements);
    return out;
}

Expected<std::vector<KernelLdsAccess>> reduceScratchAccesses(const Architecture &arch,
                                                             const ReduceScratch &s)
{
    std::vector<KernelLdsAccess> out;
    if (!s.throughLds)
        return out;
    auto add = [&](int bits, int64_t count, bool isWrite) -> std::optional<std::string> {
        if (count <= 0)
            return std::nullopt;
        const LdsInstruction *i = arch.plainInstruction(bits / 8, isWrite);
        if (!i)
            return arch.name + " has no single-address " + std::to_string(bits) + "-bit " +
                   (isWrite ? "write" : "read") + " in its architecture file";
        for (KernelLdsAccess &a : out)
            if (a.instruction == i->name && a.isWrite == isWrite) {
                a.count += count;
                a.issued += count;
                return std::nullopt;
            }
        out.push_back({i->name, count, count, isWrite});
        return std::nullopt;
    };
    for (const auto &problem : {add(s.storedBits, s.accumulators + s.partialsPerThread, true),
                                add(s.storedBits, s.partialsPerThread, false),
                                add(s.storedBits * s.resultVector, s.resultLoads, false)})
        if (problem)
            return makeError(*problem);
    return out;
}

} // namespace lx
