#pragma once

// The view registry: a view kind ("ownership", "inverse", "matrix", "xor", "ds-load-tr-panels",
// "cta", "banks", ...) names a function that builds a Diagram from a ViewRequest.
//
// Every kind is listed in ONE explicit table in viewregistry.cpp (kViewKinds). There is no
// self-registration through static initialisers: lx_render is a static library and the linker
// drops object files nobody references, so such registrations silently vanish.
//
// Adding a kind (other helpers): write `Expected<Diagram> buildFooView(const ViewRequest &)` in
// ui/render/foodiagram.{h,cpp}, include its header in viewregistry.cpp and add one line
// `{"foo", "one-line summary", &buildFooView},` to kViewKinds. Nothing else changes.
//
// A ViewRequest is what a scene's `views` entry resolves to: the scene's layouts by name (already
// converted to LinearLayouts, with their shape, dtype and, when they were written as #ttg text or
// a builder, the attribute), the view's primary layout name, the architecture and the view's own
// options (JSON, defined by whoever implements the kind). Builders read their options with the
// helpers below so every kind reports bad options the same way.

#include "layout/attrs.h"
#include "layout/expected.h"
#include "layout/linearlayout.h"
#include "render/diagram.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace lx {

struct Scene;
struct SceneView;

// One named layout of a scene, resolved.
struct NamedLayout
{
    std::string name;
    LinearLayout layout;
    std::vector<int32_t> shape; // the tensor shape it was built for (may be empty for raw layouts)
    std::string dtype;          // "f16", "bf16", "f8", ... (may be empty)
    LayoutAttrPtr attr;         // the bespoke attribute it came from, or null for raw bases
};

struct ViewRequest
{
    std::string kind;
    std::vector<NamedLayout> layouts;
    // The view's primary layout (a scene view's "layout" key); empty: the first layout.
    std::string layout;
    std::vector<int32_t> shape; // overrides the primary layout's shape when not empty
    std::string dtype;          // overrides the primary layout's dtype when not empty
    std::string arch = "gfx1250";
    std::string title; // overrides the builder's title when not empty
    nlohmann::json options = nlohmann::json::object();

    // The layout named `name`, or null.
    [[nodiscard]] const NamedLayout *find(const std::string &name) const;
    // The primary layout: `layout` if set, else the first one; null when there is none.
    [[nodiscard]] const NamedLayout *primary() const;
    // The layout named by option `key` (a string), or the primary layout when the option is
    // absent. An error names the option and the missing layout.
    [[nodiscard]] Expected<const NamedLayout *> layoutOption(const std::string &key) const;

    // Typed option readers: the default when absent, an error naming the option when present
    // with the wrong type (or, for strings with `allowed`, a value not in the list).
    [[nodiscard]] Expected<std::string>
    stringOption(const std::string &key, const std::string &def,
                 const std::vector<std::string> &allowed = {}) const;
    [[nodiscard]] Expected<int64_t> intOption(const std::string &key, int64_t def) const;
    [[nodiscard]] Expected<bool> boolOption(const std::string &key, bool def) const;
    [[nodiscard]] Expected<std::vector<int64_t>>
    intListOption(const std::string &key, const std::vector<int64_t> &def) const;
};

using ViewBuilder = Expected<Diagram> (*)(const ViewRequest &);

struct ViewKind
{
    const char *kind;
    const char *summary;
    ViewBuilder build;
};

// Every registered kind, in the order of the table.
[[nodiscard]] std::span<const ViewKind> viewKinds();
[[nodiscard]] const ViewKind *findViewKind(const std::string &kind);

// Builds the view `request.kind`; an error for an unknown kind lists the known ones.
[[nodiscard]] Expected<Diagram> buildView(const ViewRequest &request);

// A scene as the start of a request: its layouts resolved (an error names the layout that
// fails) and its architecture; kind, layout and options are left for the caller.
[[nodiscard]] Expected<ViewRequest> sceneRequest(const Scene &scene);
// `base` (from sceneRequest) showing one of the scene's views.
[[nodiscard]] ViewRequest withSceneView(ViewRequest base, const SceneView &view);

} // namespace lx
