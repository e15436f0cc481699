// One LDS instruction's bank conflicts (analysis/banks.h): the lanes' byte addresses split into
// the architecture's phases (merged where a measured rule says so), each phase's n-way and
// cycles, a wave's totals, and rocRoller's cycle model beside them.

#include "analysis/banks.h"
#include "analysis/banksinternal.h"
#include "analysis/banksprepared.h"

#include "hw/ldscapacity.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <set>

namespace lx {

double BankTotals::conflictsPerAccess() const
{
    return idealCycles > 0 ? double(extraCycles()) / double(idealCycles) : 0.0;
}

double BankTotals::conflictRatePercent(double scale) const
{
    return scale * conflictsPerAccess();
}

BankTotals waveTotals(const BankConflictReport &report, int warp)
{
    BankTotals t;
    for (const InstructionReport &ir : report.instructions) {
        if (ir.warp != warp)
            continue;
        t.instructions += 1;
        t.cycles += ir.cycles;
        t.idealCycles += ir.idealCycles;
        t.maxWays = std::max(t.maxWays, ir.maxWays);
        t.modelCycles += ir.modelCycles;
        t.measuredInstructions += ir.measuredRule.empty() ? 0 : 1;
    }
    return t;
}

namespace banksinternal {

void DwordSet::reset(size_t n)
{
    size_t capacity = 64;
    while (capacity < 2 * n)
        capacity <<= 1;
    if (m_values.size() < capacity) {
        m_values.assign(capacity, 0);
        m_stamps.assign(capacity, 0);
        m_stamp = 0;
    }
    m_mask = capacity - 1;
    m_shift = 64 - std::countr_zero(uint64_t(capacity));
    if (++m_stamp == 0) { // the stamps wrapped: every slot empty again
        std::fill(m_stamps.begin(), m_stamps.end(), 0u);
        m_stamp = 1;
    }
}

} // namespace banksinternal

namespace {

using banksinternal::DwordSet;
using banksinternal::PhaseScratch;

// The per-bank count of bankCounts into `counts` (numBanks entries, zeroed here), through `set`;
// returns the largest count (0 when nothing was counted).
int countBanksInto(const int64_t *byteAddresses, size_t n, int dwordsPerAccess, int bankWidthBytes,
                   int numBanks, bool broadcast, DwordSet &set, int *counts)
{
    std::fill(counts, counts + std::max(numBanks, 0), 0);
    if (numBanks <= 0 || bankWidthBytes <= 0)
        return 0;
    // Each dword an address touches counts in its bank; with broadcast, each distinct dword once.
    if (broadcast)
        set.reset(n * size_t(std::max(dwordsPerAccess, 0)));
    int most = 0;
    for (size_t a = 0; a < n; ++a) {
        const int64_t first = byteAddresses[a] / bankWidthBytes;
        for (int i = 0; i < dwordsPerAccess; ++i) {
            const int64_t dword = first + i;
            if (!broadcast || set.insert(dword))
                most = std::max(most, ++counts[size_t(dword % numBanks)]);
        }
    }
    return most;
}

} // namespace

std::vector<int> bankCounts(const std::vector<int64_t> &byteAddresses, int dwordsPerAccess,
                            int bankWidthBytes, int numBanks, bool broadcast)
{
    std::vector<int> counts(size_t(std::max(numBanks, 0)), 0);
    DwordSet distinct;
    countBanksInto(byteAddresses.data(), byteAddresses.size(), dwordsPerAccess, bankWidthBytes,
                   numBanks, broadcast, distinct, counts.data());
    return counts;
}

const PhaseReport *InstructionReport::phaseOfLane(int pass, int lane) const
{
    for (const PhaseReport &ph : phases) {
        if (ph.pass == pass && std::find(ph.lanes.begin(), ph.lanes.end(), lane) != ph.lanes.end())
            return &ph;
    }
    return nullptr;
}

const PhaseMergeRule *
matchingPhaseMergeRule(const Architecture &arch, const LdsInstruction &instruction,
                       const std::vector<std::vector<std::optional<int64_t>>> &addresses)
{
    for (const PhaseMergeRule &rule : arch.phaseMergeRules) {
        if (!rule.appliesTo(instruction))
            continue;
        for (int mask : rule.laneMasks) {
            bool paired = !addresses.empty();
            for (const auto &lanes : addresses) {
                for (size_t l = 0; paired && l < lanes.size(); ++l) {
                    const size_t partner = l ^ size_t(mask);
                    paired = partner < lanes.size() && lanes[l] == lanes[partner];
                }
            }
            if (paired)
                return &rule;
        }
    }
    return nullptr;
}

namespace {

// The phase table coarsened by a merge factor: phases k*f .. k*f+f-1 served together.
std::vector<std::vector<int>> mergedPhases(const std::vector<std::vector<int>> &phases, int factor)
{
    std::vector<std::vector<int>> out;
    for (size_t p = 0; p < phases.size(); p += size_t(factor)) {
        std::vector<int> lanes;
        for (size_t q = p; q < std::min(phases.size(), p + size_t(factor)); ++q)
            lanes.insert(lanes.end(), phases[q].begin(), phases[q].end());
        out.push_back(std::move(lanes));
    }
    return out;
}

// Distinct dwords (or accesses) per bank of the active lanes among `phaseLanes` (a lane is
// active when its address is in [0, limit)), into `counts` (numBanks entries, zero on entry): the
// per-bank count of bankCounts over the active lanes' addresses, read in place. Returns the
// largest count (0 for an empty phase); *active = the active lanes.
int countPhaseInto(const Architecture &arch, const LdsInstruction &instruction,
                   const std::vector<std::optional<int64_t>> &lanes,
                   const std::vector<int> &phaseLanes, int64_t limit, bool broadcast, DwordSet &set,
                   int *counts, int *active)
{
    const int numBanks = instruction.numBanks, width = arch.bankWidthBytes;
    const int dwords = std::max(instruction.dwordsPerLane(width), 0);
    const bool counted = numBanks > 0 && width > 0;
    if (counted && broadcast)
        set.reset(phaseLanes.size() * size_t(dwords));
    int most = 0, n = 0;
    for (int lane : phaseLanes) {
        const std::optional<int64_t> &a = lanes[size_t(lane)];
        if (!a || *a < 0 || *a >= limit)
            continue;
        ++n;
        if (!counted)
            continue;
        const int64_t first = *a / width;
        for (int i = 0; i < dwords; ++i) {
            const int64_t dword = first + i;
            if (!broadcast || set.insert(dword))
                most = std::max(most, ++counts[size_t(dword % numBanks)]);
        }
    }
    *active = n;
    return most;
}

// One phase: distinct dwords per bank of its active lanes.
PhaseReport analyzePhase(const Architecture &arch, const LdsInstruction &instruction,
                         const std::vector<std::optional<int64_t>> &lanes,
                         const std::vector<int> &phaseLanes, int64_t limit, bool broadcast,
                         PhaseScratch &scratch)
{
    PhaseReport ph;
    ph.lanes = phaseLanes;
    ph.accessesPerBank.assign(size_t(std::max(instruction.numBanks, 0)), 0);
    const int most = countPhaseInto(arch, instruction, lanes, phaseLanes, limit, broadcast,
                                    scratch.distinct, ph.accessesPerBank.data(), &ph.activeLanes);
    ph.ways = std::max(1, most);
    ph.cycles = ph.ways;
    return ph;
}

// The textbook phase's cycles (a measured rule's model cycles): its count, no report.
int phaseCycles(const Architecture &arch, const LdsInstruction &instruction,
                const std::vector<std::optional<int64_t>> &lanes,
                const std::vector<int> &phaseLanes, int64_t limit, bool broadcast,
                PhaseScratch &scratch)
{
    scratch.counts.assign(size_t(std::max(instruction.numBanks, 0)), 0);
    int active = 0;
    return std::max(1, countPhaseInto(arch, instruction, lanes, phaseLanes, limit, broadcast,
                                      scratch.distinct, scratch.counts.data(), &active));
}

// The checks of analyzeAddresses on the shape of the addresses.
std::optional<Error> addressShapeProblem(const Architecture &arch,
                                         const LdsInstruction &instruction,
                                         const std::vector<std::vector<std::optional<int64_t>>> &a)
{
    if (int(a.size()) != instruction.passes)
        return makeError(instruction.name + " has " + std::to_string(instruction.passes) +
                         " pass(es), got addresses for " + std::to_string(a.size()));
    for (const auto &lanes : a) {
        if (int(lanes.size()) != arch.waveSize)
            return makeError("expected " + std::to_string(arch.waveSize) + " lane addresses, got " +
                             std::to_string(lanes.size()));
    }
    return std::nullopt;
}

// The phases, cycles and measured rule of `addresses` (checked) into `report`; without
// `keepPhases` the cycles, ways and rule only (report.phases stays empty, nothing per phase is
// built).
void analyzePhases(const Architecture &arch, const LdsInstruction &instruction,
                   const BankOptions &options, PhaseScratch &scratch,
                   const std::vector<std::vector<std::optional<int64_t>>> &addresses,
                   InstructionReport &report, bool keepPhases = true)
{
    const int64_t limit = ldsLimit(arch.name, arch.ldsBytes, options.ldsLimitBytes).bytes;
    const PhaseMergeRule *rule =
        options.measuredRules ? matchingPhaseMergeRule(arch, instruction, addresses) : nullptr;
    // The instruction's own phase table is read in place; only a merged one is built.
    const std::vector<std::vector<int>> merged =
        rule ? mergedPhases(instruction.phases, rule->factor) : std::vector<std::vector<int>>{};
    const std::vector<std::vector<int>> &table = rule ? merged : instruction.phases;
    if (keepPhases)
        report.phases.reserve(size_t(instruction.passes) * table.size());
    for (int pass = 0; pass < instruction.passes; ++pass) {
        const auto &lanes = addresses[size_t(pass)];
        for (size_t p = 0; p < table.size() && !keepPhases; ++p) {
            // analyzePhase's ways (at least 1), which are its cycles, without its report.
            const int ways =
                phaseCycles(arch, instruction, lanes, table[p], limit, options.broadcast, scratch);
            report.cycles += ways;
            report.idealCycles += 1;
            report.maxWays = std::max(report.maxWays, ways);
        }
        for (size_t p = 0; p < table.size() && keepPhases; ++p) {
            PhaseReport ph =
                analyzePhase(arch, instruction, lanes, table[p], limit, options.broadcast, scratch);
            ph.pass = pass;
            ph.phase = int(p);
            report.cycles += ph.cycles;
            report.idealCycles += 1;
            report.maxWays = std::max(report.maxWays, ph.ways);
            report.phases.push_back(std::move(ph));
        }
        if (rule) {
            for (const auto &phaseLanes : instruction.phases)
                report.modelCycles += phaseCycles(arch, instruction, lanes, phaseLanes, limit,
                                                  options.broadcast, scratch);
        }
    }
    if (rule)
        report.measuredRule = rule->name;
    else
        report.modelCycles = report.cycles;
}

} // namespace

Expected<InstructionReport>
analyzeAddresses(const Architecture &arch, const LdsInstruction &instruction,
                 const std::vector<std::vector<std::optional<int64_t>>> &addresses,
                 const BankOptions &options)
{
    if (auto problem = addressShapeProblem(arch, instruction, addresses))
        return *problem;
    InstructionReport report;
    report.addresses = addresses;
    PhaseScratch scratch;
    analyzePhases(arch, instruction, options, scratch, report.addresses, report);
    return report;
}

namespace banksinternal {

Expected<InstructionReport>
analyzeOwnAddresses(const Architecture &arch, const LdsInstruction &instruction,
                    std::vector<std::vector<std::optional<int64_t>>> &&addresses,
                    const BankOptions &options, PhaseScratch &scratch)
{
    if (auto problem = addressShapeProblem(arch, instruction, addresses))
        return *problem;
    InstructionReport report;
    report.addresses = std::move(addresses);
    analyzePhases(arch, instruction, options, scratch, report.addresses, report);
    return report;
}

InstructionReport shiftedInstruction(const Architecture &arch, const LdsInstruction &instruction,
                                     const InstructionReport &first,
                                     std::vector<std::vector<std::optional<int64_t>>> &&addresses)
{
    InstructionReport report;
    report.addresses = std::move(addresses);
    const int width = arch.bankWidthBytes;
    const size_t banks = size_t(std::max(instruction.numBanks, 0));
    // The bank every dword of pass q moves by: lane 0's dword against first's.
    auto shiftOf = [&](int q) {
        if (width <= 0 || banks == 0)
            return size_t(0);
        return size_t((report.addresses[size_t(q)][0].value_or(0) / width) ^
                      (first.addresses[size_t(q)][0].value_or(0) / width)) &
               (banks - 1);
    };
    report.phases.reserve(first.phases.size());
    int pass = -1;
    size_t by = 0;
    for (const PhaseReport &from : first.phases) {
        if (from.pass != pass) {
            pass = from.pass;
            by = shiftOf(pass);
        }
        PhaseReport &ph = report.phases.emplace_back();
        ph.pass = from.pass;
        ph.phase = from.phase;
        ph.lanes = from.lanes;
        ph.activeLanes = from.activeLanes;
        ph.ways = from.ways;
        ph.cycles = from.cycles;
        const std::vector<int> &counts = from.accessesPerBank;
        ph.accessesPerBank.resize(counts.size());
        int *to = ph.accessesPerBank.data();
        for (size_t b = 0; b < counts.size(); ++b)
            to[b] = counts[b ^ by];
    }
    report.maxWays = first.maxWays;
    report.cycles = first.cycles;
    report.idealCycles = first.idealCycles;
    report.measuredRule = first.measuredRule;
    report.modelCycles = first.modelCycles;
    return report;
}

} // namespace banksinternal

Expected<InstructionReport>
analyzeAddressesWithoutPhases(const Architecture &arch, const LdsInstruction &instruction,
                              const std::vector<std::vector<std::optional<int64_t>>> &addresses,
                              const BankOptions &options)
{
    if (auto problem = addressShapeProblem(arch, instruction, addresses))
        return *problem;
    InstructionReport report;
    PhaseScratch scratch;
    analyzePhases(arch, instruction, options, scratch, addresses, report, false);
    return report;
}

int64_t rocRollerDataCycles(const std::vector<std::optional<int64_t>> &laneAddresses,
                            int dwordsPerLane, int threadsPerClock, int numBanks,
                            int bankWidthBytes)
{
    if (threadsPerClock <= 0)
        return 0;
    int64_t total = 0;
    for (size_t start = 0; start < laneAddresses.size(); start += size_t(threadsPerClock)) {
        std::vector<int64_t> group;
        for (size_t l = start; l < std::min(laneAddresses.size(), start + size_t(threadsPerClock));
             ++l) {
            if (laneAddresses[l])
                group.push_back(*laneAddresses[l]);
        }
        const auto counts = bankCounts(group, dwordsPerLane, bankWidthBytes, numBanks, false);
        total += counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
    }
    return total;
}

int rocRollerIssueCycles(bool isWrite, int dwordsPerLane)
{
    return isWrite ? 4 + 4 * dwordsPerLane : 4;
}

void noteMeasuredRule(const Architecture &arch, const InstructionReport &ir,
                      BankConflictReport &report)
{
    report.totals.modelCycles += ir.modelCycles;
    if (ir.measuredRule.empty())
        return;
    report.totals.measuredInstructions += 1;
    report.measuredRule = ir.measuredRule;
    for (const PhaseMergeRule &r : arch.phaseMergeRules) {
        if (r.name == ir.measuredRule)
            report.measuredRuleProvenance = r.provenance;
    }
}

} // namespace lx
