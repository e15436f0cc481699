#pragma once

// Evaluation of conformance case files (tests/data/conformance/README.md): each case names an
// op and its arguments; the result is the value in the form of the case's `expect`, or
// {"error": "message"} when the operation is invalid for those arguments. `expect` is never
// read here: comparing is the caller's business (the conformance test, never `eval`).

#include <nlohmann/json_fwd.hpp>

#include <functional>
#include <string>
#include <string_view>

namespace lx {

// The value of one case: {"name", "op", "args"} -> the result JSON, or {"error": message} when
// the engine refuses the arguments (one of its Error results, or a validation failure of the
// case's own encoding: a missing argument, a wrong JSON type). Anything else the evaluation
// throws (std::logic_error, std::out_of_range, std::bad_alloc, ...) is a bug, not a refusal: it
// gives {"internalError": message}, which matches no expectation, not even an expected error.
// Never throws.
[[nodiscard]] nlohmann::json evaluateCase(const nlohmann::json &testCase);

// The classification evaluateCase applies to one evaluation: runs `evaluate` and returns its
// value; an exception that is not a refusal becomes {"internalError": ...}. Refusals are thrown
// only inside caseeval.cpp, so from outside every exception is unexpected. Never throws.
[[nodiscard]] nlohmann::json evaluateClassifying(const std::function<nlohmann::json()> &evaluate);

// A whole case file (`cases` or, for the unit-test vectors, `vectors`) ->
// {"results": [{"name", "value"}, ...]}, skipping nothing: disabled cases are evaluated too.
// A file that is not JSON or has no case list gives {"error": message}.
[[nodiscard]] nlohmann::json evaluateCaseFile(std::string_view text);

// Whether a result equals an expectation under the conformance rules: layouts compare like
// Triton's operator== (in-dims, bases, out-dims, sizes; not the surjectivity flags), an
// expected {"error": ...} or "fail" matches any error value, everything else compares as JSON.
// An {"internalError": ...} value matches nothing.
[[nodiscard]] bool resultMatches(const nlohmann::json &value, const nlohmann::json &expect);

} // namespace lx
