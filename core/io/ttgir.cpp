#include "io/ttgir.h"

#include "base/bytesize.h"
#include "io/mlirlexer.h"
#include "io/ttgtextreader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <utility>

namespace lx {

namespace {

using namespace ttgdetail;

constexpr size_t kMaxTtgirNesting = 256;

bool isPunct(const Token &t, std::string_view p)
{
    return t.kind == Tok::Punct && t.text == p;
}

char closerOf(const Token &t)
{
    if (t.kind != Tok::Punct || t.text.size() != 1)
        return 0;
    switch (t.text[0]) {
    case '(':
        return ')';
    case '[':
        return ']';
    case '{':
        return '}';
    case '<':
        return '>';
    default:
        return 0;
    }
}

bool isCloser(const Token &t)
{
    return t.kind == Tok::Punct && t.text.size() == 1 &&
           std::string_view(")]}>").find(t.text[0]) != std::string_view::npos;
}

std::string trimCopy(std::string_view s)
{
    const size_t a = s.find_first_not_of(" \t\r\n");
    if (a == std::string_view::npos)
        return {};
    const size_t b = s.find_last_not_of(" \t\r\n");
    return std::string(s.substr(a, b - a + 1));
}

std::string unquote(const std::string &s)
{
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"')
        return s.substr(1, s.size() - 2);
    return s;
}

// "128x64x" prefix of a shape: the dims, and where the rest starts. False on a dynamic dim.
bool readDims(std::string_view s, std::vector<int32_t> &dims, size_t &rest)
{
    size_t i = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        size_t j = i;
        int64_t v = 0;
        while (j < s.size() && s[j] >= '0' && s[j] <= '9') {
            v = std::min<int64_t>(v * 10 + (s[j] - '0'), INT32_MAX);
            ++j;
        }
        if (j >= s.size() || s[j] != 'x')
            break;
        dims.push_back(int32_t(v));
        i = j + 1;
    }
    rest = i;
    return i >= s.size() || s[i] != '?';
}

class TtgirReader
{
public:
    explicit TtgirReader(std::string_view text)
        : m_text(text), m_tokens(tokenize(text, Syntax::MlirModule))
    {
    }

    TtgirModule run()
    {
        m_module.lines = m_tokens.back().pos.line;
        size_t i = parseRegionBody(0, /*topLevel=*/true);
        if (m_tokens[i].kind != Tok::End)
            fail(m_tokens[i].pos, "unexpected " + describe(m_tokens[i]) + " (no region to close)");
        for (size_t k = 0; k < m_module.ops.size(); ++k)
            m_module.ops[k].locName = resolveLoc(m_opLocs[k], 0);
        return std::move(m_module);
    }

private:
    const Token &tok(size_t i) const { return m_tokens[std::min(i, m_tokens.size() - 1)]; }

    std::string rawText(size_t first, size_t last) const // tokens [first, last)
    {
        if (last <= first)
            return {};
        const size_t a = tok(first).offset;
        const size_t b = tok(last - 1).offset + tok(last - 1).length;
        return std::string(m_text.substr(a, b - a));
    }

    // Index after the group opened at tokens[open] (which must be an opener).
    size_t skipGroup(size_t open) const
    {
        std::vector<size_t> stack{open};
        size_t i = open + 1;
        while (!stack.empty()) {
            const Token &t = tok(i);
            if (t.kind == Tok::End)
                fail(tok(stack.back()).pos, "'" + tok(stack.back()).str() + "' is never closed");
            if (closerOf(t)) {
                stack.push_back(i);
                if (stack.size() > kMaxTtgirNesting)
                    fail(t.pos, "brackets nested too deeply");
            } else if (isCloser(t)) {
                closeBracket(stack, t);
            }
            ++i;
        }
        return i;
    }

    // Pops the bracket `t` closes off `stack`; fails when it closes a different one.
    void closeBracket(std::vector<size_t> &stack, const Token &t) const
    {
        const Token &o = tok(stack.back());
        if (t.text[0] != closerOf(o))
            fail(t.pos, "expected '" + std::string(1, closerOf(o)) + "' to close '" + o.str() +
                            "' at " + std::to_string(o.pos.line) + ":" +
                            std::to_string(o.pos.column) + ", found '" + t.str() + "'");
        stack.pop_back();
    }

    // Ops until the '}' that closes the region (returned index points at it) or the end.
    size_t parseRegionBody(size_t i, bool topLevel)
    {
        for (;;) {
            const Token &t = tok(i);
            if (t.kind == Tok::End)
                return i;
            if (isPunct(t, "}")) {
                if (topLevel)
                    fail(t.pos, "'}' closes no region");
                return i;
            }
            if (topLevel && t.kind == Tok::Hash && isPunct(tok(i + 1), "=")) {
                i = parseAlias(i);
                continue;
            }
            if (topLevel && isPunct(t, "{")) { // {-# dialect_resources ... #-}
                i = skipGroup(i);
                continue;
            }
            i = parseOp(i);
        }
    }

    // Index of the first token of the next line at depth 0 from `i`, skipping groups.
    size_t endOfLine(size_t i, int line) const
    {
        while (tok(i).kind != Tok::End && tok(i).pos.line == line) {
            if (closerOf(tok(i))) {
                const size_t after = skipGroup(i);
                line = tok(after - 1).pos.line;
                i = after;
            } else if (isCloser(tok(i))) {
                fail(tok(i).pos, "unexpected '" + tok(i).str() + "'");
            } else {
                ++i;
            }
        }
        return i;
    }

    size_t parseAlias(size_t i)
    {
        TtgirAlias alias;
        alias.name = tok(i).text;
        alias.line = tok(i).pos.line;
        const size_t valueStart = i + 2;
        const size_t end = endOfLine(valueStart, tok(valueStart).pos.line);
        if (end == valueStart)
            fail(tok(i + 1).pos, "alias '#" + alias.name + "' has no value");
        alias.text = rawText(valueStart, end);
        const Token &v = tok(valueStart);
        if (v.kind == Tok::Ident && v.text == "loc")
            m_locAliases[alias.name] = valueStart;
        else if (v.kind == Tok::Hash && isLayoutName(v.str()))
            readLayoutAlias(alias, valueStart, end);
        if (m_aliasIndex.count(alias.name))
            fail(tok(i).pos, "alias '#" + alias.name + "' is defined twice");
        m_aliasIndex[alias.name] = m_module.aliases.size();
        m_module.aliases.push_back(std::move(alias));
        return end;
    }

    // A #ttg layout (not the #ttg.shared_memory space) or a Blackwell tensor-memory encoding (not
    // the #ttng.tensor_memory space).
    static bool isLayoutName(const std::string &name)
    {
        const bool dialect = name.rfind("ttg.", 0) == 0 || name.rfind("triton_gpu.", 0) == 0;
        return (dialect && name.find("shared_memory") == std::string::npos) ||
               name == "ttng.tensor_memory_encoding" ||
               name == "ttng.tensor_memory_scales_encoding";
    }

    void readLayoutAlias(TtgirAlias &alias, size_t start, size_t end)
    {
        try {
            const std::string mnemonic = tok(start).str().substr(tok(start).text.find('.') + 1);
            size_t index = start;
            if (mnemonic == "amd_rotating_shared") {
                std::vector<Token> copy(m_tokens.begin() + std::ptrdiff_t(start),
                                        m_tokens.begin() + std::ptrdiff_t(end));
                copy.front().text = "ttg.swizzled_shared";
                copy.push_back(tok(end));
                size_t k = 0;
                alias.attr = parseTtgAttributeAt(copy, k, m_layouts);
                index = start + k;
                alias.note = "read as #ttg.swizzled_shared with the same parameters: the "
                             "rotation of the phase per block is not modelled";
            } else {
                alias.attr = parseTtgAttributeAt(m_tokens, index, m_layouts);
            }
            if (index != end)
                fail(tok(index).pos, "unexpected " + describe(tok(index)) + " after the layout");
            m_layouts[alias.name] = alias.attr;
        } catch (const ParseFailure &f) {
            alias.attr.reset();
            alias.error = failedAliasUsed(start, end).value_or(positioned(f));
        }
    }

    // When tokens [start, end) name an earlier alias that could not be read, the real cause:
    // that alias's own error (a dot_op whose MFMA parent was refused is not an unknown alias).
    std::optional<std::string> failedAliasUsed(size_t start, size_t end) const
    {
        for (size_t i = start; i < end; ++i) {
            const Token &t = tok(i);
            if (t.kind != Tok::Hash || isLayoutName(t.str()))
                continue;
            const auto it = m_aliasIndex.find(t.str());
            if (it == m_aliasIndex.end())
                continue;
            const TtgirAlias &used = m_module.aliases[it->second];
            if (!used.attr && !used.error.empty())
                return "uses #" + used.name + " (line " + std::to_string(used.line) +
                       "), which is not read: " + used.error;
        }
        return std::nullopt;
    }

    // An operation's results ("%a, %b:2 ="), its name and its source line, from tokens[i];
    // returns the index after the name.
    size_t parseOpHead(size_t i, TtgirOp &op)
    {
        const Token &first = tok(i);
        op.line = first.pos.line;
        op.column = first.pos.column;
        while (tok(i).kind == Tok::Sigil && tok(i).text[0] == '%') {
            op.results.push_back(tok(i).str());
            ++i;
            if (isPunct(tok(i), ":") && tok(i + 1).kind == Tok::Int)
                i += 2;
            if (isPunct(tok(i), ","))
                ++i;
        }
        if (!op.results.empty()) {
            if (!isPunct(tok(i), "="))
                fail(tok(i).pos, "expected '=' after the results, found " + describe(tok(i)));
            ++i;
        }
        const Token &nameTok = tok(i);
        if (nameTok.kind == Tok::Ident)
            op.name = nameTok.text;
        else if (nameTok.kind == Tok::String)
            op.name = unquote(nameTok.str());
        else
            fail(nameTok.pos, "expected an operation, found " + describe(nameTok));
        const size_t lineEnd = m_text.find('\n', first.offset);
        op.text = trimCopy(m_text.substr(first.offset, lineEnd == std::string_view::npos
                                                           ? std::string_view::npos
                                                           : lineEnd - first.offset));
        return i + 1;
    }

    // One operation from tokens[i]; returns the index after it.
    size_t parseOp(size_t i)
    {
        const Token &first = tok(i);
        if (first.kind == Tok::Sigil && first.text[0] == '^') // block label: ^bb0(...):
            return endOfLine(i, first.pos.line);
        TtgirOp op;
        i = parseOpHead(i, op);
        const bool recordData = isTtgirDataOp(op.name);
        const bool record = recordData || isTtgirAddressOp(op.name);
        const bool isModule = op.name == "module" || op.name == "builtin.module";
        const bool pushesRegion = !isModule && op.name != "tt.func";

        std::vector<size_t> stack;
        size_t locStart = 0;
        bool afterColon = false;
        int line = tok(i - 1).pos.line;
        for (;;) {
            const Token &t = tok(i);
            if (t.kind == Tok::End) {
                if (!stack.empty())
                    fail(tok(stack.back()).pos,
                         "'" + tok(stack.back()).str() + "' is never closed");
                break;
            }
            if (stack.empty() && t.pos.line != line)
                break;
            if (isPunct(t, "{") && tok(i + 1).pos.line > t.pos.line &&
                tok(i + 1).kind != Tok::End) {
                if (isModule && stack.empty())
                    readModuleAttributes(op, i);
                if (m_regions.size() >= kMaxTtgirNesting)
                    fail(t.pos, "regions nested too deeply");
                m_regions.push_back({op.name, op.line, op.results.empty() ? "" : op.results[0]});
                if (!pushesRegion)
                    m_regions.back().op.clear();
                const size_t close = parseRegionBody(i + 1, false);
                m_regions.pop_back();
                if (!isPunct(tok(close), "}"))
                    fail(t.pos, "region '{' is never closed");
                line = tok(close).pos.line;
                i = close + 1;
                continue;
            }
            if (closerOf(t)) {
                stack.push_back(i);
                if (stack.size() > kMaxTtgirNesting)
                    fail(t.pos, "brackets nested too deeply");
            } else if (isCloser(t)) {
                if (stack.empty()) {
                    if (t.text == "}")
                        break; // the region's end on the op's own line
                    fail(t.pos, "unexpected '" + t.str() + "'");
                }
                closeBracket(stack, t);
                if (stack.empty())
                    line = t.pos.line;
            } else if (record) {
                if (t.kind == Tok::Sigil && t.text[0] == '%' && !afterColon)
                    op.operands.push_back(t.str());
                else if (stack.empty() && isPunct(t, ":"))
                    afterColon = true;
                else if (afterColon && stack.size() <= 1 && isPunct(t, "->"))
                    op.arrowIndex = int(op.types.size());
                else if (afterColon && isPunct(tok(i + 1), "<") &&
                         ((t.kind == Tok::Ident && t.text == "tensor") ||
                          (t.kind == Tok::Sigil && t.text == "!ttg.memdesc")))
                    op.types.push_back(readType(i));
            }
            if (stack.empty() && t.kind == Tok::Ident && t.text == "loc" &&
                isPunct(tok(i + 1), "("))
                locStart = i;
            ++i;
        }
        if (recordData) {
            for (const TtgirRegion &r : m_regions)
                if (!r.op.empty())
                    op.regions.push_back(r);
            m_opLocs.push_back(locStart);
            m_module.ops.push_back(std::move(op));
        } else if (record) {
            m_module.addressOps.push_back(std::move(op));
        }
        return i;
    }

    void readModuleAttributes(const TtgirOp &op, size_t regionOpen)
    {
        size_t i = regionOpen;
        // Find `attributes {` before the region.
        size_t dict = 0;
        for (size_t k = regionOpen; k-- > 0;) {
            if (tok(k).pos.line < op.line)
                break;
            if (tok(k).kind == Tok::Ident && tok(k).text == "attributes" &&
                isPunct(tok(k + 1), "{"))
                dict = k + 1;
        }
        if (!dict)
            return;
        const size_t end = skipGroup(dict) - 1; // the '}'
        i = dict + 1;
        while (i < end) {
            const Token &key = tok(i);
            const std::string name = key.kind == Tok::String ? unquote(key.str()) : key.str();
            size_t j = i + 1;
            const Token *value = nullptr;
            if (isPunct(tok(j), "=")) {
                value = &tok(j + 1);
                j += 1;
            }
            while (j < end && !isPunct(tok(j), ",")) // value tokens up to ',' at depth 0
                j = closerOf(tok(j)) ? skipGroup(j) : j + 1;
            if (value) {
                if (name == "ttg.target" && value->kind == Tok::String) {
                    m_module.target = unquote(value->str());
                    const size_t colon = m_module.target.find(':');
                    m_module.arch = colon == std::string::npos ? m_module.target
                                                               : m_module.target.substr(colon + 1);
                    // NVIDIA targets name the compute capability ("cuda:90"): the architecture
                    // file is "sm90".
                    if (m_module.target.rfind("cuda:", 0) == 0)
                        m_module.arch = "sm" + m_module.arch;
                } else if (value->kind == Tok::Int) {
                    const int v = int(std::clamp<int64_t>(value->value, 0, 1 << 20));
                    if (name == "ttg.num-warps")
                        m_module.numWarps = v;
                    else if (name == "ttg.threads-per-warp")
                        m_module.threadsPerWarp = v;
                    else if (name == "ttg.num-ctas")
                        m_module.numCtas = v;
                    else if (name == "ttg.maxnreg")
                        m_module.maxRegisters = v;
                }
            }
            i = j + 1;
        }
    }

    // tensor<...> or !ttg.memdesc<...> at tokens[i] (tokens[i + 1] is '<').
    TtgirType readType(size_t i)
    {
        TtgirType type;
        type.kind = tok(i).kind == Tok::Ident ? TtgirType::Kind::Tensor : TtgirType::Kind::MemDesc;
        const size_t open = i + 1;
        const size_t close = skipGroup(open) - 1;
        type.text = rawText(i, close + 1);
        // Split the contents at depth-0 commas.
        std::vector<std::pair<size_t, size_t>> parts;
        size_t start = open + 1;
        for (size_t k = open + 1; k <= close;) {
            if (k == close || isPunct(tok(k), ",")) {
                parts.emplace_back(start, k);
                start = k + 1;
                ++k;
            } else {
                k = closerOf(tok(k)) ? skipGroup(k) : k + 1;
            }
        }
        if (parts.empty() || parts[0].first >= parts[0].second)
            fail(tok(open).pos, "empty type");
        const size_t a = tok(open).offset + 1;
        const size_t b = tok(parts[0].second).offset;
        const std::string shapeText = trimCopy(m_text.substr(a, b - a));
        size_t rest = 0;
        if (!readDims(shapeText, type.shape, rest))
            fail(tok(open + 1).pos, "dynamic dimensions ('?') are not supported");
        type.elementType = shapeText.substr(rest);
        if (type.elementType.empty())
            fail(tok(open + 1).pos, "type '" + type.text + "' has no element type");
        bool haveEncoding = false;
        for (size_t p = 1; p < parts.size(); ++p) {
            const auto [from, to] = parts[p];
            const Token &t = tok(from);
            if (t.kind == Tok::Hash && !haveEncoding) {
                haveEncoding = true;
                readEncoding(type, from, to);
            } else if (t.kind == Tok::Hash) {
                type.memorySpace = "#" + t.str();
            } else if (t.kind == Tok::Ident && t.text == "mutable") {
                type.isMutable = true;
            } else if (t.kind == Tok::Int) {
                const std::string s = rawText(from, to) + "x";
                size_t r = 0;
                readDims(s, type.allocShape, r);
            }
        }
        return type;
    }

    void readEncoding(TtgirType &type, size_t from, size_t to)
    {
        type.encodingText = rawText(from, to);
        const Token &t = tok(from);
        if (!isLayoutName(t.str())) {
            const auto it = m_aliasIndex.find(t.str());
            if (it == m_aliasIndex.end())
                fail(t.pos, "undefined alias '#" + t.str() + "'");
            const TtgirAlias &alias = m_module.aliases[it->second];
            if (alias.attr)
                type.encoding = alias.attr;
            else
                type.encodingError = alias.error.empty() ? "'#" + alias.name + "' is not a layout"
                                                         : "'#" + alias.name + "': " + alias.error;
            return;
        }
        try {
            size_t index = from;
            type.encoding = parseTtgAttributeAt(m_tokens, index, m_layouts);
            if (index != to)
                fail(tok(index).pos, "unexpected " + describe(tok(index)) + " in the encoding");
        } catch (const ParseFailure &f) {
            type.encoding.reset();
            type.encodingError = positioned(f);
        }
    }

    // The name of the NameLoc at `loc(` tokens[i], following aliases (depth-limited).
    std::string resolveLoc(size_t i, int depth) const
    {
        if (i == 0 || depth > 32)
            return {};
        size_t k = i + 2; // after `loc (`
        const Token &t = tok(k);
        if (t.kind == Tok::String && isPunct(tok(k + 1), "("))
            return unquote(t.str());
        if (t.kind == Tok::Hash)
            return resolveLocAlias(t.str(), depth);
        if (t.kind == Tok::Ident && t.text == "callsite" && isPunct(tok(k + 1), "(")) {
            const Token &callee = tok(k + 2);
            if (callee.kind == Tok::Hash) {
                std::string n = resolveLocAlias(callee.str(), depth);
                if (!n.empty())
                    return n;
            }
            // the caller, after `at`
            for (size_t j = k + 3; j < k + 8 && tok(j).kind != Tok::End; ++j)
                if (tok(j).kind == Tok::Ident && tok(j).text == "at" &&
                    tok(j + 1).kind == Tok::Hash)
                    return resolveLocAlias(tok(j + 1).str(), depth);
        }
        return {};
    }

    std::string resolveLocAlias(const std::string &name, int depth) const
    {
        const auto it = m_locAliases.find(name);
        return it == m_locAliases.end() ? std::string() : resolveLoc(it->second, depth + 1);
    }

    std::string_view m_text;
    std::vector<Token> m_tokens;
    TtgirModule m_module;
    std::map<std::string, LayoutAttrPtr> m_layouts;
    std::map<std::string, size_t> m_aliasIndex;
    std::map<std::string, size_t> m_locAliases; // alias -> index of its `loc` token
    std::vector<size_t> m_opLocs;               // per recorded op: its `loc` token or 0
    std::vector<TtgirRegion> m_regions;
};

} // namespace

Expected<TtgirModule> parseTtgir(std::string_view text)
{
    if (text.size() > kMaxTtgirBytes)
        return makeError("the module is " + byteSizeText(int64_t(text.size())) +
                         "; the reader accepts up to " + byteSizeText(int64_t(kMaxTtgirBytes)));
    try {
        TtgirReader reader(text);
        TtgirModule module = reader.run();
        if (module.target.empty() && module.ops.empty() && module.aliases.empty())
            return makeError("1:1: no TTGIR module in the text (no aliases, no module, no ops)");
        return module;
    } catch (const ParseFailure &f) {
        return makeError(positioned(f));
    }
}

} // namespace lx
