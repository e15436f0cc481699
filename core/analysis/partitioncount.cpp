#include "analysis/partitioncount.h"

#include "base/intmath.h"

#include <algorithm>
#include <bit>
#include <optional>

namespace lx {

namespace {

// An element's partition buffer and offset in it (the conversion's two out-dims).
struct BufferImage
{
    int32_t partition = 0;
    int32_t offset = 0;
};

// The image of every value of in-dim `inIndex` of cvt, the other in-dims at 0: the XOR of the
// bases of its set bits (the layout is linear over GF(2)), built from the value without its
// lowest bit.
std::vector<BufferImage> bufferImagesOf(const LinearLayout &cvt, int inIndex, int offIdx,
                                        int partIdx)
{
    const std::vector<LinearLayout::Basis> &bases = cvt.bases()[size_t(inIndex)].second;
    std::vector<BufferImage> images(size_t(1) << bases.size());
    for (size_t v = 1; v < images.size(); ++v) {
        const LinearLayout::Basis &b = bases[size_t(std::countr_zero(v))];
        const BufferImage &rest = images[v & (v - 1)];
        images[v].partition = rest.partition ^ (partIdx >= 0 ? b[size_t(partIdx)] : 0);
        images[v].offset = rest.offset ^ b[size_t(offIdx)];
    }
    return images;
}

// The one partition each partition buffer lies in, where every buffer does: its first and its
// last possible byte (the largest offset) fall in the same partition, in 0..63. Else nullopt.
std::optional<std::vector<int>> partitionOfEachBuffer(const PartitionAccessSpec &spec,
                                                      const CuModel &cu, int64_t maxOffset,
                                                      int elemBytes)
{
    std::vector<int> partitions;
    for (const int64_t base : spec.bufferOffsets) {
        const int first = cu.partitionOfOffset(base);
        if (first < 0 || first >= 64 || cu.partitionOfOffset(base + maxOffset * elemBytes) != first)
            return std::nullopt;
        partitions.push_back(first);
    }
    return partitions;
}

// The count, or nullopt where the full analysis must answer (it refuses the spec, or a partition
// or a pair does not fit a 64-bit mask).
std::optional<int> conflictCountByMasks(const PartitionAccessSpec &spec, const CuModel &cu)
{
    if (spec.elemBits != 8 && spec.elemBits != 16 && spec.elemBits != 32 && spec.elemBits != 64)
        return std::nullopt;
    if (spec.loadBits < spec.elemBits || spec.loadBits % spec.elemBits != 0 ||
        !isPow2(spec.loadBits / spec.elemBits) || !cu.pairsEverySimd())
        return std::nullopt;
    for (const char *d : {"register", "lane", "warp"})
        if (!spec.distributed.hasInDim(d))
            return std::nullopt;
    const Expected<LinearLayout> cvt = spec.distributed.invertAndCompose(spec.shared);
    if (!cvt)
        return std::nullopt;
    const int offIdx = cvt->outDimIndex("offset");
    const int partIdx = cvt->outDimIndex("partition");
    const int numParts = partIdx >= 0 ? cvt->outDimSize("partition") : 1;
    if (offIdx < 0 || numParts > 64 || int(spec.bufferOffsets.size()) != numParts)
        return std::nullopt;
    const int elemBytes = spec.elemBits / 8;
    const int numRegs = cvt->inDimSize("register");
    const int numLanes = cvt->inDimSize("lane");
    const int numWarps = cvt->inDimSize("warp");
    const int perLoad = std::min(spec.loadBits / spec.elemBits, numRegs);
    const int numLoads = numRegs / perLoad;
    if (int64_t(numLoads) * numWarps * numLanes * perLoad > (int64_t(1) << 24))
        return std::nullopt;
    const std::vector<BufferImage> regs =
        bufferImagesOf(*cvt, cvt->inDimIndex("register"), offIdx, partIdx);
    const std::vector<BufferImage> lanes =
        bufferImagesOf(*cvt, cvt->inDimIndex("lane"), offIdx, partIdx);
    const std::vector<BufferImage> warps =
        bufferImagesOf(*cvt, cvt->inDimIndex("warp"), offIdx, partIdx);
    std::vector<int> pairOf(size_t(numWarps), 0);
    int numPairs = 0;
    for (int w = 0; w < numWarps; ++w) {
        pairOf[size_t(w)] = cu.pairOfWarp(w);
        if (pairOf[size_t(w)] < 0 || pairOf[size_t(w)] >= 64)
            return std::nullopt;
        numPairs = std::max(numPairs, pairOf[size_t(w)] + 1);
    }

    const std::optional<std::vector<int>> bufferPartition =
        partitionOfEachBuffer(spec, cu, cvt->outDimSize("offset") - 1, elemBytes);
    // The partition buffers each lane reaches (relative to its warp's), for the per-buffer count.
    uint64_t laneBuffers = 0;
    for (const BufferImage &lane : lanes)
        laneBuffers |= uint64_t(1) << lane.partition;
    int conflicting = 0;
    std::vector<uint64_t> pairParts(size_t(numPairs), 0);
    for (int l = 0; l < numLoads; ++l) {
        std::fill(pairParts.begin(), pairParts.end(), 0);
        uint64_t regBuffers = 0;
        for (int r = l * perLoad; r < (l + 1) * perLoad; ++r)
            regBuffers |= uint64_t(1) << regs[size_t(r)].partition;
        for (int w = 0; w < numWarps; ++w) {
            uint64_t touched = 0;
            if (bufferPartition) {
                // Every element of a buffer lies in its buffer's partition: the partitions
                // touched are those of the buffers reached, warp ^ lane ^ register.
                for (uint64_t a = laneBuffers; a != 0; a &= a - 1)
                    for (uint64_t b = regBuffers; b != 0; b &= b - 1) {
                        const int p =
                            warps[size_t(w)].partition ^ std::countr_zero(a) ^ std::countr_zero(b);
                        touched |= uint64_t(1) << (*bufferPartition)[size_t(p)];
                    }
            } else {
                for (int lane = 0; lane < numLanes; ++lane) {
                    const int32_t p0 = lanes[size_t(lane)].partition ^ warps[size_t(w)].partition;
                    const int32_t o0 = lanes[size_t(lane)].offset ^ warps[size_t(w)].offset;
                    for (int r = l * perLoad; r < (l + 1) * perLoad; ++r) {
                        const int32_t p = p0 ^ regs[size_t(r)].partition;
                        const int64_t addr = spec.bufferOffsets[size_t(p)] +
                                             int64_t(o0 ^ regs[size_t(r)].offset) * elemBytes;
                        const int partition = cu.partitionOfOffset(addr);
                        if (partition < 0 || partition >= 64)
                            return std::nullopt;
                        touched |= uint64_t(1) << partition;
                    }
                }
            }
            pairParts[size_t(pairOf[size_t(w)])] |= touched;
        }
        bool conflict = false;
        for (size_t a = 0; a < pairParts.size() && !conflict; ++a)
            for (size_t b = a + 1; b < pairParts.size() && !conflict; ++b)
                conflict = (pairParts[a] & pairParts[b]) != 0;
        conflicting += conflict ? 1 : 0;
    }
    return conflicting;
}

} // namespace

Expected<int> countPartitionConflicts(const PartitionAccessSpec &spec, const CuModel &cu)
{
    if (const std::optional<int> n = conflictCountByMasks(spec, cu))
        return *n;
    Expected<PartitionAccessReport> rep = analyzePartitionAccess(spec, cu);
    if (!rep)
        return rep.error();
    return rep->conflictingLoads;
}

} // namespace lx
