#include "request/conflictatcell.h"

#include "analysis/kpack.h"
#include "analysis/suggestpreset.h"
#include "layout/dtype.h"

namespace lx {

std::optional<ConflictAtCell>
conflictAtElement(const BankViewInput &in, const std::vector<int32_t> &coords, int instructionIndex)
{
    const ElementAccess *best = nullptr;
    for (const ElementAccess &e : in.report.elements) {
        if (e.coords != coords || (instructionIndex >= 0 && e.instruction != instructionIndex))
            continue;
        if (!best || e.ways > best->ways)
            best = &e;
    }
    if (!best)
        return std::nullopt;
    ConflictAtCell c;
    c.query.warp = best->warp;
    c.query.instruction = best->instruction;
    c.query.pass = best->pass;
    c.query.phase = best->phase;
    c.query.bank = best->bank;
    c.ways = best->ways;
    return c;
}

std::optional<ConflictAtCell> conflictAtCell(const BankViewInput &in, const std::string &viewKind,
                                             int instructionIndex, int panel, int row, int col,
                                             int64_t elementId)
{
    if (panel < 0 || row < 0 || col < 0)
        return std::nullopt;
    if (viewKind == "bank-histogram") {
        for (const InstructionReport &ir : in.report.instructions) {
            if (ir.index != instructionIndex)
                continue;
            if (size_t(panel) >= ir.phases.size())
                return std::nullopt;
            const PhaseReport &ph = ir.phases[size_t(panel)];
            if (size_t(col) >= ph.accessesPerBank.size() || ph.accessesPerBank[size_t(col)] == 0)
                return std::nullopt;
            ConflictAtCell c;
            c.query.warp = ir.warp;
            c.query.instruction = ir.index;
            c.query.pass = ph.pass;
            c.query.phase = ph.phase;
            c.query.bank = col;
            c.ways = ph.accessesPerBank[size_t(col)];
            return c;
        }
        return std::nullopt;
    }
    if (elementId < 0 || in.cols <= 0)
        return std::nullopt;
    std::vector<int32_t> coords;
    if (in.rows > 1 || in.report.elements.empty() || in.report.elements.front().coords.size() > 1)
        coords = {int32_t(elementId / in.cols), int32_t(elementId % in.cols)};
    else
        coords = {int32_t(elementId)};
    return conflictAtElement(in, coords, viewKind == "bank-table" ? instructionIndex : -1);
}

namespace {

Expected<KPackSuggestRequest> kpackRequest(const ViewRequest &request, const BankViewInput &in)
{
    const nlohmann::json &k = request.options.at("kpack");
    auto cfg = parsePerfConfig(k.at("perfConfig").get<std::string>());
    if (!cfg)
        return cfg.error();
    auto bits = dtypeBits(in.dtype);
    if (!bits)
        return bits.error();
    KPackSuggestRequest r;
    r.arch = in.arch;
    r.config = *cfg;
    r.operand = k.value("operand", std::string("A")) == "B" ? KPackOperand::B : KPackOperand::A;
    r.elementBits = *bits;
    r.currentRotate = k.value("rotate", false);
    return r;
}

} // namespace

Expected<ViewConflictExplanation>
explainViewConflict(const ViewRequest &request, const BankViewInput &in, const ConflictQuery &at)
{
    ViewConflictExplanation out;
    if (request.options.is_object() && request.options.contains("kpack")) {
        auto r = kpackRequest(request, in);
        if (!r)
            return r.error();
        auto e = explainKPack(*r, at);
        if (!e)
            return e.error();
        out.explanation = std::move(*e);
        out.kpack = true;
        out.elementBits = r->elementBits;
        return out;
    }
    if (!in.access)
        return makeError("view '" + request.kind +
                         "' has no access to explain: give it a register layout (option 'reg')");
    if (!in.sharedAttr)
        return makeError("shared layout '" + in.sharedName +
                         "' is raw bases, not a #ttg attribute: no fix can be expressed for it");
    auto e = explainConflict(in.arch, *in.access, *in.sharedAttr, in.sharedShape, at);
    if (!e)
        return e.error();
    out.explanation = std::move(*e);
    out.sharedName = in.sharedName;
    out.shape = in.sharedShape;
    out.elementBits = in.access->elementBits;
    return out;
}

} // namespace lx
