#pragma once

// The figure of a whole scene, as `render --preset NAME` draws it when no view is picked: the
// scene's first view under the scene's title, or, for a scene whose views are all of one kind (a
// before-and-after comparison: two bank tables, four stores), every view side by side, so that a
// title naming both sides draws both.

#include "base/expected.h"
#include "render/diagram.h"

#include <vector>

namespace lx {

struct Scene;
struct ViewRequest;

// The views `base` (sceneRequest of the scene) shows, one request each, in the scene's order.
[[nodiscard]] std::vector<ViewRequest> sceneViewRequests(const Scene &scene,
                                                         const ViewRequest &base);

// Whether the scene's figure is all its views (several views, all of one kind).
[[nodiscard]] bool sceneFigureShowsEveryView(const Scene &scene);

// Diagrams of panels and tables as one: every panel titled by its diagram's title (the title of
// a part's first panel; its own panel titles kept after it), its tables and legend entries (each
// once) after the others', the parts' subtitles as lines of the subtitle. A part with free
// annotations cannot be combined: an error.
[[nodiscard]] Expected<Diagram> combineDiagrams(const std::vector<Diagram> &parts,
                                                const QString &title);

} // namespace lx
