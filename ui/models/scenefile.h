#pragma once

// Scene files for the window: the conversion between the document's SceneContents and
// core/io's Scene, which owns the file format (core/io/scene.h). Text layouts keep their text
// (and are resolved to bases through the builders); raw layouts are written as bases. Writing
// is atomic (saveSceneAtomically), so a crash never leaves half a scene.

#include "base/expected.h"

#include <QByteArray>
#include <QString>

namespace lx {

struct Scene;
struct SceneContents;

[[nodiscard]] Expected<SceneContents> sceneContentsFromScene(const Scene &scene);
[[nodiscard]] Scene sceneFromContents(const SceneContents &contents);

[[nodiscard]] Expected<SceneContents> readSceneFile(const QString &fileName);
[[nodiscard]] Expected<SceneContents> parseSceneText(const QByteArray &json);
// Returns an empty string on success, else the reason (the file is then unchanged).
[[nodiscard]] QString writeSceneFile(const QString &fileName, const SceneContents &contents);
// The bytes writeSceneFile writes.
[[nodiscard]] QByteArray serializeSceneContents(const SceneContents &contents);

[[nodiscard]] Expected<SceneContents> loadPresetScene(const QString &name);

} // namespace lx
