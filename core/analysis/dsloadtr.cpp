#include "analysis/dsloadtr.h"
#include "analysis/dsloadtrprepared.h"
#include "base/intmath.h"

#include "analysis/ldslowering.h"

#include "analysis/limits.h"
#include "f2/f2reduce.h"
#include "hw/arch.h"

#include "layout/attrs.h"
#include "layout/dimnames.h"

#include <algorithm>
#include <bit>
#include <deque>
#include <sstream>

namespace lx {

namespace {
using namespace dims;

const std::string kPartition = "partition";

std::vector<std::string> withoutName(std::vector<std::string> names, const std::string &name)
{
    std::erase(names, name);
    return names;
}

// The value of `dim` in a (register, lane, warp)-ordered apply.
int32_t component(const LinearLayout &l, const std::vector<int32_t> &in, const std::string &out)
{
    const int idx = l.outDimIndex(out);
    if (idx < 0)
        return 0;
    return l.applyOrdered(in)[size_t(idx)];
}

std::string joinSizes(const LinearLayout &l)
{
    std::string s;
    for (const auto &[name, size] : l.outDims()) {
        if (!s.empty())
            s += "x";
        s += std::to_string(size);
    }
    return s.empty() ? std::string("(scalar)") : s;
}

// cvt with in-dims exactly (register, lane, warp) in that order; absent dims get size 1. A cvt
// that already has them (every cvt of analyzeDsLoadTr) is moved, not built again.
Expected<LinearLayout> canonicalCvt(LinearLayout &&cvt)
{
    for (const std::string &d : cvt.inDimNames())
        if (d != kRegister && d != kLane && d != kWarp)
            return makeError("cvt has an unexpected input dim '" + d +
                             "' (expected register, lane, warp)");
    if (!cvt.hasOutDim(kOffset))
        return makeError("cvt has no 'offset' output: the source is not a shared-memory layout");
    for (const std::string &o : cvt.outDimNames())
        if (o != kOffset && o != kPartition)
            return makeError("cvt has an unexpected output dim '" + o +
                             "' (expected offset, partition)");
    if (cvt.inDimNames() == std::vector<std::string>{kRegister, kLane, kWarp} &&
        !cvt.surjectivityRequired())
        return std::move(cvt);
    LinearLayout::BasesT bases;
    for (const std::string &d : {kRegister, kLane, kWarp}) {
        std::vector<LinearLayout::Basis> bs;
        if (cvt.hasInDim(d))
            for (int i = 0; i < cvt.inDimSizeLog2(d); ++i)
                bs.push_back(cvt.basis(d, i));
        bases.emplace_back(d, std::move(bs));
    }
    return LinearLayout::tryCreate(std::move(bases), cvt.outDims(), false);
}

// Why divideLeft(cvt, tile) has no result, in the words of the conformance cases.
std::string diagnoseTile(const LinearLayout &offsetCvt, const DsLoadTrInstruction &instr)
{
    const int t = log2Exact(instr.tileSize());
    for (int i = 0; i < t; ++i) {
        const int32_t got = offsetCvt.basis(kLane, i)[0];
        if (got != (int32_t(1) << i))
            return "lane basis " + std::to_string(i) + " maps to [" + std::to_string(got) +
                   "] (need offset " + std::to_string(1 << i) + ")";
    }
    for (const std::string &d : {kRegister, kLane, kWarp}) {
        for (int i = d == kLane ? t : 0; i < offsetCvt.inDimSizeLog2(d); ++i) {
            const int32_t got = offsetCvt.basis(d, i)[0];
            if (got % instr.tileSize() != 0)
                return d + " basis " + std::to_string(i) + " maps to [" + std::to_string(got) +
                       "] (need a multiple of " + std::to_string(instr.tileSize()) + ")";
        }
    }
    return "divideLeft(cvt, tile) has no result";
}

// 2^rank of the register bases of `cvt` from index `first` on, over every out-dim (offset and
// partition): the distinct addresses the registers reach.
int64_t distinctRegisterSpan(const LinearLayout &cvt, int first)
{
    if (!cvt.hasInDim(kRegister))
        return 1;
    // The sublayout of those bases over the same out-dims has their packed columns as its own,
    // and a layout's rank is the rank of its columns: that rank, without building it.
    const int registers = cvt.inDimSizeLog2(kRegister);
    if (first >= registers)
        return 1;
    size_t column = 0;
    for (int d = 0; d < cvt.inDimIndex(kRegister); ++d)
        column += cvt.bases()[size_t(d)].second.size();
    if (column + size_t(registers) <= cvt.flatColumns().size())
        return int64_t(1) << f2::rankOfWords(cvt.flatColumns().data() + column + size_t(first),
                                             size_t(registers - first));
    std::vector<LinearLayout::Basis> bases;
    for (int i = first; i < cvt.inDimSizeLog2(kRegister); ++i)
        bases.push_back(cvt.basis(kRegister, i));
    Expected<LinearLayout> sub =
        LinearLayout::tryCreate({{kRegister, bases}}, cvt.outDims(), false);
    return sub ? int64_t(1) << sub->rank() : int64_t(1) << (cvt.inDimSizeLog2(kRegister) - first);
}

DsLoadFallback toFallback(const PlainAccess &a)
{
    DsLoadFallback f;
    f.vectorElements = a.vectorElements;
    f.bits = a.bits;
    f.instruction = a.instruction;
    f.count = a.count.issued;
    f.distinctCount = a.count.distinct;
    return f;
}

} // namespace

PlainAccess plainAccess(const Architecture &arch, const LinearLayout &cvt, int elementBits,
                        bool isWrite, const std::vector<std::pair<int32_t, int32_t>> &padding)
{
    // A padded source caps the vector at its smallest interval (and then Triton permutes no
    // registers); analysis/ldslowering.h.
    std::optional<int> cap;
    for (const auto &[interval, pad] : padding)
        cap = std::min(cap.value_or(std::max(1, 128 / std::max(1, elementBits))),
                       std::max(1, interval));
    const LdsVectorisation v = largestVectorisation(cvt, elementBits, cap);
    const int64_t distinctRegs = distinctRegisterSpan(cvt, 0);
    const int64_t vec = std::max<int64_t>(1, std::min<int64_t>(v.elements, distinctRegs));
    PlainAccess a;
    a.vectorElements = int(vec);
    a.bits = std::max(8, int(vec) * elementBits); // sub-byte elements move a byte at least
    if (const LdsInstruction *i = arch.plainInstruction(a.bits / 8, isWrite))
        a.instruction = i->name;
    a.count = {std::max<int64_t>(1, (int64_t(1) << v.registerBases) / vec), distinctRegs / vec};
    a.permuted = v.permuted;
    a.broadcastBases = v.broadcastBases;
    return a;
}

namespace {

// The variant for (arch, bits); when the arch has transposed loads but none for this element
// width, an instruction with an empty name, and the reason in *noVariant. An arch without
// transposed loads stays an error.
Expected<DsLoadTrInstruction> instructionOrNone(const Architecture &arch, int elementBits,
                                                std::string *noVariant)
{
    Expected<DsLoadTrInstruction> found = dsLoadTrInstruction(arch, elementBits);
    if (found)
        return found;
    std::vector<int> widths;
    for (const DsLoadTrInstruction &i : dsLoadTrInstructionsOf(arch))
        widths.push_back(i.elementBits);
    std::string variants; // "16-, 8- and 4-bit"
    for (size_t w = 0; w < widths.size(); ++w)
        variants += std::string(w == 0                   ? ""
                                : w + 1 == widths.size() ? " and "
                                                         : ", ") +
                    std::to_string(widths[w]) + (w + 1 == widths.size() ? "-bit" : "-");
    if (variants.empty())
        return found.error();
    DsLoadTrInstruction none;
    none.arch = arch.name;
    none.elementBits = elementBits;
    none.warpSize = arch.waveSize;
    if (noVariant)
        *noVariant = "no transposed load moves " + std::to_string(elementBits) +
                     "-bit elements on " + arch.name + " (only " + variants +
                     " ones); the lowering emits ordinary loads";
    return none;
}

} // namespace

DsLoadTrOptions dsLoadTrOptionsFor(const LayoutAttr *shared)
{
    DsLoadTrOptions o;
    if (!shared)
        return o;
    if (const auto *part = shared->as<PartitionedSharedAttr>())
        return dsLoadTrOptionsFor(part->partitionLayout.get());
    if (const auto *padded = shared->as<PaddedSharedAttr>())
        o.padding = padded->intervalPadding;
    return o;
}

std::optional<std::string> dsLoadTrDestinationProblem(const LayoutAttr *dst)
{
    if (!dst || dst->as<DotOperandAttr>() || dst->as<DistributedLinearAttr>())
        return std::nullopt;
    std::string kind = "a shared-memory layout";
    if (dst->as<BlockedAttr>())
        kind = "#ttg.blocked";
    else if (dst->as<AmdWmmaAttr>())
        kind = "#ttg.amd_wmma (an accumulator)";
    else if (dst->as<AmdMfmaAttr>())
        kind = "#ttg.amd_mfma (an accumulator)";
    else if (dst->as<SliceAttr>())
        kind = "#ttg.slice";
    return "the destination must be a dot operand (#ttg.dot_op) or #ttg.linear; it is " + kind;
}

int64_t DsLoadTrPlan::byteAddress(int warp, int64_t instr, int lane) const
{
    const int64_t off = laneOffsets[size_t(warp)][size_t(instr)][size_t(lane)];
    // Memdesc elements: fp4 is packed two to a byte, so its unit is the byte.
    const int unitBits = std::max(8, instruction.elementBits);
    int64_t units = off * instruction.elementBits / unitBits;
    int64_t padded = units;
    for (const auto &[interval, pad] : padding)
        if (interval > 0)
            padded += (units / interval) * pad;
    return padded * (unitBits / 8);
}

namespace {

using Padding = std::vector<std::pair<int32_t, int32_t>>;

// An error unless every [interval:+pad] is a pair of powers of two.
Expected<bool> checkTrPadding(const Padding &padding)
{
    for (const auto &[interval, pad] : padding)
        if (interval <= 0 || pad < 0 || !std::has_single_bit(uint32_t(interval)) ||
            (pad > 0 && !std::has_single_bit(uint32_t(pad))))
            return makeError("padding [" + std::to_string(interval) + ":+" + std::to_string(pad) +
                             "] is not a pair of powers of two");
    return true;
}

// The instruction's tile (lane -> offset, identity over its tile size), built once per thread
// and tile size instead of once per conversion.
const LinearLayout &trTileOf(const DsLoadTrInstruction &instr)
{
    // A deque: a tile added later moves none already handed out.
    thread_local std::deque<std::pair<int, LinearLayout>> tiles;
    for (const auto &[size, tile] : tiles)
        if (size == instr.tileSize())
            return tile;
    tiles.emplace_back(instr.tileSize(), instr.tile());
    return tiles.back().second;
}

// Reference §2.4, in the lowering's order: why the conversion cannot use the instruction, or
// nothing, with the quotient of the offsets by the instruction's tile in q.
std::optional<std::string> trIneligibility(const DsLoadTrPlan &plan, const LinearLayout &offsetCvt,
                                           const Padding &padding, std::optional<LinearLayout> &q)
{
    const DsLoadTrInstruction &instr = plan.instruction;
    const int E = instr.elementsPerInstruction();
    const int t = log2Exact(instr.tileSize());
    int32_t minInterval = 0;
    for (const auto &[interval, pad] : padding)
        minInterval = minInterval == 0 ? interval : std::min(minInterval, interval);
    if (minInterval > 0 && minInterval < E)
        return "padding interval " + std::to_string(minInterval) + " < elems per instruction " +
               std::to_string(E);
    if (plan.registers < E)
        return "the destination holds " + std::to_string(plan.registers) +
               " registers per lane; one " + instr.name + " fills " + std::to_string(E);
    if (offsetCvt.outDimSize(kOffset) < instr.tileSize())
        return "the source has fewer than " + std::to_string(instr.tileSize()) + " elements";
    q = LinearLayout::divideLeft(offsetCvt, trTileOf(instr));
    if (!q)
        return diagnoseTile(offsetCvt, instr);
    if (plan.partitioned) {
        const int pi = plan.cvt.outDimIndex(kPartition);
        for (int i = 0; i < t; ++i)
            if (plan.cvt.basis(kRegister, i)[size_t(pi)] != 0)
                return "register basis " + std::to_string(i) +
                       " changes partition: the registers of one instruction must lie in one "
                       "partition";
    }
    return std::nullopt;
}

// plan.reps, plan.addrToOffset and plan.addrLayout from plan.quotient.
Expected<bool> buildTrAddressing(DsLoadTrPlan &plan)
{
    const DsLoadTrInstruction &instr = plan.instruction;
    Expected<LinearLayout> reps = trTileOf(instr).zerosLike().product(plan.quotient);
    if (!reps)
        return reps.error();
    plan.reps = *reps;
    Expected<LinearLayout> inv = instr.fullTile().invert();
    Expected<LinearLayout> a2o =
        inv ? inv->compose(plan.reps) : Expected<LinearLayout>(inv.error());
    if (!a2o)
        return makeError("addrToOffset: " + a2o.message());
    plan.addrToOffset = *a2o;

    // addrLayout: the addr bases become lane bases, the warp bases come from reps.
    std::vector<LinearLayout::Basis> laneBases, warpBases;
    for (int j = 0; j < plan.addrToOffset.inDimSizeLog2(kAddr); ++j)
        laneBases.push_back(plan.addrToOffset.basis(kAddr, j));
    for (int j = 0; j < plan.reps.inDimSizeLog2(kWarp); ++j)
        warpBases.push_back(plan.reps.basis(kWarp, j));
    Expected<LinearLayout> addr = LinearLayout::tryCreate({{kLane, laneBases}, {kWarp, warpBases}},
                                                          plan.reps.outDims(), false);
    if (!addr)
        return makeError("addrLayout: " + addr.message());
    plan.addrLayout = *addr;
    return true;
}

// Source lane s, address bit j comes from the destination lane fullTile sends to addr = 2^j
// (bits that come from registers select nothing): the lane at which the partition of cvt is
// read.
std::vector<int32_t> partitionLaneBits(const DsLoadTrInstruction &instr)
{
    const LinearLayout &ft = instr.fullTile();
    const LinearLayout ftInv = *ft.invert();
    std::vector<int32_t> remapBit;
    for (int j = 0; j < log2Exact(instr.warpSize); ++j) {
        const std::vector<int32_t> v = ftInv.applyOrdered({0, int32_t(1) << j});
        const int32_t dstLane = v[size_t(ftInv.outDimIndex(kLane))];
        const int32_t dstReg = v[size_t(ftInv.outDimIndex(kRegister))];
        remapBit.push_back(dstReg == 0 ? dstLane : 0);
    }
    return remapBit;
}

// The first out-dim of `l` at each value of in-dim `inDim` below `count`, the layout being linear
// over GF(2): the XOR of the bases of its set bits, bits above the dim's size ignored (as
// applyOrdered does).
std::vector<int32_t> firstOutOverDim(const LinearLayout &l, const std::string &inDim, int count)
{
    std::vector<int32_t> bits;
    for (int j = 0; l.hasInDim(inDim) && j < l.inDimSizeLog2(inDim); ++j)
        bits.push_back(l.basis(inDim, j)[0]);
    std::vector<int32_t> table(size_t(std::max(count, 0)), 0);
    for (int v = 0; v < count; ++v)
        for (size_t j = 0; j < bits.size() && j < 31; ++j)
            if ((uint32_t(v) >> j) & 1u)
                table[size_t(v)] ^= bits[j];
    return table;
}

// plan.laneOffsets and plan.lanePartitions: per warp, instruction and source lane.
void tabulateTrLanes(DsLoadTrPlan &plan)
{
    const DsLoadTrInstruction &instr = plan.instruction;
    const LinearLayout &cvt = plan.cvt;
    const int E = instr.elementsPerInstruction();
    const std::vector<int32_t> remapBit = partitionLaneBits(instr);
    const int repsRegIdx = plan.reps.inDimIndex(kRegister);
    const int repsLaneIdx = plan.reps.inDimIndex(kLane);
    const int repsWarpIdx = plan.reps.inDimIndex(kWarp);
    // Instruction i's first offset, and the address layout's offset per lane and per warp.
    std::vector<int32_t> bases;
    for (int64_t i = 0; i < plan.instructions; ++i) {
        std::vector<int32_t> in(3, 0);
        in[size_t(repsRegIdx)] = int32_t(i * E);
        in[size_t(repsLaneIdx)] = 0;
        in[size_t(repsWarpIdx)] = 0;
        bases.push_back(plan.reps.applyOrdered(in)[0]);
    }
    const std::vector<int32_t> laneOffset = firstOutOverDim(plan.addrLayout, kLane, instr.warpSize);
    const std::vector<int32_t> warpOffset = firstOutOverDim(plan.addrLayout, kWarp, plan.warps);
    // The destination lane whose partition source lane s reads.
    std::vector<int32_t> remappedLane(size_t(instr.warpSize), 0);
    for (int s = 0; s < instr.warpSize; ++s)
        for (int j = 0; j < int(remapBit.size()); ++j)
            if (s & (1 << j))
                remappedLane[size_t(s)] ^= remapBit[size_t(j)];
    const bool hasPartition = cvt.hasOutDim(kPartition);
    plan.laneOffsets.assign(size_t(plan.warps), {});
    plan.lanePartitions.assign(size_t(plan.warps), {});
    for (int w = 0; w < plan.warps; ++w) {
        plan.laneOffsets[size_t(w)].reserve(size_t(plan.instructions));
        plan.lanePartitions[size_t(w)].reserve(size_t(plan.instructions));
        for (int64_t i = 0; i < plan.instructions; ++i) {
            const int32_t base = bases[size_t(i)] ^ warpOffset[size_t(w)];
            std::vector<int32_t> offs(size_t(instr.warpSize));
            std::vector<int32_t> parts(size_t(instr.warpSize), 0);
            for (int s = 0; s < instr.warpSize; ++s) {
                offs[size_t(s)] = base ^ laneOffset[size_t(s)];
                if (hasPartition)
                    parts[size_t(s)] =
                        component(cvt, {int32_t(i * E), remappedLane[size_t(s)], w}, kPartition);
            }
            plan.laneOffsets[size_t(w)].push_back(std::move(offs));
            plan.lanePartitions[size_t(w)].push_back(std::move(parts));
        }
    }
}

} // namespace

namespace {

// analyzeDsLoadTrCvt of a cvt it may keep, given its instruction (instructionOrNone, with
// `noVariant` its reason when no variant moves these elements).
Expected<DsLoadTrPlan> planOfCvt(LinearLayout &&rawCvt, int elementBits, const Architecture &arch,
                                 const DsLoadTrOptions &options, const DsLoadTrInstruction &instr,
                                 const std::string &noVariant)
{
    Expected<LinearLayout> cvtE = canonicalCvt(std::move(rawCvt));
    if (!cvtE)
        return cvtE.error();
    DsLoadTrPlan plan;
    plan.cvt = std::move(*cvtE);
    const LinearLayout &cvt = plan.cvt;
    if (cvt.inDimSize(kLane) != instr.warpSize)
        return makeError("the destination has " + std::to_string(cvt.inDimSize(kLane)) +
                         " lanes but " + arch.name + " warps have " +
                         std::to_string(instr.warpSize));
    if (auto ok = checkTrPadding(options.padding); !ok)
        return ok.error();

    plan.instruction = instr;
    plan.padding = options.padding;
    plan.partitioned = cvt.hasOutDim(kPartition);
    plan.registers = cvt.inDimSize(kRegister);
    plan.warps = cvt.inDimSize(kWarp);
    // The offset part: cvt itself when it has no partition (the sublayout would be cvt).
    Expected<LinearLayout> offsetE = LinearLayout();
    if (plan.partitioned)
        offsetE = cvt.sublayout({kRegister, kLane, kWarp}, {kOffset});
    const LinearLayout &offsetCvt = plan.partitioned ? *offsetE : cvt;
    plan.fallback = toFallback(plainAccess(arch, cvt, elementBits, false, options.padding));

    auto ineligible = [&](std::string why) {
        plan.eligible = false;
        plan.reason = std::move(why);
        return std::move(plan); // every caller returns at once: the plan is not read again
    };
    if (!noVariant.empty())
        return ineligible(noVariant);
    const int E = instr.elementsPerInstruction();
    const int t = log2Exact(instr.tileSize());

    std::optional<LinearLayout> q;
    if (auto why = trIneligibility(plan, offsetCvt, options.padding, q))
        return ineligible(std::move(*why));
    plan.quotient = std::move(*q);
    if (auto ok = buildTrAddressing(plan); !ok)
        return ok.error();

    plan.eligible = true;
    plan.instructions = plan.registers / E;
    // Instruction i reads register i * E on: the register bits above log2(E) pick the
    // instruction, and a zero one among them (over offset and partition) repeats a load.
    plan.distinctInstructions = distinctRegisterSpan(cvt, t);
    tabulateTrLanes(plan);
    return plan;
}

} // namespace

Expected<DsLoadTrPlan> analyzeDsLoadTrCvt(const LinearLayout &rawCvt, int elementBits,
                                          const Architecture &arch, const DsLoadTrOptions &options)
{
    if (auto ok = checkAnalysisSize(rawCvt, "the conversion"); !ok)
        return ok.error();
    std::string noVariant;
    Expected<DsLoadTrInstruction> instr = instructionOrNone(arch, elementBits, &noVariant);
    if (!instr)
        return instr.error();
    return planOfCvt(LinearLayout(rawCvt), elementBits, arch, options, *instr, noVariant);
}

Expected<DsLoadTrPlan> analyzeDsLoadTr(const LinearLayout &shared, const LinearLayout &dst,
                                       int elementBits, const Architecture &arch,
                                       const DsLoadTrOptions &options)
{
    return analyzeDsLoadTrComposed(shared, dst, nullptr, elementBits, arch, options);
}

Expected<DsLoadTrPlan> analyzeDsLoadTrComposed(const LinearLayout &shared, const LinearLayout &dst,
                                               const Expected<LinearLayout> *composed,
                                               int elementBits, const Architecture &arch,
                                               const DsLoadTrOptions &options)
{
    std::string noVariant;
    Expected<DsLoadTrInstruction> instr = instructionOrNone(arch, elementBits, &noVariant);
    if (!instr)
        return instr.error();
    if (auto ok = checkAnalysisSize(dst, "the destination layout"); !ok)
        return ok.error();
    if (auto ok = checkAnalysisSize(shared, "the shared layout"); !ok)
        return ok.error();
    if (!shared.hasInDim(kOffset))
        return makeError("the source is not a shared-memory layout (it has no 'offset' input)");
    if (dst.hasInDim(kOffset) || !dst.hasInDim(kLane))
        return makeError(
            "the destination is not a register layout (a dot operand or #ttg.linear): it needs "
            "register/lane/warp inputs");
    if (shared.outDimNames() != dst.outDimNames() || shared.outDims() != dst.outDims())
        return makeError("shapes differ: the shared layout covers " + joinSizes(shared) +
                         ", the destination " + joinSizes(dst));
    // The map given is read in place (copied only where no sublayout is taken of it).
    std::optional<Expected<LinearLayout>> computed;
    if (!composed)
        computed.emplace(dst.invertAndCompose(shared));
    const Expected<LinearLayout> &cvt = composed ? *composed : *computed;
    if (!cvt)
        return makeError("cannot map the destination onto shared memory: " + cvt.message());
    const LinearLayout &src = *cvt;
    LinearLayout c;
    if (src.hasOutDim(kBlock) && !src.hasInDim(kBlock)) {
        // Only the source has a block dim: fine when no destination index reaches another CTA.
        Expected<bool> zero = src.sublayoutIsZero(src.inDimNames(), {kBlock});
        if (!zero || !*zero)
            return makeError("the load reads another CTA's shared memory (cvt reaches block > 0)");
        std::vector<std::string> outs;
        for (const std::string &o : src.outDimNames())
            if (o != kBlock)
                outs.push_back(o);
        c = *src.sublayout(src.inDimNames(), outs);
    } else if (src.hasOutDim(kBlock) && src.inDimSizeLog2(kBlock) == 0 &&
               src.outDimSize(kBlock) == 1) {
        // One CTA on both sides: the quotient by block only drops the two empty dims.
        Expected<LinearLayout> one = src.sublayout(withoutName(src.inDimNames(), kBlock),
                                                   withoutName(src.outDimNames(), kBlock));
        c = std::move(*one);
    } else if (src.hasOutDim(kBlock)) {
        std::optional<LinearLayout> q = src.quotient({kBlock});
        if (!q)
            return makeError(
                "the load reads another CTA's shared memory (block is not trivial in cvt)");
        c = std::move(*q);
    } else if (src.hasInDim(kBlock)) {
        if (src.inDimSizeLog2(kBlock) > 0)
            return makeError("the destination spans several CTAs but the source has no block dim");
        std::vector<std::string> ins;
        for (const std::string &d : {kRegister, kLane, kWarp})
            if (src.hasInDim(d))
                ins.push_back(d);
        c = *src.sublayout(ins, src.outDimNames());
    } else if (computed) {
        c = std::move(**computed);
    } else {
        c = src;
    }
    if (auto ok = checkAnalysisSize(c, "the conversion"); !ok)
        return ok.error();
    return planOfCvt(std::move(c), elementBits, arch, options, *instr, noVariant);
}

Expected<DsLoadTrPlan> analyzeDsLoadTr(const LinearLayout &shared, const LinearLayout &dst,
                                       int elementBits, const std::string &arch,
                                       const DsLoadTrOptions &options)
{
    Expected<Architecture> a = loadArchitecture(arch);
    if (!a)
        return a.error();
    return analyzeDsLoadTr(shared, dst, elementBits, *a, options);
}

Expected<DsLoadTrPlan> analyzeDsLoadTrCvt(const LinearLayout &cvt, int elementBits,
                                          const std::string &arch, const DsLoadTrOptions &options)
{
    Expected<Architecture> a = loadArchitecture(arch);
    if (!a)
        return a.error();
    return analyzeDsLoadTrCvt(cvt, elementBits, *a, options);
}

} // namespace lx
