// `analyze ds-load-tr --json` (request/dsloadtrjson.h).

#include "request/dsloadtrjson.h"

#include "io/layoutjson.h"
#include "request/figures.h"
#include "request/kernelpressure.h"

namespace lx {

namespace {

using nlohmann::json;

nlohmann::json planJson(const DsLoadTrPlan &p, const std::string &dtype)
{
    json j;
    j["arch"] = p.instruction.arch;
    j["dtype"] = dtype;
    j["elementBits"] = p.instruction.elementBits;
    j["eligible"] = p.eligible;
    // No variant for the element width: instruction, intrinsic and elementsPerInstruction are
    // null; eligible is false and reason says why.
    j["instruction"] = p.hasInstruction() ? json(p.instruction.name) : json(nullptr);
    j["intrinsic"] = p.hasInstruction() ? json(p.instruction.intrinsic) : json(nullptr);
    j["elementsPerInstruction"] =
        p.hasInstruction() ? json(p.instruction.elementsPerInstruction()) : json(nullptr);
    // The counting rule (analysis/dsloadtr.h InstructionCount): issued and distinct.
    j["instructions"] = p.instructions;
    j["instructionsDistinct"] = p.distinctInstructions;
    j["registers"] = p.registers;
    j["warps"] = p.warps;
    j["fallbackInstruction"] = p.fallback.instruction;
    j["fallbackInstructions"] = p.fallback.count;
    j["fallbackInstructionsDistinct"] = p.fallback.distinctCount;
    j["fallbackVectorElements"] = p.fallback.vectorElements;
    j["fallbackBits"] = p.fallback.bits;
    j["reason"] = p.reason.empty() ? json(nullptr) : json(p.reason);
    j["cvt"] = layoutToJson(p.cvt);
    json lanes = json::array();
    if (p.eligible) {
        j["quotient"] = layoutToJson(p.quotient);
        j["reps"] = layoutToJson(p.reps);
        j["addrToOffset"] = layoutToJson(p.addrToOffset);
        j["addrLayout"] = layoutToJson(p.addrLayout);
        for (int w = 0; w < p.warps; ++w)
            for (int64_t i = 0; i < p.instructions; ++i) {
                json e;
                e["warp"] = w;
                e["instruction"] = i;
                e["offsets"] = p.laneOffsets[size_t(w)][size_t(i)];
                json bytes = json::array();
                for (int s = 0; s < p.instruction.warpSize; ++s)
                    bytes.push_back(p.byteAddress(w, i, s));
                e["bytes"] = bytes;
                if (p.partitioned)
                    e["partitions"] = p.lanePartitions[size_t(w)][size_t(i)];
                lanes.push_back(std::move(e));
            }
    }
    j["laneAddresses"] = lanes;
    return j;
}

} // namespace

nlohmann::json dsLoadTrJson(const DsLoadTrInput &in)
{
    nlohmann::json j = planJson(in.plan, in.dtype);
    j["figures"] = figuresJson(dsLoadTrFigures(in));
    return j;
}

Expected<nlohmann::json> dsLoadTrJson(const DsLoadTrInput &in, const ViewRequest &request)
{
    const Expected<std::vector<Figure>> quotes = measuredRegisterFigures(request);
    if (!quotes)
        return quotes.error();
    nlohmann::json j = dsLoadTrJson(in);
    for (const nlohmann::json &q : figuresJson(*quotes))
        j["figures"].push_back(q);
    return j;
}

std::optional<std::string> dsLoadTrWarpRefusal(const DsLoadTrInput &in, int warp)
{
    const LinearLayout *dst = in.dst ? &in.dst->layout : nullptr;
    const int64_t warps = dst && dst->hasInDim("warp") ? dst->inDimSize("warp") : in.plan.warps;
    if (warp >= 0 && warp < warps)
        return std::nullopt;
    return "--warp " + std::to_string(warp) + ": the layout has " + std::to_string(warps) +
           " warp(s)";
}

std::string dsLoadTrRefusal(const std::string &message, const std::string &kind)
{
    const std::string prefix = "view '" + kind + "': ";
    return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

} // namespace lx
