#pragma once

// Architecture: what the LDS (AMD) or shared memory (NVIDIA) of one GPU target looks like to the
// bank-conflict and partition analyses, read from resources/arch/<name>.json.
//
// Why a file and not constants: every number here comes from somewhere (a vendor document, a
// hardware measurement, a compiler's source, or our own inference) and some of them are guesses.
// Each entry therefore carries a Provenance {confidence, source} that every view and report shows
// next to the numbers it produced (docs/lds-models.md is the research behind the
// files; its confidence key is H / M / L, plus "inferred" for model constants we fitted).
//
// The model (docs/lds-models.md §0). An LDS instruction is executed in *phases*: sets of lanes
// whose accesses are checked for bank conflicts together and served in one conflict-free cycle. A
// lane reads or writes `bytesPerLane` consecutive bytes, i.e. ceil(bytesPerLane / bankWidth)
// consecutive banks modulo `numBanks`. The number of banks can depend on the instruction (gfx950
// reads use 64, its writes and ds_read_b96 32). Dual-address instructions (ds_read2_*, ds_write2_*,
// ds_load_2addr_*) run `passes` times, once per address, each pass with the same phases.
//
// Example (gfx942 ds_read_b128, phases {T0-3,T20-23}, {T4-7,T16-19}, ...): lanes 0 and 20 are in
// the same phase and conflict when their dwords differ but share a bank; lanes 0 and 4 never do.
//
// Invariants checked by parseArchitecture: the phases of every pass partition the lanes
// [0, waveSize) exactly; names are unique; every number is read as a checked 64-bit value (never
// truncated) and must lie in its range, else the file is refused with the field named:
//   waveSize 1..128            bankWidthBytes 1..64        banks 1..1024     ldsBytes 1..2^30
//   instruction bytesPerLane 1..64, banks 1..1024, passes 1..2
//   cu lanesPerWarp 1..128, simds 1..64, partitionBytes 1..2^30, ldsPartitions 1..64,
//      l0Partitions 0..64, ports 1..64, pair SIMD indices 0..simds-1
//   portBytesPerCycle: finite, > 0 and <= 2^20 bytes per cycle;  fixedCycles: finite, 0..10^6
//   bankConflictRateScale: finite, > 0 and <= 1000;  cu measurements: warps 1..64, bytes
//      1..2^30, elementBits 1..64, loadBits 8..512, cycles and steadyBytesPerCycle finite > 0,
//      rawBytesPerCycle (optional) finite, > 0 and <= 2^20;
//   dsCounterLimit, loadCounterExcessPerWarp, cu cacheLineBytes (optional): whole numbers
//      1..2^20 with provenance;
//      transposed loads: elementBits 1..64,
//      instructionBits 8..512, leadingRegisterBases and leadingLaneBases 0..8
// An architecture file is at most 1 MiB (base/boundedread.h) and nests at most 64 levels.

#include "base/expected.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// Where a number comes from and how far to trust it.
struct Provenance
{
    // "H" documented or measured and corroborated, "M" one good source or a consistent inference,
    // "L" extrapolated with no direct source, "inferred" a constant we fitted or derived,
    // "measured" a rule read off hardware measurements (and checked against them).
    std::string confidence;
    std::string source;

    [[nodiscard]] bool isLowConfidence() const
    {
        return confidence == "L" || confidence == "inferred";
    }
    // "confidence H" or "confidence L (low: extrapolated)": the label views print beside a number.
    [[nodiscard]] std::string label() const;
    bool operator==(const Provenance &) const = default;
};

// One LDS / shared-memory instruction of one architecture.
struct LdsInstruction
{
    std::string name; // e.g. "ds_read_b128", "ds_load_b128", "LDS.128"
    bool isWrite = false;
    int bytesPerLane = 4; // bytes each lane moves per pass (16 for b128, 12 for b96, 2 for u16)
    int numBanks = 32;    // banks the conflict logic uses for this instruction
    int passes = 1;       // 2 for the dual-address forms
    // Lane lists, one per phase, in execution order; together they cover every lane once.
    std::vector<std::vector<int>> phases;
    Provenance provenance;

    // Index of the phase that holds the lane, or -1 when the lane is outside the wave.
    [[nodiscard]] int phaseOfLane(int lane) const;
    [[nodiscard]] int dwordsPerLane(int bankWidthBytes) const
    {
        return (bytesPerLane + bankWidthBytes - 1) / bankWidthBytes;
    }
    bool operator==(const LdsInstruction &) const = default;
};

// A number of a hardware model with its provenance.
struct ModelConstant
{
    double value = 0;
    Provenance provenance;
    bool operator==(const ModelConstant &) const = default;
};

// A rule, found in hardware measurements, by which the hardware serves an instruction in fewer
// phases than the instruction's phase table says. When, for one of `laneMasks`, every lane l reads
// the same address as lane l ^ mask (the pairs of lanes make identical requests), consecutive
// phases are served together in groups of `factor`: the phase table of the instruction is
// coarsened. It applies to the instructions of the given direction whose bytesPerLane is at least
// `minBytesPerLane`. Selected by the architecture data, never by the architecture's name.
struct PhaseMergeRule
{
    std::string name;
    bool isWrite = false;
    int minBytesPerLane = 8;
    std::vector<int> laneMasks;
    int factor = 2;
    Provenance provenance; // confidence "measured", the data set and the agreement

    [[nodiscard]] bool appliesTo(const LdsInstruction &ins) const
    {
        return ins.isWrite == isWrite && ins.bytesPerLane >= minBytesPerLane && factor > 1;
    }
    bool operator==(const PhaseMergeRule &) const = default;
};

// A hardware measurement of the LDS microbenchmark (analysis/bandwidth.h MicrobenchSpec): a
// [warps, N] tensor of `bytes` read once with `loadBits`-bit loads, plain or partitioned, took
// `cycles` (clock bracket) at `steadyBytesPerCycle`. The views show it beside the model, labelled
// measured; the model's fixed cost is fitted to these numbers.
struct LdsMeasurement
{
    std::string layout; // "plain" or "partitioned"
    int warps = 4;
    int64_t bytes = 65536;
    int elementBits = 16;
    int loadBits = 128;
    double cycles = 0;
    double steadyBytesPerCycle = 0;
    // bytes / cycles as the source states it ("rawBytesPerCycle"); 0 where it states none.
    double rawBytesPerCycle = 0;
    Provenance provenance; // confidence "measured", the source
    bool operator==(const LdsMeasurement &) const = default;
};

// The compute-unit / LDS-partition model of gfx1250 (docs/lds-models.md §3, docs/worked-cases.md
// P1): which SIMD and which SIMD pair (LDS port) a warp runs on, and the 64 KiB LDS partitions.
// The one model of a compute unit: the ctaLayout, partition, allocator and bandwidth analyses read
// every number from it (take it from an architecture with cuModelOf), so an edited description
// changes every answer; tests build their own from the blog's numbers.
//
// The warp -> SIMD -> pair mapping is the blog's (Part II): warp w runs on SIMD w mod simds, and
// SIMD s belongs to pair pairOfSimd(s) (gfx1250: SIMD 0, 2 -> pair A = 0; SIMD 1, 3 -> pair B =
// 1). It is partly inferred (docs/gfx1250-layouts.md §6), which is why it is data, not code.
struct CuModel
{
    std::string arch;             // the architecture's name, e.g. "gfx1250"
    int64_t ldsBytes = 5 * 65536; // the architecture's LDS capacity (320 KiB)
    int lanesPerWarp = 32;
    int simds = 4;                           // warp w runs on SIMD w mod simds
    std::vector<std::string> pairNames;      // {"A", "B"}
    std::vector<std::vector<int>> pairSimds; // {{0, 2}, {1, 3}}: pair A = SIMD 0,2
    int64_t partitionBytes = 65536;          // one LDS partition
    int ldsPartitions = 5;                   // partitions that hold LDS (5 x 64 KiB = 320 KiB)
    int l0Partitions = 1;                    // a further partition that backs L0, not LDS
    int ports = 2;                           // one per SIMD pair
    std::vector<std::string> portNames;      // {"L", "C"}, one per port
    ModelConstant portBytesPerCycle;         // 256 B/cycle per port
    // The fixed cost of the bandwidth model cycles = fixed + bytes / rate (analysis/bandwidth.h).
    ModelConstant fixedCycles; // F ~ 67.5 cycles
    // The global-memory cache line a piece row is read against (Figure 11's arithmetic,
    // docs/lds-models.md §3.1): "cacheLineBytes", 128 on gfx1250; absent where the file has none.
    std::optional<ModelConstant> cacheLineBytes;
    Provenance provenance;                    // of the structure (pairs, partitions, ports)
    std::vector<LdsMeasurement> measurements; // "measurements": the data the model is fitted to

    [[nodiscard]] int numPairs() const { return int(pairNames.size()); }
    // All hardware partitions, the L0 one included (6 on gfx1250).
    [[nodiscard]] int hwPartitions() const { return ldsPartitions + l0Partitions; }
    [[nodiscard]] int simdOfWarp(int warp) const { return simds > 0 ? warp % simds : 0; }
    // Index into pairNames / pairSimds, or -1 when the SIMD is in no pair.
    [[nodiscard]] int pairOfSimd(int simd) const;
    [[nodiscard]] int pairOfWarp(int warp) const { return pairOfSimd(simdOfWarp(warp)); }
    // True when there is at least one SIMD and every SIMD belongs to a pair.
    [[nodiscard]] bool pairsEverySimd() const;
    // addr / partitionBytes for an address inside the LDS, -1 outside it.
    [[nodiscard]] int partitionOfAddress(int64_t byteAddress) const;
    // offset / partitionBytes for any offset, also one past the LDS (0 when partitionBytes is not
    // positive): the partition the access analyses count a byte in.
    [[nodiscard]] int partitionOfOffset(int64_t byteOffset) const
    {
        return partitionBytes > 0 ? int(byteOffset / partitionBytes) : 0;
    }
    // The peak bandwidth when `portsUsed` ports run in the same cycle.
    [[nodiscard]] double peakBytesPerCycle(int portsUsed) const
    {
        return portBytesPerCycle.value * portsUsed;
    }
    bool operator==(const CuModel &) const = default;
};

// A transposed LDS load (ds_load_tr16_b128, ds_read_b64_tr_b8, ...) as the ds_load_tr analysis
// models it (analysis/dsloadtr.h): the element and instruction widths and how many register and
// lane bases lead its address pattern.
struct TransposedLoad
{
    std::string name;      // "ds_load_tr16_b128"
    std::string intrinsic; // "llvm.amdgcn.ds.load.tr16.b128"
    int elementBits = 16;
    int instructionBits = 128;
    int leadingRegisterBases = 0;
    int leadingLaneBases = 0;
    Provenance provenance;
    bool operator==(const TransposedLoad &) const = default;
};

// What the Tensor Data Mover (gfx1250's asynchronous global -> LDS copy) can write: its LDS
// addresses advance linearly with a padding every interval, so a buffer it fills may only hold a
// padded layout, a swizzled one whose XOR does not change between rows (maxPhase at most
// `maxSwizzlePhase`), or a partitioned layout of those (Gluon's
// cdna5.tdm.make_tensor_descriptor refuses the others).
struct TdmRule
{
    int maxSwizzlePhase = 1;
    Provenance provenance;
    bool operator==(const TdmRule &) const = default;
};

struct Architecture
{
    std::string name;        // "gfx1250"
    std::string product;     // "MI450"
    std::string vendor;      // "amd" or "nvidia"
    std::string description; // one line
    std::vector<std::string> aliases;
    int waveSize = 64;
    Provenance waveProvenance;
    int bankWidthBytes = 4;
    int numBanks = 32; // the architecture's headline bank count (instructions may differ)
    Provenance bankProvenance;
    int64_t ldsBytes = 65536; // LDS / shared memory per CU, WGP or SM
    Provenance capacityProvenance;
    // rocprofiler-compute's Bank Conflict Rate (%) = conflict cycles * scale / (active -
    // conflict cycles); the scale is 100 / banks of the architecture the tool's config was
    // written for, so only architectures whose config states it carry one.
    std::optional<ModelConstant> bankConflictRateScale;
    // The most LDS instructions a wave may have outstanding ("dsCounterLimit": the DS counter,
    // DSCNT, is 6 bits on GFX12, so 63 on gfx1250); absent where the file states none.
    std::optional<ModelConstant> dsCounterLimit;
    // NVIDIA: how many shared-memory load wavefronts per warp the hardware's load-wavefront
    // counter may read above the predicted ones of a kernel without loops
    // ("loadCounterExcessPerWarp", measured on an H200 for sm90: docs/nvidia-shared-memory.md
    // section 6); absent where the file states none, and then no range is given.
    std::optional<ModelConstant> loadCounterExcessPerWarp;
    std::vector<LdsInstruction> instructions;
    std::vector<TransposedLoad> transposedLoads; // ds_load_tr* / ds_read_b64_tr_*
    std::optional<CuModel> cu;                   // gfx1250 only, for now
    std::optional<TdmRule> tdm;                  // "tensorDataMover": architectures with a TDM
    // Measured departures from the phase tables ("phaseMergeRules"); empty for most targets.
    std::vector<PhaseMergeRule> phaseMergeRules;

    // The instruction by name (case-insensitive), or an error listing the known ones.
    [[nodiscard]] Expected<LdsInstruction> instruction(std::string_view name) const;
    [[nodiscard]] const LdsInstruction *findInstruction(std::string_view name) const;
    [[nodiscard]] std::vector<std::string> instructionNames() const;
    // The single-address instruction of this width and direction (bytes 1,2,4,8,12,16), the one
    // the analysis picks from a vectorisation; nullptr when the architecture has none.
    [[nodiscard]] const LdsInstruction *plainInstruction(int bytesPerLane, bool isWrite) const;
    bool operator==(const Architecture &) const = default;
};

// Parses the JSON text of an architecture description. Errors name the offending entry.
[[nodiscard]] Expected<Architecture> parseArchitecture(std::string_view jsonText);

// An embedded architecture by name or alias (case-insensitive: "gfx1250", "MI300"), or a JSON file
// when `nameOrPath` names one (contains '/' or ends in ".json"). Unknown names get an error that
// lists the known architectures.
[[nodiscard]] Expected<Architecture> loadArchitecture(std::string_view nameOrPath);

// The compute-unit model of an architecture (its `cu` entry). Requires: the architecture has one
// (gfx1250 does) and every SIMD belongs to a pair; else an Error that says which.
[[nodiscard]] Expected<CuModel> cuModelOf(const Architecture &arch);
// loadArchitecture(nameOrPath) then the above.
[[nodiscard]] Expected<CuModel> cuModelOf(std::string_view nameOrPath);

// Names of the embedded architectures, sorted.
[[nodiscard]] std::vector<std::string> knownArchitectures();

// "0-3,20-23" -> {0,1,2,3,20,21,22,23}; the inverse of formatLaneList.
[[nodiscard]] Expected<std::vector<int>> parseLaneList(std::string_view text);
// {0,1,2,3,20,21,22,23} -> "T0-3,T20-23" (with prefix "T") or "0-3,20-23".
[[nodiscard]] std::string formatLaneList(const std::vector<int> &lanes,
                                         std::string_view prefix = {});

} // namespace lx
