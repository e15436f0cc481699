#pragma once

// The --json objects of `analyze lds`, `suggest cta`, `suggest op` and `suggest shared
// --explain`, built from the request layer's results: the command line writes them and the
// Python package hands them to Python as values, so both faces give the same fields
// (docs/json-schema.md). The other commands' objects are in request/reportjson.h.

#include "analysis/explain.h"
#include "analysis/suggestcta.h"
#include "request/figures.h"
#include "request/kernelsuggest.h"

#include <nlohmann/json.hpp>

#include <string>

namespace lx {

// `analyze lds --json`: the allocation, its stage-2 moves, the partition conflicts and the
// bandwidth model of a scene's LDS buffers, with their figures (`figures`: ldsFigures(in)).
[[nodiscard]] nlohmann::json ldsReportJson(const LdsInput &in, const std::vector<Figure> &figures);

// `suggest cta --json`: the ctaLayout candidates, how many were enumerated and rejected, and
// how long the search took.
[[nodiscard]] nlohmann::json ctaSuggestionJson(const CtaSuggestResult &result, double milliseconds);

// `suggest op --json`: the layout for the op's buffer and every op that uses it, before and
// after.
[[nodiscard]] nlohmann::json kernelSuggestionJson(const KernelSuggestion &suggestion);

// `suggest shared --explain --json`: why the worst conflict of `access` happens, with the fix
// and the figures.
[[nodiscard]] nlohmann::json explanationJson(const ConflictExplanation &explanation,
                                             const std::string &access);

} // namespace lx
