#pragma once

// The access of a scene (a preset) as a shared-layout search request, and the search for rocMLIR
// kPack stores (an address model, not a linear layout: D need not be a power of two).
//
// A scene's access is, in this order of preference: the first bank view with a register layout
// and a shared layout (its `write` option says whether it is a store); a kPack bank view (rocMLIR
// stores); a microbenchmark view ([warps, N] read one row per warp, gfx1250).

#include "analysis/explain.h"
#include "analysis/kpack.h"
#include "analysis/suggest.h"
#include "io/scene.h"

#include <optional>
#include <variant>

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

struct SceneAccess
{
    std::string description; // "bank view 0: reg read from shared", ...
    std::variant<SuggestSharedRequest, KPackSuggestRequest> request;
    LayoutAttrPtr current; // the scene's own shared layout, when it has one
};

[[nodiscard]] Expected<SceneAccess> sceneAccess(const Scene &scene);

} // namespace lx
