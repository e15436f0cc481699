#pragma once

// The view requests of a preset's views, built the way `layout-explorer render` builds them
// (sceneRequest + withSceneView), for the render tests.

#include "io/scene.h"
#include "render/viewregistry.h"

#include <QString>

#include <string>
#include <vector>

namespace lx::test {

// Every view of `preset` as a request; empty with *error set when the preset does not resolve.
inline std::vector<ViewRequest> presetRequests(const std::string &preset, QString *error)
{
    Expected<Scene> scene = loadPreset(preset);
    if (!scene) {
        *error = QString::fromStdString(scene.message());
        return {};
    }
    Expected<ViewRequest> base = sceneRequest(*scene);
    if (!base) {
        *error = QString::fromStdString(base.message());
        return {};
    }
    std::vector<ViewRequest> out;
    for (const SceneView &v : scene->views)
        out.push_back(withSceneView(*base, v));
    return out;
}

} // namespace lx::test
