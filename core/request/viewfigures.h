#pragma once

// The figures of the views that draw one analysis and report numbers of it beside the drawing:
// the LDS datapath's load, the partition bases, the microbenchmark table, an operation's result
// and the ownership map. The renderers only draw; every number they list comes from here with
// its provenance (FigureSource), so `render --json`, the window's figure list and the analysis
// panel read the same figures.

#include "analysis/bandwidth.h"
#include "analysis/partitions.h"
#include "request/figures.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lx {

class LinearLayout;
class OwnershipMap;

// "SIMD pair 1": numbered, never lettered ("pair A" would read as operand A).
[[nodiscard]] std::string simdPairName(int pair);

// The note of every number of the bandwidth model: the model and where its constants come from.
[[nodiscard]] std::string bandwidthModelNote(const CuModel &cu);

// The load the datapath view shows: the partitions each SIMD pair reaches (`byPair`), whether
// two pairs meet in one (computed), the ports it can use (computed) and its rate (model).
[[nodiscard]] std::vector<Figure> loadFigures(const LoadInstruction &load,
                                              const std::vector<std::set<int>> &byPair,
                                              const CuModel &cu);

// The bases whose partition components XOR into the partition index ("register 1, warp 0").
[[nodiscard]] Figure partitionBasesFigure(const std::vector<std::string> &feeding);

// Cycles of the LDS microbenchmark measured on hardware, with where they were measured.
struct MicrobenchMeasured
{
    double plain = 0;
    double partitioned = 0;
    std::string source; // "gfx1250's measurements: ..." or the view's own text
};

// The architecture file's measurements of this very microbenchmark (cu.measurements, the one
// place measured cycles are written), when it has both layouts; else nothing.
[[nodiscard]] std::optional<MicrobenchMeasured> microbenchMeasured(const CuModel &cu,
                                                                   const MicrobenchSpec &spec);

// One layout of the microbenchmark ("plain" or "partitioned"): LDS allocated and conflicting
// loads (computed), bandwidths and cycles (model), and the measured cycles when there are any.
[[nodiscard]] std::vector<Figure>
microbenchFigures(const MicrobenchRow &row, const CuModel &cu,
                  const std::optional<MicrobenchMeasured> &measured);

// The partitioned layout's speedup (plain cycles / partitioned cycles): modelled from the two
// rows' model cycles, and measured when there are measurements. "1.65×".
[[nodiscard]] std::vector<Figure>
microbenchSpeedupFigures(double plainCycles, double partitionedCycles, const CuModel &cu,
                         const std::optional<MicrobenchMeasured> &measured);
// "1.65×": a speedup as the table and the figures show it.
[[nodiscard]] std::string speedupText(double speedup);

// An operation's result: its rank and whether it is injective and surjective.
[[nodiscard]] std::vector<Figure> operationResultFigures(const LinearLayout &result);

// What the ownership view counted while colouring its cells.
struct OwnershipCounts
{
    size_t unowned = 0;    // elements without an owner
    size_t mixed = 0;      // elements whose owners differ in the colour key
    std::string colourKey; // "warp", "lane", ...: the key the view colours by
};

// Elements drawn and owned, owners per element, the hardware sizes of `layout` (registers,
// lanes and warps, or offsets for a shared layout) and the elements with mixed colours.
[[nodiscard]] std::vector<Figure> ownershipFigures(const LinearLayout &layout,
                                                   const OwnershipMap &map,
                                                   const OwnershipCounts &counts);

} // namespace lx
