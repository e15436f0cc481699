// `suggest shared --json` and `analyze cta --json` (request/reportjson.h): a shared-layout
// search's candidates, Triton's pick and the pruned groups; a ctaLayout's warps, instructions and
// operand partitions.

#include "request/reportjson.h"

#include "request/figures.h"

namespace lx {

nlohmann::json sharedCandidateJson(const SharedCandidate &c)
{
    nlohmann::json j = {{"family", c.family},         {"text", c.text},
                        {"readWays", c.readWays},     {"readCycles", c.readCycles},
                        {"writeWays", c.writeWays},   {"writeCycles", c.writeCycles},
                        {"vectorBits", c.vectorBits}, {"dsLoadTr", c.dsLoadTr},
                        {"ldsBytes", c.ldsBytes},     {"partitionConflicts", c.partitionConflicts},
                        {"pareto", c.pareto}};
    if (!c.note.empty())
        j["note"] = c.note;
    // Where the cycles come from (the bank view's provenance for the same access): a figure
    // provenance name, "computed" unless the phase table is low-confidence or a rule measured.
    if (!c.readCyclesProvenance.confidence.empty())
        j["readCyclesProvenance"] =
            figureSourceName(figureSourceOf(c.readCyclesProvenance, FigureSource::Computed));
    if (!c.writeCyclesProvenance.confidence.empty())
        j["writeCyclesProvenance"] =
            figureSourceName(figureSourceOf(c.writeCyclesProvenance, FigureSource::Computed));
    // A failed ds_load_tr analysis carries its reason: dsLoadTr is then unknown, not "no".
    if (!c.dsLoadTrError.empty())
        j["dsLoadTrError"] = c.dsLoadTrError;
    // NVIDIA: the instruction of each side, and whether it is ldmatrix / stmatrix.
    if (!c.readInstruction.empty()) {
        j["readInstruction"] = c.readInstruction;
        j["readMatrix"] = c.readMatrix;
    }
    if (!c.writeInstruction.empty()) {
        j["writeInstruction"] = c.writeInstruction;
        j["writeMatrix"] = c.writeMatrix;
    }
    return j;
}

nlohmann::json suggestSharedJson(const SceneAccess &access, const SuggestSharedResult &r,
                                 double milliseconds)
{
    nlohmann::json j;
    j["access"] = access.description;
    j["dtype"] = access.dtype;
    j["figures"] = figuresJson(suggestFigures(access, r));
    j["candidates"] = nlohmann::json::array();
    for (const auto &c : r.candidates)
        j["candidates"].push_back(sharedCandidateJson(c));
    j["triton"] = r.triton ? sharedCandidateJson(*r.triton) : nlohmann::json(nullptr);
    j["tritonRule"] = r.tritonRule;
    j["enumerated"] = r.enumerated;
    j["scored"] = r.scored;
    j["pruned"] = nlohmann::json::array();
    for (const auto &p : r.pruned)
        j["pruned"].push_back({{"family", p.family}, {"count", p.count}, {"reason", p.reason}});
    j["searchMilliseconds"] = milliseconds;
    return j;
}

namespace {

nlohmann::json operandJson(const OperandPartitioning &op)
{
    nlohmann::json pieces = nlohmann::json::array();
    for (const OperandPiece &p : op.pieces)
        pieces.push_back({{"index", p.index},
                          {"begin", p.begin},
                          {"end", p.end},
                          {"partition", p.partition},
                          {"group", p.group}});
    nlohmann::json j{{"partitionDim", op.partitionDim},
                     {"crossPairShared", op.crossPairShared},
                     {"separable", op.separable},
                     {"pieces", op.numPieces},
                     {"groups", op.numGroups},
                     {"numPartitions", op.numPartitions},
                     {"pieceExtent", op.pieceExtent},
                     {"tdmInstructions", op.tdmInstructions},
                     {"pieceList", pieces}};
    if (op.crossPairShared)
        j["sharedIn"] = {{"instruction", op.sharedInstruction}, {"band", op.sharedBand}};
    if (!op.note.empty())
        j["note"] = op.note;
    return j;
}

} // namespace

std::string ctaPairName(int pair)
{
    return pair >= 0 ? "SIMD pair " + std::to_string(pair) : std::string("no SIMD pair");
}

nlohmann::json ctaReportJson(const CtaInput &in, const std::string &layoutText)
{
    const CtaAnalysis &r = in.cta;
    nlohmann::json warps = nlohmann::json::array();
    for (const CtaWarp &w : r.warps)
        warps.push_back({{"warp", w.warp},
                         {"simd", w.simd},
                         {"pair", w.pair >= 0 ? nlohmann::json(w.pair) : nlohmann::json()}});
    nlohmann::json instrs = nlohmann::json::array();
    for (const CtaInstruction &ins : r.instructions) {
        nlohmann::json tiles = nlohmann::json::array();
        for (const CtaWarpTile &t : ins.tiles)
            tiles.push_back({{"warp", t.warp},
                             {"aRows", {t.tileM * r.tileM, (t.tileM + 1) * r.tileM}},
                             {"bCols", {t.tileN * r.tileN, (t.tileN + 1) * r.tileN}}});
        instrs.push_back({{"index", ins.index}, {"warps", tiles}});
    }
    return {{"arch", in.cu.arch},
            {"layout", layoutText},
            {"shape", in.shape},
            {"dtype", in.dtype},
            {"tile", {r.tileM, r.tileN}},
            {"ctaTileInTiles", {r.ctaTilesM, r.ctaTilesN}},
            {"registerBases", r.registerBases},
            {"automaticRegisterBases", int(r.registerBases.size()) - r.numUserRegisterBases},
            {"warpBases", r.warpBases},
            {"warps", warps},
            {"instructions", instrs},
            {"A", operandJson(r.a)},
            {"B", operandJson(r.b)},
            {"notes", r.notes},
            {"figures", figuresJson(ctaFigures(in))}};
}

} // namespace lx
