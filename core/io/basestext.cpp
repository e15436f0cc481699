#include "io/basestext.h"

#include <cctype>
#include <string>

namespace lx {

namespace {

constexpr int64_t kMaxValue = int64_t(1) << 30;
constexpr size_t kMaxBases = 64;

class Cursor
{
public:
    explicit Cursor(std::string_view text) : m_text(text) {}

    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool atEnd()
    {
        skipSpace();
        return m_pos >= m_text.size();
    }
    bool accept(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    char peek()
    {
        skipSpace();
        return m_pos < m_text.size() ? m_text[m_pos] : '\0';
    }
    Error error(const std::string &what) const
    {
        return makeError("column " + std::to_string(m_pos + 1) + ": " + what);
    }
    // A non-negative whole number below kMaxValue.
    Expected<int32_t> number()
    {
        skipSpace();
        const size_t start = m_pos;
        if (m_pos < m_text.size() && m_text[m_pos] == '-')
            return error("negative values are not allowed");
        int64_t v = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos]))) {
            v = v * 10 + (m_text[m_pos] - '0');
            if (v >= kMaxValue)
                return error("value too large (at most 2^30 - 1)");
            ++m_pos;
        }
        if (m_pos == start)
            return error("expected a whole number");
        return int32_t(v);
    }

private:
    std::string_view m_text;
    size_t m_pos = 0;
};

} // namespace

Expected<int32_t> parseBasisComponent(std::string_view text, int32_t outSize)
{
    Cursor c(text);
    if (c.atEnd())
        return c.error("empty: type a whole number");
    Expected<int32_t> v = c.number();
    if (!v)
        return v;
    if (!c.atEnd())
        return c.error("unexpected text after the number");
    if (*v >= outSize)
        return makeError(std::to_string(*v) + " is out of range: the out-dim has size " +
                         std::to_string(outSize) + ", so a component is at most " +
                         std::to_string(outSize - 1));
    return v;
}

Expected<std::vector<std::vector<int32_t>>> parseBasesText(std::string_view text, int components)
{
    Cursor c(text);
    std::vector<std::vector<int32_t>> bases;
    if (!c.accept('['))
        return c.error("expected '[' to start the list of bases");
    while (!c.accept(']')) {
        if (c.atEnd())
            return c.error("missing ']' at the end of the list of bases");
        if (bases.size() >= kMaxBases)
            return c.error("more than 64 bases");
        if (!c.accept('['))
            return c.error("expected '[' to start a basis");
        std::vector<int32_t> basis;
        while (!c.accept(']')) {
            if (c.atEnd())
                return c.error("missing ']' at the end of a basis");
            Expected<int32_t> v = c.number();
            if (!v)
                return v.error();
            basis.push_back(*v);
            if (basis.size() > 32)
                return c.error("a basis has at most 32 components");
            if (!c.accept(',') && c.peek() != ']')
                return c.error("expected ',' or ']' in a basis");
        }
        if (components >= 0 && int(basis.size()) != components)
            return c.error("basis " + std::to_string(bases.size()) + " has " +
                           std::to_string(basis.size()) + " components, expected " +
                           std::to_string(components));
        bases.push_back(std::move(basis));
        if (c.atEnd())
            return c.error("missing ']' at the end of the list of bases");
        if (!c.accept(',') && c.peek() != ']')
            return c.error("expected ',' or ']' after a basis");
    }
    if (!c.atEnd())
        return c.error("unexpected text after the list of bases");
    return bases;
}

std::string formatBasesText(const std::vector<std::vector<int32_t>> &bases)
{
    std::string s = "[";
    for (size_t i = 0; i < bases.size(); ++i) {
        s += i ? ", [" : "[";
        for (size_t c = 0; c < bases[i].size(); ++c)
            s += (c ? ", " : "") + std::to_string(bases[i][c]);
        s += "]";
    }
    return s + "]";
}

} // namespace lx
