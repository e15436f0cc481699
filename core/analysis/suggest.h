#pragma once

// The design assistant's shared-layout search: given the access to a rank-2 tile (the distributed
// layout that reads it and optionally the one that writes it, the element width, the
// architecture), enumerate candidate shared layouts, score each with the same analyses the views
// use (analyzeBanks for reads and writes, analyzeDsLoadTr, the partition analysis, the
// allocation size) and keep the Pareto front.
//
// A TDM-fed buffer (SuggestSharedRequest::tdmFed) keeps only the families the TDM can write:
// the XOR and swizzled candidates with maxPhase > 1 are pruned, so a conflict-free layout, when
// one exists, is a padded one.
//
// Families:
//  - swizzled_shared (vec, perPhase, maxPhase, order), the plain layout among them;
//  - padded_shared ([interval:+padding], order);
//  - partitioned_shared (numPartitions, numGroups, partitionDim) over the plain layout and the
//    best swizzled and padded ones, where the architecture has LDS partitions (gfx1250);
//  - XOR layouts from linear algebra (the idea of Triton's generic swizzling): the first offset
//    bases are the access's vector (its contiguous registers), the next ones the images of the
//    lanes of one phase, so that those lanes fall into distinct bank positions, the rest
//    completes a basis of the tile. Printed as #ttg.shared_linear.
//
// Scores: read/write n-way (the worst phase) and cycles of the request's wave (all its
// instructions, with the request's instruction when it names one), the
// read vector width in bits, ds_load_tr eligibility of the read, the LDS bytes the allocation
// spans (padding included; a partitioned layout spans one buffer per hardware partition) and the
// loads with a partition conflict (gfx1250 same-cycle model; 0 elsewhere). A candidate whose
// partition analysis fails is pruned with the reason, never scored as conflict-free.
//
// Pareto: a candidate is on the front when no other is at least as good on every score and
// better on one (fewer read cycles, write cycles, LDS bytes, partition conflicts; wider vectors;
// ds_load_tr eligible; on NVIDIA the matrix instruction for the read, for the write). Candidates
// with the same scores as an earlier one are dropped.
//
// On an NVIDIA architecture (its file's vendor) the candidates are NVMMA and swizzled layouts and
// the cost is the NVIDIA lowering's instruction and wavefronts: analysis/suggestnvidia.h.

#include "base/expected.h"
#include "hw/arch.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lx {

struct SuggestSharedRequest
{
    Architecture arch;
    std::vector<int32_t> shape; // rank 2
    int elementBits = 16;
    LinearLayout read;                 // (register, lane, warp[, block]) -> tile: the reader
    std::optional<LinearLayout> write; // the layout that writes the tile (global-load layout)
    LayoutAttrPtr readAttr;            // optional: a dot operand here gives Triton's pick
    std::vector<int32_t> order;        // optional: the global order for Triton's pick
    int64_t maxLdsBytes = 0;           // candidates above are pruned; 0 = the arch's capacity
    int limit = 0;                     // keep at most this many candidates (front first); 0 = all
    // The access as the bank view reads it: its LDS instruction (empty: the widest plain one)
    // and the wave whose instructions are scored.
    std::string instruction;
    int warp = 0;
    // The Tensor Data Mover writes the buffer (analysis/tdm.h): only the layouts it can write
    // are candidates (padded, swizzled with maxPhase 1, partitioned of those); the others are
    // pruned with the reason, Triton's pick included. No effect where the arch has no TDM.
    bool tdmFed = false;
    // NVIDIA: TMA writes the buffer or a tensor-core op reads it through a descriptor
    // (analysis/suggestnvidia.h): only #ttg.nvmma_shared candidates are kept.
    bool descriptorFed = false;
    // Asked before each candidate is scored: true stops the search, which then fails with
    // kSearchCancelled (a caller's Ctrl-C).
    std::function<bool()> cancelled;
};
inline constexpr const char *kSearchCancelled = "the search was cancelled";

struct SharedCandidate
{
    std::string family; // swizzled, padded, partitioned, xor, triton
    LayoutAttrPtr attr;
    std::string text; // the #ttg attribute (aliases inlined for partitioned layouts)
    int readWays = 1;
    int readCycles = 0;
    int writeWays = 0; // 0 when there is no write access
    int writeCycles = 0;
    int vectorBits = 0;
    bool dsLoadTr = false;
    // Why the ds_load_tr analysis of the read failed (dsLoadTr is then unknown, not "no");
    // empty when it ran or was not asked.
    std::string dsLoadTrError;
    int64_t ldsBytes = 0;
    int partitionConflicts = 0;
    // NVIDIA (analysis/suggestnvidia.h): the PTX instruction of the read and of the write, and
    // whether it is the matrix one (ldmatrix / stmatrix, .trans included); the cycles above are
    // then the CTA's shared-memory wavefronts. Empty and false on AMD.
    std::string readInstruction, writeInstruction;
    bool readMatrix = false, writeMatrix = false;
    bool pareto = false;
    std::string note; // e.g. the measured-vs-model remark
    // Where each side's cycles come from (AMD): the phase table of the instruction the bank
    // analysis chose, or the measured rule it applied. A low-confidence table makes the cycles
    // extrapolated in every face, as in the bank view. Empty on NVIDIA (wavefronts are counted).
    Provenance readCyclesProvenance, writeCyclesProvenance;
};

struct PrunedGroup
{
    std::string family;
    int64_t count = 0;
    std::string reason;
};

struct SuggestSharedResult
{
    std::vector<SharedCandidate> candidates; // the front first, then the rest, best first
    std::optional<SharedCandidate> triton;   // Triton's pick, scored the same way
    std::string tritonRule;                  // which of Triton's rules gave it, or why none
    std::vector<PrunedGroup> pruned;
    int64_t enumerated = 0;
    int64_t scored = 0;
};

// One candidate scored; `family` is copied into the result. ds_load_tr eligibility only with
// withDsLoadTr (the search computes it lazily, for the candidates it can matter for).
[[nodiscard]] Expected<SharedCandidate> scoreSharedCandidate(const SuggestSharedRequest &request,
                                                             const LayoutAttrPtr &attr,
                                                             const std::string &family,
                                                             bool withDsLoadTr = true);

[[nodiscard]] Expected<SuggestSharedResult> suggestShared(const SuggestSharedRequest &request);

// True when `a` is at least as good as `b` on every score and better on one.
[[nodiscard]] bool dominates(const SharedCandidate &a, const SharedCandidate &b);

// ---- Triton's pick --------------------------------------------------------------------------

// What Triton 3.6's AMD backend chooses for a dot operand staged through LDS
// (SwizzledSharedEncodingAttr::get for an MFMA dot operand, with the AMD in-thread transpose on
// gfx942 when the global order is not K-contiguous):
//   banks = 64 on MFMA v4 (gfx950), 32 otherwise; elemsPerRow = banks * 32 / bits;
//   perPhase = max(1, elemsPerRow / inner); vec = kWidth; maxPhase = min(16 / perPhase,
//   inner / vec); inner = shape[order[0]].
// Not K-contiguous: gfx950 with 8/16-bit elements swizzles the same way; gfx942 (MFMA v3)
// transposes in registers and uses #ttg.amd_rotating_shared with the K-contiguous order;
// otherwise unswizzled (vec = perPhase = maxPhase = 1).
struct TritonSharedPick
{
    std::string kind = "swizzled_shared"; // or "amd_rotating_shared"
    int32_t vec = 1, perPhase = 1, maxPhase = 1;
    std::vector<int32_t> order;
    std::string rule; // the rule in words
    // The swizzled_shared attribute; nullptr for amd_rotating_shared (not a linear layout).
    LayoutAttrPtr attr;
    [[nodiscard]] std::string text() const;
};

struct TritonPickInput
{
    int opIdx = 0;       // 0 = A [M, K], 1 = B [K, N]
    int kWidth = 1;      // of the dot operand
    int mfmaVersion = 0; // 3 = gfx942, 4 = gfx950; 0 = not an MFMA operand
    std::vector<int32_t> shape;
    std::vector<int32_t> order; // the global (write) order, fastest dim first
    int elementBits = 16;
};

[[nodiscard]] Expected<TritonSharedPick> tritonSharedPick(const TritonPickInput &input);

// The global order of a distributed layout: the dim its first lane basis moves along first (the
// dim of its first register basis when that is contiguous), then the rest.
[[nodiscard]] std::vector<int32_t> layoutOrder(const LinearLayout &layout);

} // namespace lx
