#pragma once

// What `render` draws, for every face: the view request of a layout (text over a shape, or a
// layout JSON file) or of a scene's view, with its options, colouring and title; the figure
// built from it (every view of a scene whose figure is all of them); the figure written to a
// file, fitted to a page when asked; and the view's figures as JSON (`render --figures`). The
// command line fills a RenderSource from its options, Python from its arguments (a scene also
// from a dict): the same checks, the same messages, the same figure.

#include "base/expected.h"
#include "io/scene.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "request/viewrequest.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lx {

struct RenderSource
{
    // The scene of --preset or --scene (read when needed, after the option checks); null when
    // the source is a layout.
    std::function<Expected<Scene>()> loadScene;
    bool preset = false, sceneFile = false; // which of the two loadScene reads (for messages)
    std::optional<std::string> layout;      // --layout TEXT
    std::optional<std::string> shape;       // --shape as text ("64x64")
    std::optional<std::string> layoutJson;  // --layout-json FILE
    std::optional<std::string> viewIndex;   // --view-index as text
    std::optional<std::string> view;        // --view KIND
    std::optional<std::string> arch;        // --arch NAME|FILE
    std::optional<std::string> options;     // --options JSON (an object)
    nlohmann::json optionValues;            // or its object given as a value (Python)
    std::optional<std::string> colorBy;     // --color-by KEY
    std::optional<std::string> title;       // --title T
};

// A refusal: the message (without the command's name) and whether the options themselves are
// wrong (the command's exit code 2) rather than what they name (1).
struct RenderRefusal
{
    std::string message;
    bool usage = false;
};

// The checks of the sources that need no file: exactly one source, --view-index with a scene,
// --shape with --layout.
[[nodiscard]] std::optional<RenderRefusal> renderSourceProblem(const RenderSource &source);

struct RenderJob
{
    ViewRequest request;
    // Every view of a scene whose figure is all of them (none picked); empty otherwise.
    std::vector<ViewRequest> everyView;
};
struct RenderJobAnswer
{
    std::optional<RenderJob> job;
    std::optional<RenderRefusal> refusal;
};
// The request `source` asks for, checked as `render` checks it (renderSourceProblem first).
[[nodiscard]] RenderJobAnswer renderJob(const RenderSource &source);

// The view of the job (buildView) and the figure drawn of it: the view itself, or every view of
// the scene combined. Needs the QGuiApplication.
struct RenderedJob
{
    Diagram view;
    std::optional<Diagram> combined; // every view of the scene, when the figure is all of them
    [[nodiscard]] const Diagram &figure() const { return combined ? *combined : view; }
};
[[nodiscard]] Expected<RenderedJob> renderJobFigure(const RenderJob &job);

// Writes `figure` to `path` (its format from the suffix), fitted to `fit` pixels when that is
// valid; `warnings` receives what a fitted page cannot show legibly. The refusal on failure.
[[nodiscard]] std::optional<RenderRefusal> writeRenderedFigure(const Diagram &figure,
                                                               const RenderOptions &options,
                                                               QSize fit, const QString &path,
                                                               QStringList *warnings = nullptr);

// `render --figures`: {"view": kind, "figures": [{key, label, text, value, unit, provenance,
// note}]}, the numbers the window's analysis panel lists for the view.
[[nodiscard]] nlohmann::json viewFiguresJson(const Diagram &view, const std::string &kind);

// The figure `analyze ds-load-tr -o` draws: the request `view` of the analysis, of kind `kind`
// when given (with that scene view's options when `scene` has one), else ds-load-tr-panels for
// layouts given as text.
[[nodiscard]] Expected<ViewRequest>
dsLoadTrFigureRequest(ViewRequest view, const std::optional<Scene> &scene, const std::string &kind);

} // namespace lx
