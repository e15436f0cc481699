#include "io/ttgtext.h"

#include "io/ttgtextreader.h"
#include "io/ttgtextschema.h"

#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <algorithm>
#include <iterator>
#include <map>
#include <string_view>
#include <utility>

namespace lx {

namespace ttgdetail {

namespace {

class MlirParser : private ValueCursor
{
public:
    explicit MlirParser(std::string_view text) : ValueCursor(tokenize(text, Syntax::Mlir)) {}
    // Reads a document out of tokens owned by the caller.
    explicit MlirParser(const std::vector<Token> &tokens) : ValueCursor(tokens, 0) {}
    // Reads attributes out of a module's tokens from `start`, resolving aliases in `aliases`.
    MlirParser(const std::vector<Token> &tokens, size_t start,
               std::map<std::string, LayoutAttrPtr> aliases)
        : ValueCursor(tokens, start), m_aliases(std::move(aliases))
    {
    }

    // One attribute (or an alias reference) at the cursor.
    LayoutAttrPtr parseOne() { return parseAttribute(0); }
    using TokenCursor::position;

    LayoutAttrPtr parseDocument()
    {
        LayoutAttrPtr lastExpression, lastAlias;
        while (peek().kind != Tok::End) {
            const Token &t = peek();
            if (t.kind != Tok::Hash)
                fail(t.pos,
                     "expected a #ttg attribute or an alias definition, found " + describe(t));
            if (!isDialectName(t.text) && peekAt(1).kind == Tok::Punct && peekAt(1).text == "=") {
                const Token &name = next();
                next(); // '='
                LayoutAttrPtr value = parseAttribute(0);
                m_aliases[name.str()] = value;
                lastAlias = value;
            } else {
                lastExpression = parseAttribute(0);
            }
        }
        if (lastExpression)
            return lastExpression;
        if (lastAlias)
            return lastAlias;
        fail(peek().pos, "no layout attribute in the text");
    }

private:
    static bool isDialectName(std::string_view name)
    {
        return name.starts_with("ttg.") || name.starts_with("triton_gpu.") ||
               name == "ttng.tensor_memory_encoding" ||
               name == "ttng.tensor_memory_scales_encoding";
    }

    // The TMEM attributes print their parameters as a struct: <key = value, ...>, possibly
    // empty; a dictionary in braces is read too.
    LayoutAttrPtr parseTensorMemory(const Token &t, std::string_view mnemonic, int depth)
    {
        std::string context = "#ttng.";
        context += mnemonic;
        expect("<");
        Value dict;
        if (peek().kind == Tok::Punct && peek().text == "{") {
            dict = parseDict(depth + 1);
        } else if (!(peek().kind == Tok::Punct && peek().text == ">")) {
            parseEntries(dict, depth);
        }
        expect(">");
        DictReader reader(std::move(dict.entries), context, t.pos);
        return mnemonic == "tensor_memory_encoding" ? makeTensorMemory(reader)
                                                    : makeTensorMemoryScales(reader);
    }

    LayoutAttrPtr parseAttribute(int depth)
    {
        if (depth > kMaxDepth)
            fail(peek().pos, "layouts nested too deeply");
        const Token &t = next();
        if (t.kind != Tok::Hash)
            fail(t.pos, "expected a #ttg attribute, found " + describe(t));
        if (!isDialectName(t.text)) {
            const auto it = m_aliases.find(t.str());
            if (it == m_aliases.end())
                fail(t.pos, "unknown alias '#" + t.str() + "'");
            return it->second;
        }
        const std::string_view mnemonic = t.text.substr(t.text.find('.') + 1);
        if (t.text.starts_with("ttng."))
            return parseTensorMemory(t, mnemonic, depth);
        std::string context = "#ttg.";
        context += mnemonic;
        if (mnemonic == "padded_shared") {
            expect("<");
            const Pos pairsPos = expect("[").pos;
            std::vector<std::pair<int32_t, int32_t>> pairs;
            if (!acceptPunct("]")) {
                do {
                    const Token interval = next();
                    if (interval.kind != Tok::Int)
                        fail(interval.pos, "expected an interval, found " + describe(interval));
                    expect(":");
                    expect("+");
                    const Token padding = next();
                    if (padding.kind != Tok::Int)
                        fail(padding.pos, "expected a padding, found " + describe(padding));
                    auto range = [](const Token &tk) {
                        if (tk.value < 0 || tk.value > INT32_MAX)
                            fail(tk.pos, "value out of range");
                        return int32_t(tk.value);
                    };
                    pairs.emplace_back(range(interval), range(padding));
                } while (acceptPunct(","));
                expect("]");
            }
            Value dict = parseDict(depth + 1);
            expect(">");
            DictReader reader(std::move(dict.entries), context, t.pos);
            return makePadded(std::move(pairs), pairsPos, reader);
        }
        if (mnemonic == "shared_linear") {
            expect("<");
            Value dict = parseDict(depth + 1);
            for (const Entry &e : dict.entries)
                if (e.key == "alignment")
                    fail(e.pos, "alignment must be specified outside of the linear layout braces");
            expect(",");
            const Token &key = next();
            if (key.kind != Tok::Ident || key.text != "alignment")
                fail(key.pos, "expected 'alignment', found " + describe(key));
            expect("=");
            Value alignment = parseValue(depth + 1);
            expect(">");
            const int32_t align = asInt(alignment, "alignment", 1);
            DictReader reader(std::move(dict.entries), context, t.pos);
            return makeSharedLinear(reader, align, &alignment);
        }
        using Maker = LayoutAttrPtr (*)(DictReader &);
        static constexpr std::pair<std::string_view, Maker> makers[] = {
            {"blocked", makeBlocked},
            {"linear", [](DictReader &d) { return makeLinear(d, false); }},
            {"generic_linear", [](DictReader &d) { return makeLinear(d, true); }},
            {"amd_wmma", makeWmma},
            {"amd_mfma", makeMfma},
            {"dot_op", makeDotOperand},
            {"slice", makeSlice},
            {"swizzled_shared", makeSwizzled},
            {"partitioned_shared", makePartitioned},
            {"nvidia_mma", makeNvidiaMma},
            {"nvmma_shared", makeNvmmaShared},
        };
        const auto it = std::find_if(std::begin(makers), std::end(makers),
                                     [&](const auto &m) { return m.first == mnemonic; });
        if (it == std::end(makers))
            fail(t.pos, "unsupported attribute '#" + t.str() +
                            "' (known: linear, generic_linear, blocked, amd_wmma, amd_mfma, "
                            "nvidia_mma, dot_op, slice, swizzled_shared, padded_shared, "
                            "shared_linear, partitioned_shared, nvmma_shared)");
        expect("<");
        Value dict = parseDict(depth + 1);
        expect(">");
        DictReader reader(std::move(dict.entries), context, t.pos);
        return it->second(reader);
    }

    Value parseDict(int depth)
    {
        Value v;
        parseDictInto(v, depth);
        return v;
    }

    // The values are read into their place in the tree (an entry's, a list item's) rather than
    // returned and moved there: a Value is about a hundred bytes.
    void parseDictInto(Value &v, int depth)
    {
        v.kind = Value::Dict;
        v.pos = expect("{").pos;
        if (acceptPunct("}"))
            return;
        v.entries.reserve(4); // most attributes have at most four keys
        parseEntries(v, depth);
        expect("}");
    }

    // `key = value` entries separated by commas, at least one, into `v` (a dictionary's or a
    // struct's parameters).
    void parseEntries(Value &v, int depth)
    {
        do {
            const Token &key = next();
            if (key.kind != Tok::Ident)
                fail(key.pos, "expected a key, found " + describe(key));
            expect("=");
            Entry &e = v.entries.emplace_back();
            e.key = key.text;
            e.pos = key.pos;
            parseValueInto(e.value, depth + 1);
        } while (acceptPunct(","));
    }

    Value parseValue(int depth)
    {
        Value v;
        parseValueInto(v, depth);
        return v;
    }

    // Requires: `v` default-constructed.
    void parseValueInto(Value &v, int depth)
    {
        if (parseScalar(v, depth, "true", "false"))
            return;
        const Token &t = peek();
        if (t.kind == Tok::Hash) {
            v.kind = Value::Attr;
            v.attr = parseAttribute(depth + 1);
            return;
        }
        if (isPunct(t, "{"))
            return parseDictInto(v, depth + 1);
        if (isPunct(t, "[")) {
            next();
            v.kind = Value::List;
            if (acceptPunct("]"))
                return;
            v.items.reserve(4); // shapes and bases: one allocation instead of two or three
            do
                parseValueInto(v.items.emplace_back(), depth + 1);
            while (acceptPunct(","));
            expect("]");
            return;
        }
        fail(t.pos, "expected a value, found " + describe(t));
    }

    std::map<std::string, LayoutAttrPtr> m_aliases;
};

} // namespace

LayoutAttrPtr parseTtgAttributeAt(const std::vector<Token> &tokens, size_t &index,
                                  const std::map<std::string, LayoutAttrPtr> &aliases)
{
    MlirParser parser(tokens, index, aliases);
    LayoutAttrPtr attr = parser.parseOne();
    index = parser.position();
    return attr;
}

} // namespace ttgdetail

using namespace ttgdetail;

namespace {

// The token storage of the last parseTtg on this thread, kept for the next one: an attribute's
// tokens are otherwise one allocation too large for malloc's small bins, and each of their
// strings one more. `busy` guards against a nested call (none exists today).
struct TokenBuffer
{
    std::vector<Token> tokens;
    bool busy = false;
};
thread_local TokenBuffer t_tokenBuffer;

} // namespace

Expected<LayoutAttrPtr> parseTtg(std::string_view text)
{
    TokenBuffer &buffer = t_tokenBuffer;
    const bool reuse = !buffer.busy;
    try {
        if (!reuse) {
            MlirParser parser(text);
            return parser.parseDocument();
        }
        // A text of a thousand tokens or so is an attribute; the storage of a larger one (a
        // pasted module, hostile input) is not kept for the next call.
        struct Release
        {
            TokenBuffer &buffer;
            ~Release()
            {
                buffer.busy = false;
                if (buffer.tokens.capacity() > 4096)
                    std::vector<Token>().swap(buffer.tokens);
            }
        } release{buffer};
        buffer.busy = true;
        tokenizeInto(text, Syntax::Mlir, buffer.tokens);
        const ValueArenaScope arena; // the value trees of this read are gone when it returns
        MlirParser parser(buffer.tokens);
        return parser.parseDocument();
    } catch (const ParseFailure &f) {
        return makeError(positioned(f));
    }
}

Expected<LayoutAttrPtr> parseLayoutText(std::string_view text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || text[first] == '#')
        return parseTtg(text);
    if (first != std::string_view::npos && text.substr(first, 2) == "//")
        return parseTtg(text);
    return parseGluon(text);
}

Expected<LayoutAttrPtr> linearAttrFor(const LinearLayout &layout)
{
    const std::vector<std::string> names = standardOutDimNames(layout.numOutDims());
    if (layout.outDimNames() != names)
        return makeError("only a layout over out-dims dim0, dim1, ... in that order has a #ttg "
                         "text form");
    // Triton infers a linear attribute's out-dim sizes from its bases, so the text cannot say
    // that part of the tensor is reached by nobody.
    if (!layout.isSurjective())
        return makeError("it does not reach every element of its out-dims (rank " +
                         std::to_string(layout.rank()) + " of " +
                         std::to_string(layout.totalOutDimSizeLog2()) +
                         " out bits); a #ttg linear layout always does");
    bool distributed = false, shared = false;
    for (const std::string &in : layout.inDimNames()) {
        if (in == "register" || in == "lane" || in == "warp")
            distributed = true;
        else if (in == "offset")
            shared = true;
        else if (in != "block")
            return makeError("in-dim '" + in +
                             "' has no #ttg spelling (#ttg.linear has register, lane, warp, "
                             "block; #ttg.shared_linear has offset, block)");
    }
    if (distributed && shared)
        return makeError("a layout with both offset and register/lane/warp in-dims has no #ttg "
                         "text form");
    auto basesOf = [&](const std::string &in) {
        BasisList out;
        if (layout.hasInDim(in))
            for (int i = 0; i < layout.inDimSizeLog2(in); ++i)
                out.push_back(layout.basis(in, i));
        return out;
    };
    if (shared) {
        SharedLinearAttr a;
        a.offsetBases = basesOf("offset");
        a.blockBases = basesOf("block");
        Expected<LayoutAttrPtr> parsed = parseTtg(printTtg(LayoutAttr{LayoutAttr::Variant(a)}));
        if (!parsed)
            return makeError("#ttg.shared_linear cannot describe it: " + parsed.message());
        return parsed;
    }
    DistributedLinearAttr a;
    a.registerBases = basesOf("register");
    a.laneBases = basesOf("lane");
    a.warpBases = basesOf("warp");
    a.blockBases = basesOf("block");
    // Triton's verifiers decide between #ttg.linear and #ttg.generic_linear (swizzled warp
    // bases, or not a permutation): the reader applies them, so ask it rather than repeat them.
    Expected<LayoutAttrPtr> plain = parseTtg(printTtg(LayoutAttr{LayoutAttr::Variant(a)}));
    if (plain)
        return plain;
    a.generic = true;
    Expected<LayoutAttrPtr> generic = parseTtg(printTtg(LayoutAttr{LayoutAttr::Variant(a)}));
    if (generic)
        return generic;
    return makeError("neither #ttg.linear nor #ttg.generic_linear describes it: " +
                     plain.message());
}

} // namespace lx
