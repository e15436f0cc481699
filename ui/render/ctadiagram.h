#pragma once

// The ctaLayout views of Part II of the AMD MI450 LDS blog, built from analyzeCtaLayout.
//
// cta-tiles (Fig 8, 9): C as a grid of instruction tiles, each labelled with the warp and the
// instruction (register index) that computes it, filled by warp and outlined by the warp's SIMD
// pair; the A strip (left column, one cell per M band) and the B strip (top row, one per N band)
// coloured by the pair that reads them in the chosen instruction (option "instruction", default
// 0): p0 (SIMD pair 0), p1, or red "p0+p1" when both pairs read it (the location condition).
//
// cta-pieces (Fig 10, 11): C tiles filled by the instruction that computes them, the ctaLayout
// tile outlined (dashed) wherever it repeats; the A strip cut into pieces along M and the B strip
// along N, filled by partition, outlined and labelled by piece and group; tables give the
// PartitionedSharedLayout parameters, the TDM count and the two buffers of each operand.
//
// Options: "instruction" (cta-tiles). The primary layout must be a #ttg.amd_wmma v3 attribute
// with a 2-D shape and a dtype.

#include "base/expected.h"
#include "render/diagram.h"

namespace lx {

struct ViewRequest;

[[nodiscard]] Expected<Diagram> buildCtaTilesView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildCtaPiecesView(const ViewRequest &request);

} // namespace lx
