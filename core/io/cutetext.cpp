// CuTe layout text (io/cute.h): reading `shape:stride` trees with an optional swizzle, printing
// them back, and telling CuTe text from the other layout forms.

#include "io/cute.h"
#include "io/cuteinternal.h"

#include "io/textcursor.h"

#include <cctype>

namespace lx {

using cuteinternal::kMaxBits;

namespace {

constexpr int kMaxDepth = 16;
constexpr int kMaxLeaves = 256;
constexpr int64_t kMaxInt = (int64_t(1) << 31) - 1;

// ---- reading ---------------------------------------------------------------------------------

// The CuTe text's cursor: TextCursor with its numbers and integer trees.
class Reader : public TextCursor
{
public:
    using TextCursor::TextCursor;

    std::string found()
    {
        skipBlanks();
        if (m_pos >= m_text.size())
            return "the end of the text";
        return "'" + std::string(1, m_text[m_pos]) + "'";
    }

    // ['_'] ['-'] digits
    Expected<int64_t> integer(bool allowNegative)
    {
        skipBlanks();
        if (m_pos < m_text.size() && m_text[m_pos] == '_')
            ++m_pos;
        bool negative = false;
        if (m_pos < m_text.size() && m_text[m_pos] == '-') {
            if (!allowNegative)
                return fail("a negative number is not allowed here");
            negative = true;
            ++m_pos;
        }
        const size_t start = m_pos;
        const std::optional<int64_t> v = digits(kMaxInt);
        if (!v)
            return fail("number too large (the limit is 2^31 - 1)");
        if (m_pos == start)
            return fail("expected a number, found " + found());
        return negative ? -*v : *v;
    }

    Expected<CuteTuple> tuple(int depth, bool allowNegative)
    {
        if (depth > kMaxDepth)
            return fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        if (eat('(')) {
            std::vector<CuteTuple> items;
            do {
                auto item = tuple(depth + 1, allowNegative);
                if (!item)
                    return item.error();
                items.push_back(std::move(*item));
            } while (eat(','));
            if (!eat(')'))
                return fail("expected ',' or ')', found " + found());
            return CuteTuple::tuple(std::move(items));
        }
        // An XOR stride, F2(d), where strides are read (allowNegative).
        const bool isXor = allowNegative && eat("F2(");
        auto v = integer(allowNegative && !isXor);
        if (!v)
            return v.error();
        if (isXor && !eat(')'))
            return fail("expected ')' after the F2 stride, found " + found());
        if (++m_leaves > kMaxLeaves)
            return fail("more than " + std::to_string(kMaxLeaves) + " integers");
        return CuteTuple::leaf(*v, isXor);
    }

private:
    int m_leaves = 0;
};

bool congruent(const CuteTuple &a, const CuteTuple &b)
{
    if (a.isLeaf || b.isLeaf)
        return a.isLeaf && b.isLeaf;
    if (a.items.size() != b.items.size())
        return false;
    for (size_t i = 0; i < a.items.size(); ++i)
        if (!congruent(a.items[i], b.items[i]))
            return false;
    return true;
}

Expected<CuteSwizzle> readSwizzle(Reader &r, char close)
{
    int v[3] = {0, 0, 0};
    for (int i = 0; i < 3; ++i) {
        if (i > 0 && !r.eat(','))
            return r.fail("expected ',' in the swizzle, found " + r.found());
        auto n = r.integer(i == 2);
        if (!n)
            return n.error();
        if (*n > kMaxBits || *n < -kMaxBits)
            return r.fail("swizzle parameter " + std::to_string(*n) + " out of range");
        v[i] = int(*n);
    }
    if (!r.eat(close))
        return r.fail(std::string("expected '") + close + "' after the swizzle parameters, found " +
                      r.found());
    const CuteSwizzle sw{v[0], v[1], v[2]};
    if (std::abs(sw.shift) < sw.bits)
        return r.fail("a swizzle needs |S| >= B (CuTe's rule), got Sw<" + std::to_string(sw.bits) +
                      "," + std::to_string(sw.base) + "," + std::to_string(sw.shift) + ">");
    if (sw.bits + sw.base + std::abs(sw.shift) > kMaxBits)
        return r.fail("swizzle reaches beyond bit " + std::to_string(kMaxBits));
    return sw;
}

} // namespace

std::vector<int64_t> CuteTuple::leaves() const
{
    if (isLeaf)
        return {value};
    std::vector<int64_t> out;
    for (const CuteTuple &t : items) {
        const auto sub = t.leaves();
        out.insert(out.end(), sub.begin(), sub.end());
    }
    return out;
}

int64_t CuteTuple::product() const
{
    int64_t p = 1;
    for (int64_t v : leaves())
        p = std::min<int64_t>(p * v, int64_t(1) << 40);
    return p;
}

uint64_t CuteSwizzle::apply(uint64_t x) const
{
    if (bits == 0)
        return x;
    const uint64_t bitMask = (uint64_t(1) << bits) - 1;
    const uint64_t yyy = bitMask << (base + std::max(0, shift));
    const uint64_t moved = x & yyy;
    return x ^ (shift >= 0 ? moved >> shift : moved << -shift);
}

Expected<CuteLayout> parseCute(std::string_view text)
{
    if (text.size() > 65536)
        return makeError("CuTe text longer than 64 KiB");
    Reader r(text);
    CuteLayout layout;
    const bool angled = r.eat("Swizzle<") || r.eat("Sw<");
    if (angled || r.eat("Swizzle(")) {
        auto sw = readSwizzle(r, angled ? '>' : ')');
        if (!sw)
            return sw.error();
        layout.swizzle = *sw;
        if (!r.eat("o"))
            return r.fail("expected 'o' (composition) after the swizzle, found " + r.found());
        // An optional offset: an integer followed by another 'o'.
        const size_t mark = r.pos();
        if (auto off = r.integer(false); off && r.eat("o")) {
            if (*off != 0)
                return r.fail("offset " + std::to_string(*off) +
                              " is not 0: a shifted layout is affine, not linear");
        } else {
            r.setPos(mark);
        }
    }
    // Python's Layout(shape, stride), or CuTe's printed shape:stride.
    const bool python = r.eat("Layout(");
    auto shape = r.tuple(1, false);
    if (!shape)
        return shape.error();
    if (!r.eat(python ? ',' : ':'))
        return r.fail(std::string("expected '") + (python ? ',' : ':') +
                      "' between shape and stride, found " + r.found());
    auto stride = r.tuple(1, true);
    if (!stride)
        return stride.error();
    if (python && !r.eat(')'))
        return r.fail("expected ')' after Layout's stride, found " + r.found());
    if (!r.atEnd())
        return r.fail("unexpected " + r.found() + " after the layout");
    if (!congruent(*shape, *stride))
        return makeError("shape and stride do not have the same nesting");
    for (int64_t s : shape->leaves())
        if (s < 1)
            return makeError("mode size " + std::to_string(s) + " is not positive");
    layout.shape = std::move(*shape);
    layout.stride = std::move(*stride);
    return layout;
}

namespace {
void printTuple(const CuteTuple &t, std::string &out)
{
    if (t.isLeaf) {
        out += t.xorStride ? "F2(" + std::to_string(t.value) + ")" : std::to_string(t.value);
        return;
    }
    out += '(';
    for (size_t i = 0; i < t.items.size(); ++i) {
        if (i)
            out += ',';
        printTuple(t.items[i], out);
    }
    out += ')';
}
} // namespace

std::string printCute(const CuteLayout &layout)
{
    std::string out;
    if (layout.swizzle)
        out += "Sw<" + std::to_string(layout.swizzle->bits) + "," +
               std::to_string(layout.swizzle->base) + "," + std::to_string(layout.swizzle->shift) +
               "> o 0 o ";
    printTuple(layout.shape, out);
    out += ':';
    printTuple(layout.stride, out);
    return out;
}

bool looksLikeCute(std::string_view text)
{
    const size_t i = text.find_first_not_of(" \t\r\n");
    if (i == std::string_view::npos)
        return false;
    const std::string_view t = text.substr(i);
    const char c = t[0];
    return c == '(' || c == '_' || std::isdigit(static_cast<unsigned char>(c)) ||
           t.starts_with("Sw<") || t.starts_with("Swizzle<") || t.starts_with("Swizzle(") ||
           t.starts_with("Layout(");
}
} // namespace lx
