#pragma once

// Transposed LDS loads: ds_load_tr* (gfx1250) and ds_read_b64_tr_* (gfx950).
//
// What the instruction does
// -------------------------
// Every source lane s of a warp reads `tileSize` contiguous elements from its own LDS address;
// the hardware then exchanges them across lanes with a fixed pattern, so destination lane L,
// register r receives element `offset` of the chunk read by source lane `addr`. Triton models
// one instruction with two layouts over the destination (lane, register[, warp]) indices:
//
//   tile     = identity from the first log2(tileSize) lane bits to `offset`;
//   fullTile = tile x [a register bits -> addr] x [b lane bits -> addr] x
//              [remaining register bits -> addr] x [remaining lane bits -> addr]
//
// (a, b per variant, docs/gfx1250-layouts.md §2.1-2.2). For ds_load_tr16_b128
// this is an 8x8 transpose inside each aligned group of eight lanes: destination lane 0 gets
// [S0:E0, S1:E0, ..., S7:E0], lane 8 gets [S8:E0 ... S15:E0]. For ds_load_tr8_b64 register bit 2
// and lane bit 3 trade places in `addr`, so destination lanes 0-7 draw from S0-S3 and S8-S11.
//
// The lowering (Triton's local_load -> ds_load_tr, reference §2.4-2.5)
// -------------------------------------------------------------------
//   cvt          = dst.invertAndCompose(shared)    (register, lane, warp) -> offset [, partition]
//   eligible    <=> divideLeft(cvt, tile) exists   (lanes 0..t-1 walk offsets 1..t/2, every other
//                                                  basis moves whole chunks of tileSize)
//   reps         = zerosLike(tile) * quotient      cvt with the tile's lane bases set to 0
//   addrToOffset = fullTile.invert().compose(reps) (offset, addr) -> LDS offset of the chunk
//   addrLayout   = addrToOffset with addr renamed to lane, plus reps' warp bases
//   address of source lane s, warp w, instruction i = reps(register = i*E) XOR addrLayout(s, w)
//
// Everything here is a plain function of values; nothing aborts on bad input.

#include "base/expected.h"
#include "hw/dtype.h"
#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lx {

struct Architecture;
struct LayoutAttr;

// One transposed-load instruction as Triton models it (one row of reference §2.1).
struct DsLoadTrInstruction
{
    std::string arch;      // the architecture's name ("gfx1250"), for messages only
    std::string name;      // ISA mnemonic, e.g. "ds_load_tr16_b128"
    std::string intrinsic; // LLVM/ROCDL intrinsic, e.g. "llvm.amdgcn.ds.load.tr16.b128"
    int elementBits = 0;   // logical element width: 16, 8 or 4
    int instBits = 0;      // bits each source lane reads: 128 or 64
    int leadingRegBases = 0;
    int leadingLaneBases = 0;
    int warpSize = 32;

    // Contiguous logical elements one source lane reads; also the values one instruction
    // gives each destination lane (instBits / elementBits).
    [[nodiscard]] int tileSize() const { return instBits / elementBits; }
    [[nodiscard]] int elementsPerInstruction() const { return tileSize(); }

    // lane -> offset, identity over the first log2(tileSize) lane bits.
    [[nodiscard]] LinearLayout tile() const;
    // (lane, register, warp[size 1]) -> (offset, addr), in that dimension order (Triton's).
    [[nodiscard]] LinearLayout fullTile() const;

    // The fixed exchange of one instruction: destination (lane, register) receives element
    // `element` of the chunk read by source lane `lane`.
    struct LaneElement
    {
        int lane = 0;
        int element = 0;
        bool operator==(const LaneElement &) const = default;
    };
    // Requires: 0 <= dstLane < warpSize, 0 <= dstRegister < tileSize().
    [[nodiscard]] LaneElement sourceOf(int dstLane, int dstRegister) const;
    // The inverse: where element `element` read by source lane `srcLane` ends up
    // (.lane = destination lane, .element = destination register).
    [[nodiscard]] LaneElement destinationOf(int srcLane, int element) const;

    bool operator==(const DsLoadTrInstruction &) const = default;
};

// The transposed loads of one architecture: its file's "transposedLoads", nothing else (an
// edited architecture file changes the answer; nothing is keyed on the architecture's name).
[[nodiscard]] std::vector<DsLoadTrInstruction> dsLoadTrInstructionsOf(const Architecture &arch);
// The variant of `arch` for the logical element bits, or an error naming what exists.
[[nodiscard]] Expected<DsLoadTrInstruction> dsLoadTrInstruction(const Architecture &arch,
                                                                int elementBits);
// The same for an architecture given by name or file (hw/arch.h loadArchitecture).
[[nodiscard]] Expected<DsLoadTrInstruction> dsLoadTrInstruction(const std::string &arch,
                                                                int elementBits);
// The variants of every embedded architecture file, in the order of knownArchitectures(): the
// catalogue the instruction pictures draw from by mnemonic. Analyses use dsLoadTrInstructionsOf.
[[nodiscard]] const std::vector<DsLoadTrInstruction> &dsLoadTrInstructions();
// By mnemonic ("ds_load_tr8_b64") in that catalogue; nullopt when unknown.
[[nodiscard]] std::optional<DsLoadTrInstruction> dsLoadTrInstructionByName(const std::string &name);

// Per-request facts the two LinearLayouts cannot carry.
struct DsLoadTrOptions
{
    // padded_shared [interval:+padding] pairs of the source, in elements; empty = unpadded.
    // The shared LinearLayout passed in is then the *linear component* (without padding).
    std::vector<std::pair<int32_t, int32_t>> padding;
};

// The counting rule of every face (analyze ds-load-tr, analyze banks, analyze kernel, the views):
// a count of LDS instructions per thread is given twice.
//   issued    what Triton's lowering emits: one instruction per group of destination
//             registers, replicated registers included (the count Triton's lit tests check);
//   distinct  what the final assembly keeps: LLVM removes a load of an address already loaded,
//             so a register basis that is zero in cvt (a replica) adds nothing. A basis that
//             only changes the partition is not a replica: it reads another partition's buffer.
// The two differ only when the destination replicates elements (Triton's b8_tests: 32 issued,
// 16 distinct); tests/core/tst_kernel.cpp checks the distinct counts against the compiler's.
struct InstructionCount
{
    int64_t issued = 0;
    int64_t distinct = 0;
    bool operator==(const InstructionCount &) const = default;
};

// The vectorisation of a plain (not transposed) LDS access, Triton's generic lowering
// (analysis/ldslowering.h largestVectorisation): broadcast registers removed, the widest vector
// of registers (in any order) that walk offsets 1, 2, 4, ..., at most 128 bits, at most the
// distinct registers; a padded source caps it at the smallest interval and permutes nothing.
// The instruction is the architecture's single-address one of that width and direction
// (Architecture::plainInstruction): the one rule by which every analysis names a fallback.
// `cvt` maps (register, lane, warp) to offset and, for a partitioned source, partition; the
// distinct count is taken over both; `issued` counts the non-zero register bases (Triton drops
// the replicas before it emits anything).
struct PlainAccess
{
    std::string instruction; // "ds_load_b128"; empty when the architecture has none that wide
    int vectorElements = 1;  // logical elements per instruction
    int bits = 0;            // bits per instruction
    InstructionCount count;  // per thread
    bool permuted = false;   // the vector is not the leading registers
    int broadcastBases = 0;  // register bases that replicate (removed before lowering)
};
[[nodiscard]] PlainAccess plainAccess(const Architecture &arch, const LinearLayout &cvt,
                                      int elementBits, bool isWrite,
                                      const std::vector<std::pair<int32_t, int32_t>> &padding);

// One ds_load of the fallback a compiler emits when the transposed load does not apply.
struct DsLoadFallback
{
    std::string instruction;   // e.g. "ds_load_u16", "ds_load_b128" (gfx950: "ds_read_...")
    int vectorElements = 1;    // logical elements per load
    int bits = 0;              // bits per load
    int64_t count = 0;         // loads per thread, issued (see InstructionCount)
    int64_t distinctCount = 0; // loads per thread the final assembly keeps
};

// The result of analysing one local_load. When !eligible only cvt (when it exists), reason and
// fallback are meaningful. Elements no transposed load moves (32-bit on gfx1250) give a plan,
// not an error: instruction.name is empty (hasInstruction() false), reason says so and fallback
// is the ordinary load the compiler emits.
struct DsLoadTrPlan
{
    DsLoadTrInstruction instruction;
    [[nodiscard]] bool hasInstruction() const { return !instruction.name.empty(); }
    bool eligible = false;
    std::string
        reason; // why not, in words ("lane basis 1 maps to [4] (need offset 2)"); empty if eligible

    LinearLayout cvt;      // (register, lane, warp) -> offset [, partition]; block quotiented out
    LinearLayout quotient; // divideLeft(cvt without partition, tile)
    LinearLayout reps;     // zerosLike(tile) * quotient
    LinearLayout addrToOffset; // fullTile.invert().compose(reps): (offset, addr) -> offset
    LinearLayout addrLayout;   // (lane, warp) -> offset: the chunk each source lane reads

    int64_t registers = 0;    // registers per thread of the destination, duplicates included
    int64_t instructions = 0; // transposed loads per thread, issued (registers / elements per
                              // instruction; see InstructionCount)
    int64_t distinctInstructions = 0; // of them, with distinct addresses (what the assembly keeps)
    int warps = 1;
    DsLoadFallback fallback;

    bool partitioned = false; // the source has a `partition` dim
    // laneOffsets[w][i][s]: first logical element (before padding) that source lane s of warp w
    // reads in instruction i; lanePartitions likewise (all 0 without partitions).
    std::vector<std::vector<std::vector<int32_t>>> laneOffsets;
    std::vector<std::vector<std::vector<int32_t>>> lanePartitions;

    // Byte address inside the partition's buffer of laneOffsets[w][i][s] with padding applied.
    [[nodiscard]] int64_t byteAddress(int warp, int64_t instr, int lane) const;
    std::vector<std::pair<int32_t, int32_t>> padding;
};

// Analyses ttg.local_load(shared) -> dst for `elementBits`-bit elements on `arch`.
// Requires (else an Error, never a crash): shared has in-dim `offset` (and optionally `block`,
// `partition`), dst has in-dims among register/lane/warp/block and no `offset`; both map onto
// the same out-dims with the same sizes; the arch has transposed loads; dst has as many lanes
// as the arch's warp. Ineligibility is not an error: the plan says why, also when no variant
// moves `elementBits`-bit elements (then !plan.hasInstruction()).
[[nodiscard]] Expected<DsLoadTrPlan> analyzeDsLoadTr(const LinearLayout &shared,
                                                     const LinearLayout &dst, int elementBits,
                                                     const Architecture &arch,
                                                     const DsLoadTrOptions &options = {});
// The same for an architecture given by name or file (hw/arch.h loadArchitecture).
[[nodiscard]] Expected<DsLoadTrPlan> analyzeDsLoadTr(const LinearLayout &shared,
                                                     const LinearLayout &dst, int elementBits,
                                                     const std::string &arch,
                                                     const DsLoadTrOptions &options = {});

// amdg.local_load_packed_transposed: fp4 packed two to a byte along one dim of the i8 source and
// along another dim of the i8 destination (the dim whose size doubles from source to destination
// is the source's packed dim, the one that halves the destination's). Both layouts are lifted to
// nibble coordinates (one lowest offset bit along the source's packed dim, one lowest register
// bit along the destination's) and analysed with 4-bit elements (reference §2.4 step 3).
// Requires: 2-D layouts whose shapes differ by exactly that factor-of-two swap.
[[nodiscard]] Expected<DsLoadTrPlan> analyzePackedFp4DsLoadTr(const LinearLayout &sharedI8,
                                                              const LinearLayout &dstI8,
                                                              const Architecture &arch,
                                                              const DsLoadTrOptions &options = {});
[[nodiscard]] Expected<DsLoadTrPlan> analyzePackedFp4DsLoadTr(const LinearLayout &sharedI8,
                                                              const LinearLayout &dstI8,
                                                              const std::string &arch,
                                                              const DsLoadTrOptions &options = {});

// The same analysis from a given cvt ((register, lane, warp) -> offset [, partition]), for when
// the lowering's cvt is known directly (conformance cases, partitioned pieces).
[[nodiscard]] Expected<DsLoadTrPlan> analyzeDsLoadTrCvt(const LinearLayout &cvt, int elementBits,
                                                        const Architecture &arch,
                                                        const DsLoadTrOptions &options = {});
[[nodiscard]] Expected<DsLoadTrPlan> analyzeDsLoadTrCvt(const LinearLayout &cvt, int elementBits,
                                                        const std::string &arch,
                                                        const DsLoadTrOptions &options = {});

// The request facts carried by a source attribute: the padding intervals of a padded_shared (or
// of the padded partition layout of a partitioned_shared). Null or other attributes: none.
[[nodiscard]] DsLoadTrOptions dsLoadTrOptionsFor(const LayoutAttr *shared);
// Why an attribute cannot be the destination of a transposed load (nullopt when it can: a dot
// operand or a #ttg.linear, or when there is no attribute to judge).
[[nodiscard]] std::optional<std::string> dsLoadTrDestinationProblem(const LayoutAttr *dst);

} // namespace lx
