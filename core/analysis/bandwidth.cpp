#include "analysis/bandwidth.h"
#include "base/intmath.h"

#include <algorithm>
#include <bit>

namespace lx {

namespace {
} // namespace

BandwidthEstimate estimateBandwidth(const PartitionAccessReport &access, const CuModel &cu)
{
    BandwidthEstimate e;
    e.fixedCycles = cu.fixedCycles.value;
    double streaming = 0;
    for (const LoadInstruction &l : access.loads) {
        const double rate = cu.peakBytesPerCycle(l.portsUsable);
        if (rate > 0)
            streaming += double(l.bytes) / rate;
        e.peakBytesPerCycle = std::max(e.peakBytesPerCycle, rate);
    }
    e.modelCycles = e.fixedCycles + streaming;
    if (e.modelCycles > 0)
        e.rawBytesPerCycle = double(access.totalBytes) / e.modelCycles;
    if (streaming > 0)
        e.steadyBytesPerCycle = double(access.totalBytes) / streaming;
    return e;
}

double fitFixedCycles(const std::vector<BurstMeasurement> &measurements)
{
    double sum = 0;
    int n = 0;
    for (const BurstMeasurement &m : measurements) {
        if (m.peakBytesPerCycle <= 0)
            return 0;
        sum += m.cycles - m.bytes / m.peakBytesPerCycle;
        ++n;
    }
    return n ? sum / n : 0;
}

Expected<MicrobenchLayouts> microbenchmarkLayouts(const MicrobenchSpec &spec, const CuModel &cu)
{
    if (!isPow2(spec.numWarps) || spec.numWarps > 32)
        return makeError("microbenchmark: the warp count must be a power of two up to 32");
    if (spec.elemBits != 8 && spec.elemBits != 16 && spec.elemBits != 32)
        return makeError("microbenchmark: elements must be 8, 16 or 32 bits");
    if (!isPow2(spec.loadBits) || spec.loadBits < spec.elemBits || spec.loadBits > 128)
        return makeError("microbenchmark: the load width must be a power of two up to 128 bits");
    if (!isPow2(cu.lanesPerWarp))
        return makeError("microbenchmark: the architecture has no power-of-two lane count");
    const int64_t elems = spec.totalBytes * 8 / spec.elemBits;
    const int64_t perWarpLoad = int64_t(cu.lanesPerWarp) * spec.loadBits / spec.elemBits;
    if (!isPow2(spec.totalBytes) || elems / spec.numWarps < perWarpLoad ||
        spec.totalBytes > (int64_t(1) << 24))
        return makeError("microbenchmark: the tensor must be a power of two of bytes (at most "
                         "16 MiB) holding at least one load per lane in every warp");
    MicrobenchLayouts m;
    m.rows = spec.numWarps;
    m.cols = int(elems / spec.numWarps);
    m.loadsPerWarp = int(m.cols / perWarpLoad);

    // Distributed (the blog's "distributed (blocked)" column): registers take the vector, lanes
    // the next dim-1 bits, further registers the rest of the row, warps the rows.
    std::vector<LinearLayout::Basis> reg, lane, warp;
    int32_t c = 1;
    for (int v = 1; v < spec.loadBits / spec.elemBits; v *= 2, c *= 2)
        reg.push_back({0, c});
    for (int l = 1; l < cu.lanesPerWarp; l *= 2, c *= 2)
        lane.push_back({0, c});
    for (; c < m.cols; c *= 2)
        reg.push_back({0, c});
    for (int32_t w = 1; w < spec.numWarps; w *= 2)
        warp.push_back({w, 0});
    auto dist =
        LinearLayout::tryCreate({{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", {}}},
                                {{"dim0", m.rows}, {"dim1", m.cols}}, true);
    if (!dist)
        return dist.error();
    m.distributed = *dist;

    if (!spec.partitioned) {
        // Plain: offset walks dim 1 then dim 0 (row w at offset w x N).
        std::vector<LinearLayout::Basis> off;
        for (int32_t v = 1; v < m.cols; v *= 2)
            off.push_back({0, v});
        for (int32_t v = 1; v < m.rows; v *= 2)
            off.push_back({v, 0});
        auto sh = LinearLayout::tryCreate({{"offset", off}, {"block", {}}},
                                          {{"dim0", m.rows}, {"dim1", m.cols}}, true);
        if (!sh)
            return sh.error();
        m.shared = *sh;
    } else {
        // Partitioned along dim 0, one row per piece, one partition per SIMD pair (the
        // architecture's pairs): rows go round-robin over the partitions (the blog, with two
        // pairs: "partition = 1 -> (1, 0)"), the remaining rows are groups.
        const int parts = cu.numPairs();
        if (parts < 2 || m.rows % parts != 0)
            return makeError("microbenchmark: a partitioned layout needs one partition per SIMD "
                             "pair (" +
                             std::to_string(parts) + ") and a row count they divide");
        auto sh = partitionedSharedLayout({m.rows, m.cols}, {1, 0}, parts, m.rows / parts, 0);
        if (!sh)
            return sh.error();
        m.shared = *sh;
    }
    return m;
}

Expected<MicrobenchRow> runMicrobenchmark(const MicrobenchSpec &spec, const CuModel &cu)
{
    auto layouts = microbenchmarkLayouts(spec, cu);
    if (!layouts)
        return layouts.error();
    MicrobenchRow row;
    row.layout = spec.partitioned ? "partitioned" : "plain";
    row.spec = spec;
    row.layouts = *layouts;
    const int parts = spec.partitioned ? cu.numPairs() : 1;
    AllocRequest req;
    req.name = "X";
    req.numPartitions = parts;
    req.bufferBytes = spec.totalBytes / parts;
    auto alloc = allocateShared({req}, cu.partitionBytes);
    if (!alloc)
        return alloc.error();
    row.allocation = *alloc;
    PartitionAccessSpec acc;
    acc.distributed = row.layouts.distributed;
    acc.shared = row.layouts.shared;
    acc.elemBits = spec.elemBits;
    acc.loadBits = spec.loadBits;
    for (const AllocBuffer *b : row.allocation.buffersOf(0))
        acc.bufferOffsets.push_back(b->offset);
    auto access = analyzePartitionAccess(acc, cu);
    if (!access)
        return access.error();
    row.access = *access;
    row.bandwidth = estimateBandwidth(row.access, cu);
    return row;
}

} // namespace lx
