#pragma once

// The search for rocMLIR kPack stores (an address model, not a linear layout: D need not be a
// power of two) and its explainer. A scene's access becomes a search request in the request layer
// (request/suggestaccess.h), the one place that reads a view's options.

#include "analysis/explain.h"
#include "analysis/kpack.h"
#include "analysis/suggest.h"

#include <optional>

namespace lx {

// kPack variants: rocMLIR's d rotation on or off, and padding of `padBytes` after every
// D * kPack elements (one k_outer row), scored on the stores of wave 0.
struct KPackSuggestRequest
{
    Architecture arch;
    PerfConfigV4 config;
    KPackOperand operand = KPackOperand::A;
    int elementBits = 16;
    bool currentRotate = false; // the scene's own choice, reported as the reference
};

[[nodiscard]] Expected<SuggestSharedResult> suggestKPack(const KPackSuggestRequest &request);

// The worst store of wave 0 under the request's current rotation, explained from its addresses
// (no kernel: the kPack address model is not linear), with the smallest kPack change that lowers
// it: the fewest extra LDS bytes first (rocMLIR's rotation costs none), then the fewest ways.
// The fix's kind is "rotation" or "pad"; its attr is null. With `at`, that instruction, phase
// and bank of wave at->warp are explained instead of the worst store of wave 0.
[[nodiscard]] Expected<ConflictExplanation>
explainKPack(const KPackSuggestRequest &request,
             const std::optional<ConflictQuery> &at = std::nullopt);

} // namespace lx
