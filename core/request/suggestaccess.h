#pragma once

// The design assistant's questions through the request layer: the access of a scene view as a
// shared-layout search request (analysis/suggest.h) or a rocMLIR kPack search
// (analysis/suggestpreset.h), and the conflict explanation of the layout the view shows.
//
// The access is resolved from the view by resolveBankView (request/analysisinputs.h), so the
// search scores what the bank view shows: the same element type (the view's "dtype" option, the
// layouts, kDefaultDtype), the same LDS instruction ("instruction"), the same wave ("warp"), the
// same register layout ("reg", else the view's layout) and the same shared layout, hand edits
// included (a layout given by raw bases is explained as its #ttg.shared_linear). An option the
// bank view refuses (kpack.operand "b", an unknown dtype or architecture) is refused here too.
//
// A view's boolean option "tdm" marks its buffer as written by the Tensor Data Mover: the search
// then keeps only the layouts the TDM can write and the explainer proposes no XOR fix
// (analysis/tdm.h). The command line's `suggest shared --tdm` sets it.
//
// A scene's access is, in this order of preference: the first bank view with a register layout
// and a shared layout (its "write" option says whether it is a store); a kPack bank view (rocMLIR
// stores); a microbenchmark view ([warps, N] read one row per warp).

#include "analysis/explain.h"
#include "analysis/suggest.h"
#include "analysis/suggestpreset.h"
#include "base/expected.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <optional>
#include <string>
#include <variant>

namespace lx {

struct SceneAccess
{
    std::string description; // "view 0 (bank-table): 'reg' reads 'shared'", ...
    std::variant<SuggestSharedRequest, KPackSuggestRequest> request;
    // The shared layout the view shows, as an attribute (its own, or the #ttg.shared_linear of
    // its bases after a hand edit); null for kPack stores.
    LayoutAttrPtr current;
    std::string sharedName;    // its name in the scene; empty when it is not a layout
    LinearLayout sharedLayout; // the layout itself (what a fix must still find in place)
    std::optional<BankAccessRequest> access; // the access under `current`, as the bank view runs it
    std::string dtype;
    bool dtypeDefaulted = false;
    int viewIndex = -1;
};

// The access of one view (a bank view or a microbenchmark view); an error says why it has none.
[[nodiscard]] Expected<SceneAccess> viewAccess(const ViewRequest &view, int viewIndex = -1);
// The first view of the scene with an access (see above); an error names the scene.
[[nodiscard]] Expected<SceneAccess> sceneAccess(const Scene &scene);

// The worst conflict of the access under the layout the view shows (the worst instruction of the
// view's wave), with the smallest fix; a kPack access explains its worst store.
[[nodiscard]] Expected<ConflictExplanation> explainAccess(const SceneAccess &access);

// The search of the access (suggestShared or suggestKPack), with `limit` / `maxLdsBytes` applied;
// `cancelled` (asked between candidates of a shared-layout search) stops it.
[[nodiscard]] Expected<SuggestSharedResult>
searchAccess(const SceneAccess &access, int limit = 0, int64_t maxLdsBytes = 0,
             const std::function<bool()> &cancelled = {});

// A search over layouts given without a shared layout (the command line's --reg): option "reg"
// (a layout name; default: the primary layout) reads the tile, "write" (a layout name) writes
// it, "order" ([i, j]) is the global order for Triton's pick; the tile is the reader's shape,
// the element type the one policy over the reader.
[[nodiscard]] Expected<SceneAccess> readerAccess(const ViewRequest &request);

// The numbers of a search and of an explanation, as figures (request/figures.h): what the Suggest
// panel, `suggest shared --json` and `suggest shared --explain --json` report.
[[nodiscard]] std::vector<Figure> suggestFigures(const SceneAccess &access,
                                                 const SuggestSharedResult &result);
[[nodiscard]] std::vector<Figure> explainFigures(const ConflictExplanation &explanation);

} // namespace lx
