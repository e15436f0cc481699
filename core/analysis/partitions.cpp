#include "analysis/partitions.h"
#include "base/intmath.h"

#include <algorithm>
#include <bit>
#include <map>

namespace lx {

namespace {
} // namespace

Expected<LinearLayout> partitionedSharedLayout(const std::array<int32_t, 2> &shape,
                                               const std::array<int, 2> &order, int numPartitions,
                                               int numGroups, int partitionDim)
{
    if (!isPow2(shape[0]) || !isPow2(shape[1]))
        return makeError("partitioned shared layout: shape dims must be powers of two");
    if (!isPow2(numPartitions) || numPartitions < 2)
        return makeError("partitioned shared layout: numPartitions must be a power of two >= 2");
    if (!isPow2(numGroups))
        return makeError("partitioned shared layout: numGroups must be a power of two >= 1");
    if (partitionDim < 0 || partitionDim > 1)
        return makeError("partitioned shared layout: partitionDim must be 0 or 1");
    if (!((order[0] == 0 && order[1] == 1) || (order[0] == 1 && order[1] == 0)))
        return makeError("partitioned shared layout: order must be [0, 1] or [1, 0]");
    const int64_t pieces = int64_t(numPartitions) * numGroups;
    if (shape[size_t(partitionDim)] % pieces != 0)
        return makeError("partitioned shared layout: shape[partitionDim] = " +
                         std::to_string(shape[size_t(partitionDim)]) + " is not divisible by " +
                         std::to_string(pieces) + " pieces");
    std::array<int32_t, 2> piece = shape;
    piece[size_t(partitionDim)] = int32_t(shape[size_t(partitionDim)] / pieces);

    std::vector<LinearLayout::Basis> offset, partition;
    auto unit = [](int dim, int32_t v) {
        LinearLayout::Basis b{0, 0};
        b[size_t(dim)] = v;
        return b;
    };
    for (int d : order)
        for (int32_t v = 1; v < piece[size_t(d)]; v *= 2)
            offset.push_back(unit(d, v));
    const int32_t ext = piece[size_t(partitionDim)];
    for (int32_t p = 1; p < numPartitions; p *= 2)
        partition.push_back(unit(partitionDim, ext * p));
    for (int32_t g = 1; g < numGroups; g *= 2)
        offset.push_back(unit(partitionDim, ext * numPartitions * g));
    return LinearLayout::tryCreate({{"offset", offset}, {"block", {}}, {"partition", partition}},
                                   {{"dim0", shape[0]}, {"dim1", shape[1]}}, true);
}

Expected<PartitionConversion> partitionConversion(const LinearLayout &distributed,
                                                  const LinearLayout &shared)
{
    auto cvt = distributed.invertAndCompose(shared);
    if (!cvt)
        return makeError("cannot express the distributed layout through the shared layout: " +
                         cvt.message());
    PartitionConversion pc;
    pc.cvt = *cvt;
    const int offIdx = pc.cvt.outDimIndex("offset");
    const int partIdx = pc.cvt.outDimIndex("partition");
    pc.partitioned = partIdx >= 0 && pc.cvt.outDimSize("partition") > 1;
    for (const auto &[inDim, bases] : pc.cvt.bases())
        for (size_t i = 0; i < bases.size(); ++i) {
            CvtBasisRow row;
            row.inDim = inDim;
            row.index = int(i);
            row.offset = offIdx >= 0 ? bases[i][size_t(offIdx)] : 0;
            row.partition = partIdx >= 0 ? bases[i][size_t(partIdx)] : 0;
            row.feedsPartition = row.partition != 0;
            pc.rows.push_back(row);
        }
    return pc;
}

LoadInstruction classifyLoad(LoadInstruction load, int numPorts)
{
    std::map<int, std::set<int>> pairParts;
    for (const WarpLoadAccess &w : load.warps)
        pairParts[w.pair].insert(w.partitions.begin(), w.partitions.end());
    load.conflictPartitions.clear();
    for (auto a = pairParts.begin(); a != pairParts.end(); ++a)
        for (auto b = std::next(a); b != pairParts.end(); ++b)
            for (int p : a->second)
                if (b->second.count(p))
                    load.conflictPartitions.insert(p);
    load.conflict = !load.conflictPartitions.empty();
    // Each pair owns one port; conflicting pairs serialise onto one.
    load.portsUsable = load.conflict ? 1 : std::max(1, std::min(int(pairParts.size()), numPorts));
    return load;
}

namespace {

// An element's partition and offset in the partitioned buffer.
struct PartitionOffset
{
    int32_t partition = 0;
    int32_t offset = 0;
};

// The (partition, offset) of cvt at each value 0..count-1 of in-dim `inIndex`, every other in-dim
// at 0 (partition 0 when cvt has no partition out-dim).
std::vector<PartitionOffset> partitionOffsetImages(const LinearLayout &cvt, int inIndex, int count)
{
    const int offIdx = cvt.outDimIndex("offset");
    const int partIdx = cvt.outDimIndex("partition");
    std::vector<int32_t> in(size_t(cvt.numInDims()), 0);
    std::vector<PartitionOffset> images(static_cast<size_t>(count));
    for (int v = 0; v < count; ++v) {
        in[size_t(inIndex)] = v;
        const std::vector<int32_t> out = cvt.applyOrdered(in);
        images[size_t(v)].partition = partIdx >= 0 ? out[size_t(partIdx)] : 0;
        images[size_t(v)].offset = out[size_t(offIdx)];
    }
    return images;
}

} // namespace

Expected<PartitionAccessReport> analyzePartitionAccess(const PartitionAccessSpec &spec,
                                                       const CuModel &cu)
{
    if (spec.elemBits != 8 && spec.elemBits != 16 && spec.elemBits != 32 && spec.elemBits != 64)
        return makeError("element width must be 8, 16, 32 or 64 bits");
    if (spec.loadBits < spec.elemBits || spec.loadBits % spec.elemBits != 0 ||
        !isPow2(spec.loadBits / spec.elemBits))
        return makeError("a load of " + std::to_string(spec.loadBits) + " bits cannot carry " +
                         std::to_string(spec.elemBits) + "-bit elements in whole registers");
    if (!cu.pairsEverySimd())
        return makeError("the compute-unit model has no SIMD -> pair mapping");
    for (const char *d : {"register", "lane", "warp"})
        if (!spec.distributed.hasInDim(d))
            return makeError(std::string("the distributed layout has no '") + d + "' dim");
    auto conv = partitionConversion(spec.distributed, spec.shared);
    if (!conv)
        return conv.error();

    PartitionAccessReport rep;
    rep.conversion = *conv;
    const LinearLayout &cvt = rep.conversion.cvt;
    const int numParts = cvt.hasOutDim("partition") ? cvt.outDimSize("partition") : 1;
    if (int(spec.bufferOffsets.size()) != numParts)
        return makeError("expected " + std::to_string(numParts) +
                         " buffer offsets (one per partition buffer), got " +
                         std::to_string(spec.bufferOffsets.size()));
    const int elemBytes = spec.elemBits / 8;
    rep.registersPerLoad = spec.loadBits / spec.elemBits;
    const int numRegs = cvt.inDimSize("register");
    const int numLanes = cvt.inDimSize("lane");
    rep.numWarps = cvt.inDimSize("warp");
    const int perLoad = std::min(rep.registersPerLoad, numRegs);
    const int numLoads = numRegs / perLoad;
    if (int64_t(numLoads) * rep.numWarps * numLanes * perLoad > (int64_t(1) << 24))
        return makeError("more than 2^24 element accesses: too large to enumerate");

    // In-dim order of cvt: register, lane, warp, then whatever else (block) held at 0. The map
    // is linear over GF(2) and register, lane and warp are separate in-dims, so an element's
    // (partition, offset) is the XOR of its register's, its lane's and its warp's images (each
    // with the other in-dims at 0): three small tables instead of a layout evaluation per element.
    const int rI = cvt.inDimIndex("register"), lI = cvt.inDimIndex("lane"),
              wI = cvt.inDimIndex("warp");
    const std::vector<PartitionOffset> regImages = partitionOffsetImages(cvt, rI, numRegs);
    const std::vector<PartitionOffset> laneImages = partitionOffsetImages(cvt, lI, numLanes);
    const std::vector<PartitionOffset> warpImages = partitionOffsetImages(cvt, wI, rep.numWarps);

    for (int l = 0; l < numLoads; ++l) {
        LoadInstruction ins;
        ins.index = l;
        for (int w = 0; w < rep.numWarps; ++w) {
            WarpLoadAccess acc;
            acc.warp = w;
            acc.pair = cu.pairOfWarp(w);
            // The partitions touched, as bits while there are at most 64 (then into the set once
            // each); a partition past 63 goes into the set directly.
            uint64_t touched = 0;
            for (int lane = 0; lane < numLanes; ++lane)
                for (int r = l * perLoad; r < (l + 1) * perLoad; ++r) {
                    const PartitionOffset &ri = regImages[size_t(r)];
                    const PartitionOffset &li = laneImages[size_t(lane)];
                    const PartitionOffset &wi = warpImages[size_t(w)];
                    const int p = ri.partition ^ li.partition ^ wi.partition;
                    const int32_t offset = ri.offset ^ li.offset ^ wi.offset;
                    const int64_t addr =
                        spec.bufferOffsets[size_t(p)] + int64_t(offset) * elemBytes;
                    const int partition = cu.partitionOfOffset(addr);
                    if (partition >= 0 && partition < 64)
                        touched |= uint64_t(1) << partition;
                    else
                        acc.partitions.insert(partition);
                    acc.bytes += elemBytes;
                }
            for (int partition = 0; partition < 64; ++partition)
                if ((touched >> partition) & 1u)
                    acc.partitions.insert(partition);
            ins.bytes += acc.bytes;
            ins.warps.push_back(std::move(acc));
        }
        ins = classifyLoad(std::move(ins), cu.ports);
        rep.totalBytes += ins.bytes;
        if (ins.conflict) {
            ++rep.conflictingLoads;
            rep.bytesConflicting += ins.bytes;
        } else {
            rep.bytesFree += ins.bytes;
        }
        rep.loads.push_back(std::move(ins));
    }
    return rep;
}

} // namespace lx
