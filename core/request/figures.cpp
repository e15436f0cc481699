#include "request/figures.h"
#include "base/intmath.h"

#include "request/ctasearch.h"
#include "request/dscounter.h"
#include "request/partitionloweringfigures.h"
#include "request/pieceline.h"
#include "request/viewfigures.h"

#include "hw/dtype.h"

#include <algorithm>
#include <set>

namespace lx {

namespace {

Figure computed(std::string key, std::string label, std::string text,
                std::optional<double> value = std::nullopt, std::string unit = {},
                std::string note = {})
{
    return Figure{std::move(key),  std::move(label),       std::move(text), value,
                  std::move(unit), FigureSource::Computed, std::move(note)};
}

Figure modelled(std::string key, std::string label, std::string text, double value,
                std::string unit, std::string note)
{
    return Figure{std::move(key),  std::move(label),    std::move(text), value,
                  std::move(unit), FigureSource::Model, std::move(note)};
}

// "1 group", "2 groups".
std::string count(int n, const std::string &singular, const std::string &plural)
{
    return intText(n) + " " + (n == 1 ? singular : plural);
}

std::string dtypeText(const std::string &dtype, bool defaulted)
{
    return defaulted ? dtype + " (default)" : dtype;
}

Figure dtypeFigure(const std::string &dtype, bool defaulted)
{
    return computed("dtype", "Element type", dtypeText(dtype, defaulted), std::nullopt, {},
                    defaulted ? "Neither the view nor its layouts name an element type; the "
                                "program's default is used"
                              : "From the view's option 'dtype' or its layouts");
}

} // namespace

std::vector<Figure> dsLoadTrFigures(const DsLoadTrInput &in)
{
    const DsLoadTrPlan &p = in.plan;
    std::vector<Figure> f;
    f.push_back(computed("instruction", "Instruction",
                         (p.hasInstruction() ? p.instruction.name : std::string("none")) + " (" +
                             p.instruction.arch + ", " + in.dtype + ")",
                         std::nullopt, {},
                         p.hasInstruction()
                             ? "The transposed load the arch has for this element width"
                             : "No transposed load of " + p.instruction.arch + " moves " +
                                   intText(p.instruction.elementBits) + "-bit elements"));
    f.push_back(dtypeFigure(in.dtype, in.dtypeDefaulted));
    f.push_back(computed("eligible", "ds_load_tr eligible",
                         p.eligible ? std::string("yes") : "no: " + p.reason,
                         p.eligible ? 1.0 : 0.0, {}, "Whether divideLeft(cvt, tile) has a result"));
    f.push_back(computed("instructions", "Transposed loads per thread, issued",
                         p.eligible ? intText(p.instructions) : std::string("none"),
                         p.eligible ? std::optional<double>(double(p.instructions)) : std::nullopt,
                         {},
                         "What Triton's lowering issues: destination registers / elements per "
                         "instruction, replicated registers included (Triton's lit tests count "
                         "these)"));
    f.push_back(computed(
        "instructionsDistinct", "Transposed loads per thread, distinct",
        p.eligible ? intText(p.distinctInstructions) : std::string("none"),
        p.eligible ? std::optional<double>(double(p.distinctInstructions)) : std::nullopt, {},
        "What the final assembly keeps: LLVM removes a load of an address already "
        "loaded (a replicated register); a partition bit is not a replica"));
    f.push_back(computed("fallback", "Fallback loads per thread, issued",
                         intText(p.fallback.count) + " × " + p.fallback.instruction,
                         double(p.fallback.count), {},
                         "What the lowering emits without ds_load_tr (Triton's generic "
                         "vectorisation), replicated registers included"));
    f.push_back(computed("fallbackDistinct", "Fallback loads per thread, distinct",
                         intText(p.fallback.distinctCount) + " × " + p.fallback.instruction,
                         double(p.fallback.distinctCount), {},
                         "The fallback loads the final assembly keeps (distinct addresses)"));
    if (p.eligible && p.instructions > 0 && p.fallback.count > 0) {
        const double ratio = double(p.fallback.count) / double(p.instructions);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3g", ratio);
        f.push_back(computed("saving", "Loads saved", std::string(buf) + "× fewer", ratio));
    }
    // The DS counter's limit, from the architecture the plan was made for.
    {
        const std::optional<ModelConstant> &limit = in.dsCounterLimit;
        for (Figure &g : dsCounterLimitFigures(limit))
            f.push_back(std::move(g));
        if (p.eligible)
            if (auto g = dsCounterFigure(limit, p.distinctInstructions,
                                         p.instruction.name + " (transposed)", "Transposed"))
                f.push_back(std::move(*g));
        if (auto g = dsCounterFigure(limit, p.fallback.distinctCount,
                                     p.fallback.instruction + " (fallback)", "Fallback"))
            f.push_back(std::move(*g));
    }
    f.push_back(
        computed("registers", "Registers per thread", intText(p.registers), double(p.registers)));
    // What each lowering writes into VGPRs (a model of the register cost of the layout choice):
    // the transposed load fills packed registers; each narrow fallback load writes a VGPR of its
    // own, whatever its width.
    if (const Expected<int> bits = dtypeBits(in.dtype); bits && p.fallback.distinctCount > 0) {
        const int64_t packed = (p.registers * *bits + 31) / 32;
        const int64_t narrow = p.fallback.distinctCount * ((p.fallback.bits + 31) / 32);
        const std::string note =
            "A model of what each lowering writes, not an allocator: the compiler may hold part "
            "of the operand at a time; it says which way the layout choice moves the VGPRs";
        if (p.eligible)
            f.push_back(Figure{"vgprsTransposed", "Destination VGPRs, transposed (model)",
                               intText(packed) + " (" + intText(p.registers) + " elements packed)",
                               double(packed), "", FigureSource::Model, note});
        f.push_back(Figure{"vgprsFallback", "Destination VGPRs, fallback (model)",
                           intText(narrow) + " (" + intText(p.fallback.distinctCount) + " x " +
                               p.fallback.instruction + ", one VGPR or more each)",
                           double(narrow), "", FigureSource::Model, note});
    }
    f.push_back(computed("warps", "Warps", intText(p.warps), double(p.warps)));
    if (p.partitioned)
        f.push_back(computed("partitioned", "Partitioned source", "yes", 1.0));
    return f;
}

std::vector<Figure> ctaFigures(const CtaInput &in)
{
    const CtaAnalysis &c = in.cta;
    const CuModel &cu = in.cu;
    std::vector<Figure> f;
    f.push_back(computed("warps", "Warps", intText(c.numWarps), double(c.numWarps), {},
                         "Warp w runs on SIMD w mod " + intText(cu.simds) + ", pair by SIMD (" +
                             cu.arch + ")"));
    f.push_back(dtypeFigure(in.dtype, in.dtypeDefaulted));
    f.push_back(computed("tile", "Instruction tile (M x N)",
                         intText(c.tileM) + "x" + intText(c.tileN), std::nullopt, {},
                         "The logical WMMA tile one warp computes per instruction"));
    f.push_back(computed("tilesC", "C in tiles",
                         intText(c.tilesM) + "x" + intText(c.tilesN) + " tiles (" +
                             intText(c.tilesM * c.tileM) + "x" + intText(c.tilesN * c.tileN) +
                             ")"));
    f.push_back(computed("ctaTile", "ctaLayout tile",
                         intText(c.ctaTilesM * c.tileM) + "x" + intText(c.ctaTilesN * c.tileN) +
                             " (" + intText(c.ctaTilesM) + "x" + intText(c.ctaTilesN) + " tiles)",
                         std::nullopt, {},
                         "The extent of the ctaLayout as written; it repeats to cover C"));
    f.push_back(
        computed("instructions", "WMMA instructions per warp",
                 intText(int64_t(c.instructions.size())), double(c.instructions.size()), {},
                 "One per value of the tile-level register index (automatic repetitions "
                 "included); all warps issue instruction i in the same cycle (the MI450 LDS blog's "
                 "model)"));
    f.push_back(ctaPartitionConflictFigure(c));
    for (const OperandPartitioning *op : {&c.a, &c.b}) {
        const std::string &name = op->name;
        const std::string band = op->partitionDim == 0 ? "M" : "N";
        f.push_back(computed("shared" + name, name + " shared across SIMD pairs",
                             op->crossPairShared
                                 ? "yes: both pairs read " + band + " band " +
                                       intText(op->sharedBand) + " in instruction " +
                                       intText(op->sharedInstruction)
                                 : std::string("no"),
                             op->crossPairShared ? 1.0 : 0.0, {},
                             "The location condition: two pairs reading the same band read the "
                             "same bytes, hence the same partition, whatever the shared layout"));
        if (!op->separable) {
            f.push_back(computed("pieces" + name, name + " pieces", "not separable", std::nullopt,
                                 {}, op->note));
            continue;
        }
        const std::string extent = intText(op->pieceExtent);
        f.push_back(computed(
            "pieces" + name, name + " pieces",
            count(op->numPieces, "piece", "pieces") + " of " +
                (op->partitionDim == 0 ? "[" + extent + ", K]" : "[K, " + extent + "]"),
            double(op->numPieces), {},
            "A piece is a band of " + extent + " " + (op->partitionDim == 0 ? "rows" : "columns") +
                " (2^" + intText(op->pieceBit) + " tiles) along partition_dim"));
        f.push_back(computed("groups" + name, name + " num_groups",
                             count(op->numGroups, "group", "groups"), double(op->numGroups), {},
                             "One group = one cycle over the partitions; pieces / "
                             "num_partitions"));
        f.push_back(computed("partitions" + name, name + " num_partitions",
                             count(op->numPartitions, "partition", "partitions"),
                             double(op->numPartitions), {},
                             "One per SIMD pair present; pieces go round-robin (piece p -> "
                             "partition p mod num_partitions)"));
        f.push_back(computed("partitionDim" + name, name + " partition_dim",
                             intText(op->partitionDim) + " (" + band + ")",
                             double(op->partitionDim)));
        f.push_back(computed("tdm" + name, name + " TDM instructions",
                             count(op->tdmInstructions, "instruction", "instructions"),
                             double(op->tdmInstructions), {},
                             "TDM instructions = ceil(pieces / warps) = ceil(" +
                                 intText(op->numPieces) + " / " + intText(c.numWarps) +
                                 "): a TDM instruction moves at most one piece per warp"));
        // The cache line of Figure 11's arithmetic, from the compute-unit model.
        if (auto bits = dtypeBits(in.dtype))
            for (Figure &g : pieceRowFigures(cu.cacheLineBytes, *op, *bits))
                f.push_back(std::move(g));
    }
    return f;
}

namespace {

// The bank geometry: the banks the analysis used and the architecture's, their width, the dtype.
void addBankGeometry(const BankViewInput &in, std::vector<Figure> &f)
{
    // The banks the conflict analysis used: the instruction's own count (gfx950 has 64 banks,
    // but its narrow loads see 32), so the panel and the view's subtitle name the same number;
    // archBanks is the architecture's headline count.
    const int usedBanks =
        in.report.instructions.empty() ? in.mapBanks : in.report.instruction.numBanks;
    f.push_back(computed("banks", "LDS banks used", intText(usedBanks), double(usedBanks), {},
                         in.report.instructions.empty()
                             ? "Banks of the bank map (" + in.arch->name + ")"
                             : in.report.instruction.name + " on " + in.arch->name + " uses " +
                                   intText(usedBanks) + " banks"));
    f.push_back(computed("archBanks", "LDS banks (" + in.arch->name + ")",
                         intText(in.arch->numBanks), double(in.arch->numBanks), {},
                         "The architecture's bank count; " + in.arch->bankProvenance.label()));
    f.push_back(computed("bankWidth", "Bank width", intText(in.arch->bankWidthBytes) + " B",
                         double(in.arch->bankWidthBytes), "B", "Bank = (byte / width) mod banks"));
    f.push_back(dtypeFigure(in.dtype, in.dtypeDefaulted));
}

// The instruction and, when one was considered, the transposed load.
void addInstructionFigures(const BankConflictReport &r, std::vector<Figure> &f)
{
    const bool transposed = r.transposedLoad && r.transposedLoad->used;
    f.push_back(computed("instruction", "LDS instruction", r.instruction.name, std::nullopt, {},
                         std::string(r.instructionForced ? "Forced by the view"
                                     : transposed        ? "The transposed load the lowering uses"
                                                         : "Chosen from the vector width") +
                             "; " + r.instruction.provenance.label()));
    if (r.transposedLoad) {
        const TransposedLoadChoice &c = *r.transposedLoad;
        if (c.used)
            f.push_back(computed("transposedLoad", "Transposed load",
                                 "yes: " + intText(c.transposedCount) + " x " + c.candidate +
                                     " per thread (fallback " + intText(c.fallbackCount) + " x " +
                                     c.fallback + ")",
                                 double(c.transposedCount), {},
                                 "Conflicts counted on the source addresses each lane reads"));
        else
            f.push_back(computed("transposedLoad", "Transposed load",
                                 "no: " + c.reason + "; shown: the fallback " + r.instruction.name +
                                     " (" + intText(c.fallbackCount) + " per thread)",
                                 0.0, {},
                                 c.candidate.empty()
                                     ? "No transposed load moves this element width"
                                     : c.candidate + " does not apply to this access"));
    }
}

// Phases, n-way and cycles of the focused instruction (or of the wave), the wave's totals.
void addCycleFigures(const BankConflictReport &r, const InstructionReport *focus, int wave,
                     std::vector<Figure> &f)
{
    const std::vector<PhaseReport> &phases = focus ? focus->phases : r.instructions.front().phases;
    f.push_back(computed("phases", "Phases per instruction", intText(int64_t(phases.size())),
                         double(phases.size()), {},
                         "Lane groups served one after the other (passes x phases); the ideal "
                         "cycle count"));
    int lo = focus ? focus->cycles : r.instructions.front().cycles, hi = lo;
    if (!focus)
        for (const InstructionReport &ir : r.instructions) {
            lo = std::min(lo, ir.cycles);
            hi = std::max(hi, ir.cycles);
        }
    const std::string which =
        focus ? "instruction " + intText(focus->index) + " of wave " + intText(wave)
              : "wave " + intText(wave);
    const int ways = focus ? focus->maxWays : r.totals.maxWays;
    f.push_back(computed("nway", "Bank conflict (" + which + ")", intText(ways) + "-way",
                         double(ways), {},
                         "The most distinct dwords one bank serves in one phase"));
    f.push_back(computed(
        "cycles", "Cycles per instruction (" + which + ")",
        lo == hi ? intText(lo) + " cycles" : intText(lo) + "-" + intText(hi) + " cycles",
        double(hi), "cycles",
        "Ours: the sum over phases of the phase's n-way (an empty phase costs one); ideal " +
            intText(focus ? focus->idealCycles : r.instructions.front().idealCycles)));
    f.push_back(computed("instructions", "Instructions of wave " + intText(wave),
                         intText(r.totals.instructions), double(r.totals.instructions)));
    f.push_back(
        computed("cyclesPerWave", "Cycles of wave " + intText(wave),
                 intText(r.totals.cycles) + " cycles (ideal " + intText(r.totals.idealCycles) + ")",
                 double(r.totals.cycles), "cycles"));
    if (!r.measuredRule.empty())
        f.push_back(Figure{
            "measuredVsModel", "Measured rule vs textbook model (wave " + intText(wave) + ")",
            intText(r.totals.cycles) + " vs " + intText(r.totals.modelCycles) + " cycles",
            double(r.totals.cycles), "cycles", FigureSource::Measured,
            r.measuredRule + ": " + r.measuredRuleProvenance.source});
}

// The conflict metrics: rocprof-compute's per access and rate, Triton's extra wavefronts.
void addConflictMetrics(const BankViewInput &in, int wave, std::vector<Figure> &f)
{
    const BankConflictReport &r = in.report;
    // Over the view's accesses only: a profile of a whole kernel divides by all its LDS cycles
    // (the rocMLIR PR's 0.49 -> 0.07), so the denominator is given and the label says so.
    f.push_back(computed(
        "conflictsPerAccess",
        "Bank conflicts / access, these accesses only (rocprof-compute metric)",
        fixedText(r.totals.conflictsPerAccess(), 3), r.totals.conflictsPerAccess(), {},
        "(cycles - ideal) / ideal = " + intText(r.totals.cycles - r.totals.idealCycles) + " / " +
            intText(r.totals.idealCycles) + " over wave " + intText(wave) +
            "'s accesses in this view only. A profiler counter over a whole kernel divides by "
            "all of its LDS cycles, so the two are not comparable (the rocMLIR PR's 0.49 -> 0.07 "
            "is kernel-wide)"));
    if (in.arch->bankConflictRateScale)
        f.push_back(computed(
            "conflictRatePercent", "Bank conflict rate (rocprof-compute metric)",
            fixedText(r.totals.conflictRatePercent(in.arch->bankConflictRateScale->value), 2) +
                " %",
            r.totals.conflictRatePercent(in.arch->bankConflictRateScale->value), "%",
            "conflicts / access x " + decimalText(in.arch->bankConflictRateScale->value) + " (" +
                in.arch->bankConflictRateScale->provenance.source + ")"));
    Figure triton = computed(
        "tritonConflicts", "Triton's model: extra wavefronts per access",
        r.tritonExtraWavefronts ? intText(*r.tritonExtraWavefronts) : std::string("n/a"),
        r.tritonExtraWavefronts ? std::optional<double>(double(*r.tritonExtraWavefronts))
                                : std::nullopt,
        {},
        r.tritonExtraWavefronts
            ? "Triton's generic count (32 banks x 32 bit, gluon bank_conflicts), beside ours"
            : r.tritonNote);
    triton.source = FigureSource::TritonModel;
    f.push_back(std::move(triton));
}

// Numbers read off the instruction's phase table are exact for that table; a table the
// architecture file marks as low confidence (extrapolated) makes them extrapolated.
void markExtrapolated(const BankConflictReport &r, std::vector<Figure> &f)
{
    if (r.instruction.provenance.confidence == "L")
        for (Figure &x : f)
            if (x.source == FigureSource::Computed &&
                (x.key == "phases" || x.key == "nway" || x.key == "cycles" ||
                 x.key == "cyclesPerWave" || x.key == "conflictsPerAccess" ||
                 x.key == "conflictRatePercent")) {
                x.source = FigureSource::Extrapolated;
                x.note += (x.note.empty() ? "" : "; ") + std::string("from the phase table of ") +
                          r.instruction.name + ", " + r.instruction.provenance.label() + ": " +
                          r.instruction.provenance.source;
            }
}

} // namespace

std::vector<Figure> bankFigures(const BankViewInput &in, const InstructionReport *focus)
{
    std::vector<Figure> f;
    addBankGeometry(in, f);
    const BankConflictReport &r = in.report;
    if (r.instructions.empty()) {
        f.push_back(computed("elements", "Elements mapped", intText(int64_t(in.map.size())),
                             double(in.map.size())));
        return f;
    }
    const int wave = r.instructions.front().warp;
    addInstructionFigures(r, f);
    addCycleFigures(r, focus, wave, f);
    addConflictMetrics(in, wave, f);
    markExtrapolated(r, f);
    return f;
}

std::vector<Figure> allocatorFigures(const AllocationResult &a)
{
    std::vector<Figure> f;
    int requests = 0;
    int64_t live = 0;
    for (const AllocBuffer &b : a.buffers)
        requests = std::max(requests, b.request + 1);
    // The most bytes live at one step: the least any placement needs. The maximum over time is
    // reached at some buffer's start.
    for (const AllocBuffer &at : a.buffers) {
        int64_t sum = 0;
        for (const AllocBuffer &b : a.buffers)
            if (b.liveStart <= at.liveStart && at.liveStart < b.liveEnd)
                sum += b.size;
        live = std::max(live, sum);
    }
    f.push_back(computed(
        "buffers", "Buffers",
        intText(int64_t(a.buffers.size())) + " from " + intText(requests) + " allocation(s)",
        std::nullopt, {},
        "A partitioned allocation is one buffer per partition, mutual neighbours"));
    int placed = 0, reopened = 0;
    for (const AllocStage1Step &st : a.stage1) {
        placed += st.chosen >= 0 ? 1 : 0;
        reopened += st.reopenedAt >= 0 ? 1 : 0;
    }
    f.push_back(computed("stage1Steps", "Stage-1 steps",
                         intText(int64_t(a.stage1.size())) + " (" + intText(placed) + " placed, " +
                             intText(reopened) + " slot(s) reopened)",
                         double(a.stage1.size()), {},
                         "One step per free slot taken, lowest first; a slot whose candidates "
                         "all sit in a neighbour's partition is reopened higher"));
    f.push_back(computed("stage2Rounds", "Stage-2 rounds", intText(int64_t(a.stage2.size())),
                         double(a.stage2.size()), {},
                         "Interference refinement rounds until no edge is left"));
    const std::vector<std::string> moves = describeStage2(a);
    std::string movesText;
    for (const std::string &m : moves)
        movesText += (movesText.empty() ? "" : "; ") + m;
    f.push_back(computed("stage2Moves", "Stage-2 moves",
                         moves.empty() ? std::string("none") : movesText, double(moves.size()), {},
                         "Buffers live together whose bytes overlap, and neighbours sharing a "
                         "partition, are pushed up until no such pair is left"));
    f.push_back(computed("padding", "Padding", bytesText(a.totalBytes - live),
                         double(a.totalBytes - live), "B",
                         "LDS allocated minus the most bytes live at one step (" + bytesText(live) +
                             "): alignment gaps and partition separation"));
    if (a.partitionBytes <= 0)
        return f;
    std::string clash;
    for (const AllocBuffer &b : a.buffers)
        for (int n : b.neighbors) {
            const AllocBuffer &o = a.buffers[size_t(n)];
            const auto pb = a.partitionsOf(b), po = a.partitionsOf(o);
            if (clash.empty() && b.id < o.id && pb.first <= po.second && po.first <= pb.second)
                clash = "no: " + b.name + " and " + o.name + " share a partition";
        }
    f.push_back(computed("separated", "Neighbours in distinct partitions",
                         clash.empty() ? std::string("yes") : clash, std::nullopt, {},
                         "The partition buffers of one allocation must occupy disjoint hardware "
                         "partitions"));
    return f;
}

namespace {

// A measurement of the same microbenchmark in the architecture file, beside the model.
void addMeasuredFigures(const LdsScenario &s, const CuModel &cu, std::vector<Figure> &f)
{
    if (!s.microbench)
        return;
    for (const LdsMeasurement &m : cu.measurements) {
        const MicrobenchSpec &sp = s.microbench->spec;
        if (m.layout != s.microbench->layout || m.warps != sp.numWarps ||
            m.bytes != sp.totalBytes || m.elementBits != sp.elemBits || m.loadBits != sp.loadBits)
            continue;
        f.push_back(Figure{"cyclesMeasured", "Cycles (measured)", cyclesText(m.cycles), m.cycles,
                           "cycles", FigureSource::Measured,
                           m.provenance.source + "; the model's fixed cost is fitted to it"});
        f.push_back(Figure{"bandwidthSteadyMeasured", "Steady bandwidth (measured)",
                           bytesPerCycleText(m.steadyBytesPerCycle), m.steadyBytesPerCycle,
                           "B/cycle", FigureSource::Measured, m.provenance.source});
    }
}

} // namespace

std::vector<Figure> ldsFigures(const LdsInput &in)
{
    const CuModel &cu = in.cu;
    const AllocationResult &a = in.scenario.allocation;
    std::vector<Figure> f;
    f.push_back(computed("ldsBytesAllocated", "LDS allocated", bytesText(a.totalBytes),
                         double(a.totalBytes), "B",
                         "The largest end offset of the partition-aware allocation"));
    f.push_back(
        computed("ldsCapacity", "LDS capacity", bytesText(cu.ldsBytes), double(cu.ldsBytes), "B",
                 cu.partitionBytes > 0 ? intText(cu.ldsPartitions) + " LDS partitions of " +
                                             byteSizeText(cu.partitionBytes) + " (" + cu.arch + ")"
                                       : "The LDS of one compute unit (" + cu.arch + ")"));
    if (cu.partitionBytes > 0) {
        std::set<int64_t> used;
        for (const AllocBuffer &b : a.buffers) {
            const auto [first, last] = a.partitionsOf(b);
            for (int64_t q = first; q <= last; ++q)
                used.insert(q);
        }
        std::string names;
        for (int64_t q : used)
            names += (names.empty() ? "P" : ", P") + intText(q);
        std::string missing;
        for (int64_t q : used)
            if (q >= cu.ldsPartitions)
                missing += (missing.empty() ? "P" : ", P") + intText(q);
        f.push_back(computed("partitionsUsed", "LDS partitions used",
                             used.empty() ? std::string("none")
                             : missing.empty()
                                 ? intText(int64_t(used.size())) + " of " +
                                       intText(cu.ldsPartitions) + " (" + names + ")"
                                 : intText(int64_t(used.size())) + " (" + names + "), but " +
                                       cu.arch + " has only " + intText(cu.ldsPartitions) + ": " +
                                       missing + " do not exist",
                             double(used.size()), {},
                             "Hardware partitions of " + byteSizeText(cu.partitionBytes) +
                                 " that the allocated buffers touch"));
    }
    // Capacity: every face flags a layout or an allocation the architecture cannot hold.
    std::string problems;
    for (const CapacityWarning &w : in.scenario.warnings)
        problems += (problems.empty() ? "" : "; ") + w.message;
    f.push_back(computed(
        "fits", "Fits the LDS", problems.empty() ? std::string("yes") : "no: " + problems,
        problems.empty() ? 1.0 : 0.0, {},
        "Partitions and bytes against the architecture file (" + cu.arch + ": " +
            intText(cu.ldsPartitions) + " LDS partitions, " + bytesText(cu.ldsBytes) + ")"));
    for (Figure &g : allocatorFigures(a))
        f.push_back(std::move(g));
    const LdsScenario &s = in.scenario;
    if (!s.hasRead)
        return f;
    const PartitionAccessReport &acc = s.access;
    const BandwidthEstimate &bw = s.bandwidth;
    f.push_back(computed("bytesRead", "Bytes read", bytesText(acc.totalBytes),
                         double(acc.totalBytes), "B",
                         intText(acc.numWarps) + " warps, " + intText(acc.registersPerLoad) +
                             " registers per lane per load"));
    for (Figure &g : partitionLoweringFigures(partitionLowering(acc.conversion)))
        f.push_back(std::move(g));
    f.push_back(
        computed("conflicts", "Loads with a partition conflict",
                 intText(acc.conflictingLoads) + " of " + intText(int64_t(acc.loads.size())),
                 double(acc.conflictingLoads), {},
                 "Two SIMD pairs reach a common hardware partition in the same load (the "
                 "MI450 LDS blog's same-cycle model)"));
    const std::string model = bandwidthModelNote(cu);
    f.push_back(
        modelled("bandwidthPeak", "Peak bandwidth (model)", bytesPerCycleText(bw.peakBytesPerCycle),
                 bw.peakBytesPerCycle, "B/cycle",
                 "The ceiling of the fastest load: " + decimalText(cu.portBytesPerCycle.value) +
                     " B/cycle per port it can use; " + model));
    Figure fixed = modelled(
        "fixedCycles", "Fixed cost (model)", cyclesText(bw.fixedCycles), bw.fixedCycles, "cycles",
        "A constant of the model, " + cu.fixedCycles.provenance.source + "; " + model);
    fixed.source = figureSourceOf(cu.fixedCycles.provenance, FigureSource::Model);
    f.push_back(std::move(fixed));
    f.push_back(modelled("cyclesModel", "Cycles (model)", cyclesText(bw.modelCycles),
                         bw.modelCycles, "cycles", model));
    f.push_back(modelled("bandwidthModel", "Raw bandwidth (model)",
                         bytesPerCycleText(bw.rawBytesPerCycle), bw.rawBytesPerCycle, "B/cycle",
                         "Bytes / modelled cycles (what a clock bracket would record); " + model));
    f.push_back(
        modelled("bandwidthSteady", "Steady bandwidth (model)",
                 bytesPerCycleText(bw.steadyBytesPerCycle), bw.steadyBytesPerCycle, "B/cycle",
                 "Bytes / (modelled cycles - fixed) (the reciprocal slope of a fit); " + model));
    addMeasuredFigures(s, cu, f);
    return f;
}

Figure elementTypeFigure(const std::string &dtype, bool defaulted)
{
    return dtypeFigure(dtype, defaulted);
}

} // namespace lx
