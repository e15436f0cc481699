// `analyze banks --json` (request/reportjson.h): one access's bank conflicts per instruction and
// phase, its totals for one wave, and Triton's count beside them.

#include "request/reportjson.h"

#include "request/figures.h"
#include "request/kpackfigures.h"

namespace lx {

namespace {

nlohmann::json phaseJson(const PhaseReport &p)
{
    return {{"pass", p.pass},
            {"phase", p.phase},
            {"lanes", p.lanes},
            {"laneText", formatLaneList(p.lanes, "T")},
            {"activeLanes", p.activeLanes},
            {"maxWays", p.ways},
            {"cycles", p.cycles}};
}

} // namespace

nlohmann::json bankReportJson(const BankViewInput &in, bool perInstruction)
{
    const BankConflictReport &r = in.report;
    nlohmann::json j;
    j["arch"] = in.arch->name;
    j["source"] = in.sourceText;
    j["dtype"] = in.dtype;
    j["instruction"] = r.instruction.name;
    j["instructionForced"] = r.instructionForced;
    j["banks"] = r.instruction.numBanks;
    j["bankWidthBytes"] = r.bankWidthBytes;
    j["confidence"] = r.instruction.provenance.confidence;
    j["lowConfidence"] = r.instruction.provenance.isLowConfidence();
    j["phaseSource"] = r.instruction.provenance.source;
    j["elementBits"] = r.elementBits;
    j["vectorElements"] = r.vectorElements;
    j["maxVectorElements"] = r.maxVectorElements;
    // The worst instruction of the wave stands for "per instruction" (they are usually equal).
    const InstructionReport *worst = nullptr;
    for (const InstructionReport &ir : r.instructions) {
        if (!worst || ir.cycles > worst->cycles)
            worst = &ir;
    }
    nlohmann::json instructions = nlohmann::json::array();
    for (const InstructionReport &ir : r.instructions) {
        if (!perInstruction)
            break;
        nlohmann::json phases = nlohmann::json::array();
        for (const PhaseReport &p : ir.phases)
            phases.push_back(phaseJson(p));
        instructions.push_back({{"warp", ir.warp},
                                {"index", ir.index},
                                {"phases", phases},
                                {"maxWays", ir.maxWays},
                                {"cycles", ir.cycles},
                                {"idealCycles", ir.idealCycles},
                                {"extraCycles", ir.extraCycles()}});
    }
    nlohmann::json phases = nlohmann::json::array();
    if (worst && perInstruction) {
        for (const PhaseReport &p : worst->phases)
            phases.push_back(phaseJson(p));
    }
    if (perInstruction)
        j["phases"] = phases;
    j["maxWays"] = worst ? worst->maxWays : 0;
    j["cycles"] = worst ? worst->cycles : 0;
    j["idealCycles"] = worst ? worst->idealCycles : 0;
    j["extraCycles"] = worst ? worst->extraCycles() : 0;
    if (perInstruction)
        j["instructions"] = instructions;
    // One wave's (the view's chosen wave): a kernel op's cycles cover every warp (cyclesPerCta).
    j["totals"] = {{"instructions", r.totals.instructions},
                   {"cyclesPerWave", r.totals.cycles},
                   {"idealCyclesPerWave", r.totals.idealCycles},
                   {"extraCyclesPerWave", r.totals.extraCycles()},
                   {"maxWays", r.totals.maxWays},
                   {"conflictsPerAccess", r.totals.conflictsPerAccess()},
                   {"conflictRatePercent", in.arch->bankConflictRateScale
                                               ? nlohmann::json(r.totals.conflictRatePercent(
                                                     in.arch->bankConflictRateScale->value))
                                               : nlohmann::json(nullptr)}};
    j["modelCycles"] = worst ? worst->modelCycles : 0;
    j["totals"]["modelCyclesPerWave"] = r.totals.modelCycles;
    if (!r.measuredRule.empty()) {
        j["measuredRule"] = r.measuredRule;
        j["measuredRuleConfidence"] = r.measuredRuleProvenance.confidence;
        j["measuredRuleSource"] = r.measuredRuleProvenance.source;
    } else {
        j["measuredRule"] = nullptr;
    }
    j["tritonExtraWavefronts"] = r.tritonExtraWavefronts ? nlohmann::json(*r.tritonExtraWavefronts)
                                                         : nlohmann::json(nullptr);
    if (!r.tritonNote.empty())
        j["tritonNote"] = r.tritonNote;
    j["transposedLoad"] = transposedLoadJson(r);
    return j;
}

Expected<std::vector<Figure>> bankAnalysisFigures(const BankViewInput &in, const ViewRequest &req)
{
    std::vector<Figure> figures = bankFigures(in);
    auto kpack = kpackFigures(req);
    if (!kpack)
        return makeError(kpack.message());
    figures.insert(figures.end(), kpack->begin(), kpack->end());
    return figures;
}

Expected<nlohmann::json> bankAnalysisJson(const BankViewInput &in, const ViewRequest &req)
{
    auto figures = bankAnalysisFigures(in, req);
    if (!figures)
        return makeError(figures.message());
    nlohmann::json j = bankReportJson(in);
    j["figures"] = figuresJson(*figures);
    return j;
}

} // namespace lx
