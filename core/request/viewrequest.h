#pragma once

// The request layer's input: a view kind over a scene's layouts (ViewRequest), made from a scene
// file, a preset, the window's document or command-line options. It is the only place where a
// scene becomes analysis inputs (core/request/analysisinputs.h turns a ViewRequest into the typed
// inputs of each analysis), so the window, `render` and every `analyze` command agree on numbers.
//
// A ViewRequest is what a scene's `views` entry resolves to: the scene's layouts by name (already
// converted to LinearLayouts, with their shape, dtype and, when they were written as #ttg text or
// a builder, the attribute), the view's primary layout name, the architecture and the view's own
// options (JSON, defined by whoever implements the kind). Builders and resolvers read options
// with the typed readers below, so every kind reports a bad option the same way: the view, the
// option and what was expected.
//
// Defaults (core/request/defaults.h): an empty `arch` is kDefaultArch; the element type is the
// view's option "dtype", else `dtype`, else the first of the involved layouts that has one, else
// kDefaultDtype (see elementType()).

#include "base/expected.h"
#include "io/scene.h"
#include "request/defaults.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

namespace lx {

// An option a view reads, as its reader saw it: what the view-options editor offers. A view
// declares its options by reading them; running its builder with a trace set (see
// ViewRequest::trace) lists the options it read, in order, on the path the current options take
// (an option that only matters once another is set appears after that one is).
struct OptionUse
{
    enum Kind
    {
        Layout,     // the name of one of the scene's layouts (layoutOption)
        String,     // a string, one of `allowed` when that is not empty
        Dtype,      // an element type (the "dtype" of elementType)
        Int,        // an integer
        Bool,       // true or false
        IntList,    // a list of integers
        StringList, // a list of strings (stringListOption)
        Object,     // a JSON object (hasOption with Object)
    };
    std::string key;
    Kind kind = String;
    std::vector<std::string> allowed;
    bool operator==(const OptionUse &) const = default;
};

struct ViewRequest
{
    std::string kind;
    std::vector<ResolvedLayout> layouts;
    // The view's primary layout (a scene view's "layout" key); empty: the first layout.
    std::string layout;
    std::vector<int32_t> shape; // overrides the primary layout's shape when not empty
    std::string dtype;          // overrides the layouts' dtype when not empty
    std::string arch = std::string(kDefaultArch);
    std::string title; // overrides the builder's title when not empty
    nlohmann::json options = nlohmann::json::object();
    // When set, every option reader appends the option it read (once per key): the options the
    // view declares. Copies of the request share it.
    std::shared_ptr<std::vector<OptionUse>> trace;

    // The layout named `name`, or null.
    [[nodiscard]] const ResolvedLayout *find(const std::string &name) const;
    // The primary layout: `layout` if set, else the first one; null when there is none.
    [[nodiscard]] const ResolvedLayout *primary() const;
    // The layout named by option `key` (a string), or the primary layout when the option is
    // absent. An error names the option and the missing layout.
    [[nodiscard]] Expected<const ResolvedLayout *> layoutOption(const std::string &key) const;
    // Whether the options give `key` (recorded in the trace as an option of that kind).
    [[nodiscard]] bool hasOption(const std::string &key, OptionUse::Kind kind) const;

    // Typed option readers: the default when absent, an error naming the option when present
    // with the wrong type (or, for strings with `allowed`, a value not in the list).
    [[nodiscard]] Expected<std::string>
    stringOption(const std::string &key, const std::string &def,
                 const std::vector<std::string> &allowed = {}) const;
    [[nodiscard]] Expected<int64_t> intOption(const std::string &key, int64_t def) const;
    [[nodiscard]] Expected<bool> boolOption(const std::string &key, bool def) const;
    [[nodiscard]] Expected<std::vector<int64_t>>
    intListOption(const std::string &key, const std::vector<int64_t> &def) const;
    [[nodiscard]] Expected<std::vector<std::string>>
    stringListOption(const std::string &key, const std::vector<std::string> &def) const;

    // The element type by the one policy (option "dtype", `dtype`, the layouts in order,
    // kDefaultDtype), checked against the known types. `defaulted` is set when the default was
    // taken.
    [[nodiscard]] Expected<std::string>
    elementType(std::initializer_list<const ResolvedLayout *> involved,
                bool *defaulted = nullptr) const;
};

// The one boundary for JSON type errors in a view's options: runs `fn(request)`, and when a
// nested option has a type its reader did not expect (nlohmann throws) returns an error naming
// the option instead. The option is found by running `fn` again without each top-level option in
// turn; the first whose absence removes the error is named. Builders are plain functions of the
// request, so the re-runs have no effect besides their result.
template <typename T, typename F>
[[nodiscard]] Expected<T> guardOptionTypes(const ViewRequest &request, F &&fn)
{
    try {
        return fn(request);
    } catch (const nlohmann::json::exception &e) {
        std::string culprit;
        if (request.options.is_object())
            for (const auto &[key, value] : request.options.items()) {
                ViewRequest without = request;
                without.options.erase(key);
                try {
                    (void)fn(without);
                    culprit = key;
                    break;
                } catch (const nlohmann::json::exception &) {
                }
            }
        return makeError("view '" + request.kind + "': " +
                         (culprit.empty() ? std::string("an option") : "option '" + culprit + "'") +
                         " has a value of the wrong type (" + e.what() + ")");
    }
}

// Whether two requests build the same view: the same kind, layouts (names, bases, shapes, dtypes,
// attributes), primary layout, shape, dtype, architecture, title and options. Builders are plain
// functions of their request, so a view built from `a` is the view `b` would build; the window
// keeps a view whose request did not change instead of building it again.
[[nodiscard]] bool sameInputs(const ViewRequest &a, const ViewRequest &b);

// The element type by the same policy for callers without a request (command options).
[[nodiscard]] std::string elementTypeOr(std::initializer_list<std::string_view> candidates,
                                        bool *defaulted = nullptr);

// Every layout of the scene, resolved (io/scene.h resolveLayout); the first error names its layout.
[[nodiscard]] Expected<std::vector<ResolvedLayout>> resolveSceneLayouts(const Scene &scene);

// A scene as the start of a request: its layouts resolved (an error names the layout that
// fails) and its architecture (kDefaultArch when it names none); kind, layout and options are
// left for the caller.
[[nodiscard]] Expected<ViewRequest> sceneRequest(const Scene &scene);
// `base` (from sceneRequest) showing one of the scene's views.
[[nodiscard]] ViewRequest withSceneView(ViewRequest base, const SceneView &view);

// Which view of a scene a command analyses: `index` when >= 0, else the first view whose kind
// starts with one of `kindPrefixes` (or whose options hold one of `optionKeys`). An error names
// the scene (`what`, e.g. "preset 'fig9'") and what it lacks.
struct SceneViewChoice
{
    int index = -1;
    std::vector<std::string> kindPrefixes;
    std::vector<std::string> optionKeys;
    std::string what;  // "preset 'fig9'" or the file name, for messages
    std::string lacks; // "a bank view", for messages
};
[[nodiscard]] Expected<ViewRequest> sceneViewRequest(const Scene &scene,
                                                     const SceneViewChoice &choice);

// "view 2 (bank-map)", or "view (bank-map)" for a view without an index: how a message names a
// view.
[[nodiscard]] std::string viewLabel(const ViewRequest &view, int index);
// True when the view's options object has `key`.
[[nodiscard]] bool hasOption(const ViewRequest &view, const char *key);
// True for a shared-memory layout (one with an `offset` in-dim).
[[nodiscard]] inline bool isShared(const ResolvedLayout &layout)
{
    return layout.layout.hasInDim("offset");
}

} // namespace lx
