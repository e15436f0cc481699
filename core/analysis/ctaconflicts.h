#pragma once

// The partition conflicts of a ctaLayout (core/analysis/ctalayout.h), instruction by instruction:
// the number `suggest cta` ranks a ctaLayout by and the figure every face shows for it, defined
// here once.
//
// An operand conflicts when, in some instruction, its two SIMD pairs meet in one LDS partition
// whatever PartitionedSharedLayout holds it: they read the same band (the location condition:
// the same bytes sit in one partition), or no partitioning by one bit of the band coordinate
// separates them (ctalayout.h "Pieces"). The count is the number of such operands (0, 1 or 2):
// one conflicting operand serialises every instruction that reads it, whatever the number of
// instructions.
//
// Per instruction, every warp's read of the operand: the band, the partition the analysis'
// pieces put it in (-1 when the operand is not separable: no partitioned layout decides it), and
// whether it meets a warp of the other pair there (a shared band, or one partition).

#include "analysis/ctalayout.h"

#include <string>
#include <vector>

namespace lx {

struct CtaWarpRead
{
    int warp = 0;
    int pair = 0;
    int band = 0;       // tile row (A) or column (B) read
    int partition = -1; // the piece's partition; -1 when the operand is not separable
    bool conflict = false;
};

struct CtaOperandInstruction
{
    int instruction = 0;
    std::vector<CtaWarpRead> reads; // by warp
    bool conflict = false;          // two pairs meet in a band or a partition
};

struct CtaOperandConflicts
{
    std::string name; // "A" or "B"
    bool conflict = false;
    std::string reason; // why it conflicts (empty when it does not)
    std::vector<CtaOperandInstruction> instructions;
    int conflictingInstructions = 0; // instructions where two pairs meet on this operand
};

struct CtaPartitionConflicts
{
    int count = 0; // conflicting operands, 0..2
    CtaOperandConflicts a, b;
};

[[nodiscard]] CtaPartitionConflicts ctaPartitionConflicts(const CtaAnalysis &cta);

} // namespace lx
