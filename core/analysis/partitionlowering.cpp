#include "analysis/partitionlowering.h"

#include "layout/basisname.h"

#include <set>

namespace lx {

PartitionLowering partitionLowering(const PartitionConversion &conversion)
{
    PartitionLowering out;
    out.partitioned = conversion.partitioned;
    if (!conversion.partitioned)
        return out;
    out.basePointers =
        conversion.cvt.hasOutDim("partition") ? int(conversion.cvt.outDimSize("partition")) : 1;
    std::set<int32_t> warpValues{0};
    for (const CvtBasisRow &r : conversion.rows) {
        if (!r.feedsPartition)
            continue;
        const std::string name = basisName(r.inDim, r.index);
        if (r.inDim == "register")
            out.registerBits.push_back(name);
        else if (r.inDim == "lane")
            out.laneBits.push_back(name);
        else if (r.inDim == "warp") {
            out.warpBits.push_back(name);
            std::set<int32_t> next = warpValues;
            for (int32_t v : warpValues)
                next.insert(v ^ r.partition);
            warpValues = std::move(next);
        } else
            out.blockBits.push_back(name);
    }
    out.warpTermValues = int(warpValues.size());
    return out;
}

} // namespace lx
