#pragma once

// Diagrams of the ds_load_tr analysis (core/analysis/dsloadtr.h), Part I of the AMD MI450 LDS blog:
//
//  - panels      (Fig 1a/1b, 2a/2b): per instruction, a source panel over the tensor region it
//                touches (cell = "S<lane>:E<element>", the source lane that reads it and where in
//                its contiguous chunk) and a destination panel over the same region (cell =
//                "D<lane>:R<register>", who holds it afterwards). Colour = lane / 8.
//  - exchange    (Fig 3): the fixed cross-lane exchange as lane tables, independent of geometry:
//                source lanes x elements (row header: the LDS address each lane reads) and
//                destination lanes x registers (cell = the source lane and element it receives).
//  - fulltile    (Fig 4a/4b): fullTile sampled at its lane and register bases,
//                (lane, register) -> (offset, addr), next to the whole exchange.
//  - eligibility (Fig 5): the bases of cvt against the tile's requirements, the breaking one red.
//  - pipeline    (Fig 6): dst, cvt, quotient, reps, fullTile, addrToOffset, addrLayout as basis
//                tables; with option `step` one step of cvt → divideLeft → reps → addrToOffset →
//                addrLayout at a time (step mode).
//  - invert-and-compose: the blog's three-column table dstLL | sharedLL | cvt.
//
// The value builders take analysis results; the view builders (registered in viewregistry.cpp)
// resolve a ViewRequest first. View options (all optional):
//   shared, dst   layout names (default: the layouts named "shared"/"S" and "dst"/"D", else the
//                 first and second layout of the scene)
//   dtype         element type (default: the destination's dtype)
//   warp          which warp's addresses to draw (default 0)
//   first, count  instructions to draw in the panels view (default 0 and 8)
//   instruction   an instruction mnemonic, for the fulltile and exchange views without layouts
//   step          pipeline only: 0 (default) every step, 1..5 steps 1..k
//
// Every view built from a plan reports its figures (Diagram::figures): instruction, eligibility,
// transposed loads and fallback loads per thread, registers, warps.

#include "base/expected.h"
#include "render/diagram.h"

#include <string>

namespace lx {

struct DsLoadTrPlan;
struct DsLoadTrInstruction;
class LinearLayout;
struct ViewRequest;

struct DsLoadTrPanelsOptions
{
    int warp = 0;
    int firstInstruction = 0;
    int instructionCount = 8;
    std::string dtype; // for the subtitle only
};

// Requires an eligible plan and a 2-D shared layout. An error when an instruction's elements span
// more than 256 rows or columns (the exchange view shows any address pattern).
[[nodiscard]] Expected<Diagram> buildDsLoadTrPanels(const DsLoadTrPlan &plan,
                                                    const LinearLayout &shared,
                                                    const DsLoadTrPanelsOptions &options);
// Without a plan (null) the source rows carry no addresses.
[[nodiscard]] Diagram buildDsLoadTrExchange(const DsLoadTrInstruction &instruction,
                                            const DsLoadTrPlan *plan, int warp, int instr);
[[nodiscard]] Diagram buildDsLoadTrFullTile(const DsLoadTrInstruction &instruction);
// A plan without an instruction (no variant moves its element width): why, the fallback and its
// count. Every ds-load-tr view of such a plan shows this.
[[nodiscard]] Diagram buildNoTransposedLoad(const DsLoadTrPlan &plan, const std::string &dtype);
[[nodiscard]] Diagram buildDsLoadTrEligibility(const DsLoadTrPlan &plan, const LinearLayout &dst,
                                               const std::string &dtype);
// Step mode: `step` 0 shows every step; k (1..5, or 1..2 for an ineligible plan: divideLeft has
// no result) shows the tables of steps 1..k with step k's tinted and explained above them. The
// step names are in Diagram::steps.
[[nodiscard]] Diagram buildDsLoadTrPipeline(const DsLoadTrPlan &plan, const LinearLayout &dst,
                                            int step = 0);
[[nodiscard]] Expected<Diagram> buildInvertAndComposeTable(const LinearLayout &dst,
                                                           const LinearLayout &shared);

// View-registry entry points.
[[nodiscard]] Expected<Diagram> buildDsLoadTrPanelsView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildDsLoadTrExchangeView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildDsLoadTrFullTileView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildDsLoadTrEligibilityView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildDsLoadTrPipelineView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildInvertAndComposeView(const ViewRequest &request);

} // namespace lx
