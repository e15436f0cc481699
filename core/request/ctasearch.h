#pragma once

// The ctaLayout design questions through the request layer, for every face (the Analysis panel,
// `analyze cta`, `render --figures`, Python's cta(), the Suggest panel, `suggest cta`):
//
//  - the partition-conflict figure of a ctaLayout (key "partitionConflicts"): the count of
//    analysis/ctaconflicts.h, the number `suggest cta` ranks the same ctaLayout by;
//  - the ctaLayout search of a scene view's WMMA v3 layout: the view's C shape, element type,
//    instruction shape, transposition and warp count (as the ctaLayout views resolve them,
//    resolveCta), searched by analysis/suggestcta.h with the architecture's SIMD pairs.
//
// A scene's searches (sceneSearches) are every view the Suggest panel can search: the bank,
// kPack and microbenchmark accesses of request/suggestaccess.h, and the ctaLayout views (a view
// whose kind starts with "cta", or whose layout is a #ttg.amd_wmma v3), in the scene's order;
// the command line's `suggest --view N` and the panel's view chooser name the same views.

#include "analysis/suggestcta.h"
#include "base/expected.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <string>
#include <vector>

namespace lx {

// "partitionConflicts": ctaPartitionConflicts(cta).count, computed, with which operands and why.
[[nodiscard]] Figure ctaPartitionConflictFigure(const CtaAnalysis &cta);

struct CtaSceneAccess
{
    std::string description; // "view 0 (cta-tiles): ctaLayouts of 'C' (128x128 bf16, 4 warps)"
    int viewIndex = -1;
    std::string layoutName;
    std::string layoutText; // the #ttg text of the layout the view shows
    std::vector<int32_t> shape;
    std::string dtype;
    bool dtypeDefaulted = false;
    CtaSuggestRequest request;
    CuModel cu;
    CtaAnalysis current;                // the layout the view shows, analysed
    CtaCandidate currentRow;            // its row, as the search would rank it
    std::vector<Figure> currentFigures; // its ctaFigures
};

// The ctaLayout search of one view (its primary layout, or option "layout"); an error says why
// the view has none (not a #ttg.amd_wmma v3, a shape the search cannot tile).
[[nodiscard]] Expected<CtaSceneAccess> ctaViewAccess(const ViewRequest &view, int viewIndex = -1);

// The search: candidates best first (suggestCtaLayouts), `limit` 0 = all.
[[nodiscard]] Expected<CtaSuggestResult> searchCta(const CtaSceneAccess &access, int limit = 0);

// What one view of a scene can be searched for.
struct SceneSearch
{
    enum Kind
    {
        SharedLayout, // a bank, kPack or microbenchmark access (request/suggestaccess.h)
        CtaLayout,    // a WMMA v3 ctaLayout (ctaViewAccess)
    };
    int viewIndex = -1;
    Kind kind = SharedLayout;
    std::string description; // "view 2 (bank-table): 'store' writes 'shared'", ...
};

// Every searchable view of the scene, in its order; an error only when the scene's layouts do not
// resolve. A view that looks searchable but fails (a bad option) is listed with its reason.
[[nodiscard]] Expected<std::vector<SceneSearch>> sceneSearches(const Scene &scene);

} // namespace lx
