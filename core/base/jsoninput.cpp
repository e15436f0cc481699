#include "base/jsoninput.h"

#include <cmath>

namespace lx {

using json = nlohmann::json;

std::string lineColumn(std::string_view text, size_t byte)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

int jsonNestingDepth(std::string_view text, int limit, size_t *where)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > deepest) {
                deepest = depth;
                if (deepest > limit) {
                    if (where)
                        *where = i;
                    return deepest;
                }
            }
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

Expected<json> parseJson(std::string_view text, int maxDepth)
{
    size_t where = 0;
    if (jsonNestingDepth(text, maxDepth, &where) > maxDepth)
        return makeError("nested more than " + std::to_string(maxDepth) + " levels deep at " +
                         lineColumn(text, where));
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::parse_error &e) {
        // e.byte is 1-based: the byte the parser stopped at.
        const size_t at = e.byte > 0 ? e.byte - 1 : 0;
        std::string why = e.what();
        // "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
        if (const size_t colon = why.find(": "); colon != std::string::npos)
            why = why.substr(colon + 2);
        return makeError("not valid JSON at " + lineColumn(text, at) + " (byte " +
                         std::to_string(e.byte) + "): " + utf8Prefix(why, 160));
    } catch (const json::exception &e) {
        return makeError(std::string("not valid JSON: ") + e.what());
    }
}

std::string utf8Prefix(std::string_view text, size_t maxBytes)
{
    if (text.size() <= maxBytes)
        return std::string(text);
    size_t end = maxBytes;
    // Step back over continuation bytes (10xxxxxx) to the lead byte, then drop the lead byte
    // too: the character starting there does not fit.
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return std::string(text.substr(0, end));
}

std::string safeDump(const json &value, int indent)
{
    return value.dump(indent, ' ', false, json::error_handler_t::replace);
}

std::string jsonExcerpt(const json &value, size_t maxBytes)
{
    // A value nested past kMaxJsonDepth cannot come from parseJson; dump() is bounded by that.
    const std::string s = safeDump(value);
    if (s.size() <= maxBytes)
        return s;
    return utf8Prefix(s, maxBytes > 3 ? maxBytes - 3 : 0) + "...";
}

Expected<int64_t> jsonInteger(const json &value, int64_t min, int64_t max, const std::string &what)
{
    const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
    if (value.is_number_unsigned()) {
        const auto u = value.get<uint64_t>();
        if (u > uint64_t(max) || int64_t(u) < min)
            return makeError(what + " " + std::to_string(u) + " is outside " + range);
        return int64_t(u);
    }
    if (value.is_number_integer()) {
        const auto s = value.get<int64_t>();
        if (s < min || s > max)
            return makeError(what + " " + std::to_string(s) + " is outside " + range);
        return s;
    }
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && d >= double(min) && d <= double(max) &&
            std::fabs(d) < 9.0e15)
            return int64_t(d);
        return makeError(what + " must be a whole number in " + range + ", got " +
                         jsonExcerpt(value));
    }
    return makeError(what + " must be a whole number in " + range + ", got " + jsonExcerpt(value));
}

} // namespace lx
