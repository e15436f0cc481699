#include "analysis/kernelscratch.h"

#include "analysis/histogramscratch.h"
#include "analysis/reducescratch.h"
#include "analysis/scanscratch.h"
#include "analysis/scratchcost.h"
#include "hw/dtype.h"

#include <algorithm>
#include <cstdlib>

namespace lx {

namespace {

// The op's `axis = N` attribute; nullopt without one.
std::optional<int> axisOf(const TtgirOp &op)
{
    const size_t at = op.text.find("axis = ");
    if (at == std::string::npos)
        return std::nullopt;
    return std::atoi(op.text.c_str() + at + 7);
}

// A reduction's axis: its `axis` attribute where the op's first line prints it (`<{axis = 1 :
// i32}>`). The generic form prints the attribute after the region (`}) {axis = 0 : i32}`), on a
// line the reader does not keep; there the axis is the dim the result's slice layout removes
// (a reduction's result is always the slice of its operand's layout along the axis).
std::optional<int> reduceAxisOf(const TtgirOp &op)
{
    if (std::optional<int> axis = axisOf(op))
        return axis;
    for (auto t = op.types.rbegin(); t != op.types.rend(); ++t)
        if (t->encoding)
            if (const SliceAttr *slice = t->encoding->as<SliceAttr>())
                return slice->dim;
    return std::nullopt;
}

int sizeOf(const LinearLayout &l, const char *dim)
{
    return l.hasInDim(dim) ? l.inDimSize(dim) : 1;
}

// The accesses and cycles of the scratch's instructions.
void cost(KernelOpReport &r, const Architecture &arch,
          const Expected<std::vector<ScratchInstruction>> &instructions)
{
    if (!instructions) {
        r.problem = instructions.message();
        return;
    }
    r.accesses = scratchAccessCounts(*instructions);
    costScratchInstructions(r, arch, *instructions);
}

void reduceOp(const TtgirOp &op, const LinearLayout &src, const LinearLayout &dst,
              const Architecture &arch, KernelOpReport &r)
{
    const std::optional<int> axis = reduceAxisOf(op);
    if (!axis) {
        r.problem = "no axis attribute";
        return;
    }
    // The scratch's elements are the reduced operand's (the result of an arg-reduction may
    // differ); the op's element width is the result's.
    Expected<ReduceScratch> s = reduceScratch(src, dst, *axis, r.elementBits,
                                              int64_t(sizeOf(src, "lane")) * sizeOf(src, "warp"));
    if (!s) {
        r.problem = s.message();
        return;
    }
    if (!s->throughLds) {
        r.path = "in registers";
        r.pathReason = "the axis lies inside each warp: shuffles, no LDS";
        return;
    }
    r.instruction = "LDS scratch";
    r.path = "reduce scratch";
    r.bytes = s->scratchBytes;
    r.pathReason = std::to_string(s->warpsAlongAxis) +
                   " warps share the axis: " + std::to_string(s->accumulators) +
                   " partial results stored per thread, " + std::to_string(s->partialsPerThread) +
                   " combined, " + std::to_string(s->resultLoads) + " result loads, 2 barriers";
    cost(r, arch, reduceScratchInstructions(arch, src, *axis, *s));
}

void scanOp(const TtgirOp &op, const TtgirType &srcType, const LinearLayout &src,
            const Architecture &arch, KernelOpReport &r)
{
    const std::optional<int> axis = axisOf(op);
    const BlockedAttr *blocked = srcType.encoding ? srcType.encoding->as<BlockedAttr>() : nullptr;
    if (!axis || !blocked) {
        r.problem =
            !axis ? "no axis attribute"
                  : "Triton lowers scans of #ttg.blocked layouts only, not " + srcType.encodingText;
        return;
    }
    Expected<ScanScratch> s = scanScratch(src, blocked->order, *axis, r.elementBits);
    if (!s) {
        r.problem = s.message();
        return;
    }
    if (!s->throughLds) {
        r.path = "in registers";
        r.pathReason = "the axis lies inside each warp: shuffles, no LDS";
        return;
    }
    r.instruction = "LDS scratch";
    r.path = "scan scratch";
    r.bytes = s->scratchBytes;
    r.pathReason = std::to_string(s->axisWarps) +
                   " warps share the axis: " + std::to_string(s->stores) +
                   " chunk totals stored per thread, a barrier, " + std::to_string(s->loads) +
                   " totals of the warps read back";
    cost(r, arch, scanScratchInstructions(arch, src, blocked->order, *axis, *s));
}

void histogramOp(const LinearLayout &src, const LinearLayout &dst, const Architecture &arch,
                 KernelOpReport &r)
{
    Expected<HistogramScratch> s =
        histogramScratch(dst, r.elementBits, sizeOf(src, "lane"), sizeOf(src, "warp"));
    if (!s) {
        r.problem = s.message();
        return;
    }
    r.instruction = "LDS scratch";
    r.path = "histogram scratch";
    r.bytes = s->scratchBytes;
    r.pathReason = std::to_string(s->bins) + " counters in LDS: " + std::to_string(s->zeroStores) +
                   " zeroing stores per thread, a barrier, " + std::to_string(s->binsPerLane) +
                   " atomic adds (" + histogramAtomicName(arch, s->counterBits) + "), a barrier, " +
                   std::to_string(s->resultLoads) + " counter loads";
    cost(r, arch, histogramScratchInstructions(arch, dst, *s));
}

// A gather whose layouts Triton chose to keep each gather inside a warp (`efficient_layout`)
// exchanges values across lanes (ds_bpermute_b32 on AMD: the LDS unit, no LDS memory); one across
// warps goes through an LDS copy of the source, which is not modelled and says so.
void gatherOp(const TtgirOp &op, KernelOpReport &r)
{
    if (op.text.find("efficient_layout") != std::string::npos) {
        r.path = "in registers";
        r.pathReason = "efficient_layout: each gather stays inside a warp (cross-lane exchanges, "
                       "no LDS memory)";
        return;
    }
    r.path = "not modelled";
    r.pathReason = "a gather whose layouts are not marked warp-local may go through an LDS copy "
                   "of its source, which is not modelled";
}

} // namespace

void analyzeScratchOp(const TtgirOp &op, const TtgirType &srcType, const LinearLayout &src,
                      const LinearLayout &dst, const Architecture &arch, KernelOpReport &r)
{
    if (op.name == "tt.reduce")
        reduceOp(op, src, dst, arch, r);
    else if (op.name == "tt.scan")
        scanOp(op, srcType, src, arch, r);
    else if (op.name == "tt.histogram")
        histogramOp(src, dst, arch, r);
    else if (op.name == "tt.gather")
        gatherOp(op, r);
    else
        r.problem = op.name + " has no scratch model";
}

void costRoundTrip(KernelOpReport &r, const Architecture &arch, const LdsRoundTrip &t)
{
    if (!t.storeSide || !t.loadSide) {
        r.cyclesNote = "the scratch layout of this round trip is not a basis of the tensor: its "
                       "bank conflicts are not modelled";
        return;
    }
    const int bits = std::max(8, r.elementBits);
    std::vector<ScratchInstruction> all;
    for (const bool isWrite : {true, false}) {
        const LdsRoundTrip::Side &side = isWrite ? *t.storeSide : *t.loadSide;
        const int elements = isWrite ? t.storeElements : t.loadElements;
        const std::optional<std::string> name =
            scratchInstruction(arch, elements, r.elementBits, isWrite);
        if (!name) {
            r.cyclesNote = arch.name + " has no single-address instruction of " +
                           std::to_string(elements * r.elementBits) + " bits";
            return;
        }
        for (ScratchInstruction &in :
             vectorAccessInstructions(*name, isWrite, side.onScratch, side.vectorRegs, bits / 8))
            all.push_back(std::move(in));
    }
    costScratchInstructions(r, arch, all);
}

} // namespace lx
