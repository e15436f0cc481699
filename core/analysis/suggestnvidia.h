#pragma once

// The NVIDIA side of the shared-layout search (analysis/suggest.h): the same search, Pareto front
// and ranking, with NVIDIA's candidates and NVIDIA's cost. docs/suggest.md says it in prose.
//
// Candidates: every #ttg.nvmma_shared of the element width (swizzle 0, 32, 64 and 128 bytes, the
// contiguous dim last or first: `transposed`), then the swizzled_shared layouts of the AMD search
// (vec, perPhase, maxPhase, both orders). A swizzled layout equal over the tile to an NVMMA one is
// dropped as a repeat, so the NVMMA name is kept: it is the one TMA and wgmma accept. Padded,
// partitioned and XOR layouts are not generated (Triton's NVIDIA pipeline allocates neither).
//
// Cost of a candidate, for the read and the write alike: the instruction Triton's NVIDIA lowering
// picks (analysis/nvsharedaccess.h: ldmatrix / stmatrix, their .trans forms, else vectorised
// ld.shared / st.shared) and the CTA's shared-memory wavefronts of that access
// (analysis/nvwavefronts.h, the architecture's measured rules applied): a candidate's read and
// write cycles are those wavefronts (one wavefront, one cycle of the shared-memory pipe). Getting
// the matrix instruction is a score of its own, as ds_load_tr eligibility is on AMD.
//
// A buffer that TMA writes or wgmma / tcgen05.mma reads (through a descriptor) can only hold an
// NVMMA layout: with `descriptorFed` every other candidate is pruned with that reason.

#include "analysis/suggest.h"
#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

// Whether the search runs NVIDIA's candidates and cost: the architecture file's vendor.
[[nodiscard]] bool isNvidiaSearch(const Architecture &arch);

// The NVMMA candidates for a tile of `elementBits`-bit elements, in the order they are tried:
// swizzle 128, 64, 32, 0, each not transposed then transposed.
[[nodiscard]] std::vector<LayoutAttrPtr> nvmmaCandidates(int elementBits);

// Scores the read (and the write, when the request has one) of `shared` on an NVIDIA
// architecture into `c`: ways, wavefronts as cycles, instruction, matrix instruction, vector bits.
// An error names the side and why (a map that leaves the CTA, an unknown width).
[[nodiscard]] Expected<bool> scoreNvidiaAccesses(const SuggestSharedRequest &request,
                                                 const LinearLayout &shared, SharedCandidate &c);

// Why a buffer read or written through a descriptor cannot hold `attr` (every layout but
// #ttg.nvmma_shared); nullopt when it can.
[[nodiscard]] std::optional<std::string> descriptorLayoutProblem(const LayoutAttr &attr);

// Whether an op of a module reads or writes its shared buffer through a descriptor (TMA copies,
// ttng.warp_group_dot, ttng.tc_gen5_mma): the buffer must then hold an NVMMA layout.
[[nodiscard]] bool accessesThroughDescriptor(const std::string &opName);

// Triton's NVIDIA choice for a tile staged in shared memory: Gluon's
// NVMMASharedLayout.get_default_for (what Triton's pipeliner gives an operand TMA writes or wgmma
// reads): the widest swizzle that divides the contiguous dim's bytes; transposed when the global
// order's fastest dim is dim 0. The rule in words in `rule`.
struct NvidiaSharedPick
{
    LayoutAttrPtr attr;
    std::string rule;
};
[[nodiscard]] Expected<NvidiaSharedPick> nvidiaSharedPick(const std::vector<int32_t> &shape,
                                                          int elementBits,
                                                          const std::vector<int32_t> &order);

} // namespace lx
