#include "analysis/ctaconflicts.h"

#include <map>
#include <set>

namespace lx {

namespace {

// The partition of band `band` under the operand's pieces, or -1 when it has none.
int partitionOfBand(const CtaAnalysis &cta, const OperandPartitioning &op, int band)
{
    if (!op.separable || op.pieceExtent <= 0)
        return -1;
    const int tileExtent = op.partitionDim == 0 ? cta.tileM : cta.tileN;
    const int begin = band * tileExtent;
    for (const OperandPiece &p : op.pieces)
        if (begin >= p.begin && begin < p.end)
            return p.partition;
    return -1;
}

CtaOperandConflicts operandConflicts(const CtaAnalysis &cta, const OperandPartitioning &op)
{
    CtaOperandConflicts out;
    out.name = op.name;
    out.conflict = op.crossPairShared || !op.separable;
    if (op.crossPairShared)
        out.reason = "both SIMD pairs read " + std::string(op.partitionDim == 0 ? "M" : "N") +
                     " band " + std::to_string(op.sharedBand) + " in instruction " +
                     std::to_string(op.sharedInstruction);
    else if (!op.separable)
        out.reason = op.note;
    for (const CtaInstruction &ins : cta.instructions) {
        CtaOperandInstruction oi;
        oi.instruction = ins.index;
        // The pairs that read each band, and each partition, in this instruction.
        std::map<int, std::set<int>> pairsOfBand, pairsOfPartition;
        for (const CtaWarpTile &t : ins.tiles) {
            CtaWarpRead r;
            r.warp = t.warp;
            r.pair = cta.warps[size_t(t.warp)].pair;
            r.band = op.partitionDim == 0 ? t.tileM : t.tileN;
            r.partition = partitionOfBand(cta, op, r.band);
            pairsOfBand[r.band].insert(r.pair);
            if (r.partition >= 0)
                pairsOfPartition[r.partition].insert(r.pair);
            oi.reads.push_back(r);
        }
        for (CtaWarpRead &r : oi.reads) {
            r.conflict = pairsOfBand[r.band].size() > 1 ||
                         (r.partition >= 0 && pairsOfPartition[r.partition].size() > 1);
            oi.conflict = oi.conflict || r.conflict;
        }
        out.conflictingInstructions += oi.conflict;
        out.instructions.push_back(std::move(oi));
    }
    return out;
}

} // namespace

CtaPartitionConflicts ctaPartitionConflicts(const CtaAnalysis &cta)
{
    CtaPartitionConflicts c;
    c.a = operandConflicts(cta, cta.a);
    c.b = operandConflicts(cta, cta.b);
    c.count = int(c.a.conflict) + int(c.b.conflict);
    return c;
}

} // namespace lx
