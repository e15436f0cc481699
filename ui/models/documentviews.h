#pragma once

// The bridge from the document to the view registry: a scene view entry becomes a ViewRequest
// (every layout of the scene by name, the view's own layout, options and the architecture), the
// same request the command line makes from the same scene, so the window and `layout-explorer
// render` build the same Diagram.

#include "base/expected.h"

#include <QString>

#include <cstdint>

namespace lx {

struct Diagram;
struct SceneContents;
struct ViewRequest;

// Requires: 0 <= view < contents.views.size().
[[nodiscard]] ViewRequest viewRequestFor(const SceneContents &contents, int view);
[[nodiscard]] Expected<Diagram> buildDocumentView(const SceneContents &contents, int view);
// Linked selection as a view's input. The XOR view decomposes a hardware index owning the
// element selected in any view (`elementId`, analysis/ownership.h elementId; elementinfo.h
// findOwner picks the owner) instead of the indices its options set, and its title says so.
// Returns false, with `request` unchanged, for any other view, no selection (-1), or an element
// the view's layout does not reach (another shape): the view's options decide then.
bool followSelection(ViewRequest &request, int64_t elementId);
// The tab title of a view: "ownership · C". Views of one kind over one layout add the options
// in which they differ, "bank-table · read (shared=swizzled)", or their order, "(2)".
[[nodiscard]] QString viewTitle(const SceneContents &contents, int view);

} // namespace lx
