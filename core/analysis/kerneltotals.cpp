// The totals of a kernel's report (the sums every face prints), what makes an op a problem, and
// the plain accesses of a round trip through LDS: the parts of analysis/kernel.h that read the
// per-op reports rather than the module.

#include "analysis/kernel.h"

#include "analysis/conversion.h"
#include "analysis/kernelcost.h"
#include "analysis/kernelnvidia.h"
#include "analysis/ldslowering.h"

#include <algorithm>

namespace lx {

void sumKernelTotals(KernelReport &report)
{
    KernelTotals &t = report.totals;
    for (size_t i = 0; i < report.ops.size(); ++i) {
        const KernelOpReport &r = report.ops[i];
        for (const KernelLdsAccess &a : r.accesses) {
            if (isSharedMemoryInstruction(a.instruction) && a.count > 0) {
                t.instructions[a.instruction] += a.count;
                t.issued[a.instruction] += std::max(a.issued, a.count);
            }
            if (a.wavefronts) {
                t.hasWavefronts = true;
                (a.isWrite ? t.wavefrontsStore : t.wavefrontsLoad) += *a.wavefronts;
                (a.isWrite ? t.textbookWavefrontsStore : t.textbookWavefrontsLoad) +=
                    a.textbookWavefronts;
            }
        }
        if (r.op == "ttg.local_alloc")
            t.ldsBytesEndToEnd += r.bytes;
        if (r.maxWays > t.worstWays) {
            t.worstWays = r.maxWays;
            t.worstWaysLine = r.line;
        }
        if (r.cyclesPerCta) {
            t.cyclesPerCta += *r.cyclesPerCta;
            if (t.worstOp < 0 || *r.cyclesPerCta > *report.ops[size_t(t.worstOp)].cyclesPerCta)
                t.worstOp = int(i);
        }
        if (r.lostTransposed)
            t.lostTransposed.push_back("line " + std::to_string(r.line) + " " + r.name + ": " +
                                       r.reason);
    }
    if (t.worstOp >= 0)
        t.worstOpReason = kernelOpCostReason(report.ops[size_t(t.worstOp)]);
}

bool KernelOpReport::isProblem() const
{
    return !problem.empty() || maxWays > 1 || lostTransposed ||
           instruction == conversionKindName(ConversionKind::LdsRoundTrip) ||
           instruction == conversionKindName(ConversionKind::CrossCta);
}

std::string formatShape(const std::vector<int32_t> &shape, const char *separator)
{
    std::string s;
    for (size_t i = 0; i < shape.size(); ++i)
        s += (i ? separator : "") + std::to_string(shape[i]);
    return s;
}

Expected<std::vector<KernelLdsAccess>> roundTripAccesses(const Architecture &arch,
                                                         const LinearLayout &src,
                                                         const LinearLayout &dst, int elementBits)
{
    Expected<LdsRoundTrip> t = ldsRoundTrip(src, dst, elementBits);
    if (!t)
        return t.error();
    std::vector<KernelLdsAccess> out;
    for (const bool isWrite : {true, false}) {
        const int elems = isWrite ? t->storeElements : t->loadElements;
        const int64_t regs = isWrite ? t->storeRegisters : t->loadRegisters;
        const int bits = std::max(8, elems * elementBits);
        if (arch.vendor == "nvidia") {
            const std::string name = nvidiaPlainMnemonic(elems, elementBits, isWrite);
            out.push_back({name, regs / elems, regs / elems, isWrite});
            continue;
        }
        const LdsInstruction *i = arch.plainInstruction(bits / 8, isWrite);
        if (!i)
            return makeError(arch.name + " has no single-address " + std::to_string(bits) +
                             "-bit " + (isWrite ? "write" : "read") + " in its architecture file");
        out.push_back({i->name, regs / elems, regs / elems, isWrite});
    }
    return out;
}

} // namespace lx
