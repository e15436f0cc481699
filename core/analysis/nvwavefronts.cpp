#include "analysis/nvwavefronts.h"

#include "analysis/banks.h"
#include "analysis/nvmatrixphases.h"
#include "analysis/nvoffsetbases.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <vector>

namespace lx {

namespace {

struct Images
{
    std::vector<int64_t> reg, lane, warp;
};

Images imagesOf(const LinearLayout &cvt)
{
    return {nvbases::offsetsOf(cvt, "register"), nvbases::offsetsOf(cvt, "lane"),
            nvbases::offsetsOf(cvt, "warp")};
}

using nvbases::combine;
using nvbases::pick;

// Plain ld.shared / st.shared: the architecture's instruction of the vector's width.
Expected<NvWavefronts> plainWavefronts(const Architecture &arch, const Images &im,
                                       const NvSharedAccess &a, int bytes, bool isWrite)
{
    const int vecBytes = a.elementsPerInstruction * bytes;
    const LdsInstruction *instr = arch.plainInstruction(vecBytes, isWrite);
    if (!instr)
        return makeError(arch.name + " has no " + std::to_string(vecBytes * 8) + "-bit " +
                         (isWrite ? "store" : "load") + " in its architecture file");
    std::vector<int> others;
    for (int i = 0; i < int(im.reg.size()); ++i)
        if (std::find(a.tileRegisters.begin(), a.tileRegisters.end(), i) == a.tileRegisters.end())
            others.push_back(i);
    const std::vector<int64_t> instrBases = pick(im.reg, others);
    NvWavefronts w;
    BankOptions measured, textbook;
    textbook.measuredRules = false;
    for (uint64_t warp = 0; warp < (uint64_t(1) << im.warp.size()); ++warp)
        for (uint64_t k = 0; k < (uint64_t(1) << instrBases.size()); ++k) {
            const int64_t base = combine(im.warp, warp) ^ combine(instrBases, k);
            std::vector<std::optional<int64_t>> lanes;
            for (uint64_t l = 0; l < uint64_t(arch.waveSize); ++l)
                lanes.push_back((base ^ combine(im.lane, l)) * bytes);
            const std::vector<std::vector<std::optional<int64_t>>> addresses(
                size_t(std::max(1, instr->passes)), lanes);
            Expected<InstructionReport> m = analyzeAddresses(arch, *instr, addresses, measured);
            Expected<InstructionReport> t = analyzeAddresses(arch, *instr, addresses, textbook);
            if (!m || !t)
                return makeError(!m ? m.message() : t.message());
            ++w.instructions;
            w.measured += m->cycles;
            w.textbook += t->cycles;
            w.ideal += t->idealCycles;
            w.maxWays = std::max(w.maxWays, m->maxWays);
            if (!m->measuredRule.empty())
                w.rule = m->measuredRule;
        }
    return w;
}

} // namespace

Expected<NvWavefronts> nvidiaWavefronts(const Architecture &arch, const LinearLayout &cvt,
                                        const NvSharedAccess &access, int elementBits, bool isWrite)
{
    if (cvt.outDimIndex("offset") < 0)
        return makeError("the access has no shared-memory offsets");
    const int bytes = std::max(1, elementBits / 8);
    const Images im = imagesOf(cvt);
    if (access.kind == NvAccessKind::Plain)
        return plainWavefronts(arch, im, access, bytes, isWrite);
    // ldmatrix / stmatrix: one phase of eight 16-byte rows per matrix (analysis/nvmatrixphases.h).
    Expected<NvMatrixPhases> phases = nvidiaMatrixPhases(arch, cvt, access, elementBits, false);
    if (!phases)
        return phases.error();
    NvWavefronts w;
    w.instructions = phases->warps * phases->instructionsPerWarp;
    for (const NvMatrixPhase &p : phases->phases) {
        w.measured += p.ways;
        w.textbook += p.ways;
        w.ideal += 1;
        w.maxWays = std::max(w.maxWays, p.ways);
    }
    return w;
}

} // namespace lx
