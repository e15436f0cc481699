#pragma once

// Builders: bespoke layouts (core/layout/attrs.h) to linear layouts for a tensor shape, as
// Triton's LinearLayoutConversions.cpp does it.
//
// Distributed layouts come out with in-dims register, lane, warp, block and out-dims
// dim0, dim1, ...; shared layouts with in-dims offset, block (partitioned ones add partition).
// Register order, warp order and out-dim order follow Triton exactly, because Triton's
// LinearLayout equality sees them (tests/data/conformance/triton-conversions.json is the
// acceptance test; docs/gfx1250-layouts.md §1, §3, §4 the specification).
//
// Two WMMA spellings, two register orders (docs/gfx1250-layouts.md §10): the legacy
// warpsPerCTA/tilesPerWarp form follows Triton 3.6 (tiles-per-warp registers next to each
// dimension's repetitions, N before M); the ctaLayout form follows Triton main (tile x ctaLayout
// in tile units, then N repetitions before M repetitions).
//
// Choices not pinned by the conformance data (documented, not guessed silently): a WMMA dot
// operand in the legacy form with tilesPerWarp != 1 uses the ctaLayout rule through the §3.3
// conversion; a padded or shared-linear component is returned as is when it covers the shape,
// repeated along `offset` when it is smaller, and refused when it is larger.
//
// Every precondition a person can violate (non power of two, wrong rank, unsupported instruction
// shape, invalid kWidth, a shape the layout cannot be fitted to) gives an Error, never an abort.

#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace lx {

// The linear layout of `attr` over a tensor of `shape` (one entry per tensor dim).
[[nodiscard]] Expected<LinearLayout> toLinearLayout(const LayoutAttr &attr,
                                                    const std::vector<int32_t> &shape);

// The linear component of a padded shared layout, without fitting it to a tensor shape: in-dims
// offset, block; out-dims dim0, ... with the sizes of its own `shape` (short form) or inferred
// from the bases (long form).
[[nodiscard]] Expected<LinearLayout> paddedSharedLinearComponent(const PaddedSharedAttr &attr);

// ---- padding arithmetic (docs/gfx1250-layouts.md §4.2)
// -------------------------------------------
using IntervalPadding = std::vector<std::pair<int32_t, int32_t>>;

// Requires: every interval and padding a power of two >= 1, intervals distinct.
[[nodiscard]] Expected<bool> validateIntervalPadding(const IntervalPadding &pairs);
// Physical element index of unpadded offset x: x + sum_k ((x >> log2 I_k) << log2 P_k).
// Requires: validateIntervalPadding(pairs), x >= 0.
[[nodiscard]] int64_t paddedOffset(int64_t x, const IntervalPadding &pairs);
// Elements allocated for n unpadded elements: n plus the padding of every interval boundary
// strictly inside the run (no trailing pad when n is a multiple of an interval).
// Requires: validateIntervalPadding(pairs), n >= 0.
[[nodiscard]] int64_t paddedAllocationElements(int64_t n, const IntervalPadding &pairs);

// The buffers of a partitioned allocation (docs/gfx1250-layouts.md §4.3): the whole tensor is
// padded as one 1-D run (padded inner layout) and split into numPartitions * numGroups equal pieces
// (integer division); each of the numPartitions buffers holds numGroups pieces back to back.
struct PartitionedBufferSizes
{
    int32_t numBuffers = 1;  // numPartitions
    int64_t pieceBytes = 0;  // padded bytes of the whole tensor / (numPartitions * numGroups)
    int64_t bufferBytes = 0; // pieceBytes * numGroups: the size of every partition buffer
    bool operator==(const PartitionedBufferSizes &) const = default;
};
// Requires: the layout builds for `shape`; elementBits a multiple or a divisor of 8.
[[nodiscard]] Expected<PartitionedBufferSizes>
partitionedBufferSizes(const PartitionedSharedAttr &attr, const std::vector<int32_t> &shape,
                       int32_t elementBits);
// Bytes one shared allocation of `shape` in `attr` occupies: the elements (swizzled, shared
// linear), the padded elements (padded), or one buffer's size (partitioned).
// Requires: a shared layout that builds for `shape`; elementBits a multiple or a divisor of 8.
[[nodiscard]] Expected<int64_t> sharedAllocationBytes(const LayoutAttr &attr,
                                                      const std::vector<int32_t> &shape,
                                                      int32_t elementBits);

// ---- Gluon's make_partitioned_dot_layouts (docs/gfx1250-layouts.md §3.5)
// ---------------------------
struct PartitionedDotParams
{
    int32_t blockM = 0, blockN = 0;
    PaddedSharedAttr layoutA; // [block_m, block_k] (or [block_k, block_m] when aTransposed)
    PaddedSharedAttr layoutB; // [block_k, block_n] (or [block_n, block_k] when bTransposed)
    int32_t numWarps = 4;     // 4 or 8
    IntList instrShape;       // physical [M, N, K]
    bool aTransposed = false;
    bool bTransposed = false;
    std::optional<int32_t> sliceM, sliceN; // default: blockM / blockN
    bool transposed = true;                // of the returned WMMA layout
};
struct PartitionedDotLayouts
{
    PartitionedSharedAttr sharedA;
    PartitionedSharedAttr sharedB;
    AmdWmmaAttr wmma;
};
[[nodiscard]] Expected<PartitionedDotLayouts>
makePartitionedDotLayouts(const PartitionedDotParams &params);

} // namespace lx
