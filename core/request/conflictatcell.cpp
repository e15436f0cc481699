#include "request/conflictatcell.h"

#include "analysis/kpack.h"
#include "analysis/suggestpreset.h"
#include "hw/dtype.h"
#include "io/ttgtext.h"

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

Expected<ViewConflictExplanation>
explainViewConflict(const ViewRequest &request, const BankViewInput &in, const ConflictQuery &at)
{
    ViewConflictExplanation out;
    out.dtype = in.dtype;
    if (request.options.is_object() && request.options.contains("kpack")) {
        auto k = resolveKPackOptions(request);
        if (!k)
            return k.error();
        KPackSuggestRequest r;
        r.arch = in.arch;
        r.config = k->config;
        r.operand = k->operand;
        r.elementBits = k->elementBits;
        r.currentRotate = k->rotate;
        auto e = explainKPack(r, at);
        if (!e)
            return e.error();
        out.explanation = std::move(*e);
        out.kpack = true;
        return out;
    }
    if (!in.access)
        return makeError("view '" + request.kind +
                         "' has no access to explain: give it a register layout (option 'reg')");
    // A layout edited by hand (raw bases) is explained, and fixed, as the #ttg.shared_linear of
    // its bases: the layout the view shows.
    LayoutAttrPtr attr = in.sharedAttr;
    if (!attr) {
        const ResolvedLayout *shared = request.find(in.sharedName);
        if (!shared)
            return makeError("no shared layout '" + in.sharedName + "' in the scene");
        Expected<LayoutAttrPtr> linear = linearAttrFor(shared->layout);
        if (!linear)
            return makeError("shared layout '" + in.sharedName +
                             "' has no #ttg form to express a fix in: " + linear.message());
        attr = *linear;
    }
    auto e = explainConflict(in.arch, *in.access, *attr, in.sharedShape, at);
    if (!e)
        return e.error();
    out.explanation = std::move(*e);
    out.sharedName = in.sharedName;
    out.shape = in.sharedShape;
    return out;
}

} // namespace lx
