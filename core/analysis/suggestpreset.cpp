#include "analysis/suggestpreset.h"

#include "analysis/bandwidth.h"
#include "hw/arch.h"
#include "layout/builders.h"

#include <algorithm>

namespace lx {

namespace {

// Stores of wave 0 with `padBytes` after every D * kPack elements.
Expected<SharedCandidate> scoreKPack(const Architecture &arch, const KPackStorePlan &plan,
                                     int padBytes)
{
    const LdsInstruction *ins = arch.plainInstruction(plan.writeBytes, true);
    if (!ins)
        return makeError(arch.name + " has no " + std::to_string(plan.writeBytes) +
                         "-byte LDS write");
    SharedCandidate c;
    c.family = "kpack";
    for (int j = 0; j < plan.storesPerThread(); ++j) {
        std::vector<std::optional<int64_t>> lanes;
        for (int l = 0; l < arch.waveSize; ++l) {
            const int kOuter = plan.kOf(l, j) / plan.config.kpack;
            lanes.push_back(plan.byteAddress(l, j) + int64_t(kOuter) * padBytes);
        }
        auto r = analyzeAddresses(arch, *ins, {lanes});
        if (!r)
            return r.error();
        c.writeWays = std::max(c.writeWays, r->maxWays);
        c.writeCycles += r->cycles;
    }
    c.vectorBits = plan.writeBytes * 8;
    c.ldsBytes = plan.bufferBytes + int64_t(padBytes) * (plan.config.kpackPerBlock - 1);
    c.text = std::string("kPack [") + std::to_string(plan.config.kpackPerBlock) + ", " +
             std::to_string(plan.dPerBlock) + ", " + std::to_string(plan.config.kpack) +
             "], rotation " + (plan.rotate ? "on" : "off") +
             (padBytes ? ", +" + std::to_string(padBytes) + " B every " +
                             std::to_string(plan.dPerBlock * plan.config.kpack) + " elements"
                       : std::string());
    return c;
}

} // namespace

Expected<SuggestSharedResult> suggestKPack(const KPackSuggestRequest &request)
{
    SuggestSharedResult result;
    for (bool rotate : {false, true}) {
        auto plan = kpackStorePlan(request.config, request.operand, request.elementBits,
                                   request.arch.waveSize, rotate);
        if (!plan)
            return plan.error();
        for (int pad : {0, 4, 8, 16, 32}) {
            result.enumerated += 1;
            auto c = scoreKPack(request.arch, *plan, pad);
            if (!c)
                return c.error();
            result.scored += 1;
            if (rotate == request.currentRotate && pad == 0) {
                SharedCandidate current = *c;
                current.family = "current";
                result.triton = current;
            }
            result.candidates.push_back(std::move(*c));
        }
    }
    for (auto &c : result.candidates)
        c.pareto = std::none_of(result.candidates.begin(), result.candidates.end(),
                                [&](const SharedCandidate &o) { return dominates(o, c); });
    std::stable_sort(result.candidates.begin(), result.candidates.end(),
                     [](const SharedCandidate &a, const SharedCandidate &b) {
                         return std::make_tuple(!a.pareto, a.writeCycles, a.ldsBytes) <
                                std::make_tuple(!b.pareto, b.writeCycles, b.ldsBytes);
                     });
    result.tritonRule = "not a Triton layout: the reference is the scene's own kPack layout "
                        "(rocMLIR, rotation " +
                        std::string(request.currentRotate ? "on" : "off") + ")";
    return result;
}

Expected<ConflictExplanation> explainKPack(const KPackSuggestRequest &request,
                                           const std::optional<ConflictQuery> &at)
{
    auto plan = kpackStorePlan(request.config, request.operand, request.elementBits,
                               request.arch.waveSize, request.currentRotate);
    if (!plan)
        return plan.error();
    auto stores = analyzeKPackStores(request.arch, *plan, at ? at->warp : 0);
    if (!stores)
        return stores.error();
    if (stores->empty())
        return makeError("the kPack plan has no stores");
    const InstructionReport *worst = nullptr;
    for (const auto &ir : *stores) {
        if (at ? ir.index == at->instruction : (!worst || ir.maxWays > worst->maxWays))
            worst = &ir;
    }
    if (!worst)
        return makeError("wave " + std::to_string(at->warp) + " has no store " +
                         std::to_string(at->instruction));
    const LdsInstruction *ins = request.arch.plainInstruction(plan->writeBytes, true);
    auto e = describeConflict(*worst, *ins, request.arch.bankWidthBytes, request.arch.waveSize,
                              false, at.value_or(ConflictQuery{}));
    if (!e)
        return e.error();
    e->kernelNote = "rocMLIR's kPack store addresses are an address model (D need not be a power "
                    "of two), not a linear layout, so no kernel of the bank map is computed";
    auto all = suggestKPack(request);
    if (!all || !all->triton)
        return e;
    const SharedCandidate &current = *all->triton;
    const SharedCandidate *best = nullptr;
    for (const auto &c : all->candidates) {
        if (c.writeWays >= current.writeWays)
            continue;
        if (!best || std::make_pair(c.ldsBytes, c.writeWays) <
                         std::make_pair(best->ldsBytes, best->writeWays))
            best = &c;
    }
    if (best) {
        ConflictFix f;
        f.kind = best->text.find('+') == std::string::npos ? "rotation" : "pad";
        f.description = best->text;
        f.text = best->text;
        f.waysBefore = current.writeWays;
        f.waysAfter = best->writeWays;
        f.cyclesBefore = current.writeCycles;
        f.cyclesAfter = best->writeCycles;
        f.ldsBytesBefore = current.ldsBytes;
        f.ldsBytesAfter = best->ldsBytes;
        e->fix = f;
    }
    return e;
}

} // namespace lx
