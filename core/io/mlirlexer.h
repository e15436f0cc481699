#pragma once

// The tokens of MLIR text, shared by every reader in core/io that reads it: the #ttg attribute
// reader (ttgtext.h), the TTGIR module reader (ttgir.h) and, with Python's comment and keyword
// rules, the Gluon expression reader.
//
// One lexer, three syntaxes:
//   MlirAttribute  `#name`, identifiers, integers, the punctuation of attributes; anything
//                  else (a '%', a string, an integer glued to letters) is an error at its
//                  line:column, because an attribute never contains it.
//   MlirModule     everything a printed module holds besides: `%ssa`, `^block`, `@symbol`,
//                  `!type`, "strings", floats, `->`, `*`, `?`, `|`, and integers glued to
//                  letters (`128x64xf16` is the integer 128 and the identifier `x64xf16`, as
//                  MLIR's own lexer splits a shape). Integers past 2^40 saturate instead of
//                  failing (constants may be anything; shapes never are that large).
//   Python         `#` starts a comment; otherwise like MlirAttribute.
//
// Positions are 1-based, columns in bytes. The readers are internal to core/io: a failure is
// thrown as a ParseFailure and turned into an Error at the public entry point.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lx::ttgdetail {

struct Pos
{
    int line = 1;
    int column = 1;
};

// Thrown inside core/io only; each public reader turns it into an Error.
struct ParseFailure
{
    Pos pos;
    std::string message;
};

[[noreturn]] inline void fail(Pos pos, std::string message)
{
    throw ParseFailure{pos, std::move(message)};
}

enum class Tok
{
    End,
    Hash,
    Ident,
    Int,
    Punct,
    Sigil,  // MlirModule: %ssa, ^block, @symbol, !type (text includes the sigil)
    String, // MlirModule: "..." (text includes the quotes, escapes kept)
    Float   // MlirModule: 1.5, -2.0e+00
};

// A token views the text it was read from (no copy): the text must outlive its tokens.
struct Token
{
    Tok kind = Tok::End;
    std::string_view text; // Hash: the name after '#'; Ident: the identifier; Punct: the
                           // character(s)
    int64_t value = 0;
    Pos pos;
    size_t offset = 0; // byte offset of the token's first character in the text
    size_t length = 0; // bytes the token spans

    // The text as a string of its own (for names kept after the text is gone, and messages).
    std::string str() const { return std::string(text); }
};

enum class Syntax
{
    Mlir,
    Python,
    MlirModule
};

// Every token of `text` followed by one End token; the tokens view `text`. Throws ParseFailure
// on text the syntax cannot hold.
[[nodiscard]] std::vector<Token> tokenize(std::string_view text, Syntax syntax);
// The same into `out` (cleared first), whose storage a caller may keep from call to call.
void tokenizeInto(std::string_view text, Syntax syntax, std::vector<Token> &out);

// "'name'", "'#name'" or "end of text", for messages.
[[nodiscard]] std::string describe(const Token &t);

// "LINE:COLUMN: message".
[[nodiscard]] std::string positioned(const ParseFailure &f);

constexpr int kMaxDepth = 64;

// The token cursor both readers walk: peek, consume, and expect punctuation with a positioned
// error. The last token (end of input) is never consumed past.
class TokenCursor
{
protected:
    explicit TokenCursor(std::vector<Token> tokens)
        : m_owned(std::move(tokens)), m_tokens(m_owned), m_last(lastIndex(m_tokens))
    {
    }
    // Walks tokens owned by someone else (they must outlive the cursor), from `start`.
    TokenCursor(const std::vector<Token> &tokens, size_t start)
        : m_tokens(tokens), m_next(start), m_last(lastIndex(tokens))
    {
    }

    const Token &peek() const { return m_tokens[m_next]; }
    const Token &peekAt(size_t k) const { return m_tokens[std::min(m_next + k, m_last)]; }
    // The token stays valid while the cursor lives (the token vector is never modified).
    const Token &next()
    {
        const Token &t = m_tokens[m_next];
        if (m_next < m_last)
            ++m_next;
        return t;
    }
    // Whether t is the punctuation `punct` (one character, or "->").
    static bool isPunct(const Token &t, const char *punct)
    {
        if (t.kind != Tok::Punct || t.text.empty() || t.text[0] != punct[0])
            return false;
        return punct[1] == '\0' ? t.text.size() == 1 : t.text == punct;
    }
    const Token &expect(const char *punct)
    {
        const Token &t = peek();
        if (!isPunct(t, punct))
            fail(t.pos, std::string("expected '") + punct + "', found " + describe(t));
        return next();
    }
    bool acceptPunct(const char *punct)
    {
        if (isPunct(peek(), punct)) {
            next();
            return true;
        }
        return false;
    }
    // Index of the next token; the TTGIR reader resumes from it.
    size_t position() const { return m_next; }

    std::vector<Token> m_owned;
    const std::vector<Token> &m_tokens;
    size_t m_next = 0;

private:
    static size_t lastIndex(const std::vector<Token> &tokens)
    {
        return tokens.empty() ? 0 : tokens.size() - 1;
    }
    // The index of the last token (End), kept: the vector's size is a division by sizeof(Token).
    size_t m_last = 0;
};

} // namespace lx::ttgdetail
