#include "io/basestext.h"

#include "io/textcursor.h"

#include <cctype>
#include <string>

namespace lx {

namespace {

constexpr int64_t kMaxValue = int64_t(1) << 30;
constexpr size_t kMaxBases = 64;

// The bases text's cursor: TextCursor with its whole numbers.
class Cursor : public TextCursor
{
public:
    using TextCursor::TextCursor;

    // A non-negative whole number below kMaxValue.
    Expected<int32_t> number()
    {
        skipBlanks();
        const size_t start = m_pos;
        if (m_pos < m_text.size() && m_text[m_pos] == '-')
            return fail("negative values are not allowed");
        const std::optional<int64_t> v = digits(kMaxValue - 1);
        if (!v)
            return fail("value too large (at most 2^30 - 1)");
        if (m_pos == start)
            return fail("expected a whole number");
        return int32_t(*v);
    }
};

} // namespace

Expected<int32_t> parseBasisComponent(std::string_view text, int32_t outSize)
{
    Cursor c(text);
    if (c.atEnd())
        return c.fail("empty: type a whole number");
    Expected<int32_t> v = c.number();
    if (!v)
        return v;
    if (!c.atEnd())
        return c.fail("unexpected text after the number");
    if (*v >= outSize)
        return makeError(std::to_string(*v) + " is out of range: the out-dim has size " +
                         std::to_string(outSize) + ", so a component is at most " +
                         std::to_string(outSize - 1));
    return v;
}

Expected<std::vector<Basis>> parseBasesText(std::string_view text, int components)
{
    Cursor c(text);
    std::vector<Basis> bases;
    if (!c.eat('['))
        return c.fail("expected '[' to start the list of bases");
    while (!c.eat(']')) {
        if (c.atEnd())
            return c.fail("missing ']' at the end of the list of bases");
        if (bases.size() >= kMaxBases)
            return c.fail("more than 64 bases");
        if (!c.eat('['))
            return c.fail("expected '[' to start a basis");
        std::vector<int32_t> basis;
        while (!c.eat(']')) {
            if (c.atEnd())
                return c.fail("missing ']' at the end of a basis");
            Expected<int32_t> v = c.number();
            if (!v)
                return v.error();
            basis.push_back(*v);
            if (basis.size() > 32)
                return c.fail("a basis has at most 32 components");
            if (!c.eat(',') && c.peek() != ']')
                return c.fail("expected ',' or ']' in a basis");
        }
        if (components >= 0 && int(basis.size()) != components)
            return c.fail("basis " + std::to_string(bases.size()) + " has " +
                          std::to_string(basis.size()) + " components, expected " +
                          std::to_string(components));
        bases.push_back(std::move(basis));
        if (c.atEnd())
            return c.fail("missing ']' at the end of the list of bases");
        if (!c.eat(',') && c.peek() != ']')
            return c.fail("expected ',' or ']' after a basis");
    }
    if (!c.atEnd())
        return c.fail("unexpected text after the list of bases");
    return bases;
}

std::string formatBasesText(const std::vector<Basis> &bases)
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
