#pragma once

// The ctaLayout analysis of Part II of the AMD MI450 LDS blog: for a WMMA v3 accumulator given by
// its ctaLayout (register and warp bases in instruction-tile units), its instruction shape and the
// output shape, which SIMD pair reads which rows of A and which columns of B in each
// instruction, whether the two pairs share an operand band (the blog's *location* condition),
// and the PartitionedSharedLayout parameters and TDM cost that follow.
//
// Model (the blog's, stated once here):
//  - One "instruction" is one value of the accumulator's tile-level register index: in it every
//    warp computes one C tile, all warps in the same cycle (the blog's same-cycle assumption).
//  - Warp w computing tile (m, n) reads A's M band m (tileM rows, all of K) and B's N band n.
//  - Two pairs conflict on an operand when, in one instruction, they read the same band: both
//    accesses then hit the same bytes, hence the same partition, whatever the shared layout.
//  - Pieces: a PartitionedSharedLayout puts band coordinate c in partition (c / pieceExtent) mod
//    numPartitions. It separates the pairs iff some tile bit b along the partition dim is, in
//    every instruction, equal for the warps of one pair and different between the pairs. Since a
//    register basis moves every warp by the same vector, that holds iff warp basis bits alone
//    decide it: bit b is set in the pair-selecting warp bases and in no other. We take the
//    highest such bit (largest, fewest pieces, fewest TDM instructions); pieceExtent = 2^b tiles.
//    This is docs/gfx1250-layouts.md §10 "Pieces in general" and reproduces Fig 10/11.
//
// The accumulator itself follows docs/gfx1250-layouts.md §3.2-3.3: tile x ctaLayout, repetitions
// added N first then M, components beyond the shape set to 0 (kept as broadcast).

#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace lx {

struct CtaLayoutSpec
{
    std::vector<Basis> registerBases;              // ctaLayout.register, [dim0, dim1] in tiles
    std::vector<Basis> warpBases;                  // ctaLayout.warp
    std::array<int32_t, 3> instrShape{16, 16, 32}; // [M, N, K]
    bool isTransposed = true;
    std::array<int32_t, 2> shape{0, 0}; // C [M, N] in elements
    int elemBits = 16;                  // operand element width (for piece bytes)
};

struct CtaWarp
{
    int warp = 0;
    int simd = 0;
    int pair = 0;
};

// The tile a warp computes in one instruction.
struct CtaWarpTile
{
    int warp = 0;
    int tileM = 0; // tile row: A band read
    int tileN = 0; // tile column: B band read
};

struct CtaInstruction
{
    int index = 0;                  // tile-level register index
    std::vector<CtaWarpTile> tiles; // one per warp, by warp
};

struct OperandPiece
{
    int index = 0;
    int begin = 0; // element range along the partition dim, [begin, end)
    int end = 0;
    int partition = 0;
    int group = 0;
};

// What the ctaLayout implies for one operand (A: partition dim 0 = M; B: partition dim 1 = N).
struct OperandPartitioning
{
    std::string name; // "A" or "B"
    int partitionDim = 0;
    bool crossPairShared = false;
    // Evidence when shared: the first instruction and band read by two pairs.
    int sharedInstruction = -1;
    int sharedBand = -1;
    bool separable = false; // a PartitionedSharedLayout can separate the pairs
    int pieceBit = -1;      // tile bit along partitionDim that selects the partition
    int pieceExtent = 0;    // elements along partitionDim
    int numPartitions = 0;
    int numGroups = 0;
    int numPieces = 0;
    int tdmInstructions = 0;
    std::vector<OperandPiece> pieces;
    std::string note; // why it is not separable, when it is not
};

struct CtaAnalysis
{
    int tileM = 0, tileN = 0;         // logical instruction tile (dim0 x dim1)
    int tilesM = 0, tilesN = 0;       // C in tiles
    int ctaTilesM = 0, ctaTilesN = 0; // extent of the ctaLayout as written, in tiles
    // Fitted tile-level bases: the user's register bases, then the automatic repetitions.
    std::vector<Basis> registerBases;
    std::vector<Basis> warpBases;
    // The bases as the ctaLayout writes them (what the notes cite): a basis reaching past C
    // is 0 above, and the automatic repetitions are not among these.
    std::vector<Basis> writtenRegisterBases;
    std::vector<Basis> writtenWarpBases;
    int numUserRegisterBases = 0;
    int numWarps = 0;
    std::vector<CtaWarp> warps;
    std::vector<CtaInstruction> instructions;
    OperandPartitioning a, b;
    std::vector<std::string> notes;
    LinearLayout accumulator; // (register, lane, warp, block) -> (dim0, dim1), elements

    // Owners of tile (m, n): (warp, instruction) pairs.
    [[nodiscard]] std::vector<std::pair<int, int>> ownersOfTile(int m, int n) const;
};

// Requires (else an Error naming the problem): instrShape a valid v3 shape, C dims positive
// powers of two divisible by the tile, every basis with two non-negative components, the
// ctaLayout surjective onto its extent (the blog's rule), at most 16 warp and register bases.
[[nodiscard]] Expected<CtaAnalysis> analyzeCtaLayout(const CtaLayoutSpec &spec, const CuModel &cu);

struct LayoutAttr;

// The spec of a #ttg.amd_wmma v3 attribute (or a #ttg.dot_op whose parent is one) over C of
// `shape`. The legacy warpsPerCTA / tilesPerWarp form is converted as docs/gfx1250-layouts.md §3.3
// says (dims minor first: tile registers, then warps). Requires a WMMA version 3, rank 2.
[[nodiscard]] Expected<CtaLayoutSpec>
ctaSpecFromAttr(const LayoutAttr &attr, const std::array<int32_t, 2> &shape, int elemBits);

// The logical tile (dim0 x dim1) of a v3 instruction: a transposed 32x16 is 16x32.
[[nodiscard]] std::array<int32_t, 2> wmmaLogicalTile(const std::array<int32_t, 3> &instrShape,
                                                     bool isTransposed);

} // namespace lx
