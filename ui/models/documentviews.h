#pragma once

// The bridge from the document to the view registry: a scene view entry becomes a ViewRequest
// (every layout of the scene by name, the view's own layout, options and the architecture), the
// same request the command line makes from the same scene, so the window and `layout-explorer
// render` build the same Diagram.

#include "base/expected.h"

#include <QString>

namespace lx {

struct Diagram;
struct SceneContents;
struct ViewRequest;

// Requires: 0 <= view < contents.views.size().
[[nodiscard]] ViewRequest viewRequestFor(const SceneContents &contents, int view);
[[nodiscard]] Expected<Diagram> buildDocumentView(const SceneContents &contents, int view);
// The tab title of a view: "ownership · C".
[[nodiscard]] QString viewTitle(const SceneContents &contents, int view);

} // namespace lx
