#pragma once

// Per-op analysis of a TTGIR module (io/ttgir.h): what each op that touches LDS or moves data
// between layouts costs, with the analyses the views use, and totals per kernel.
//
// One function per op decides its lowering path and records it (`path`, `pathReason`):
//
//   ttg.local_load       "transposed": the transposed-load decision (analysis/dsloadtr.h) where
//                        the arch has a transposed load for the element width and the layouts
//                        are eligible; otherwise "generic": Triton's generic shared-memory
//                        lowering (analysis/ldslowering.h: broadcast registers removed, the
//                        largest vector over any register order). Bank conflicts of that access
//                        (analysis/banks.h) for the module's arch.
//   amdg.local_load_packed_transposed (and the older spellings)
//                        "packed transposed": fp4 packed in i8, the 4-bit transposed load.
//   ttg.local_store,     "generic": the write instruction by the same vectorisation, its count
//   ttg.local_alloc(v)   per thread and its conflicts.
//   ttg.local_alloc      the bytes it occupies (layout/builders.h sharedAllocationBytes), and on
//                        gfx1250 the 64 KiB partitions it spans when the allocations are laid
//                        out one after another in the order of the text (liveness is ignored).
//   ttg.convert_layout   what it lowers to (analysis/conversion.h), with the LDS bytes of a round
//                        trip and, for a round trip ("round trip"), its store and its load
//                        (analysis/ldslowering.h ldsRoundTrip) in `accesses`.
//   tt.reduce, tt.scan,  "reduce scratch", "scan scratch", "histogram scratch": the op's own
//   tt.histogram         scratch buffer (analysis/kernelscratch.h): its instructions, their
//                        bank conflicts and cycles, its bytes; "in registers" when no LDS.
//   amdg.async_tdm_*     "TDM": no per-thread instruction; a problem when the buffer's layout is
//                        one the Tensor Data Mover cannot write (analysis/tdm.h).
//
// A memdesc printed with its allocation's shape (a view) is addressed through the layout of the
// whole allocation, as Triton's toLinearLayout(MemDescType) does.
//
// Counting (analysis/dsloadtr.h InstructionCount, the rule of every face). Where the destination
// of a load replicates elements (a register basis that is zero in cvt, e.g. an fp8 K tile of 32
// under a K = 64 instruction), the lowering issues a load per register group and LLVM keeps each
// distinct address once: `count` is the distinct count (the compiler's), `issued` the lowering's.
// A register basis that only changes the partition of a partitioned buffer is not a replica.
// The same holds for writes.
//
// Names: the architecture file's instructions (Architecture::plainInstruction for plain accesses,
// its "transposedLoads" for transposed ones); nothing is keyed on the architecture's name.
//
// Nothing here aborts: an op whose layouts cannot be analysed carries `problem`, and the
// module's other ops are still analysed.

#include "base/expected.h"
#include "hw/arch.h"
#include "io/ttgir.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lx {

// One kind of LDS instruction an op lowers to, per thread (a convert_layout through LDS has two:
// its store and its load).
struct KernelLdsAccess
{
    KernelLdsAccess() = default;
    KernelLdsAccess(std::string instr, int64_t n, int64_t issuedN, bool write)
        : instruction(std::move(instr)), count(n), issued(issuedN), isWrite(write)
    {
    }
    std::string instruction; // "ds_store_b128"
    int64_t count = 0;       // distinct (the assembly's)
    int64_t issued = 0;      // the lowering's
    bool isWrite = false;
    // NVIDIA: the shared-memory wavefronts of the CTA (every warp's instructions,
    // analysis/nvwavefronts.h): with the architecture's measured rules, of the phase tables
    // alone, and without conflicts; the worst phase's n-way. Unset where not analysed.
    std::optional<int64_t> wavefronts;
    int64_t textbookWavefronts = 0;
    int64_t idealWavefronts = 0;
    int ways = 0;
    // Triton's own count for the access (GenericSwizzling.cpp): extra wavefronts per
    // instruction; unset where Triton's model does not apply.
    std::optional<int64_t> tritonExtraWavefronts;
    bool operator==(const KernelLdsAccess &) const = default;
};

struct KernelOpReport
{
    int opIndex = 0; // into TtgirModule::ops
    int line = 0;
    std::string op;    // "ttg.local_load"
    std::string name;  // the loc() name, else the first SSA result, else the first operand
    std::string shape; // "128x64"
    std::string dtype; // "f16"
    int elementBits = 0;
    std::string src; // source encoding as printed ("#shared", "#blocked")
    std::string dst; // destination encoding as printed
    LayoutAttrPtr srcAttr, dstAttr;

    std::string instruction;      // "ds_load_tr16_b128", "ds_read_b128", "LDS round trip"
    int64_t count = 0;            // instructions per thread the assembly keeps (distinct)
    int64_t issued = 0;           // instructions per thread the lowering issues (dsloadtr.h
                                  // InstructionCount); count <= issued
    std::optional<bool> eligible; // local_load on an arch/width with a transposed load
    // The lowering path Triton takes for an LDS access ("transposed", "packed transposed",
    // "generic", "round trip") and why, in one sentence (empty for ops that touch no LDS).
    std::string path;
    std::string pathReason;
    // What to change so a plain access vectorises as far as its registers allow: the dims, basis
    // or padding that stop it, and the width a matching shared layout gives
    // (analysis/kerneladvice.h); empty when nothing is lost or no rule names the cause.
    std::string advice;
    // Every LDS instruction the op lowers to; the totals sum these.
    std::vector<KernelLdsAccess> accesses;
    std::string reason; // why not transposed / what the conversion does / notes
    // Not transposed, and the fallback reads fewer bits per load than the transposed
    // instruction would (a local_load whose fallback is already a full-width vector, e.g. a
    // K-contiguous operand, has lost nothing).
    bool lostTransposed = false;
    int maxWays = 0; // worst bank conflict of the access (0 = not analysed)
    // What the op costs the LDS: the cycles of every instruction of the access, each by the phase
    // model of analysis/banks.h, summed over all the CTA's warps (a bank view's cycles cover one
    // wave). A local_load that lost its transposed load is counted as the narrow loads it lowers
    // to. Unset where not modelled; for an op with LDS accesses `cyclesNote` then says why.
    std::optional<int64_t> cyclesPerCta;
    int64_t idealCyclesPerCta = 0; // the same instructions with no bank conflict
    // The phase table (or measured rule) of the architecture file the cycles come from: a table
    // the file marks low-confidence makes them extrapolated (request/kernelrequest.h).
    Provenance cyclesProvenance;
    std::string cyclesNote;
    // Loads/stores of a plain access with a partition conflict (analysis/kernelpartitions.h);
    // unset where not analysed (no partition model, a transposed load, other ops).
    std::optional<int> partitionConflicts;
    int64_t bytes = 0;      // LDS bytes: allocation size or conversion scratch
    std::string partitions; // gfx1250 allocations: "0" or "0-1"
    std::string problem;    // why the op could not be analysed (empty when it could)

    // An op a kernel writer should look at: unreadable, a bank conflict, a lost transposed
    // load, or a conversion through LDS or across CTAs.
    [[nodiscard]] bool isProblem() const;
};

struct KernelTotals
{
    std::map<std::string, int64_t> instructions; // LDS instruction -> count summed over ops
    std::map<std::string, int64_t> issued;       // LDS instruction -> issued summed over ops
    // The allocations' bytes laid one after another in the order of the text (liveness ignored:
    // the compiler may reuse some); not the bytes an access touches, nor what the kernel is
    // launched with (the compiler's metadata).
    int64_t ldsBytesEndToEnd = 0;
    // What Triton allocates (analysis/kernelallocation.h): the allocations and the ops' scratch
    // buffers placed by liveness, the compiler's shared-memory size.
    int64_t ldsBytesAllocated = 0;
    int worstWays = 0; // the highest n-way bank conflict of any op, at worstWaysLine
    int worstWaysLine = 0;
    // The costliest op: the most cycles per CTA (the first such op in the module), an index into
    // KernelReport::ops; -1 when no op has modelled cycles. worstOpReason says why it costs that.
    int worstOp = -1;
    std::string worstOpReason;
    int64_t cyclesPerCta = 0;                // summed over the ops with modelled cycles
    std::vector<std::string> lostTransposed; // "line 42 b: reason", for lostTransposed ops
    // NVIDIA: the CTA's shared-memory wavefronts summed over the accesses that have them
    // (KernelLdsAccess::wavefronts), loads and stores apart; measured rule and phase tables.
    bool hasWavefronts = false;
    int64_t wavefrontsLoad = 0, wavefrontsStore = 0;
    int64_t textbookWavefrontsLoad = 0, textbookWavefrontsStore = 0;
};

struct KernelReport
{
    std::string arch;
    // The DS counter's limit of the architecture analysed for (Architecture::dsCounterLimit).
    std::optional<ModelConstant> dsCounterLimit;
    // NVIDIA: the load-wavefront counter's excess per warp
    // (Architecture::loadCounterExcessPerWarp).
    std::optional<ModelConstant> loadCounterExcessPerWarp;
    int numWarps = 0;
    int threadsPerWarp = 0;
    std::vector<KernelOpReport> ops;
    KernelTotals totals;
    std::vector<std::string> notes;    // module-level caveats (unreadable aliases, overrides)
    std::vector<std::string> warnings; // more LDS than the architecture file has
};

// Analyses every data-placing op of `module` for `arch` (empty: the module's own target).
// Errors only when no architecture is known or the named one does not exist.
[[nodiscard]] Expected<KernelReport> analyzeKernel(const TtgirModule &module,
                                                   const std::string &arch = {});

// Why an op costs its cycles, in one phrase: its instructions per thread, the transposed load it
// lost, its bank conflicts ("128 x ds_load_u16 per thread after losing ds_load_tr16_b128,
// conflict-free").
[[nodiscard]] std::string kernelOpCostReason(const KernelOpReport &op);

// The dims of a shape as "128x64" (or with another separator: "128×64").
[[nodiscard]] std::string formatShape(const std::vector<int32_t> &shape,
                                      const char *separator = "x");

// The store and the load of a convert_layout src -> dst through LDS on `arch` (the kernel's
// "round trip" path): the vectorisation of analysis/ldslowering.h ldsRoundTrip and the
// architecture file's single-address instruction of that width, per thread. An error names the
// width the architecture file has no instruction for.
[[nodiscard]] Expected<std::vector<KernelLdsAccess>> roundTripAccesses(const Architecture &arch,
                                                                       const LinearLayout &src,
                                                                       const LinearLayout &dst,
                                                                       int elementBits);

} // namespace lx
