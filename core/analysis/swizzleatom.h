#pragma once

// The swizzle atom of a shared layout: its first eight lines of 16-byte chunks, where each chunk
// of the tensor lands, as CUTLASS pictures a Swizzle<B, M, S> (include/cute/swizzle.hpp) and
// docs/nvidia-layouts.md §6 draws the NVMMA swizzles.
//
// A line is the run of offsets that stay in one row of the tensor (the leading offset bases that
// move only the contiguous dim), at most 128 bytes (one wavefront over 32 banks of 4 bytes):
// 128 bytes for a 128-byte swizzle or an unswizzled row of 64 f16, 64 and 32 bytes for the
// narrower swizzles. Position p of line i holds the 16-byte chunk that starts at offset
// i * line + p * chunk; its chunk index j is where that chunk sits in its row of the tensor (its
// contiguous coordinate / chunk elements, modulo the chunks of a line). For an NVMMA layout,
// j = p XOR (row / perPhase mod maxPhase): the XOR pattern.
//
// Reading chunk j of the eight lines (one ldmatrix phase of an operand whose rows are the lines,
// or eight lanes of a 128-bit ld.shared) costs the most distinct words one bank serves among
// them: 1 when the eight chunks cover the 32 banks, 8 for an unswizzled 128-byte row.

#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

struct SwizzleAtomChunk
{
    std::vector<int32_t> coord; // the tensor coordinates of the chunk's first element
    int chunk = 0;              // j: the chunk's index in its row
    int64_t byteAddress = 0;
};

struct SwizzleAtom
{
    int contiguousDim = 0;
    int chunkElements = 8; // elements of one 16-byte chunk
    int chunksPerLine = 8;
    int lineBytes = 128;
    // lines x chunksPerLine, in address order.
    std::vector<std::vector<SwizzleAtomChunk>> lines;
    // Per chunk index j: the position it has in each line (-1 when a line lacks it) and the
    // wavefronts of reading it from every line.
    std::vector<std::vector<int>> positions;
    std::vector<int> ways;
};

// Requires: `shared` has an `offset` in-dim (other in-dims, such as block, are taken at 0) and
// elementBits is 8, 16, 32 or 64. An error when a line is narrower than one 16-byte chunk.
[[nodiscard]] Expected<SwizzleAtom> swizzleAtom(const Architecture &arch,
                                                const LinearLayout &shared, int elementBits);

} // namespace lx
