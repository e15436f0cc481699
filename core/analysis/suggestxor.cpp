// The XOR candidate of the shared-layout search (suggestxor.h): a shared_linear layout built
// for one access from GF(2) spans over the tile's coordinates.

#include "analysis/suggestxor.h"
#include "base/intmath.h"

#include "f2/f2reduce.h"

#include <algorithm>
#include <bit>
#include <set>

namespace lx {

namespace {

// ---- GF(2) helpers over tile coordinates ---------------------------------------------------
// A rank-2 coordinate (c0, c1) as one bit vector: c0 in the low bits, c1 above.
struct TileBits
{
    int bits0 = 0, bits1 = 0;
    [[nodiscard]] uint64_t pack(const std::vector<int32_t> &c) const
    {
        return uint64_t(uint32_t(c[0])) | (uint64_t(uint32_t(c[1])) << bits0);
    }
    [[nodiscard]] std::vector<int32_t> unpack(uint64_t v) const
    {
        return {int32_t(v & ((uint64_t(1) << bits0) - 1)), int32_t(v >> bits0)};
    }
};

// Independent vectors kept in the order they came: add() keeps v and says so when it is
// independent of those kept (their rank grows, f2::rankOfWords).
struct F2Span
{
    std::vector<uint64_t> rows;
    bool add(uint64_t v)
    {
        rows.push_back(v);
        if (f2::rankOfWords(rows.data(), rows.size()) == int(rows.size()))
            return true;
        rows.pop_back();
        return false;
    }
};

// The lanes of phase 0 of an instruction as a GF(2) subspace of lane indices: its basis when the
// phase is one (e.g. {0-3, 20-23} = span{1, 2, 20}); else the low lane bits of its size.
std::vector<int> phaseLaneBasis(const LdsInstruction &ins)
{
    const std::vector<int> &lanes = ins.phases.empty() ? std::vector<int>{} : ins.phases.front();
    std::set<int> set(lanes.begin(), lanes.end());
    F2Span span;
    std::vector<int> basis;
    for (int l : lanes) {
        if (l != 0 && span.add(uint64_t(l)))
            basis.push_back(l);
    }
    const bool closed = set.count(0) && int(lanes.size()) == (1 << basis.size());
    if (closed)
        return basis;
    basis.clear();
    for (int b = 0; (1 << b) < int(lanes.size()); ++b)
        basis.push_back(1 << b);
    return basis;
}

// The tile vector a lane index maps to (register 0, warp 0).
uint64_t laneImage(const LinearLayout &reg, const TileBits &tb, int lane)
{
    std::vector<int32_t> in;
    for (const auto &[dim, size] : reg.inDims())
        in.push_back(dim == "lane" ? lane : 0);
    return tb.pack(reg.applyOrdered(in));
}

} // namespace

Expected<LayoutAttrPtr> xorLayoutFor(const LinearLayout &reg, const Architecture &arch,
                                     const std::vector<int32_t> &shape, int bits, bool isWrite,
                                     int vecElems)
{
    TileBits tb{log2Exact(shape[0]), log2Exact(shape[1])};
    const int total = tb.bits0 + tb.bits1;
    F2Span span;
    std::vector<uint64_t> offsets;
    // Vector: the first non-zero register bases, up to vecElems.
    if (reg.hasInDim("register")) {
        for (const auto &b : reg.bases()[size_t(reg.inDimIndex("register"))].second) {
            if (int(offsets.size()) >= log2Exact(vecElems))
                break;
            const uint64_t v = tb.pack(b);
            if (v && span.add(v))
                offsets.push_back(v);
            else
                break; // the vector must be the leading registers
        }
    }
    const int vec = 1 << offsets.size();
    const LdsInstruction *ins = arch.plainInstruction(vec * bits / 8, isWrite);
    if (!ins)
        ins = arch.plainInstruction(std::max(1, bits / 8), isWrite);
    if (!ins)
        return makeError(arch.name + " has no plain instruction for this access");
    // Bank positions of one vector: banks * width / vector bytes.
    const int64_t rowBytes = int64_t(ins->numBanks) * arch.bankWidthBytes;
    const int bankBits = log2Exact(std::max<int64_t>(1, rowBytes / std::max(1, vec * bits / 8)));
    int taken = 0;
    for (int lane : phaseLaneBasis(*ins)) {
        if (taken >= bankBits || lane >= reg.inDimSize("lane"))
            break;
        const uint64_t v = laneImage(reg, tb, lane);
        if (v && span.add(v)) {
            offsets.push_back(v);
            ++taken;
        }
    }
    for (int b = 0; b < total; ++b) {
        // The fastest dim of the vector first: dim 1 bits then dim 0 bits when the vector runs
        // along dim 1, else dim 0 first.
        const bool dim1First = !offsets.empty() && (offsets.front() >> tb.bits0) != 0;
        const int bit = dim1First ? (b < tb.bits1 ? tb.bits0 + b : b - tb.bits1) : b;
        const uint64_t v = uint64_t(1) << bit;
        if (span.add(v))
            offsets.push_back(v);
    }
    if (int(offsets.size()) != total)
        return makeError("internal: the XOR layout does not span the tile");
    SharedLinearAttr attr;
    for (uint64_t v : offsets)
        attr.offsetBases.push_back(tb.unpack(v));
    return makeAttr(attr);
}

} // namespace lx
