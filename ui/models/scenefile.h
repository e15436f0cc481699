#pragma once

// Reading and writing scene files (*.lxscene) for the window: the conversion between the
// document's SceneContents and core/io's Scene, which owns the file format. Writing is atomic
// (a temporary file renamed over the target), so a crash never leaves half a scene.

#include "layout/expected.h"

#include <QString>

namespace lx {

struct SceneContents;

[[nodiscard]] Expected<SceneContents> readSceneFile(const QString &fileName);
[[nodiscard]] Expected<SceneContents> parseSceneText(const QByteArray &json, const QString &origin);
// Returns an empty string on success, else the reason (nothing was written).
[[nodiscard]] QString writeSceneFile(const QString &fileName, const SceneContents &contents);
[[nodiscard]] QByteArray serializeScene(const SceneContents &contents);

// The presets compiled into the program: (name, title, description).
struct PresetInfo
{
    QString name;
    QString title;
    QString description;
};
[[nodiscard]] QList<PresetInfo> availablePresets();
[[nodiscard]] Expected<SceneContents> loadPresetScene(const QString &name);

} // namespace lx
