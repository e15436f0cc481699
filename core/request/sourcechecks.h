#pragma once

// Which sources a command was given, judged alike for every face: the refusal (in the command
// line's option names) when they exclude each other or one lacks its companion, else an empty
// string. The command line passes which options are set, Python which arguments are not None.

#include "base/expected.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

// `analyze cta`: --preset NAME, --scene FILE or --layout TEXT --shape MxN.
[[nodiscard]] std::string ctaSourcesProblem(bool preset, bool scene, bool layout, bool shape);

// `suggest shared`: --preset, --scene or --reg (with --shape); --explain needs a scene.
[[nodiscard]] std::string suggestSharedSourcesProblem(bool preset, bool scene, bool reg, bool shape,
                                                      bool explain);

// `suggest shared --order I,J`: the global order for Triton's pick, comma separated.
[[nodiscard]] Expected<std::vector<int32_t>> parseSuggestOrder(const std::string &text);

} // namespace lx
