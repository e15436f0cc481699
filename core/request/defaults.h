#pragma once

// The one policy for what a request leaves out. The window, `render` and every `analyze` command
// resolve their inputs through core/request, which reads these and nothing else, so a scene
// without an architecture or an element type means the same everywhere.

#include <array>
#include <string_view>

namespace lx {

// The architecture of a scene, view or command that names none: the MI450 the program is for.
inline constexpr std::string_view kDefaultArch = "gfx1250";

// The element type of an analysis whose view, options and layouts name none. Every figure that
// depends on it says so ("f16 (default)"), so the default is never silent.
inline constexpr std::string_view kDefaultDtype = "f16";

// The architectures a comparison (request/compareinput.h) puts side by side when its request
// names none: the CDNA3, CDNA4 and MI450 generations.
inline constexpr std::array<std::string_view, 3> kDefaultCompareArchs = {"gfx942", "gfx950",
                                                                         "gfx1250"};

} // namespace lx
