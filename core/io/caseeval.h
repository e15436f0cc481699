#pragma once

// Evaluation of conformance case files (tests/data/conformance/README.md): each case names an
// op and its arguments; the result is the value in the form of the case's `expect`, or
// {"error": "message"} when the operation is invalid for those arguments. `expect` is never
// read here: comparing is the caller's business (the conformance test, never `eval`).

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace lx {

// The value of one case: {"name", "op", "args"} -> the result JSON, or {"error": message}.
// Never throws; a malformed case gives an error value.
[[nodiscard]] nlohmann::json evaluateCase(const nlohmann::json &testCase);

// A whole case file (`cases` or, for the unit-test vectors, `vectors`) ->
// {"results": [{"name", "value"}, ...]}, skipping nothing: disabled cases are evaluated too.
// A file that is not JSON or has no case list gives {"error": message}.
[[nodiscard]] nlohmann::json evaluateCaseFile(std::string_view text);

// Whether a result equals an expectation under the conformance rules: layouts compare like
// Triton's operator== (in-dims, bases, out-dims, sizes; not the surjectivity flags), an
// expected {"error": ...} or "fail" matches any error value, everything else compares as JSON.
[[nodiscard]] bool resultMatches(const nlohmann::json &value, const nlohmann::json &expect);

} // namespace lx
