#pragma once

// Scene files (*.lxscene) and presets (resources/presets/NAME.lxscene): one JSON format.
//
//   {"format": "layout-explorer-scene", "version": 1,
//    "name": "fig9", "title": "Figure 9: ...", "description": "one line for the presets browser",
//    "arch": "gfx1250",
//    "layouts": [
//      {"name": "C", "text": "#ttg.amd_wmma<{...}>", "shape": [128, 128], "dtype": "f16"},
//      {"name": "raw", "layout": {"bases": [...], "outDims": [...]}}],
//    "views": [{"kind": "ownership", "layout": "C", "options": {"colorBy": "warp"}}],
//    "kernel": {"origin": "gemm.ttgir", "text": "#blocked = ...\nmodule attributes {...} {...}"}}
//
// A layout has exactly one of "text" (#ttg attribute text with optional alias lines, a Gluon
// constructor expression, see io/ttgtext.h, or CuTe text in elements, see io/cute.h) or "layout" (a
// raw linear layout in the conformance JSON format). "shape" is required to turn a text layout into
// a linear layout; for a raw layout it is optional and must then equal the layout's out-dim sizes.
// A view's "layout" names one of the scene's layouts; its "options" object belongs to whoever
// implements that view kind and is kept as it is. "kernel" (optional) is the TTGIR module the
// scene was opened from, kept with it; its layouts are the scene's own (each op layout's text
// carries the alias lines it refers to), so the scene reads without it.
//
// Reading is strict: the format tag, a version this program knows (1), unique non-empty layout
// names, every text layout parsing, every view referring to an existing layout, integers in
// range and no unknown keys; anything else is an Error naming the place. Writing is stable (keys
// in the order above, options keys sorted, short number lists on one line) so that saving an
// unchanged scene gives the same bytes.

#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

inline constexpr const char *kSceneFormat = "layout-explorer-scene";
inline constexpr int kSceneVersion = 1;

struct SceneLayout
{
    std::string name;
    std::optional<std::string> text;      // #ttg or Gluon text
    std::optional<nlohmann::json> layout; // raw layout, conformance JSON form
    std::vector<int32_t> shape;           // empty when not given
    std::string dtype;                    // empty when not given
    bool operator==(const SceneLayout &) const = default;
};

struct SceneView
{
    std::string kind;
    std::string layout;                                // empty when the view names none
    nlohmann::json options = nlohmann::json::object(); // always an object
    bool operator==(const SceneView &) const = default;
};

// The TTGIR module a scene was opened from (File > Open Kernel), kept with the scene so that the
// Kernel dock comes back when the scene is reopened or recovered.
struct SceneKernel
{
    std::string origin; // the file name it was read from ("clipboard" for pasted text)
    std::string text;   // the module's text, at most kMaxTtgirBytes
    bool operator==(const SceneKernel &) const = default;
};

struct Scene
{
    int version = kSceneVersion;
    std::string name;
    std::string title;
    std::string description;
    std::string arch;
    std::vector<SceneLayout> layouts;
    std::vector<SceneView> views;
    std::optional<SceneKernel> kernel;

    // The layout of that name, or null.
    const SceneLayout *findLayout(std::string_view layoutName) const;
    bool operator==(const Scene &) const = default;
};

[[nodiscard]] Expected<Scene> parseScene(std::string_view json);
[[nodiscard]] std::string serializeScene(const Scene &scene);

// Writes the scene to a temporary file beside `path` and renames it over `path`: either the old
// file or the complete new one is there, never a half-written one.
[[nodiscard]] Expected<bool> saveSceneAtomically(const Scene &scene, const std::string &path);

// Reads a scene file from disk.
[[nodiscard]] Expected<Scene> loadSceneFile(const std::string &path);

// The embedded presets (resources/presets/*.lxscene), sorted by name as people count (a run of
// digits by its value: fig2b before fig10).
struct PresetInfo
{
    std::string name; // file name without .lxscene
    std::string title;
    std::string description;
};
[[nodiscard]] std::vector<PresetInfo> listPresets();
[[nodiscard]] Expected<Scene> loadPreset(std::string_view name);

// A scene layout made concrete: its attribute (null for a raw layout) and its linear layout
// over its shape.
// The one named-layout type of the program: the request layer (core/request), the views and the
// commands all hold a scene's layouts as ResolvedLayouts.
struct ResolvedLayout
{
    std::string name;
    LinearLayout layout;
    std::vector<int32_t> shape; // the tensor shape it was built for (may be empty for raw layouts)
    std::string dtype;          // "f16", "bf16", "f8", ... (may be empty)
    LayoutAttrPtr attr;         // the bespoke attribute it came from, or null for raw bases
};
[[nodiscard]] Expected<ResolvedLayout> resolveLayout(const Scene &scene, std::string_view name);
[[nodiscard]] Expected<ResolvedLayout> resolveLayout(const SceneLayout &layout);

} // namespace lx
