#include "analysis/banks.h"
#include "analysis/banksinternal.h"
#include "analysis/banksprepared.h"

#include "analysis/ldslowering.h"
#include "analysis/limits.h"

#include "f2/f2reduce.h"

#include "layout/builders.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace lx {

using banksinternal::checkPadding;

namespace {

bool isPowerOfTwo(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

// Size of Triton's intersectionBasis(b1, b2): the set shortcut when every vector is a power of
// two (it keeps b1's duplicates, as Triton does), the dimension of span(b1) ∩ span(b2) otherwise.
int intersectionSize(const std::vector<int32_t> &b1, const std::vector<int32_t> &b2)
{
    const bool powers =
        std::all_of(b1.begin(), b1.end(), [](int32_t v) { return isPowerOfTwo(v); }) &&
        std::all_of(b2.begin(), b2.end(), [](int32_t v) { return isPowerOfTwo(v); });
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

// Register bases reordered: `order` first, then the rest in their order.
Expected<LinearLayout> permuteRegisters(const LinearLayout &layout, const std::vector<int> &order)
{
    LinearLayout::BasesT bases = layout.bases();
    for (auto &[dim, bs] : bases) {
        if (dim != "register")
            continue;
        std::vector<LinearLayout::Basis> reordered;
        std::vector<bool> used(bs.size(), false);
        for (int i : order) {
            reordered.push_back(bs[size_t(i)]);
            used[size_t(i)] = true;
        }
        for (size_t i = 0; i < bs.size(); ++i) {
            if (!used[i])
                reordered.push_back(bs[i]);
        }
        bs = std::move(reordered);
    }
    return LinearLayout::tryCreate(std::move(bases), layout.outDims(), false);
}

// The layout without its all-zero register bases (Triton's actionRemoveBroadcastedRegs).
Expected<LinearLayout> removeBroadcastRegisters(const LinearLayout &layout)
{
    LinearLayout::BasesT bases = layout.bases();
    for (auto &[dim, bs] : bases) {
        if (dim != "register")
            continue;
        std::vector<LinearLayout::Basis> kept;
        for (const auto &b : bs) {
            if (std::any_of(b.begin(), b.end(), [](int32_t v) { return v != 0; }))
                kept.push_back(b);
        }
        bs = std::move(kept);
    }
    return LinearLayout::tryCreate(std::move(bases), layout.outDims(),
                                   layout.surjectivityRequired());
}

} // namespace

namespace {

// The instruction of the access and its vector width in elements: the one the request names
// (checked against the access and the widest vector the layouts allow, maxVec), else the widest
// plain instruction of the architecture that fits in maxVec elements.
Expected<std::pair<const LdsInstruction *, int>>
chooseInstruction(const Architecture &arch, const BankAccessRequest &request, int maxVec)
{
    const int bits = request.elementBits;
    const int elementBytes = bits / 8;
    const LdsInstruction *ins = nullptr;
    int vec = maxVec;
    if (!request.instruction.empty()) {
        auto forced = arch.instruction(request.instruction);
        if (!forced)
            return forced.error();
        ins = arch.findInstruction(request.instruction);
        if (ins->isWrite != request.isWrite)
            return makeError(ins->name + " is a " + (ins->isWrite ? "write" : "read") +
                             " instruction but the access is a " +
                             (request.isWrite ? "write" : "read"));
        if ((ins->bytesPerLane * 8) % bits != 0 || !isPowerOfTwo(ins->bytesPerLane * 8 / bits))
            return makeError(ins->name + " moves " + std::to_string(ins->bytesPerLane) +
                             " bytes per lane, which is not a power-of-two number of " +
                             std::to_string(bits) +
                             "-bit elements; a linear layout cannot form that vector");
        vec = ins->bytesPerLane * 8 / bits;
        if (vec > maxVec)
            return makeError("the layouts give each lane at most " +
                             std::to_string(maxVec * elementBytes) + " contiguous bytes; " +
                             ins->name + " needs " + std::to_string(ins->bytesPerLane));
    } else {
        // Largest width the architecture has a plain instruction for.
        while (vec >= 1 && !arch.plainInstruction(vec * elementBytes, request.isWrite))
            vec /= 2;
        if (vec < 1)
            return makeError(arch.name + " has no " +
                             std::string(request.isWrite ? "write" : "read") + " instruction of " +
                             std::to_string(elementBytes) + " bytes or more");
        ins = arch.plainInstruction(vec * elementBytes, request.isWrite);
    }
    return std::pair<const LdsInstruction *, int>{ins, vec};
}

} // namespace

namespace {

// Byte address of (register, lane, warp) through cvt: cvt is linear, so (offset, partition) is
// the XOR of the basis images of the set bits (lane images tabulated once).
class CvtAddresses
{
public:
    // `registerOrder`: the register bases in the order of the access (the vector first), as
    // permuteRegisters orders them; the layout itself is not rebuilt.
    CvtAddresses(const LinearLayout &cvt, const std::vector<int> &registerOrder,
                 const SharedMemoryLayout &shared, int64_t stride, int elementBytes, int lanes)
        : m_shared(shared), m_stride(stride), m_elementBytes(elementBytes)
    {
        const int offIdx = cvt.outDimIndex("offset");
        const int partIdx = cvt.outDimIndex("partition");
        auto imagesOf = [&](const char *dim) {
            Images d;
            const int k = cvt.inDimIndex(dim);
            if (k < 0)
                return d;
            for (const auto &b : cvt.bases()[size_t(k)].second)
                d.push_back({b[size_t(offIdx)], partIdx >= 0 ? b[size_t(partIdx)] : 0});
            return d;
        };
        const Images reg = imagesOf("register");
        std::vector<bool> used(reg.size(), false);
        for (int i : registerOrder) {
            m_reg.push_back(reg[size_t(i)]);
            used[size_t(i)] = true;
        }
        for (size_t i = 0; i < reg.size(); ++i)
            if (!used[i])
                m_reg.push_back(reg[i]);
        m_warp = imagesOf("warp");
        const Images lane = imagesOf("lane");
        for (int l = 0; l < lanes; ++l)
            m_lanes.push_back(partial(lane, l));
    }
    // The (offset, partition) image of register r and warp w: every lane's address XORs its own
    // image into it (computed once per register group, not per lane).
    [[nodiscard]] std::pair<int32_t, int32_t> registerAndWarp(int r, int w) const
    {
        const auto rp = partial(m_reg, r), wp = partial(m_warp, w);
        return {rp.first ^ wp.first, rp.second ^ wp.second};
    }
    [[nodiscard]] int64_t at(std::pair<int32_t, int32_t> registerAndWarp, int l) const
    {
        const auto lp = m_lanes[size_t(l)];
        const int32_t off = registerAndWarp.first ^ lp.first;
        const int32_t part = registerAndWarp.second ^ lp.second;
        const int64_t padded = m_shared.padding.empty() ? off : paddedOffset(off, m_shared.padding);
        return m_shared.baseBytes + int64_t(part) * m_stride + padded * m_elementBytes;
    }
    int64_t operator()(int r, int l, int w) const { return at(registerAndWarp(r, w), l); }

private:
    using Images = std::vector<std::pair<int32_t, int32_t>>; // (offset, partition) per basis
    static std::pair<int32_t, int32_t> partial(const Images &img, int v)
    {
        std::pair<int32_t, int32_t> out{0, 0};
        for (size_t b = 0; b < img.size(); ++b) {
            if ((v >> b) & 1) {
                out.first ^= img[b].first;
                out.second ^= img[b].second;
            }
        }
        return out;
    }
    const SharedMemoryLayout &m_shared;
    int64_t m_stride;
    int m_elementBytes;
    Images m_reg, m_warp, m_lanes;
};

// What Triton's count starts from, as tritonBankConflicts computes it: the register layout
// without broadcast registers, its map into the shared layout and the widest vector of that map.
struct TritonCountInputs
{
    const LinearLayout &noBroadcast;
    const LinearLayout &cvt;
    int vec = 1;
};

// The checks of tritonBankConflicts before any layout algebra.
std::optional<Error> tritonCountProblem(const LinearLayout &reg, const LinearLayout &shared,
                                        int bitwidth)
{
    if (bitwidth <= 0 || bitwidth > 128 || !isPowerOfTwo(bitwidth))
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

} // namespace

namespace {

// The request's own checks, before any layout algebra.
Expected<bool> checkBankRequest(const Architecture &arch, const BankAccessRequest &request)
{
    const int bits = request.elementBits;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
        return makeError("element width " + std::to_string(bits) +
                         " bits: expected 8, 16, 32 or 64");
    if (auto ok = checkAnalysisSize(request.reg, "the register layout"); !ok)
        return ok.error();
    const SharedMemoryLayout &shared = request.shared;
    if (auto pe = checkPadding(shared.padding))
        return *pe;
    if (!shared.layout.hasInDim("offset"))
        return makeError("the shared layout has no 'offset' in-dim");
    if (!request.reg.hasInDim("register") || !request.reg.hasInDim("lane"))
        return makeError("the register layout needs 'register' and 'lane' in-dims");
    if (request.reg.inDimSize("lane") > arch.waveSize)
        return makeError("the register layout has " +
                         std::to_string(request.reg.inDimSize("lane")) + " lanes but a " +
                         arch.name + " wave has " + std::to_string(arch.waveSize));
    return true;
}

// How the access is cut into instructions: the instruction, its vector, the register groups one
// warp issues and the warps and lanes walked.
struct AccessPlan
{
    const LdsInstruction *ins = nullptr;
    int vec = 1;
    int log2Vec = 0;
    int perWarp = 0;
    int nWarps = 1;
    int lanes = 1;
};

// The byte addresses of instruction i of warp w, per pass and lane, into `addrs` (its buffers
// reused).
void fillInstructionAddresses(const Architecture &arch, const AccessPlan &plan,
                              const CvtAddresses &cvtAddress, int w, int i,
                              std::vector<std::vector<std::optional<int64_t>>> &addrs)
{
    addrs.resize(size_t(plan.ins->passes));
    for (std::vector<std::optional<int64_t>> &lanes : addrs)
        lanes.assign(size_t(arch.waveSize), std::nullopt);
    for (int q = 0; q < plan.ins->passes; ++q) {
        const int g = i * plan.ins->passes + q;
        const auto registerAndWarp = cvtAddress.registerAndWarp(g << plan.log2Vec, w);
        for (int l = 0; l < plan.lanes; ++l)
            addrs[size_t(q)][size_t(l)] = cvtAddress.at(registerAndWarp, l);
    }
}

// The byte addresses of instruction i of warp w, per pass and lane.
std::vector<std::vector<std::optional<int64_t>>>
instructionAddresses(const Architecture &arch, const AccessPlan &plan,
                     const CvtAddresses &cvtAddress, int w, int i)
{
    std::vector<std::vector<std::optional<int64_t>>> addrs;
    fillInstructionAddresses(arch, plan, cvtAddress, w, i, addrs);
    return addrs;
}

// The elements instruction ir moves, with the ways of their bank in their phase.
Expected<bool> appendElements(const Architecture &arch, const AccessPlan &plan,
                              const LinearLayout &permReg, const CvtAddresses &cvtAddress,
                              const InstructionReport &ir, std::vector<ElementAccess> &out)
{
    const LdsInstruction *ins = plan.ins;
    const int w = ir.warp, i = ir.index;
    // The register layout's input: register, lane and warp set, any other in-dim 0 (positions
    // looked up once, not per element; an absent in-dim writes to `absent`).
    std::vector<int32_t> in(size_t(permReg.numInDims()), 0);
    int32_t absent = 0;
    const int kr = permReg.inDimIndex("register"), kl = permReg.inDimIndex("lane");
    int32_t &reg = kr >= 0 ? in[size_t(kr)] : absent, &lane = kl >= 0 ? in[size_t(kl)] : absent;
    (permReg.hasInDim("warp") ? in[size_t(permReg.inDimIndex("warp"))] : absent) = w;
    for (int q = 0; q < ins->passes; ++q) {
        const int g = i * ins->passes + q;
        for (int l = 0; l < plan.lanes; ++l) {
            const PhaseReport *phPtr = ir.phaseOfLane(q, l);
            if (!phPtr)
                return makeError("internal: lane " + std::to_string(l) + " is in no phase of " +
                                 ins->name);
            const PhaseReport &ph = *phPtr;
            const int phase = ph.phase;
            for (int j = 0; j < plan.vec; ++j) {
                const int r = (g << plan.log2Vec) | j;
                ElementAccess e;
                reg = r;
                lane = l;
                e.coords = permReg.applyOrdered(in);
                e.warp = w;
                e.lane = l;
                e.instruction = i;
                e.pass = q;
                e.byteAddress = cvtAddress(r, l, w);
                e.bank = bankOf(e.byteAddress, arch.bankWidthBytes, ins->numBanks);
                e.phase = phase;
                e.ways = ph.accessesPerBank[size_t(e.bank)];
                out.push_back(std::move(e));
            }
        }
    }
    return true;
}

// Adds one instruction's report to the totals and the list.
void addInstruction(const Architecture &arch, InstructionReport ir, BankConflictReport &report)
{
    report.totals.instructions += 1;
    report.totals.cycles += ir.cycles;
    report.totals.idealCycles += ir.idealCycles;
    noteMeasuredRule(arch, ir, report);
    report.totals.maxWays = std::max(report.totals.maxWays, ir.maxWays);
    report.instructions.push_back(std::move(ir));
}

} // namespace

Expected<LinearLayout> registersWithoutBroadcast(const LinearLayout &reg)
{
    return removeBroadcastRegisters(reg);
}

Expected<BankConflictReport> analyzeBanks(const Architecture &arch,
                                          const BankAccessRequest &request)
{
    if (auto ok = checkBankRequest(arch, request); !ok)
        return ok.error();
    auto reg = removeBroadcastRegisters(request.reg);
    if (!reg)
        return reg.error();
    return analyzeBanksPrepared(arch, request, *reg);
}

namespace {

// analyzeBanksPrepared; without `keepPhases` each instruction's report has no addresses and no
// phases (analyzeAddressesWithoutPhases), the elements needing both.
Expected<BankConflictReport> analyzeBanksOf(const Architecture &arch,
                                            const BankAccessRequest &request,
                                            const LinearLayout &noBroadcast, bool keepPhases)
{
    if (auto ok = checkBankRequest(arch, request); !ok)
        return ok.error();
    const int bits = request.elementBits;
    const int elementBytes = bits / 8;
    const SharedMemoryLayout &shared = request.shared;

    auto cvt = noBroadcast.invertAndCompose(shared.layout);
    if (!cvt)
        return makeError("the register layout does not map into the shared layout: " +
                         cvt.message());

    // The widest vector: contiguous in offset, at most 128 bits, within one padding interval
    // (then with the registers in order), by the lowering's rule (analysis/ldslowering.h).
    std::optional<int> cap;
    for (const auto &[interval, pad] : shared.padding)
        cap = std::min(cap.value_or(std::max(1, 128 / bits)), std::max(1, int(interval)));
    const LdsVectorisation vectorisation = largestVectorisation(*cvt, bits, cap);
    const int maxVec = vectorisation.elements;
    const std::vector<int> &order = vectorisation.vectorRegs;

    BankConflictReport report;
    report.arch = arch.name;
    report.elementBits = bits;
    report.maxVectorElements = maxVec;
    report.bankWidthBytes = arch.bankWidthBytes;

    auto chosen = chooseInstruction(arch, request, maxVec);
    if (!chosen)
        return chosen.error();
    AccessPlan plan;
    plan.ins = chosen->first;
    plan.vec = chosen->second;
    const LdsInstruction *ins = plan.ins;
    report.instructionForced = !request.instruction.empty();
    report.instruction = *ins;
    report.vectorElements = plan.vec;

    plan.log2Vec = std::countr_zero(unsigned(plan.vec));
    const int regBits = noBroadcast.inDimSizeLog2("register");
    const int groups = 1 << (regBits - plan.log2Vec);
    if (groups % ins->passes != 0)
        return makeError(ins->name + " needs register groups in multiples of " +
                         std::to_string(ins->passes));
    plan.perWarp = groups / ins->passes;
    const int warps = request.reg.hasInDim("warp") ? request.reg.inDimSize("warp") : 1;
    plan.nWarps = request.maxWarps > 0 ? std::min(warps, request.maxWarps) : warps;
    plan.lanes = request.reg.inDimSize("lane");

    // Registers ordered so that the vector is the low bits: the addresses take the register
    // images in that order; the register layout itself is permuted only for the elements.
    std::optional<LinearLayout> permReg;
    if (request.collectElements) {
        auto p = permuteRegisters(noBroadcast, order);
        if (!p)
            return makeError("internal: register permutation failed");
        permReg = std::move(*p);
    }
    const int64_t stride =
        sharedPartitionStride(shared, elementBytes, arch.cu ? arch.cu->partitionBytes : 0);
    // The hot path of searches: no per-lane allocation.
    const CvtAddresses cvtAddress(*cvt, order, shared, stride, elementBytes, plan.lanes);

    report.instructions.reserve(size_t(plan.nWarps) * size_t(plan.perWarp));
    std::vector<std::vector<std::optional<int64_t>>> reused; // the addresses no report keeps
    for (int w = 0; w < plan.nWarps; ++w) {
        for (int i = 0; i < plan.perWarp; ++i) {
            if (!keepPhases && !permReg)
                fillInstructionAddresses(arch, plan, cvtAddress, w, i, reused);
            auto ir = keepPhases || permReg
                          ? banksinternal::analyzeOwnAddresses(
                                arch, *ins, instructionAddresses(arch, plan, cvtAddress, w, i),
                                request.options)
                          : analyzeAddressesWithoutPhases(arch, *ins, reused, request.options);
            if (!ir)
                return ir.error();
            ir->warp = w;
            ir->index = i;
            if (permReg) {
                auto ok = appendElements(arch, plan, *permReg, cvtAddress, *ir, report.elements);
                if (!ok)
                    return ok.error();
            }
            addInstruction(arch, std::move(*ir), report);
        }
    }

    // Without padding the vector has no cap: the widest vector Triton's count takes.
    addTritonCount(request, TritonCountInputs{noBroadcast, *cvt, maxVec}, report);
    return report;
}

} // namespace

Expected<BankConflictReport> analyzeBanksPrepared(const Architecture &arch,
                                                  const BankAccessRequest &request,
                                                  const LinearLayout &noBroadcast)
{
    return analyzeBanksOf(arch, request, noBroadcast, true);
}

Expected<BankConflictReport> analyzeBanksWithoutPhases(const Architecture &arch,
                                                       const BankAccessRequest &request)
{
    if (auto ok = checkBankRequest(arch, request); !ok)
        return ok.error();
    auto reg = removeBroadcastRegisters(request.reg);
    if (!reg)
        return reg.error();
    return analyzeBanksOf(arch, request, *reg, false);
}

Expected<int64_t> tritonBankConflicts(const LinearLayout &reg, const LinearLayout &shared,
                                      int bitwidth)
{
    if (const auto problem = tritonCountProblem(reg, shared, bitwidth))
        return *problem;
    auto noBroadcast = removeBroadcastRegisters(reg);
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
