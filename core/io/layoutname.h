#pragma once

// Layout names. A layout's name is how the scene, the views' options, the window's panels, the
// `#ttg` text (an alias line `#name = #ttg.linear<...>`) and Python (`name = BlockedLayout(...)`)
// refer to it, so one rule makes a name usable in all of them: an ASCII letter or `_`, then
// letters, digits or `_`, at most kMaxLayoutNameLength characters, and not a Python keyword.
// Scene files, the window (add, rename, the builder, the scene panel) and the command line (a
// view option naming a layout) all check names with layoutNameProblem.

#include <cstddef>
#include <string>
#include <string_view>

namespace lx {

inline constexpr size_t kMaxLayoutNameLength = 64;

// Empty when `name` is a valid layout name; else why not, naming the character and the rule,
// e.g. "'a b': ' ' at 2 cannot be in a layout name (letters, digits and _ only)".
[[nodiscard]] std::string layoutNameProblem(std::string_view name);

// A valid layout name made from any text (a kernel's SSA value "%42", an MLIR alias): each
// character outside the rule becomes `_`, a leading digit gets a `_` before it, a Python keyword
// a `_` after it, and the result is cut to kMaxLayoutNameLength ("L" for empty text).
// Postcondition: layoutNameProblem(toLayoutName(text)).empty().
[[nodiscard]] std::string toLayoutName(std::string_view text);

} // namespace lx
