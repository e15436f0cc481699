#include "io/attrform.h"

#include "io/ttgtextschema.h"

#include <algorithm>
#include <type_traits>

namespace lx {

namespace {

using ttgdetail::Entry;
using ttgdetail::EntryList;
using ttgdetail::fail;
using ttgdetail::ParseFailure;
using ttgdetail::Pos;
using ttgdetail::Value;

// Values carry the index of their form value as a text position: line i + 1 is value i, line 0
// the attribute as a whole, so a refusal names the value it is about.
Pos fieldPos(size_t index)
{
    return Pos{int(index) + 1, 1};
}

Value intValue(int64_t v, Pos pos)
{
    Value out;
    out.kind = Value::Int;
    out.integer = v;
    out.pos = pos;
    return out;
}

Value listValue(const IntList &list, Pos pos)
{
    Value out;
    out.kind = Value::List;
    out.pos = pos;
    for (int32_t x : list)
        out.items.push_back(intValue(x, pos));
    return out;
}

Value toValue(const FormValue &f, Pos pos)
{
    Value out;
    out.pos = pos;
    std::visit(
        [&](const auto &v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, int64_t>) {
                out = intValue(v, pos);
            } else if constexpr (std::is_same_v<T, bool>) {
                out.kind = Value::Bool;
                out.boolean = v;
            } else if constexpr (std::is_same_v<T, IntList>) {
                out = listValue(v, pos);
            } else if constexpr (std::is_same_v<T, BasisList>) {
                out.kind = Value::List;
                for (const Basis &basis : v)
                    out.items.push_back(listValue(basis, pos));
            } else if constexpr (std::is_same_v<T, LayoutAttrPtr>) {
                out.kind = Value::Attr;
                out.attr = v;
            } else {
                out.kind = Value::None; // interval padding: not a dictionary value
            }
        },
        f.value);
    return out;
}

// Puts `value` under the dotted `key` into `entries`, making the nested dictionaries it needs.
void insert(EntryList &entries, std::string_view key, Value value)
{
    const size_t dot = key.find('.');
    if (dot == std::string_view::npos) {
        entries.push_back(Entry{key, value.pos, std::move(value)});
        return;
    }
    const std::string_view head = key.substr(0, dot); // views the form's key, as `key` does
    auto it =
        std::find_if(entries.begin(), entries.end(), [&](const Entry &e) { return e.key == head; });
    if (it == entries.end()) {
        Value dict;
        dict.kind = Value::Dict;
        dict.pos = value.pos;
        entries.push_back(Entry{head, value.pos, std::move(dict)});
        it = entries.end() - 1;
    }
    insert(it->value.entries, key.substr(dot + 1), std::move(value));
}

LayoutAttrPtr construct(std::string_view mnemonic, const std::vector<FormValue> &values,
                        ttgdetail::DictReader &dict)
{
    const std::string_view m = mnemonic;
    if (m == "blocked")
        return ttgdetail::makeBlocked(dict);
    if (m == "amd_wmma")
        return ttgdetail::makeWmma(dict);
    if (m == "amd_mfma")
        return ttgdetail::makeMfma(dict);
    if (m == "dot_op")
        return ttgdetail::makeDotOperand(dict);
    if (m == "linear" || m == "generic_linear")
        return ttgdetail::makeLinear(dict, m == "generic_linear");
    if (m == "swizzled_shared")
        return ttgdetail::makeSwizzled(dict);
    if (m == "partitioned_shared")
        return ttgdetail::makePartitioned(dict);
    if (m == "nvidia_mma")
        return ttgdetail::makeNvidiaMma(dict);
    if (m == "nvmma_shared")
        return ttgdetail::makeNvmmaShared(dict);
    if (m == "tensor_memory_encoding")
        return ttgdetail::makeTensorMemory(dict);
    if (m == "tensor_memory_scales_encoding")
        return ttgdetail::makeTensorMemoryScales(dict);
    if (m == "padded_shared") {
        for (size_t i = 0; i < values.size(); ++i)
            if (const auto *pairs = std::get_if<IntervalPadding>(&values[i].value))
                return ttgdetail::makePadded(*pairs, fieldPos(i), dict);
        fail(Pos{0, 0}, "padded_shared needs at least one interval:+padding pair");
    }
    fail(Pos{0, 0}, "unknown layout attribute '" + std::string(mnemonic) + "'");
}

} // namespace

FormAttr attrFromForm(std::string_view mnemonic, const std::vector<FormValue> &values)
{
    EntryList entries;
    for (size_t i = 0; i < values.size(); ++i)
        if (!std::holds_alternative<IntervalPadding>(values[i].value))
            insert(entries, values[i].key, toValue(values[i], fieldPos(i)));
    FormAttr out;
    try {
        ttgdetail::DictReader dict(std::move(entries), "#ttg." + std::string(mnemonic), Pos{0, 0});
        out.attr = construct(mnemonic, values, dict);
    } catch (const ParseFailure &f) {
        out.message = f.message;
        const int line = f.pos.line;
        out.field = line >= 1 && size_t(line) <= values.size() ? line - 1 : -1;
    }
    return out;
}

} // namespace lx
