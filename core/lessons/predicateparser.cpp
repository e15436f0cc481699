#include "lessons/predicateparser.h"

#include "io/textcursor.h"

#include <cctype>

namespace lx::predicate {

namespace {

constexpr int kMaxDepth = 32;

class Parser : private TextCursor
{
public:
    explicit Parser(std::string_view s) : TextCursor(s, "predicate, ") {}

    Expected<Node> parse()
    {
        auto n = conjunction();
        if (!n)
            return n;
        skipBlanks();
        if (m_pos < m_text.size())
            return fail("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        return n;
    }

private:
    std::string identifier()
    {
        skipBlanks();
        const size_t start = m_pos;
        while (m_pos < m_text.size() &&
               (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
            ++m_pos;
        return std::string(m_text.substr(start, m_pos - start));
    }

    Expected<Node> conjunction()
    {
        auto first = comparison();
        if (!first)
            return first;
        Node all{Node::And, 0, {}, {*first}, {}, {}};
        for (;;) {
            const size_t mark = m_pos;
            if (eat("&&")) {
            } else if (identifier() == "and") {
            } else {
                m_pos = mark;
                break;
            }
            auto next = comparison();
            if (!next)
                return next;
            all.children.push_back(std::move(*next));
        }
        return all;
    }

    Expected<Node> comparison()
    {
        const size_t start = m_pos;
        auto left = value(0);
        if (!left)
            return left;
        for (const char *op : {"==", "!=", "<=", ">=", "<", ">"}) {
            if (eat(op)) {
                auto right = value(0);
                if (!right)
                    return right;
                Node n{Node::Compare, 0, op, {std::move(*left), std::move(*right)}, {}, {}};
                n.source = trimmed(start);
                return n;
            }
        }
        return left;
    }

    std::string trimmed(size_t start) const
    {
        std::string s(m_text.substr(start, m_pos - start));
        const size_t a = s.find_first_not_of(" \t\n"), b = s.find_last_not_of(" \t\n");
        return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
    }

    Expected<int64_t> integer()
    {
        skipBlanks();
        bool negative = false;
        if (m_pos < m_text.size() && m_text[m_pos] == '-') {
            negative = true;
            ++m_pos;
        }
        const size_t start = m_pos;
        const std::optional<int64_t> v = digits(int64_t(1) << 40);
        if (!v)
            return fail("number too large");
        if (start == m_pos)
            return fail("expected a number");
        return negative ? -*v : *v;
    }

    // The values of a list or of a call's arguments after the opening bracket: separated by ','
    // up to close; where is added to the error when neither follows a value.
    Expected<std::vector<Node>> valuesUntil(char close, int depth, const std::string &where)
    {
        std::vector<Node> out;
        if (eat(close))
            return out;
        do {
            auto item = value(depth + 1);
            if (!item)
                return item.error();
            out.push_back(std::move(*item));
        } while (eat(','));
        if (!eat(close))
            return fail(std::string("expected ',' or '") + close + "'" + where);
        return out;
    }

    Expected<Node> value(int depth)
    {
        if (depth > kMaxDepth)
            return fail("nested too deeply");
        skipBlanks();
        const size_t start = m_pos;
        if (m_pos >= m_text.size())
            return fail("expected a value, found the end");
        const char c = m_text[m_pos];
        if (c == '"') {
            const size_t end = m_text.find('"', m_pos + 1);
            if (end == std::string_view::npos)
                return fail("unterminated string");
            std::string text(m_text.substr(m_pos + 1, end - m_pos - 1));
            m_pos = end + 1;
            return Node{Node::Str, 0, std::move(text), {}, {}, {}};
        }
        if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
            auto v = integer();
            if (!v)
                return v.error();
            return Node{Node::Int, *v, {}, {}, {}, {}};
        }
        if (c == '[') {
            ++m_pos;
            auto items = valuesUntil(']', depth, "");
            if (!items)
                return items.error();
            return Node{Node::List, 0, {}, std::move(*items), {}, {}};
        }
        if (c == '{') {
            ++m_pos;
            Node n{Node::Map, 0, {}, {}, {}, {}};
            if (!eat("}")) {
                do {
                    const std::string key = identifier();
                    if (key.empty())
                        return fail("expected an in-dim name");
                    if (!eat(":"))
                        return fail("expected ':' after '" + key + "'");
                    auto v = integer();
                    if (!v)
                        return v.error();
                    n.entries.emplace_back(key, *v);
                } while (eat(","));
                if (!eat("}"))
                    return fail("expected ',' or '}'");
            }
            return n;
        }
        const std::string name = identifier();
        if (name.empty())
            return fail("unexpected '" + std::string(1, c) + "'");
        if (name == "true" || name == "false")
            return Node{Node::Bool, name == "true", {}, {}, {}, {}};
        if (!eat("("))
            return Node{Node::Ident, 0, name, {}, {}, {}};
        auto args = valuesUntil(')', depth, " in the call of " + name);
        if (!args)
            return args.error();
        Node call{Node::Call, 0, name, std::move(*args), {}, {}};
        call.source = trimmed(start);
        return call;
    }
};

} // namespace

Expected<Node> parsePredicateText(std::string_view text)
{
    return Parser(text).parse();
}

} // namespace lx::predicate
