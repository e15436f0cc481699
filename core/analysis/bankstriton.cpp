// Triton's generic bank-conflict count (banks.h tritonBankConflicts) and the count beside ours in
// analyzeBanks' report.

#include "analysis/banks.h"
#include "analysis/banksinternal.h"
#include "analysis/banksprepared.h"

#include "analysis/ldslowering.h"

#include "f2/f2reduce.h"

#include <algorithm>
#include <bit>
#include <set>

namespace lx {

using banksinternal::TritonCountInputs;

namespace {

// Size of Triton's intersectionBasis(b1, b2): the set shortcut when every vector is a power of
// two (it keeps b1's duplicates, as Triton does), the dimension of span(b1) ∩ span(b2) otherwise.
int intersectionSize(const std::vector<int32_t> &b1, const std::vector<int32_t> &b2)
{
    const bool powers = std::all_of(b1.begin(), b1.end(),
                                    [](int32_t v) { return std::has_single_bit(uint32_t(v)); }) &&
                        std::all_of(b2.begin(), b2.end(),
                                    [](int32_t v) { return std::has_single_bit(uint32_t(v)); });
    if (powers) {
        const std::set<int32_t> set2(b2.begin(), b2.end());
        int n = 0;
        for (int32_t b : b1) {
            if (b != 0 && set2.count(b))
                ++n;
        }
        return n;
    }
    std::vector<uint64_t> r1(b1.begin(), b1.end()), r2(b2.begin(), b2.end()), both = r1;
    both.insert(both.end(), r2.begin(), r2.end());
    return f2::rank(r1) + f2::rank(r2) - f2::rank(both);
}

// The checks of tritonBankConflicts before any layout algebra.
std::optional<Error> tritonCountProblem(const LinearLayout &reg, const LinearLayout &shared,
                                        int bitwidth)
{
    if (bitwidth <= 0 || bitwidth > 128 || !std::has_single_bit(uint32_t(bitwidth)))
        return makeError("bit width " + std::to_string(bitwidth) +
                         " must be a power of two up to 128");
    if (!shared.hasInDim("offset"))
        return makeError("the shared layout has no 'offset' in-dim");
    if (!reg.hasInDim("register"))
        return makeError("the register layout has no 'register' in-dim");
    return std::nullopt;
}

// Whether flattenOuts() of `l` is one out-dim whose bases are l's flat columns (it keeps `l` as
// it is past kMaxOutDimBits out bits or without out-dims).
bool flatColumnsServe(const LinearLayout &l)
{
    return l.numOutDims() >= 1 && l.totalOutDimSizeLog2() <= LinearLayout::kMaxOutDimBits;
}

// Basis `column` (in-dims in order, low bit first) of `l` flattened to one out-dim, as
// flattenOuts() gives it: the flat out index within the flattened size.
int32_t flatColumn(const LinearLayout &l, int column)
{
    const uint64_t mask = (uint64_t(1) << l.totalOutDimSizeLog2()) - 1;
    return int32_t(l.flatColumns()[size_t(column)] & mask);
}

// Triton's count from its inputs (tritonBankConflicts after its checks).
Expected<int64_t> tritonCountOf(const TritonCountInputs &in, const LinearLayout &shared,
                                int bitwidth)
{
    const int vec = in.vec;
    // Offsets split into vector | bank (32 banks x 32 bits) | segment.
    const int logTotal = shared.totalInDimSizeLog2();
    const int logVec = std::countr_zero(unsigned(vec));
    const int logBank = std::min(std::countr_zero(unsigned(32 * 32 / (vec * bitwidth))), logTotal);
    const int logSegment = logTotal - logBank - logVec;
    if (logSegment < 0)
        return makeError("the shared tensor is smaller than one vector row of the banks");
    std::vector<int32_t> segment;
    std::vector<int32_t> lanes;
    if (flatColumnsServe(shared) && flatColumnsServe(in.noBroadcast)) {
        // The offset bits reshaped to vector | bank | segment keep their order, and a layout
        // flattened to one out-dim has each basis as its flattened out index: the segment's
        // bases are the shared layout's flat columns past vector and bank, the lanes' the
        // register layout's columns of its lane in-dim (what the reshape and flattenOuts below
        // give, without building either).
        for (int i = 0; i < logSegment; ++i)
            segment.push_back(flatColumn(shared, logVec + logBank + i));
        const int laneDim = in.noBroadcast.inDimIndex("lane");
        int laneColumn = 0;
        for (int d = 0; d < laneDim; ++d)
            laneColumn += int(in.noBroadcast.bases()[size_t(d)].second.size());
        for (int i = 0; i < in.noBroadcast.inDimSizeLog2("lane"); ++i)
            lanes.push_back(flatColumn(in.noBroadcast, laneColumn + i));
    } else {
        auto reshaped = shared.reshapeIns(
            {{"vector", 1 << logVec}, {"bank", 1 << logBank}, {"segment", 1 << logSegment}});
        if (!reshaped)
            return reshaped.error();
        const LinearLayout smemFlat = reshaped->flattenOuts();
        for (int i = 0; i < logSegment; ++i)
            segment.push_back(smemFlat.basis("segment", i)[0]);
        const LinearLayout regFlat = in.noBroadcast.flattenOuts();
        for (int i = 0; i < regFlat.inDimSizeLog2("lane"); ++i)
            lanes.push_back(regFlat.basis("lane", i)[0]);
    }
    // Wider vectors need fewer lanes per wavefront: drop the top log2(vec * bits / 32) lanes.
    const int drop = std::countr_zero(unsigned(std::max(vec * bitwidth / 32, 1)));
    lanes.resize(size_t(std::max(0, int(lanes.size()) - drop)));
    const int k = intersectionSize(segment, lanes);
    return (int64_t(1) << k) - 1;
}

} // namespace

namespace banksinternal {

// Triton's generic count beside ours, or why it does not apply. `inputs`: what analyzeBanks
// already computed for this access (the same register layout without broadcast, the same map
// and, the shared layout being unpadded, the same widest vector), so it is not computed again.
void addTritonCount(const BankAccessRequest &request, const TritonCountInputs &inputs,
                    BankConflictReport &report)
{
    const SharedMemoryLayout &shared = request.shared;
    if (!request.tritonModel) {
        report.tritonNote = "not computed";
    } else if (!shared.padding.empty() || shared.layout.hasInDim("partition")) {
        report.tritonNote = "Triton's generic count takes an unpadded, unpartitioned shared layout";
    } else if (const auto problem =
                   tritonCountProblem(request.reg, shared.layout, request.elementBits)) {
        report.tritonNote = problem->message;
    } else {
        auto triton = tritonCountOf(inputs, shared.layout, request.elementBits);
        if (triton)
            report.tritonExtraWavefronts = *triton;
        else
            report.tritonNote = triton.message();
    }
}

} // namespace banksinternal

Expected<int64_t> tritonBankConflicts(const LinearLayout &reg, const LinearLayout &shared,
                                      int bitwidth)
{
    if (const auto problem = tritonCountProblem(reg, shared, bitwidth))
        return *problem;
    auto noBroadcast = registersWithoutBroadcast(reg);
    if (!noBroadcast)
        return noBroadcast.error();
    auto cvt = noBroadcast->invertAndCompose(shared);
    if (!cvt)
        return makeError("the register layout does not map into the shared layout: " +
                         cvt.message());
    const int vec = largestVectorisation(*cvt, bitwidth).elements;
    return tritonCountOf(TritonCountInputs{*noBroadcast, *cvt, vec}, shared, bitwidth);
}

} // namespace lx
