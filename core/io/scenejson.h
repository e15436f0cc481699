#pragma once

// A scene read from a JSON value already in memory (the .lxscene form), with the checks and
// messages of parseScene: for a face that holds the scene as a value (the Python package's
// dict scenes), so that no text is written and read back.

#include "base/expected.h"
#include "io/scene.h"

#include <nlohmann/json.hpp>

namespace lx {

// The scene `doc` describes, or why not (parseScene's messages, without a file name). The
// caller bounds the nesting of `doc` (kMaxJsonDepth) as parseJson does for text.
[[nodiscard]] Expected<Scene> sceneFromJson(const nlohmann::json &doc);

} // namespace lx
