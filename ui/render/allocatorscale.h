#pragma once

// The allocator chart's vertical axis: LDS offsets to heights (0 at the bottom). Linear, except
// that a buffer is drawn at least `minHeight` tall (its offsets stretched), so a small buffer
// is tall enough for its name and never hides under its neighbour; the room comes out of the
// stretches no buffer covers, so the axis keeps its total height and its order (a buffer stays
// between the same partition lines). Only when the free stretches cannot give the room is the
// whole axis scaled down.

#include "analysis/allocator.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace lx {

class OffsetScale
{
public:
    // `covered`: [begin, end) byte ranges of the buffers drawn on the axis, anywhere in
    // [0, top]. Requires: top > 0, height > 0.
    OffsetScale(const std::vector<std::pair<int64_t, int64_t>> &covered, int64_t top, double height,
                double minHeight);

    // The height of `offset` above the axis' bottom; offsets past [0, top] are clamped.
    [[nodiscard]] double at(int64_t offset) const;
    // Whether some stretch is drawn taller than its offsets (the axis is not to scale).
    [[nodiscard]] bool isStretched() const { return m_stretched; }

private:
    std::vector<int64_t> m_knots;
    std::vector<double> m_heights; // at each knot
    bool m_stretched = false;
};

// The [begin, end) byte ranges the allocator's charts draw: every buffer where stage 1 placed it,
// where each stage-2 move took it from and to, and its final offset.
[[nodiscard]] std::vector<std::pair<int64_t, int64_t>> drawnPlacements(const AllocationResult &a);

} // namespace lx
