#include "request/commandjson.h"

#include "request/reportjson.h"
#include "request/suggestaccess.h"

#include <algorithm>

namespace lx {

nlohmann::json ldsReportJson(const LdsInput &in, const std::vector<Figure> &figures)
{
    const CuModel *cu = &in.cu;
    const LdsScenario *s = &in.scenario;
    nlohmann::json buffers = nlohmann::json::array();
    for (const AllocBuffer &b : s->allocation.buffers) {
        const auto parts = s->allocation.partitionsOf(b);
        nlohmann::json list = nlohmann::json::array();
        for (int64_t p = parts.first; p <= parts.second; ++p)
            list.push_back(p);
        buffers.push_back(
            {{"name", b.name}, {"offset", b.offset}, {"size", b.size}, {"partitions", list}});
    }
    nlohmann::json stage2 = nlohmann::json::array();
    const AllocationResult &a = s->allocation;
    for (const AllocStage2Round &round : a.stage2) {
        nlohmann::json moves = nlohmann::json::array();
        for (const AllocMove &m : round.moves)
            moves.push_back(
                {{"buffer", a.buffers[size_t(m.buffer)].name},
                 {"from", m.from},
                 {"to", m.to},
                 {"cause",
                  m.cause < 0 ? nlohmann::json() : nlohmann::json(a.buffers[size_t(m.cause)].name)},
                 {"rule", m.partitionEdge ? "past the neighbour's partition"
                                          : "above an overlapping live buffer"}});
        const auto partitionEdges =
            std::count(round.partitionEdge.begin(), round.partitionEdge.end(), true);
        stage2.push_back(
            {{"edges", round.edges.size()}, {"partitionEdges", partitionEdges}, {"moves", moves}});
    }
    nlohmann::json j{{"arch", cu->arch},   {"scenario", s->label},
                     {"buffers", buffers}, {"stage1Steps", a.stage1.size()},
                     {"stage2", stage2},   {"totalBytes", s->allocation.totalBytes}};
    if (s->hasRead) {
        const BandwidthEstimate &bw = s->bandwidth;
        j["loads"] = s->access.loads.size();
        j["partitionConflicts"] = s->access.conflictingLoads;
        j["bytesRead"] = s->access.totalBytes;
        j["bytesConflicting"] = s->access.bytesConflicting;
        j["model"] = "cycles = fixed + bytes / rate (a model, not a measurement)";
        j["fixedCycles"] = bw.fixedCycles;
        j["modelCycles"] = bw.modelCycles;
        j["rawBytesPerCycle"] = bw.rawBytesPerCycle;
        j["steadyBytesPerCycle"] = bw.steadyBytesPerCycle;
        j["peakBytesPerCycle"] = bw.peakBytesPerCycle;
    }
    nlohmann::json warnings = nlohmann::json::array();
    for (const CapacityWarning &w : s->warnings)
        warnings.push_back(
            {{"kind", w.kind}, {"message", w.message}, {"partitions", w.partitions}});
    j["warnings"] = warnings;
    j["figures"] = figuresJson(figures);
    return j;
}

nlohmann::json ctaSuggestionJson(const CtaSuggestResult &result, double milliseconds)
{
    nlohmann::json j;
    j["candidates"] = nlohmann::json::array();
    for (const auto &c : result.candidates)
        j["candidates"].push_back({{"text", c.text},
                                   {"warpBases", c.warpBases},
                                   {"crossPairSharedA", c.crossPairSharedA},
                                   {"crossPairSharedB", c.crossPairSharedB},
                                   {"tdmInstructionsA", c.tdmInstructionsA},
                                   {"tdmInstructionsB", c.tdmInstructionsB},
                                   {"piecesA", c.piecesA},
                                   {"piecesB", c.piecesB},
                                   {"groupsA", c.groupsA},
                                   {"groupsB", c.groupsB},
                                   {"partitionConflicts", c.partitionConflicts}});
    j["enumerated"] = result.enumerated;
    j["rejected"] = result.rejected;
    if (!result.firstRejection.empty())
        j["firstRejection"] = result.firstRejection;
    j["searchMilliseconds"] = milliseconds;
    return j;
}

namespace {

nlohmann::json accessJson(const KernelOpReport &op)
{
    nlohmann::json j = {{"instruction", op.instruction},
                        {"count", op.count},
                        {"maxWays", op.maxWays},
                        {"cyclesPerCta", op.cyclesPerCta ? nlohmann::json(*op.cyclesPerCta)
                                                         : nlohmann::json(nullptr)},
                        {"bytes", op.bytes},
                        {"text", kernelAccessText(op)}};
    if (!op.problem.empty())
        j["problem"] = op.problem;
    return j;
}

} // namespace

nlohmann::json kernelSuggestionJson(const KernelSuggestion &s)
{
    nlohmann::json ops = nlohmann::json::array();
    for (size_t i = 0; i < s.before.size(); ++i)
        ops.push_back({{"line", s.before[i].line},
                       {"op", s.before[i].op},
                       {"name", s.before[i].name},
                       {"before", accessJson(s.before[i])},
                       {"after", accessJson(s.after.at(i))}});
    nlohmann::json j = {{"line", s.line},
                        {"encoding", s.encoding},
                        {"alias", s.alias},
                        {"improves", s.improves},
                        {"ttgLine", s.ttgLine},
                        {"gluon", s.gluon},
                        {"candidate", sharedCandidateJson(s.candidate)},
                        {"analysed", s.analysed},
                        {"ops", ops}};
    if (!s.reason.empty())
        j["reason"] = s.reason;
    return j;
}

nlohmann::json explanationJson(const ConflictExplanation &e, const std::string &access)
{
    nlohmann::json j = {{"warp", e.warp},           {"instruction", e.instruction},
                        {"phase", e.phase},         {"bank", e.bank},
                        {"ways", e.ways},           {"lanes", e.lanes},
                        {"addresses", e.addresses}, {"dwords", e.dwords}};
    j["collisions"] = nlohmann::json::array();
    for (const auto &c : e.collisions)
        j["collisions"].push_back({{"laneBits", c.laneBits}, {"byteDelta", c.byteDelta}});
    j["kernelNote"] = e.kernelNote;
    if (e.fix)
        j["fix"] = {{"kind", e.fix->kind},
                    {"description", e.fix->description},
                    {"text", e.fix->text},
                    {"waysBefore", e.fix->waysBefore},
                    {"waysAfter", e.fix->waysAfter},
                    {"cyclesBefore", e.fix->cyclesBefore},
                    {"cyclesAfter", e.fix->cyclesAfter},
                    {"ldsBytesBefore", e.fix->ldsBytesBefore},
                    {"ldsBytesAfter", e.fix->ldsBytesAfter}};
    else
        j["fix"] = nullptr;
    j["figures"] = figuresJson(explainFigures(e));
    j["access"] = access;
    return j;
}

} // namespace lx
