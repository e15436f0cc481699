#include "analysis/banks.h"
#include "analysis/banksinternal.h"
#include "analysis/banksprepared.h"

#include "analysis/ldslowering.h"
#include "analysis/limits.h"

#include "f2/f2reduce.h"
#include "hw/ldscapacity.h"

#include "layout/builders.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace lx {

using banksinternal::addTritonCount;
using banksinternal::TritonCountInputs;

using banksinternal::checkPadding;

namespace {

bool isPowerOfTwo(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
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
        // Unpadded, one partition, power-of-two elements: an address is base + offset * bytes,
        // the product a shift, so it XORs as the offset does: each lane's part tabulated once.
        if (shared.padding.empty() && partIdx < 0 && std::has_single_bit(unsigned(elementBytes)))
            for (const auto &lp : m_lanes)
                m_laneBytes.push_back(int64_t(lp.first) * elementBytes);
    }
    // The byte addresses of lanes [0, lanes) for a register and warp image into out[0, lanes).
    void fill(std::pair<int32_t, int32_t> registerAndWarp, int lanes,
              std::optional<int64_t> *out) const
    {
        if (m_laneBytes.empty()) {
            for (int l = 0; l < lanes; ++l)
                out[l] = at(registerAndWarp, l);
            return;
        }
        const int64_t base = m_shared.baseBytes;
        const int64_t r = int64_t(registerAndWarp.first) * m_elementBytes;
        for (int l = 0; l < lanes; ++l)
            out[l] = base + (r ^ m_laneBytes[size_t(l)]);
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
    // Whether every lane's and warp's offset image and every register image from `firstRegister`
    // on (past the vector), in bytes, is a multiple of `bytes`.
    [[nodiscard]] bool imagesAligned(int64_t bytes, size_t firstRegister) const
    {
        auto aligned = [&](const Images &img, size_t from) {
            for (size_t b = from; b < img.size(); ++b)
                if ((int64_t(img[b].first) * m_elementBytes) % bytes != 0)
                    return false;
            return true;
        };
        return aligned(m_lanes, 0) && aligned(m_warp, 0) && aligned(m_reg, firstRegister);
    }

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
    std::vector<int64_t> m_laneBytes; // per lane, when addresses XOR (see the constructor)
};

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

// The byte addresses of instruction i of warp w, per pass and lane.
std::vector<std::vector<std::optional<int64_t>>>
instructionAddresses(const Architecture &arch, const AccessPlan &plan,
                     const CvtAddresses &cvtAddress, int w, int i)
{
    std::vector<std::vector<std::optional<int64_t>>> addrs;
    addrs.reserve(size_t(plan.ins->passes));
    for (int q = 0; q < plan.ins->passes; ++q) {
        const int g = i * plan.ins->passes + q;
        auto &lanes = addrs.emplace_back(size_t(arch.waveSize));
        cvtAddress.fill(cvtAddress.registerAndWarp(g << plan.log2Vec, w),
                        std::min(plan.lanes, arch.waveSize), lanes.data());
    }
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

// Whether each instruction's lanes read the dwords of the first instruction XOR one constant
// per pass, so that its bank counts are the first's with the banks XOR-permuted
// (banksinternal::shiftedInstruction): an unpadded, unpartitioned buffer whose base is aligned
// past every offset and which lies below the LDS limit (every lane active), power-of-two banks,
// bank width and dwords per lane, and for a multi-dword access every lane's first dword aligned
// to the access (its dwords are then first | j). Byte address = base | (offset << log2(element
// bytes)) and dword = address >> log2(bank width) are then linear over GF(2) in the offset, which
// is the XOR of the register, lane and warp images, and so is the bank, the dword's low bits.
bool bankShiftApplies(const Architecture &arch, const AccessPlan &plan, const LinearLayout &cvt,
                      const SharedMemoryLayout &shared, const BankOptions &options,
                      int elementBytes, const CvtAddresses &addresses)
{
    const int banks = plan.ins->numBanks, width = arch.bankWidthBytes;
    const int dwords = plan.ins->dwordsPerLane(width);
    if (!shared.padding.empty() || cvt.hasOutDim("partition") || !isPowerOfTwo(banks) ||
        !isPowerOfTwo(width) || !isPowerOfTwo(elementBytes) || !isPowerOfTwo(dwords) ||
        plan.lanes < 1)
        return false;
    const int64_t span = int64_t(cvt.outDimSize("offset")) * elementBytes;
    if (shared.baseBytes < 0 || shared.baseBytes % int64_t(std::bit_ceil(uint64_t(span))) != 0)
        return false;
    if (shared.baseBytes + span > ldsLimit(arch.name, arch.ldsBytes, options.ldsLimitBytes).bytes)
        return false;
    return dwords == 1 || addresses.imagesAligned(int64_t(dwords) * width, size_t(plan.log2Vec));
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

const LinearLayout *composedWithoutBroadcast(const LinearLayout &composed, const LinearLayout &reg,
                                             std::optional<LinearLayout> &storage)
{
    const int k = reg.inDimIndex("register"), kc = composed.inDimIndex("register");
    if (k < 0 || kc < 0)
        return nullptr;
    const auto &regBases = reg.bases()[size_t(k)].second;
    if (composed.bases()[size_t(kc)].second.size() != regBases.size())
        return nullptr;
    auto zero = [](const LinearLayout::Basis &b) {
        return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
    };
    if (std::none_of(regBases.begin(), regBases.end(), zero))
        return &composed;
    // Copied only where some register is dropped.
    LinearLayout::BasesT bases = composed.bases();
    const auto &mapped = bases[size_t(kc)].second;
    std::vector<LinearLayout::Basis> kept;
    for (size_t i = 0; i < mapped.size(); ++i)
        if (!zero(regBases[i]))
            kept.push_back(mapped[i]);
    bases[size_t(kc)].second = std::move(kept);
    Expected<LinearLayout> l = LinearLayout::tryCreate(std::move(bases), composed.outDims(), false);
    if (!l)
        return nullptr;
    storage = std::move(*l);
    return &*storage;
}

namespace {

// Every instruction of the plan's warps into the report (and its elements, given the permuted
// register layout); `shift`: each after the first derived from it (bankShiftApplies), counted in
// *derived when given. `firstOnly` (no elements): where `shift` holds, the first instruction
// alone, every other having its figures.
Expected<bool> analyzeInstructions(const Architecture &arch, const BankAccessRequest &request,
                                   const AccessPlan &plan, const CvtAddresses &cvtAddress,
                                   const LinearLayout *permReg, bool shift, int *derived,
                                   bool firstOnly, BankConflictReport &report)
{
    const LdsInstruction *ins = plan.ins;
    const bool onlyFirst = firstOnly && shift && !permReg;
    report.instructions.reserve(onlyFirst ? 1 : size_t(plan.nWarps) * size_t(plan.perWarp));
    banksinternal::PhaseScratch scratch;
    for (int w = 0; w < plan.nWarps; ++w) {
        for (int i = 0; i < plan.perWarp; ++i) {
            if (onlyFirst && !report.instructions.empty())
                return true;
            auto addresses = instructionAddresses(arch, plan, cvtAddress, w, i);
            const bool derive = shift && !report.instructions.empty();
            auto ir = derive ? Expected<InstructionReport>(banksinternal::shiftedInstruction(
                                   arch, *ins, report.instructions.front(), std::move(addresses)))
                             : banksinternal::analyzeOwnAddresses(arch, *ins, std::move(addresses),
                                                                  request.options, scratch);
            if (!ir)
                return ir.error();
            if (derived && derive)
                ++*derived;
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
    return true;
}

// analyzeBanksPrepared; `shift`: derive an instruction from the first where bankShiftApplies
// (counted in *derived when given). `perWave`, when given: where every instruction would be
// derived, the first alone and *perWave set to the instructions of a wave (else 0).
Expected<BankConflictReport> analyzeBanksWith(const Architecture &arch,
                                              const BankAccessRequest &request,
                                              const LinearLayout &noBroadcast, bool shift,
                                              int *derived, const LinearLayout *composed,
                                              int *perWave = nullptr)
{
    if (derived)
        *derived = 0;
    if (perWave)
        *perWave = 0;
    if (auto ok = checkBankRequest(arch, request); !ok)
        return ok.error();
    const int bits = request.elementBits;
    const int elementBytes = bits / 8;
    const SharedMemoryLayout &shared = request.shared;

    std::optional<LinearLayout> own;
    const LinearLayout *cvt = composed;
    if (!cvt) {
        auto c = noBroadcast.invertAndCompose(shared.layout);
        if (!c)
            return makeError("the register layout does not map into the shared layout: " +
                             c.message());
        own = std::move(*c);
        cvt = &*own;
    }

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

    shift = shift &&
            bankShiftApplies(arch, plan, *cvt, shared, request.options, elementBytes, cvtAddress);
    auto ok = analyzeInstructions(arch, request, plan, cvtAddress, permReg ? &*permReg : nullptr,
                                  shift, derived, perWave != nullptr, report);
    if (!ok)
        return ok.error();
    if (perWave && shift && !permReg)
        *perWave = plan.perWarp;

    // Without padding the vector has no cap: the widest vector Triton's count takes.
    addTritonCount(request, TritonCountInputs{noBroadcast, *cvt, maxVec}, report);
    return report;
}

// analyzeBanksWith over the checked request's register layout without broadcast registers.
Expected<BankConflictReport> analyzeBanksChecked(const Architecture &arch,
                                                 const BankAccessRequest &request, bool shift)
{
    if (auto ok = checkBankRequest(arch, request); !ok)
        return ok.error();
    auto reg = removeBroadcastRegisters(request.reg);
    if (!reg)
        return reg.error();
    return analyzeBanksWith(arch, request, *reg, shift, nullptr, nullptr);
}

} // namespace

Expected<BankConflictReport> analyzeBanksPrepared(const Architecture &arch,
                                                  const BankAccessRequest &request,
                                                  const LinearLayout &noBroadcast, int *derived,
                                                  const LinearLayout *composed)
{
    return analyzeBanksWith(arch, request, noBroadcast, true, derived, composed);
}

Expected<BankConflictReport> analyzeBanksSummary(const Architecture &arch,
                                                 const BankAccessRequest &request,
                                                 const LinearLayout &noBroadcast, int &perWave,
                                                 const LinearLayout *composed)
{
    return analyzeBanksWith(arch, request, noBroadcast, true, nullptr, composed, &perWave);
}

Expected<BankConflictReport> analyzeBanks(const Architecture &arch,
                                          const BankAccessRequest &request)
{
    return analyzeBanksChecked(arch, request, true);
}

Expected<BankConflictReport> analyzeBanksEveryInstruction(const Architecture &arch,
                                                          const BankAccessRequest &request)
{
    return analyzeBanksChecked(arch, request, false);
}

Expected<BankConflictReport> analyzeBanksWithoutPhases(const Architecture &arch,
                                                       const BankAccessRequest &request)
{
    // The analysis with its shortcut (an instruction derived from the first where it can be),
    // then without what a search does not read.
    auto report = analyzeBanksChecked(arch, request, true);
    if (report && !request.collectElements) {
        for (InstructionReport &ir : report->instructions) {
            ir.addresses = {};
            ir.phases = {};
        }
    }
    return report;
}

} // namespace lx
