#pragma once

// The one JSON entry point of the program. Every JSON text a person can hand in (scene, case
// file, architecture, --options, --layout-json, a pasted layout) is parsed here:
//  - nesting is bounded: a scan before parsing refuses text nested deeper than kMaxJsonDepth, so
//    no recursive copy, comparison or dump of a parsed value can exhaust the stack;
//  - errors carry line and column and never throw;
// and every excerpt of a value quoted in a message comes from jsonExcerpt, which cannot throw on
// bad UTF-8 and never cuts a character in half.

#include "base/expected.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace lx {

// The deepest nesting of arrays and objects accepted (scenes and layouts need about 6).
inline constexpr int kMaxJsonDepth = 64;

// Parses `text`. Errors: "not valid JSON at 3:14 (byte 40): <why>", "nested more than 64
// levels deep at 1:65". `maxDepth` counts arrays and objects ([[1]] has depth 2).
[[nodiscard]] Expected<nlohmann::json> parseJson(std::string_view text,
                                                 int maxDepth = kMaxJsonDepth);

// The deepest nesting in `text` (strings skipped), stopping early once past `limit`.
[[nodiscard]] int jsonNestingDepth(std::string_view text, int limit, size_t *where = nullptr);

// The longest prefix of `text` of at most `maxBytes` bytes that does not end inside a UTF-8
// sequence.
[[nodiscard]] std::string utf8Prefix(std::string_view text, size_t maxBytes);

// A one-line excerpt of `value` for a message: invalid UTF-8 replaced, at most `maxBytes`
// bytes, cut at a character boundary with "..." appended when cut. Never throws.
[[nodiscard]] std::string jsonExcerpt(const nlohmann::json &value, size_t maxBytes = 40);

// A dump that never throws on invalid UTF-8 (replaced by U+FFFD).
[[nodiscard]] std::string safeDump(const nlohmann::json &value, int indent = -1);

// `value` as a whole number in [min, max]; an error naming `what` and the range otherwise
// (floats, strings, 2^64 and 2^32+64 are refused, never truncated).
[[nodiscard]] Expected<int64_t> jsonInteger(const nlohmann::json &value, int64_t min, int64_t max,
                                            const std::string &what);

// "line:column" of byte offset `byte` in `text` (1-based).
[[nodiscard]] std::string lineColumn(std::string_view text, size_t byte);

} // namespace lx
