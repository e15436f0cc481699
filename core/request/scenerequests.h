#pragma once

// Which view of a scene an analysis reads, and how an analysis's options change it: the choices
// `analyze banks`, `analyze lds`, `analyze cta` and `suggest shared` make for --preset/--scene,
// made here once so that the command line and the Python package analyse the same view.

#include "base/expected.h"
#include "io/scene.h"
#include "request/suggestaccess.h"
#include "request/viewrequest.h"

#include <optional>
#include <string>

namespace lx {

// `analyze banks`: the bank view at viewIndex (< 0: the first bank view, else the bank request
// of the first ds-load-tr view); `what` names the scene in messages.
[[nodiscard]] Expected<ViewRequest> bankSceneRequest(const Scene &scene, const std::string &what,
                                                     int viewIndex);

// `analyze lds`: the first view that describes LDS buffers ('microbenchmark' or 'allocations').
[[nodiscard]] Expected<ViewRequest> ldsSceneRequest(const Scene &scene, const std::string &what);

// `analyze ds-load-tr`: the scene's first ds-load-tr* view (options "shared", "dst", "dtype"),
// else the scene's request as a ds-load-tr-panels view of its layouts named shared and dst.
[[nodiscard]] Expected<ViewRequest> dsLoadTrSceneRequest(const Scene &scene,
                                                         const std::string &what);

// `analyze cta`: the scene's request as a cta-tiles view of the layout of its first cta view,
// else of its first text layout; `layoutText` is that layout's text.
[[nodiscard]] Expected<ViewRequest> ctaSceneRequest(const Scene &scene, const std::string &what,
                                                    std::string &layoutText);

// What `suggest shared --preset/--scene` changes in a scene before choosing its access.
struct SceneAccessOptions
{
    std::optional<std::string> arch;  // replaces the scene's architecture
    std::optional<std::string> dtype; // every view's element type
    bool tdm = false;                 // the Tensor Data Mover writes the buffer
    std::optional<int> view;          // the view (default: the first with an access)
    std::string what;                 // the scene's name in messages
};

// `suggest shared --preset/--scene` (and `--explain`): the access of the scene's bank view.
[[nodiscard]] Expected<SceneAccess> sceneAccessOf(Scene scene, const SceneAccessOptions &options);

} // namespace lx
