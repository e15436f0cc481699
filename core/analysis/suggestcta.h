#pragma once

// ctaLayout search for a WMMA v3 accumulator: given the output shape, the number of warps, the
// instruction shape and the operand element width, enumerate the warp bases (tile-unit vectors
// and sums of two, linearly independent; the register bases follow automatically, and their
// order does not change which band a pair reads in an instruction, so it is not enumerated) and
// rank each candidate with analyzeCtaLayout: cross-pair sharing of A and B first, then operands
// that no PartitionedSharedLayout separates (analysis/ctaconflicts.h: the partition-conflict count
// every face shows for a ctaLayout), TDM instructions, pieces and groups.

#include "analysis/ctalayout.h"
#include "hw/arch.h"
#include "layout/attrs.h"

#include <array>
#include <functional>
#include <string>
#include <vector>

namespace lx {

struct CtaSuggestRequest
{
    std::array<int32_t, 2> shape{0, 0}; // C [M, N]
    int warps = 4;                      // a power of two
    std::array<int32_t, 3> instrShape{16, 16, 32};
    bool isTransposed = true;
    int elemBits = 16;
    int limit = 0; // 0 = all
    // Asked between candidates; true stops the search with the error "cancelled" (Python's
    // Ctrl-C). Empty: never.
    std::function<bool()> cancelled;
};

// The most work a search takes on: the ordered warp-basis choices it could weigh (pool size P,
// warp bits w: P (P-1) ... (P-w+1)) times the instruction tiles each analysis walks. A request
// past it is refused before searching, saying so (the limit is about ten seconds of one core:
// 256x256 with 8 warps is 11 M, 512x512 with 8 warps 161 M and 24 s).
inline constexpr int64_t kMaxCtaWork = 50'000'000;

struct CtaCandidate
{
    std::string text;   // the #ttg.amd_wmma attribute
    LayoutAttrPtr attr; // the same attribute
    std::vector<Basis> warpBases;
    bool crossPairSharedA = false, crossPairSharedB = false;
    int tdmInstructionsA = 0, tdmInstructionsB = 0;
    int piecesA = 0, piecesB = 0, groupsA = 0, groupsB = 0;
    // ctaPartitionConflicts(analysis).count: operands whose two SIMD pairs meet in one partition
    // in some instruction (a shared band, or no partitioning separates them).
    int partitionConflicts = 0;
};

struct CtaSuggestResult
{
    std::vector<CtaCandidate> candidates; // best first
    int64_t enumerated = 0;
    int64_t rejected = 0;       // warp bases the analysis rejects (not surjective, out of range)
    std::string firstRejection; // why the analysis rejected the first of them ("" when none)
};

// One ctaLayout's row: its #ttg text, warp bases and the figures it is ranked by (the search's
// rows, and the row of a layout a scene already holds).
[[nodiscard]] CtaCandidate ctaCandidateOf(const CtaSuggestRequest &request,
                                          const CtaLayoutSpec &spec, const CtaAnalysis &analysis);

[[nodiscard]] Expected<CtaSuggestResult> suggestCtaLayouts(const CtaSuggestRequest &request,
                                                           const CuModel &cu);

} // namespace lx
