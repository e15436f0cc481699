#include "analysis/kernelcost.h"
#include "analysis/scratchcost.h"

#include "analysis/banks.h"
#include "hw/arch.h"

#include <algorithm>

namespace lx {

void costPlainAccess(KernelOpReport &r, const Architecture &arch, const LinearLayout &reg,
                     const SharedMemoryLayout &shared, bool isWrite)
{
    if (r.elementBits != 8 && r.elementBits != 16 && r.elementBits != 32 && r.elementBits != 64) {
        r.cyclesNote = "bank conflicts are modelled for 8-, 16-, 32- and 64-bit elements, not " +
                       std::to_string(r.elementBits) + "-bit";
        return;
    }
    BankAccessRequest req;
    req.reg = reg;
    req.shared = shared;
    req.elementBits = r.elementBits;
    req.isWrite = isWrite;
    req.collectElements = false;
    req.tritonModel = false;
    // No instruction forced: the bank analysis chooses by the lowering's rule (one
    // largestVectorisation), and a choice other than the lowering's is said, never hidden.
    Expected<BankConflictReport> rep = analyzeBanks(arch, req);
    if (!rep) {
        r.reason += (r.reason.empty() ? "" : "; ") + std::string("banks: ") + rep.message();
        r.cyclesNote = "the bank analysis failed: " + rep.message();
        return;
    }
    if (rep->instruction.name != r.instruction) {
        r.problem = "the bank analysis chose " + rep->instruction.name + " where the lowering " +
                    "issues " + r.instruction + " (two vectorisation answers for one access)";
        r.cyclesNote = "not costed: " + r.problem;
        return;
    }
    r.maxWays = rep->totals.maxWays;
    r.cyclesPerCta = rep->totals.cycles;
    r.idealCyclesPerCta = rep->totals.idealCycles;
    r.cyclesProvenance =
        rep->measuredRule.empty() ? rep->instruction.provenance : rep->measuredRuleProvenance;
}

void costTransposedLoad(KernelOpReport &r, const Architecture &arch, const DsLoadTrPlan &plan)
{
    // Every instruction of every warp at the source addresses its lanes read, costed as a
    // scratch op's instructions are (one entry per issued instruction).
    ScratchInstruction load;
    load.name = plan.instruction.name;
    for (int w = 0; w < plan.warps; ++w)
        for (int64_t i = 0; i < plan.instructions; ++i) {
            std::vector<std::optional<int64_t>> lanes;
            for (int s = 0; s < arch.waveSize; ++s)
                lanes.emplace_back(plan.byteAddress(w, i, s));
            load.lanes.push_back(std::move(lanes));
        }
    costScratchInstructions(r, arch, {load});
}

std::string kernelOpCostReason(const KernelOpReport &op)
{
    std::string s;
    for (const KernelLdsAccess &a : op.accesses) {
        s += (s.empty() ? "" : " and ") + std::to_string(a.count) + " x " + a.instruction;
        if (a.issued > a.count)
            s += " (" + std::to_string(a.issued) + " issued)";
    }
    if (s.empty())
        s = op.instruction.empty() ? op.op : op.instruction;
    s += " per thread";
    if (op.lostTransposed)
        s += ", the narrow loads of a lost transposed load (" + op.reason + ")";
    if (op.maxWays > 1)
        s += ", " + std::to_string(op.maxWays) + "-way bank conflicts (" +
             std::to_string(op.idealCyclesPerCta) + " cycles without)";
    else if (op.maxWays == 1)
        s += ", conflict-free";
    return s;
}

} // namespace lx
