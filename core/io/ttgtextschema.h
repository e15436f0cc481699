#pragma once

// The attribute schema shared by the #ttg reader and the Gluon reader (internal to core/io):
// generic values (what an MLIR attribute dictionary or a Python call's arguments hold), a
// dictionary reader that reports unknown, duplicate and missing keys, typed accessors with
// range checks, and one constructor per layout attribute that validates its keys the way
// Triton's verifiers do and stores the normal form described in ttgtext.h.

#include "base/expected.h"
#include "base/intmath.h"
#include "io/mlirlexer.h"
#include "io/ttgtextarena.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lx::ttgdetail {

struct Entry;
struct Value;
// A list's items and a dictionary's entries (their storage: ttgtextarena.h).
using ValueList = std::vector<Value, TreeAllocator<Value>>;
using EntryList = std::vector<Entry, TreeAllocator<Entry>>;

struct Value
{
    enum Kind
    {
        Int,
        Bool,
        None,
        List,
        Dict,
        Attr
    } kind = Int;
    Pos pos;
    int64_t integer = 0;
    bool boolean = false;
    ValueList items;    // List
    EntryList entries;  // Dict
    LayoutAttrPtr attr; // Attr
};

struct Entry
{
    // Views the text read (or a name with static storage): the tree lives only while it is read.
    std::string_view key;
    Pos pos;
    Value value;
};

inline const char *kindName(Value::Kind k)
{
    switch (k) {
    case Value::Int:
        return "an integer";
    case Value::Bool:
        return "a boolean";
    case Value::None:
        return "None";
    case Value::List:
        return "a list";
    case Value::Dict:
        return "a dictionary";
    case Value::Attr:
        return "a layout";
    }
    return "a value";
}

// Reads the keys of one dictionary, remembering which were used so that the rest can be
// reported as unknown.
class DictReader
{
public:
    DictReader(EntryList entries, std::string context, Pos pos)
        : m_entries(std::move(entries)),
          m_used(m_entries.size() > 64 ? m_entries.size() : 0, false),
          m_context(std::move(context)), m_pos(pos)
    {
        // A handful of keys: pairwise comparison beats building a set.
        for (size_t i = 0; i < m_entries.size(); ++i)
            for (size_t j = 0; j < i; ++j)
                if (m_entries[j].key == m_entries[i].key)
                    fail(m_entries[i].pos,
                         "duplicate key '" + std::string(m_entries[i].key) + "' in " + m_context);
    }

    // The value of `key` (nullptr when absent), marked used; a caller may move out of it.
    Value *take(std::string_view key)
    {
        for (size_t i = 0; i < m_entries.size(); ++i)
            if (m_entries[i].key == key) {
                markUsed(i);
                return &m_entries[i].value;
            }
        return nullptr;
    }
    const Value &require(std::string_view key)
    {
        if (const Value *v = take(key))
            return *v;
        fail(m_pos, "missing key '" + std::string(key) + "' in " + m_context);
    }
    bool has(std::string_view key) const
    {
        return std::any_of(m_entries.begin(), m_entries.end(),
                           [&](const Entry &e) { return e.key == key; });
    }
    // Every key not taken is an error, with the keys this attribute knows.
    void finish(std::initializer_list<const char *> known) const
    {
        for (size_t i = 0; i < m_entries.size(); ++i) {
            if (used(i))
                continue;
            std::string list;
            for (const char *k : known)
                list += (list.empty() ? "" : ", ") + std::string(k);
            fail(m_entries[i].pos, "unknown key '" + std::string(m_entries[i].key) + "' in " +
                                       m_context + " (known keys: " + list + ")");
        }
    }
    const std::string &context() const { return m_context; }
    Pos pos() const { return m_pos; }

private:
    // Which entries were taken: a bit each up to 64 entries (no allocation), a vector past that.
    void markUsed(size_t i)
    {
        if (m_entries.size() > 64)
            m_used[i] = true;
        else
            m_usedBits |= uint64_t(1) << i;
    }
    bool used(size_t i) const
    {
        return m_entries.size() > 64 ? bool(m_used[i]) : ((m_usedBits >> i) & 1) != 0;
    }

    EntryList m_entries;
    std::vector<bool> m_used;
    uint64_t m_usedBits = 0;
    std::string m_context;
    Pos m_pos;
};

[[nodiscard]] int32_t asInt(const Value &v, std::string_view what, int64_t min = 0,
                            int64_t max = INT32_MAX);
[[nodiscard]] bool asBool(const Value &v, std::string_view what);
[[nodiscard]] IntList asIntList(const Value &v, std::string_view what, int64_t min = 0);
[[nodiscard]] BasisList asBases(const Value &v, std::string_view what, int &rank);
[[nodiscard]] LayoutAttrPtr asAttr(const Value &v, std::string_view what);
void requirePow2(const Value &v, const IntList &values, std::string_view what);
void requirePermutation(const Value &v, const IntList &order, std::string_view what);

// Rank implied by basis lists (the length of the first non-empty basis), 0 when all are empty.
[[nodiscard]] int rankOfBases(std::initializer_list<const BasisList *> lists);
// "1, 2, 3": the entries of a list as the printers write them between brackets.
[[nodiscard]] std::string ints(const IntList &l);
// The tensor rank an attribute describes.
[[nodiscard]] int attrRank(const LayoutAttr &a);
// The shape Triton infers from bases: per dim, the largest power of two the bases reach.
[[nodiscard]] IntList inferredShape(std::initializer_list<const BasisList *> lists, int rank);
[[nodiscard]] Expected<LinearLayout>
inferredLayout(std::vector<std::pair<const char *, const BasisList *>> dims, int rank);
[[nodiscard]] bool isPermutationAfterDroppingZeros(const LinearLayout &ll);

// One constructor per attribute; each takes the keys it knows from `dict` and fails on the rest.
[[nodiscard]] BasisList readCga(DictReader &dict, int rank);
[[nodiscard]] LayoutAttrPtr makeBlocked(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeLinear(DictReader &dict, bool generic);
[[nodiscard]] LayoutAttrPtr makeWmma(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeMfma(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeDotOperand(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeSlice(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeSwizzled(DictReader &dict);
// The dictionary part of #ttg.padded_shared (short {order, shape} or long {offset, block}),
// stored in normal form (see ttgtext.h).
[[nodiscard]] LayoutAttrPtr makePadded(std::vector<std::pair<int32_t, int32_t>> pairs, Pos pairsPos,
                                       DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeSharedLinear(DictReader &dict, int32_t alignment,
                                             const Value *alignmentValue);
[[nodiscard]] LayoutAttrPtr makePartitioned(DictReader &dict);
// #ttg.nvidia_mma and #ttg.nvmma_shared (ttgtextnvidia.cpp).
[[nodiscard]] LayoutAttrPtr makeNvidiaMma(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeNvmmaShared(DictReader &dict);
// #ttng.tensor_memory_encoding and #ttng.tensor_memory_scales_encoding (ttgtextnvidia.cpp).
[[nodiscard]] LayoutAttrPtr makeTensorMemory(DictReader &dict);
[[nodiscard]] LayoutAttrPtr makeTensorMemoryScales(DictReader &dict);
// Gluon's TensorMemoryLayout, TensorMemoryScalesLayout and get_tmem_reg_layout (the last gives
// the #ttg.linear register layout of a tcgen05.ld/st), from their keyword arguments
// (ttgtextgluontmem.cpp).
inline const std::vector<const char *> kTmemRegLayoutParams = {
    "element_ty",   "shape",         "layout",    "num_warps", "instr_variant",
    "ctas_per_cga", "cta_split_num", "cta_order", "cga_layout"};
[[nodiscard]] LayoutAttrPtr makeGluonTensorMemory(EntryList args, const std::string &context,
                                                  Pos pos);
[[nodiscard]] LayoutAttrPtr makeGluonTensorMemoryScales(EntryList args, const std::string &context,
                                                        Pos pos);
[[nodiscard]] LayoutAttrPtr makeGluonTmemRegLayout(EntryList args, const std::string &context,
                                                   Pos pos);
// An instr_variant string as a value (its index among Gluon's variants); refused when unknown.
[[nodiscard]] Value tmemVariantValue(const std::string &variant, Pos pos);
// The variant of an index tmemVariantValue gave.
[[nodiscard]] std::string tmemVariantName(int64_t index);

// The cursor both attribute readers walk, with the start of a value common to both languages.
class ValueCursor : protected TokenCursor
{
protected:
    using TokenCursor::TokenCursor;

    // The start of a value in both languages: the nesting guard and the value's position, then
    // an integer or a boolean (spelled `trueWord` / `falseWord`). True when that completed `v`.
    bool parseScalar(Value &v, int depth, const char *trueWord, const char *falseWord)
    {
        if (depth > kMaxDepth)
            fail(peek().pos, "value nested too deeply");
        const Token &t = peek();
        v.pos = t.pos;
        if (t.kind == Tok::Int) {
            v.kind = Value::Int;
            v.integer = next().value;
            return true;
        }
        if (t.kind == Tok::Ident && (t.text == trueWord || t.text == falseWord)) {
            v.kind = Value::Bool;
            v.boolean = next().text == trueWord;
            return true;
        }
        return false;
    }
};

} // namespace lx::ttgdetail
