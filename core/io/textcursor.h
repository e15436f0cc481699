#pragma once

// The cursor of the small hand-written text readers (bases text, CuTe layouts, lesson
// predicates): a position in one piece of text, blanks skipped before each look, and errors that
// name the column.

#include "base/expected.h"

#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace lx {

class TextCursor
{
public:
    // errorPrefix goes before "column N: " in fail(), e.g. "predicate, ".
    explicit TextCursor(std::string_view text, std::string errorPrefix = {})
        : m_text(text), m_errorPrefix(std::move(errorPrefix))
    {
    }

    void skipBlanks()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool atEnd()
    {
        skipBlanks();
        return m_pos >= m_text.size();
    }
    // The next character after blanks, '\0' at the end.
    char peek()
    {
        skipBlanks();
        return m_pos < m_text.size() ? m_text[m_pos] : '\0';
    }
    // Moves past c (after blanks) when it comes next.
    bool eat(char c)
    {
        skipBlanks();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    // Moves past word (after blanks) when it comes next.
    bool eat(std::string_view word)
    {
        skipBlanks();
        if (m_text.substr(m_pos, word.size()) != word)
            return false;
        m_pos += word.size();
        return true;
    }
    // The digits at the cursor (blanks not skipped) as a number, 0 when there are none (the
    // cursor stays); nullopt, with the cursor on the digit that does it, when it exceeds max.
    std::optional<int64_t> digits(int64_t max)
    {
        int64_t v = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
            v = v * 10 + (m_text[m_pos] - '0');
            if (v > max)
                return std::nullopt;
            ++m_pos;
        }
        return v;
    }
    size_t pos() const { return m_pos; }
    void setPos(size_t p) { m_pos = p; }
    Error fail(const std::string &what) const
    {
        return makeError(m_errorPrefix + "column " + std::to_string(m_pos + 1) + ": " + what);
    }

protected:
    std::string_view m_text;
    size_t m_pos = 0;

private:
    std::string m_errorPrefix;
};

} // namespace lx
