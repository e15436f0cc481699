#include "io/mlirlexer.h"

#include <array>

namespace lx::ttgdetail {

namespace {

// Character classes of the lexer, one table lookup each.
enum MlirCharClass : uint8_t
{
    kIdentStart = 1, // letters, '_'
    kIdentChar = 2,  // letters, digits, '_', '$', '.'
    kDigit = 4,
    kSuffixChar = 8, // MLIR's suffix-id characters (after %, ^, !, @): kIdentChar and '-'
    kPunct = 16      // the one-character punctuation of every syntax: < > { } [ ] ( ) , = : +
};

constexpr std::array<uint8_t, 256> mlirCharClasses()
{
    std::array<uint8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
        const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        const bool digit = c >= '0' && c <= '9';
        const bool start = letter || c == '_';
        const bool ident = start || digit || c == '$' || c == '.';
        const bool punct = c == '<' || c == '>' || c == '{' || c == '}' || c == '[' || c == ']' ||
                           c == '(' || c == ')' || c == ',' || c == '=' || c == ':' || c == '+';
        t[size_t(c)] =
            uint8_t((start ? kIdentStart : 0) | (ident ? kIdentChar : 0) | (digit ? kDigit : 0) |
                    (ident || c == '-' ? kSuffixChar : 0) | (punct ? kPunct : 0));
    }
    return t;
}

constexpr std::array<uint8_t, 256> kMlirCharClasses = mlirCharClasses();

inline bool hasClass(char c, uint8_t mask)
{
    return (kMlirCharClasses[static_cast<unsigned char>(c)] & mask) != 0;
}
inline bool isIdentStart(char c)
{
    return hasClass(c, kIdentStart);
}
inline bool isDigit(char c)
{
    return hasClass(c, kDigit);
}

class Lexer
{
public:
    Lexer(std::string_view text, Syntax syntax) : m_text(text), m_syntax(syntax) {}

    void run(std::vector<Token> &tokens)
    {
        // Token slots are reused when `tokens` comes back with its storage (see tokenizeInto).
        size_t n = 0;
        auto slot = [&]() -> Token & {
            if (n == tokens.size())
                tokens.emplace_back();
            return tokens[n++];
        };
        // A module averages about one token per 4 bytes; an attribute's text is denser (about
        // one per 2.5) and short, so one allocation holds all of its tokens.
        tokens.reserve(m_syntax == Syntax::MlirModule ? m_text.size() / 4 : m_text.size() / 2 + 2);
        while (skipBlanksAndComments()) {
            Token &t = slot();
            t.value = 0;
            t.pos = pos();
            t.offset = m_i;
            // Identifiers and one-character punctuation, most of any text, here; the rest in
            // lexOne.
            const uint8_t cls = kMlirCharClasses[static_cast<unsigned char>(m_text[m_i])];
            if (cls & kIdentStart) {
                const size_t end = scan(m_i + 1, kIdentChar);
                t.kind = Tok::Ident;
                t.text = std::string_view(m_text.data() + m_i, end - m_i);
                m_i = end;
            } else if (cls & kPunct) {
                t.kind = Tok::Punct;
                t.text = std::string_view(m_text.data() + m_i, 1);
                ++m_i;
            } else if (!((cls & kDigit) && lexShortDecimal(t))) {
                lexOne(t);
            }
            t.length = m_i - t.offset;
        }
        Token &end = slot();
        end.kind = Tok::End;
        end.text = {};
        end.value = 0;
        end.pos = pos();
        end.offset = m_i;
        end.length = 0;
        tokens.resize(n);
    }

private:
    bool mlirLike() const { return m_syntax != Syntax::Python; }
    bool module() const { return m_syntax == Syntax::MlirModule; }
    char at(size_t k) const { return k < m_text.size() ? m_text[k] : '\0'; }
    // The position of the next character: lines counted as they pass, the column from the
    // offset of the line's start.
    Pos pos() const { return Pos{m_line, int(m_i - m_lineStart) + 1}; }

    void newLineAt(size_t k)
    {
        ++m_line;
        m_lineStart = k + 1;
    }

    // False at the end of the text.
    bool skipBlanksAndComments()
    {
        const size_t size = m_text.size();
        while (m_i < size) {
            const char c = m_text[m_i];
            if (hasClass(c, kIdentStart | kDigit | kPunct)) // a token starts: most often
                return true;
            if (c == ' ' || c == '\t' || c == '\r') {
                ++m_i;
                continue;
            }
            if (c == '\n') {
                newLineAt(m_i++);
                continue;
            }
            const bool lineComment = mlirLike() ? c == '/' && at(m_i + 1) == '/' : c == '#';
            if (!lineComment)
                return true;
            while (m_i < size && m_text[m_i] != '\n')
                ++m_i;
        }
        return false;
    }

    // The first offset from j whose character is not of the class `mask`.
    size_t scan(size_t j, uint8_t mask) const
    {
        const size_t size = m_text.size();
        while (j < size && hasClass(m_text[j], mask))
            ++j;
        return j;
    }

    void take(Token &t, Tok kind, size_t textStart, size_t end)
    {
        t.kind = kind;
        t.text = m_text.substr(textStart, end - textStart);
        // Only a string (an escaped line break) can span lines.
        if (kind == Tok::String)
            for (size_t k = m_i; k < end; ++k)
                if (m_text[k] == '\n')
                    newLineAt(k);
        m_i = end;
    }

    // A decimal integer of at most 12 digits, at most 2^40, followed by neither an identifier
    // character nor '.': what lexNumber reads the same way in every syntax. False (nothing read)
    // for any other number, which lexOne then reads or refuses.
    bool lexShortDecimal(Token &t)
    {
        const size_t size = m_text.size();
        size_t j = m_i;
        uint64_t value = 0;
        while (j < size && j - m_i <= 12 && hasClass(m_text[j], kDigit))
            value = value * 10 + uint64_t(m_text[j++] - '0');
        if (j - m_i > 12 || value > (uint64_t(1) << 40) ||
            (j < size && hasClass(m_text[j], kIdentChar)))
            return false;
        t.kind = Tok::Int;
        t.value = int64_t(value);
        t.text = std::string_view(m_text.data() + m_i, j - m_i);
        m_i = j;
        return true;
    }

    [[gnu::noinline]] void lexOne(Token &t)
    {
        const char c = m_text[m_i];
        if (isIdentStart(c))
            return take(t, Tok::Ident, m_i, scan(m_i + 1, kIdentChar));
        if (isDigit(c) || (c == '-' && isDigit(at(m_i + 1))))
            return lexNumber(t);
        switch (c) {
        case '<':
        case '>':
        case '{':
        case '}':
        case '[':
        case ']':
        case '(':
        case ')':
        case ',':
        case '=':
        case ':':
        case '+':
            return take(t, Tok::Punct, m_i, m_i + 1);
        default:
            break;
        }
        if (c == '#' && mlirLike()) {
            const size_t j = scan(m_i + 1, kIdentChar);
            if (j > m_i + 1)
                return take(t, Tok::Hash, m_i + 1, j);
            if (!module())
                fail(pos(), "expected an attribute or alias name after '#'");
            return take(t, Tok::Punct, m_i, m_i + 1);
        }
        if (module() && (c == '%' || c == '^' || c == '@' || c == '!')) {
            if (c == '@' && at(m_i + 1) == '"') {
                const size_t j = stringEnd(m_i + 1);
                return take(t, Tok::Sigil, m_i, j);
            }
            size_t j = scan(m_i + 1, kSuffixChar);
            if (j > m_i + 1) {
                if (c == '%' && at(j) == '#' && isDigit(at(j + 1))) // %15#1: result 1 of %15
                    j = scan(j + 1, kDigit);
                return take(t, Tok::Sigil, m_i, j);
            }
            return take(t, Tok::Punct, m_i, m_i + 1);
        }
        if (module() && c == '"')
            return take(t, Tok::String, m_i, stringEnd(m_i));
        // Python: a string in either quote (Gluon's instr_variant="32x32b").
        if (!mlirLike() && (c == '"' || c == '\''))
            return take(t, Tok::String, m_i, stringEnd(m_i));
        if (module() && c == '-' && at(m_i + 1) == '>')
            return take(t, Tok::Punct, m_i, m_i + 2);
        const unsigned char u = static_cast<unsigned char>(c);
        if (module() && u > 0x20 && u < 0x7f)
            return take(t, Tok::Punct, m_i, m_i + 1);
        fail(pos(), u >= 0x20 && u < 0x7f ? std::string("unexpected character '") + c + "'"
                                          : "unexpected byte " + std::to_string(int(u)));
    }

    // One past the closing quote of the string opening at `open`.
    size_t stringEnd(size_t open) const
    {
        const char quote = m_text[open];
        for (size_t j = open + 1; j < m_text.size(); ++j) {
            if (m_text[j] == '\\')
                ++j;
            else if (m_text[j] == quote)
                return j + 1;
            else if (m_text[j] == '\n')
                break;
        }
        fail(pos(), "unterminated string");
    }

    void lexNumber(Token &t)
    {
        size_t j = m_i;
        const bool negative = m_text[j] == '-';
        if (negative)
            ++j;
        int base = 10;
        if (at(j) == '0' && (at(j + 1) == 'x' || at(j + 1) == 'X')) {
            base = 16;
            j += 2;
        }
        const size_t digitsStart = j;
        uint64_t value = 0;
        bool saturated = false;
        for (; j < m_text.size(); ++j) {
            const char d = m_text[j];
            int digit = -1;
            if (isDigit(d))
                digit = d - '0';
            else if (base == 16 && d >= 'a' && d <= 'f')
                digit = d - 'a' + 10;
            else if (base == 16 && d >= 'A' && d <= 'F')
                digit = d - 'A' + 10;
            if (digit < 0)
                break;
            if (!saturated)
                value = value * uint64_t(base) + uint64_t(digit);
            if (value > (uint64_t(1) << 40)) {
                if (!module())
                    fail(pos(), "integer out of range");
                saturated = true;
            }
        }
        if (j == digitsStart)
            fail(pos(), "expected digits");
        if (module() && base == 10 && at(j) == '.' && isDigit(at(j + 1))) {
            j = scan(j + 1, kDigit);
            if ((at(j) == 'e' || at(j) == 'E') &&
                (isDigit(at(j + 1)) ||
                 ((at(j + 1) == '+' || at(j + 1) == '-') && isDigit(at(j + 2)))))
                j = scan(j + 2, kDigit);
            return take(t, Tok::Float, m_i, j);
        }
        if (!module() && j < m_text.size() && isIdentStart(m_text[j]))
            fail(pos(), "malformed integer");
        t.value = negative ? -int64_t(value) : int64_t(value);
        take(t, Tok::Int, m_i, j);
    }

    std::string_view m_text;
    Syntax m_syntax;
    size_t m_i = 0;
    int m_line = 1;
    size_t m_lineStart = 0;
};

} // namespace

std::vector<Token> tokenize(std::string_view text, Syntax syntax)
{
    std::vector<Token> tokens;
    Lexer(text, syntax).run(tokens);
    return tokens;
}

void tokenizeInto(std::string_view text, Syntax syntax, std::vector<Token> &out)
{
    Lexer(text, syntax).run(out);
}

std::string describe(const Token &t)
{
    switch (t.kind) {
    case Tok::End:
        return "end of text";
    case Tok::Hash:
        return "'#" + std::string(t.text) + "'";
    case Tok::String:
        return std::string(t.text);
    default:
        return "'" + std::string(t.text) + "'";
    }
}

std::string positioned(const ParseFailure &f)
{
    return std::to_string(f.pos.line) + ":" + std::to_string(f.pos.column) + ": " + f.message;
}

} // namespace lx::ttgdetail
