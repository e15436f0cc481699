#pragma once

// The layouts and the --json object of `diff`, for the command line and the Python package
// alike: a layout argument read as `diff --a/--b` reads it, and the record of a resolved diff.

#include "base/expected.h"
#include "layout/linearlayout.h"
#include "request/diffinput.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lx {

// The largest @FILE layout `diff` reads.
inline constexpr int64_t kMaxDiffLayoutFileBytes = int64_t(16) << 20;

// A layout argument of `diff`: #ttg, Gluon or CuTe text over `shape` (#ttg and Gluon need one),
// or @FILE holding a raw layout in the conformance JSON form ({"layout": ...} or the layout).
[[nodiscard]] Expected<LinearLayout>
diffLayoutArg(const std::string &arg, const std::optional<std::vector<int32_t>> &shape);

// The diff of two layout arguments as `diff --a A --b B` resolves it: each read by diffLayoutArg
// (an error names --a or --b) and added to `req` as layouts "a" and "b" (its element type set by
// the caller or left to the default), then the diff view's request. The result points into
// `req`'s layouts: `req` must outlive it.
[[nodiscard]] Expected<DiffInput> resolveDiffArgs(const std::string &a, const std::string &b,
                                                  const std::optional<std::vector<int32_t>> &shape,
                                                  ViewRequest &req);

// `diff --json`: diffToJson's object with the element type and the figures.
[[nodiscard]] nlohmann::json diffReportJson(const DiffInput &in);

} // namespace lx
