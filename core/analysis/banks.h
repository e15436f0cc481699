#pragma once

// Bank conflicts of an LDS (shared-memory) access: which bank every element lands in, and how many
// cycles each instruction of the access costs under the phase model of
// docs/lds-models.md §0:
//
//   bank(addr)    = (addr / bankWidth) mod NB            NB = the instruction's bank count
//   cycles(phase) = max(1, max over banks |distinct dwords of the phase's active lanes in it|)
//   cycles        = sum over passes and phases;  ideal = number of phases;  N-way = max phase
//
// Same-dword accesses in a phase count once (broadcast; switchable). A lane whose address is at
// or past the LDS size is inactive (the out-of-range rule of docs/lds-models.md §0). An empty phase
// still costs one cycle, as the SQ counters charge it (A1).
//
// Two entry points:
//  - analyzeAddresses: one instruction given the byte address of every lane (and pass);
//  - analyzeBanks: a register (distributed) layout read from or written to a shared layout.
//    cvt = reg.invertAndCompose(shared) maps (register, lane, warp, block) to the shared
//    (offset, partition) of each element; the instruction width comes from the largest run of
//    registers that are contiguous in offset (or is forced); each warp issues one instruction per
//    group of registers, and every one is analysed.
// Plus Triton's own generic count (tritonBankConflicts), kept separate and labelled as Triton's
// model: 32 banks of 32 bits, result = extra wavefronts per access.
//
// Everything is a plain function of values; nothing here aborts on bad input.

#include "base/expected.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lx {

struct BankOptions
{
    bool broadcast = true; // same dword in one phase counts once (docs/lds-models.md §0)
    // Apply the architecture's measured phase-merge rules (Architecture::phaseMergeRules); off =
    // the textbook phase tables alone.
    bool measuredRules = true;
    int64_t ldsLimitBytes =
        0; // lanes at or past this address are inactive; 0 = the arch's capacity
};

// One phase of one pass of one instruction.
struct PhaseReport
{
    int pass = 0;
    int phase = 0;
    std::vector<int> lanes; // the lanes of the phase (active or not)
    int activeLanes = 0;
    std::vector<int> accessesPerBank; // per bank: distinct dwords (broadcast) or accesses
    int ways = 1;                     // max over banks, at least 1
    int cycles = 1;                   // = ways: an empty phase costs one cycle
};

// One instruction issued by one wave.
struct InstructionReport
{
    int warp = 0;
    int index = 0;                                              // which instruction of the warp
    std::vector<std::vector<std::optional<int64_t>>> addresses; // [pass][lane] byte address
    std::vector<PhaseReport> phases;                            // pass-major, then phase order
    int maxWays = 1;
    int cycles = 0;
    int idealCycles = 0;
    // Measured-vs-model: when a measured rule of the architecture changed the phases, its name
    // and the cycles of the textbook phase table; otherwise empty and equal to `cycles`.
    std::string measuredRule;
    int modelCycles = 0;
    [[nodiscard]] int extraCycles() const { return cycles - idealCycles; }
    // The phase of `pass` that holds the lane, or nullptr.
    [[nodiscard]] const PhaseReport *phaseOfLane(int pass, int lane) const;
};

// Where one element goes: for the thread x element table and the highlights.
struct ElementAccess
{
    std::vector<int32_t> coords; // tensor coordinates, out-dim order
    int warp = 0;
    int lane = 0;
    int instruction = 0; // index within the warp
    int pass = 0;
    int64_t byteAddress = 0;
    int bank = 0;  // bank of the element's first byte
    int phase = 0; // phase of its lane
    int ways = 1;  // distinct dwords in its bank within its phase
    [[nodiscard]] bool conflicted() const { return ways > 1; }
};

// Totals over every analysed instruction, and the rocprof-compute metrics (docs/lds-models.md
// §0.1): SQ_LDS_IDX_ACTIVE ~ cycles, SQ_LDS_BANK_CONFLICT ~ cycles - ideal.
struct BankTotals
{
    int64_t instructions = 0;
    int64_t cycles = 0;
    int64_t idealCycles = 0;
    int maxWays = 1;
    int64_t modelCycles = 0;          // the textbook phase tables' cycles (= cycles without a rule)
    int64_t measuredInstructions = 0; // instructions a measured rule changed
    [[nodiscard]] int64_t extraCycles() const { return cycles - idealCycles; }
    // Bank Conflicts/Access = conflict / (active - conflict) = extra / ideal.
    [[nodiscard]] double conflictsPerAccess() const;
    // Bank Conflict Rate (%) = conflict * scale / (active - conflict), the scale being the
    // architecture's bankConflictRateScale (rocprof-compute's 1200_lds.yaml states 3.125 = 100/32
    // for gfx942; see resources/arch/gfx942.json).
    [[nodiscard]] double conflictRatePercent(double scale) const;
};

// The transposed load a compiler tries first for a read into a dot operand (dsloadtr.h).
struct TransposedLoadChoice
{
    std::string candidate; // "ds_load_tr16_b128"; empty when no variant moves the element width
    bool used = false;     // the report counts the transposed load's source addresses
    std::string reason;    // why it is not used (empty when used)
    std::string fallback;  // what the lowering emits otherwise ("ds_load_u16")
    // Per thread, issued and distinct (dsloadtr.h InstructionCount).
    int64_t fallbackCount = 0;      // fallback loads, issued
    int64_t fallbackDistinct = 0;   // fallback loads, distinct
    int64_t transposedCount = 0;    // transposed loads when used, issued
    int64_t transposedDistinct = 0; // transposed loads when used, distinct
};

// One access of the layout-level analysis.
struct BankConflictReport
{
    std::string arch;
    LdsInstruction instruction; // with its provenance
    bool instructionForced = false;
    int elementBits = 16;
    int vectorElements = 1;    // elements per lane per pass
    int maxVectorElements = 1; // the largest vectorisation the layouts allow (before the cap)
    int bankWidthBytes = 4;
    std::vector<InstructionReport> instructions; // every (warp, instruction)
    std::vector<ElementAccess> elements;         // every (warp, lane, register) access
    BankTotals totals;
    // The measured rule of the architecture that changed some instruction's phases ("" = none),
    // with its provenance: the views print measured-vs-model beside the cycles then.
    std::string measuredRule;
    Provenance measuredRuleProvenance;
    // Triton's generic count beside ours (nullopt with a reason when Triton's model does not
    // apply).
    std::optional<int64_t> tritonExtraWavefronts;
    std::string tritonNote;
    // A read into a dot operand (or #ttg.linear) on an arch with transposed loads: whether the
    // access is the transposed load, and when not, why and what the compiler emits instead.
    std::optional<TransposedLoadChoice> transposedLoad;
};

// A shared layout with what the LinearLayout alone does not say.
struct SharedMemoryLayout
{
    // (offset[, block][, partition]) -> tensor coordinates; offsets in elements.
    LinearLayout layout;
    // #ttg.padded_shared: phys(i) = i + sum_k (i / interval_k) * pad_k, in elements
    // (paddedOffset of layout/builders.h).
    std::vector<std::pair<int32_t, int32_t>> padding;
    // Byte distance between partitions; 0 = the buffer size rounded up to the arch's partition
    // size (64 KiB on gfx1250), or to 256 B where the arch has no partitions.
    int64_t partitionStrideBytes = 0;
    int64_t baseBytes = 0;
};

// The shared layout of a #ttg shared attribute over `shape`: its LinearLayout (builders), the
// padding of a padded (or padded-partitioned) layout, and for a partitioned layout the
// partition stride = one buffer rounded up to `partitionAlignBytes` (the arch's partition size;
// 0 = 256 B), so that each partition buffer starts where the allocator would put it.
[[nodiscard]] Expected<SharedMemoryLayout> sharedMemoryLayout(const LayoutAttr &attr,
                                                              const std::vector<int32_t> &shape,
                                                              int elementBits,
                                                              int64_t partitionAlignBytes = 0);

struct BankAccessRequest
{
    LinearLayout reg; // (register, lane, warp[, block]) -> tensor coordinates
    SharedMemoryLayout shared;
    int elementBits = 16; // 8, 16, 32 or 64
    bool isWrite = false;
    std::string instruction; // empty: chosen from the vectorisation
    BankOptions options;
    int maxWarps = 0;            // analyse warps [0, maxWarps); 0 = all
    bool collectElements = true; // false: report.elements stays empty (searches score faster)
    bool tritonModel = true;     // false: skip Triton's generic count (tritonNote says so)
};

// ---- counting core ---------------------------------------------------------------------------

[[nodiscard]] inline int bankOf(int64_t byteAddress, int bankWidthBytes, int numBanks)
{
    return int((byteAddress / bankWidthBytes) % numBanks);
}

// Per bank the number of distinct dwords (broadcast) or of accesses touched by the given
// accesses, each covering `dwordsPerAccess` consecutive dwords from its address.
[[nodiscard]] std::vector<int> bankCounts(const std::vector<int64_t> &byteAddresses,
                                          int dwordsPerAccess, int bankWidthBytes, int numBanks,
                                          bool broadcast);

// The measured phase-merge rule of `arch` that applies to this instruction and these addresses
// (every lane makes the same request as its partner lane ^ mask, in every pass), or nullptr.
[[nodiscard]] const PhaseMergeRule *
matchingPhaseMergeRule(const Architecture &arch, const LdsInstruction &instruction,
                       const std::vector<std::vector<std::optional<int64_t>>> &addresses);

// The phase model for one instruction; addresses[pass][lane], nullopt = inactive lane. With
// options.measuredRules, a matching measured rule of the architecture coarsens the phase table
// (the report then names the rule and keeps the textbook cycles in modelCycles).
// Requires: addresses.size() == instruction.passes, each of size arch.waveSize.
[[nodiscard]] Expected<InstructionReport>
analyzeAddresses(const Architecture &arch, const LdsInstruction &instruction,
                 const std::vector<std::vector<std::optional<int64_t>>> &addresses,
                 const BankOptions &options = {});

// rocRoller's separate timing model (docs/lds-models.md §2.6, LDSModel.hpp): lanes in consecutive
// groups of `threadsPerClock`, every access counted (no broadcast), an empty group 0 cycles.
[[nodiscard]] int64_t rocRollerDataCycles(const std::vector<std::optional<int64_t>> &laneAddresses,
                                          int dwordsPerLane, int threadsPerClock, int numBanks,
                                          int bankWidthBytes = 4);
// Issue cycles of rocRoller: 4 for a read, 4 + 4 * dwords for a write.
[[nodiscard]] int rocRollerIssueCycles(bool isWrite, int dwordsPerLane);

// ---- layouts ---------------------------------------------------------------------------------

// Per shared element its byte address and bank: the bank map. Rows in the order of
// (partition, offset); coords in the layout's out-dim order.
struct SharedElementBank
{
    std::vector<int32_t> coords;
    int64_t offset = 0; // logical offset (before padding)
    int partition = 0;
    int64_t byteAddress = 0;
    int bank = 0;
};
[[nodiscard]] Expected<std::vector<SharedElementBank>>
sharedBankMap(const SharedMemoryLayout &shared, int elementBits, int numBanks,
              int bankWidthBytes = 4, int64_t partitionStrideBytes = 0);

// Byte distance between partitions of `shared`: its own partitionStrideBytes, else one padded
// buffer rounded up to the arch's partition size (0 = 256 B).
[[nodiscard]] int64_t sharedPartitionStride(const SharedMemoryLayout &shared, int elementBytes,
                                            int64_t archPartitionBytes);

[[nodiscard]] Expected<BankConflictReport> analyzeBanks(const Architecture &arch,
                                                        const BankAccessRequest &request);

// The totals of one wave's instructions of `report` (analyzeBanks totals every analysed wave).
[[nodiscard]] BankTotals waveTotals(const BankConflictReport &report, int warp);

// Adds one instruction's textbook cycles to report.totals.modelCycles and, when a measured rule
// changed it, records the rule (name, provenance) in the report.
void noteMeasuredRule(const Architecture &arch, const InstructionReport &ir,
                      BankConflictReport &report);

// Triton's generic bank-conflict count (GenericSwizzling.cpp bankConflictsMemDesc, the model
// behind gluon's bank_conflicts and get_shared_bank_conflicts): 32 banks of 32 bits, the result
// is the extra wavefronts per access (0 = conflict-free). `shared` maps (offset[, block]) to the
// tensor; `reg` is the distributed layout. Errors when the layouts do not compose.
[[nodiscard]] Expected<int64_t> tritonBankConflicts(const LinearLayout &reg,
                                                    const LinearLayout &shared, int bitwidth);

} // namespace lx
