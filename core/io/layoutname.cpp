#include "io/layoutname.h"

#include <algorithm>
#include <array>

namespace lx {

namespace {

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

// Python's keywords (Python 3.12 `keyword.kwlist`): they cannot name a variable.
bool isPythonKeyword(std::string_view name)
{
    static constexpr std::array<std::string_view, 35> kKeywords = {
        "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
        "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
        "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
        "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
    return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

std::string quoted(std::string_view name)
{
    // A long name is shown by its start: the message stays one line.
    constexpr size_t kShown = 24;
    return "'" + std::string(name.substr(0, kShown)) + (name.size() > kShown ? "...'" : "'");
}

std::string shownChar(char c)
{
    if (c == ' ')
        return "a space";
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        return "a non-ASCII or control character";
    return "'" + std::string(1, c) + "'";
}

} // namespace

std::string layoutNameProblem(std::string_view name)
{
    if (name.empty())
        return "a layout needs a name";
    if (name.size() > kMaxLayoutNameLength)
        return quoted(name) + " has " + std::to_string(name.size()) +
               " characters; a layout name has at most " + std::to_string(kMaxLayoutNameLength);
    if (name[0] >= '0' && name[0] <= '9')
        return quoted(name) + " starts with a digit; a layout name starts with a letter or _";
    for (size_t i = 0; i < name.size(); ++i)
        if (!isNameChar(name[i]))
            return quoted(name) + ": " + shownChar(name[i]) + " at " + std::to_string(i + 1) +
                   " cannot be in a layout name (letters, digits and _ only, so that it works "
                   "as a #ttg alias and a Python name)";
    if (isPythonKeyword(name))
        return quoted(name) + " is a Python keyword; a layout name must work as a Python name";
    return {};
}

std::string toLayoutName(std::string_view text)
{
    std::string name;
    for (const char c : text)
        name += isNameChar(c) ? c : '_';
    if (name.empty())
        name = "L";
    if (name[0] >= '0' && name[0] <= '9')
        name.insert(name.begin(), '_');
    if (name.size() > kMaxLayoutNameLength)
        name.resize(kMaxLayoutNameLength);
    if (isPythonKeyword(name))
        name += '_';
    return name;
}

} // namespace lx
