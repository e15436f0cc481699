#include "request/partitionloweringfigures.h"

namespace lx {

namespace {

std::string listed(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &n : names)
        out += (out.empty() ? "" : ", ") + n;
    return out.empty() ? std::string("none") : out;
}

Figure loweringFigure(std::string key, std::string label, std::string text, double value,
                      std::string note)
{
    return Figure{std::move(key),         std::move(label), std::move(text), value, "",
                  FigureSource::Computed, std::move(note)};
}

} // namespace

std::vector<Figure> partitionLoweringFigures(const PartitionLowering &l)
{
    if (!l.partitioned)
        return {};
    const std::string n = std::to_string(l.basePointers);
    std::vector<Figure> f;
    f.push_back(loweringFigure("basePointers", "Base pointers (one per partition)",
                               n + ", set up once before the K loop", double(l.basePointers),
                               "The backend pre-computes one base pointer per partition; each load "
                               "indexes that array instead of computing the partition"));
    f.push_back(loweringFigure(
        "partitionRegisterBits", "Partition bits from registers",
        l.registerBits.empty() ? std::string("none")
                               : listed(l.registerBits) + ": a constant per load (a literal index)",
        double(l.registerBits.size()),
        "A register basis is known at compile time: the index folds to a "
        "literal"));
    f.push_back(loweringFigure(
        "partitionWarpBits", "Partition bits from warps",
        l.warpBits.empty() ? std::string("none")
                           : listed(l.warpBits) + ": loop-invariant, resolved once (" +
                                 std::to_string(l.warpTermValues) + " orders of the pointer array)",
        double(l.warpBits.size()),
        "The warp index is a run-time value but the same in every iteration: "
        "the warp term reorders the base-pointer array once, before the loop"));
    f.push_back(loweringFigure(
        "partitionLaneBits", "Partition bits from lanes",
        l.laneBits.empty() ? std::string("none")
                           : "FLAGGED: " + listed(l.laneBits) +
                                 " feed the partition: the lanes of one load read different "
                                 "partitions, so the index is per lane and stays in the "
                                 "address computation of every load",
        double(l.laneBits.size()),
        "The MI450 LDS blog: lane usually does not feed partition; when it does, base-pointer "
        "selection does not lift out of the loop"));
    if (!l.blockBits.empty())
        f.push_back(loweringFigure("partitionBlockBits", "Partition bits from blocks",
                                   listed(l.blockBits) + ": constant for the kernel",
                                   double(l.blockBits.size()), "The CTA's index"));
    f.push_back(loweringFigure(
        "partitionSetup", "Run-time cost of the partitions",
        l.laneFlagged()
            ? "per load: a per-lane select among " + n + " base pointers (lane bits)"
            : "one-time: " + n + " base pointers" +
                  (l.warpBits.empty() ? std::string() : " and the XOR of the warp term") +
                  "; per load: a constant index, the K loop's address math unchanged",
        l.laneFlagged() ? 1.0 : 0.0,
        "Proportional to the partitions, not to the loads (the blog's base-pointer array)"));
    return f;
}

} // namespace lx
