#include "analysis/banksdsloadtr.h"
#include "analysis/banksinternal.h"

#include <algorithm>

namespace lx {

namespace {

// The architecture's phase table for the plan's transposed load, once the plan is known to apply
// to `arch` and `dst`; an error says why not.
Expected<const LdsInstruction *>
checkedInstruction(const Architecture &arch, const DsLoadTrPlan &plan, const LinearLayout &dst)
{
    const DsLoadTrInstruction &tr = plan.instruction;
    if (!plan.eligible)
        return makeError(tr.name.empty() ? plan.reason
                                         : tr.name + " does not apply: " + plan.reason);
    if (tr.arch != arch.name)
        return makeError(tr.name + " is a " + tr.arch + " instruction, not " + arch.name + "'s");
    const LdsInstruction *ins = arch.findInstruction(tr.name);
    if (!ins)
        return makeError(arch.name + "'s architecture file has no phase table for " + tr.name);
    if (ins->passes != 1 || ins->isWrite)
        return makeError(tr.name + " must be a single-pass read in the architecture file");
    if (!dst.hasInDim("register") || !dst.hasInDim("lane") ||
        dst.inDimSize("register") != plan.registers || dst.inDimSize("lane") != tr.warpSize)
        return makeError("the destination layout is not the one the plan was computed from");
    return ins;
}

} // namespace

Expected<BankConflictReport> analyzeDsLoadTrBanks(const Architecture &arch,
                                                  const DsLoadTrPlan &plan, const LinearLayout &dst,
                                                  const SharedMemoryLayout &shared,
                                                  const BankOptions &options, int maxWarps,
                                                  bool collectElements)
{
    const DsLoadTrInstruction &tr = plan.instruction;
    Expected<const LdsInstruction *> checked = checkedInstruction(arch, plan, dst);
    if (!checked)
        return checked.error();
    const LdsInstruction *ins = *checked;

    BankConflictReport report;
    report.arch = arch.name;
    report.instruction = *ins;
    report.instructionForced = false;
    report.elementBits = tr.elementBits;
    report.vectorElements = tr.elementsPerInstruction();
    report.maxVectorElements = tr.elementsPerInstruction();
    report.bankWidthBytes = arch.bankWidthBytes;
    report.tritonNote = "Triton's generic count models ordinary vector loads, not the transposed "
                        "load's source addresses";

    const int64_t elementBytes = std::max(1, tr.elementBits / 8);
    const int64_t stride =
        sharedPartitionStride(shared, int(elementBytes), arch.cu ? arch.cu->partitionBytes : 0);
    auto laneAddress = [&](int w, int64_t i, int s) {
        const int32_t part =
            plan.partitioned ? plan.lanePartitions[size_t(w)][size_t(i)][size_t(s)] : 0;
        return shared.baseBytes + int64_t(part) * stride + plan.byteAddress(w, i, s);
    };
    auto dstInputs = [&](int r, int l, int w) {
        std::vector<int32_t> in;
        for (const auto &[dim, size] : dst.inDims())
            in.push_back(dim == "register" ? r : dim == "lane" ? l : dim == "warp" ? w : 0);
        return in;
    };

    const int E = tr.elementsPerInstruction();
    const int nWarps = maxWarps > 0 ? std::min(plan.warps, maxWarps) : plan.warps;
    banksinternal::PhaseScratch scratch;
    for (int w = 0; w < nWarps; ++w) {
        for (int64_t i = 0; i < plan.instructions; ++i) {
            std::vector<std::vector<std::optional<int64_t>>> addrs(
                1, std::vector<std::optional<int64_t>>(size_t(arch.waveSize)));
            for (int s = 0; s < tr.warpSize && s < arch.waveSize; ++s)
                addrs[0][size_t(s)] = laneAddress(w, i, s);
            Expected<InstructionReport> ir =
                banksinternal::analyzeOwnAddresses(arch, *ins, std::move(addrs), options, scratch);
            if (!ir)
                return ir.error();
            ir->warp = w;
            ir->index = int(i);
            // Destination element (register r, lane L) was read by the source lane the exchange
            // names, as element `element` of that lane's contiguous run.
            for (int L = 0; collectElements && L < tr.warpSize; ++L) {
                for (int j = 0; j < E; ++j) {
                    const int r = int(i) * E + j;
                    const DsLoadTrInstruction::LaneElement src = tr.sourceOf(L, j);
                    const PhaseReport *ph = ir->phaseOfLane(0, src.lane);
                    if (!ph)
                        return makeError("internal: lane " + std::to_string(src.lane) +
                                         " is in no phase of " + ins->name);
                    ElementAccess e;
                    e.coords = dst.applyOrdered(dstInputs(r, L, w));
                    e.warp = w;
                    e.lane = L;
                    e.instruction = int(i);
                    e.byteAddress =
                        laneAddress(w, i, src.lane) + int64_t(src.element) * tr.elementBits / 8;
                    e.bank = bankOf(e.byteAddress, arch.bankWidthBytes, ins->numBanks);
                    e.phase = ph->phase;
                    e.ways = ph->accessesPerBank[size_t(e.bank)];
                    report.elements.push_back(std::move(e));
                }
            }
            report.totals.instructions += 1;
            report.totals.cycles += ir->cycles;
            report.totals.idealCycles += ir->idealCycles;
            report.totals.maxWays = std::max(report.totals.maxWays, ir->maxWays);
            noteMeasuredRule(arch, *ir, report);
            report.instructions.push_back(std::move(*ir));
        }
    }
    TransposedLoadChoice choice;
    choice.candidate = tr.name;
    choice.used = true;
    choice.fallback = plan.fallback.instruction;
    choice.fallbackCount = plan.fallback.count;
    choice.fallbackDistinct = plan.fallback.distinctCount;
    choice.transposedCount = plan.instructions;
    choice.transposedDistinct = plan.distinctInstructions;
    report.transposedLoad = choice;
    return report;
}

} // namespace lx
