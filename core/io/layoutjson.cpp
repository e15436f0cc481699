#include "io/layoutjson.h"
#include "base/jsoninput.h"

#include "layout/linearlayout.h"

#include <nlohmann/json.hpp>

#include <limits>
#include <string>

namespace lx {

namespace {

using json = nlohmann::json;

std::optional<int32_t> toInt32(const json &v)
{
    if (!v.is_number_integer())
        return std::nullopt;
    if (v.is_number_unsigned()) {
        const auto u = v.get<uint64_t>();
        if (u > uint64_t(std::numeric_limits<int32_t>::max()))
            return std::nullopt;
        return int32_t(u);
    }
    const auto s = v.get<int64_t>();
    if (s < std::numeric_limits<int32_t>::min() || s > std::numeric_limits<int32_t>::max())
        return std::nullopt;
    return int32_t(s);
}

// A list of bases, each a list of non-negative integers.
Expected<std::vector<LinearLayout::Basis>> readBases(const json &list, const std::string &where)
{
    if (!list.is_array())
        return makeError(where + ": the bases must be a list, got " + jsonExcerpt(list));
    std::vector<LinearLayout::Basis> out;
    for (size_t i = 0; i < list.size(); ++i) {
        const json &b = list[i];
        const std::string here = where + " basis " + std::to_string(i);
        if (!b.is_array())
            return makeError(here + ": expected a list of integers, got " + jsonExcerpt(b));
        LinearLayout::Basis basis;
        for (size_t k = 0; k < b.size(); ++k) {
            const std::optional<int32_t> v = toInt32(b[k]);
            if (!v)
                return makeError(here + " component " + std::to_string(k) + ": " +
                                 jsonExcerpt(b[k]) + " is not a 32-bit integer");
            if (*v < 0)
                return makeError(here + " component " + std::to_string(k) + ": " +
                                 std::to_string(*v) + " is negative");
            basis.push_back(*v);
        }
        out.push_back(std::move(basis));
    }
    return out;
}

Expected<int32_t> readSize(const json &v, const std::string &name)
{
    const std::optional<int32_t> s = toInt32(v);
    if (!s)
        return makeError("outDims '" + name + "': the size " + jsonExcerpt(v) +
                         " is not a 32-bit integer");
    if (*s <= 0 || (*s & (*s - 1)) != 0)
        return makeError("outDims '" + name + "': the size " + std::to_string(*s) +
                         " is not a power of two >= 1");
    if (*s > (int32_t(1) << LinearLayout::kMaxOutDimBits))
        return makeError("outDims '" + name + "': the size " + std::to_string(*s) + " exceeds 2^" +
                         std::to_string(LinearLayout::kMaxOutDimBits));
    return *s;
}

Expected<std::vector<std::string>> readNames(const json &list, const std::string &key)
{
    if (!list.is_array())
        return makeError("'" + key + "' must be a list of names, got " + jsonExcerpt(list));
    std::vector<std::string> names;
    for (const json &n : list) {
        if (!n.is_string())
            return makeError("'" + key + "' must be a list of names, got " + jsonExcerpt(n));
        names.push_back(n.get<std::string>());
    }
    return names;
}

// The in-dims and their bases, in order: a list of [inDim, bases] pairs, or an object with
// 'inOrder'.
Expected<LinearLayout::BasesT> readInDims(const json &j)
{
    LinearLayout::BasesT bases;
    const json &jb = j["bases"];
    if (jb.is_object()) {
        // Object form: the order lives in inOrder / outOrder (JSON objects are unordered).
        if (!j.contains("inOrder"))
            return makeError("object-form bases need 'inOrder' (in-dim order matters)");
        Expected<std::vector<std::string>> inOrder = readNames(j["inOrder"], "inOrder");
        if (!inOrder)
            return inOrder.error();
        for (const std::string &d : *inOrder) {
            if (!jb.contains(d))
                return makeError("'inOrder' names '" + d + "', which has no entry in 'bases'");
            Expected<std::vector<LinearLayout::Basis>> bs = readBases(jb[d], "in-dim '" + d + "'");
            if (!bs)
                return bs.error();
            bases.emplace_back(d, std::move(*bs));
        }
        if (jb.size() != inOrder->size())
            return makeError("'bases' has " + std::to_string(jb.size()) +
                             " in-dims, 'inOrder' names " + std::to_string(inOrder->size()));
    } else if (jb.is_array()) {
        for (size_t i = 0; i < jb.size(); ++i) {
            const json &e = jb[i];
            if (!e.is_array() || e.size() != 2 || !e[0].is_string())
                return makeError("bases entry " + std::to_string(i) +
                                 " must be [inDimName, [[...], ...]], got " + jsonExcerpt(e));
            const std::string name = e[0].get<std::string>();
            Expected<std::vector<LinearLayout::Basis>> bs =
                readBases(e[1], "in-dim '" + name + "'");
            if (!bs)
                return bs.error();
            bases.emplace_back(name, std::move(*bs));
        }
    } else {
        return makeError("'bases' must be a list of [inDim, bases] pairs, got " + jsonExcerpt(jb));
    }
    return bases;
}

// The out-dims and their sizes, in order: a list of [name, size] pairs, an object with
// 'outOrder', or only 'outOrder' when the sizes are inferred (size 0 here).
Expected<std::vector<LinearLayout::NamedSize>> readOutDims(const json &j, bool inferred)
{
    std::vector<LinearLayout::NamedSize> outDims;
    if (j.contains("outDims")) {
        const json &jo = j["outDims"];
        if (jo.is_array()) {
            for (size_t i = 0; i < jo.size(); ++i) {
                const json &e = jo[i];
                if (!e.is_array() || e.size() != 2 || !e[0].is_string())
                    return makeError("outDims entry " + std::to_string(i) +
                                     " must be [name, size], got " + jsonExcerpt(e));
                const std::string name = e[0].get<std::string>();
                Expected<int32_t> s = readSize(e[1], name);
                if (!s)
                    return s.error();
                outDims.emplace_back(name, *s);
            }
        } else if (jo.is_object()) {
            if (!j.contains("outOrder"))
                return makeError("object-form outDims need 'outOrder' (out-dim order matters)");
            Expected<std::vector<std::string>> outOrder = readNames(j["outOrder"], "outOrder");
            if (!outOrder)
                return outOrder.error();
            for (const std::string &o : *outOrder) {
                if (!jo.contains(o))
                    return makeError("'outOrder' names '" + o +
                                     "', which has no entry in 'outDims'");
                Expected<int32_t> s = readSize(jo[o], o);
                if (!s)
                    return s.error();
                outDims.emplace_back(o, *s);
            }
            if (jo.size() != outOrder->size())
                return makeError("'outDims' has " + std::to_string(jo.size()) +
                                 " entries, 'outOrder' names " + std::to_string(outOrder->size()));
        } else {
            return makeError("'outDims' must be a list of [name, size] pairs, got " +
                             jsonExcerpt(jo));
        }
    } else {
        Expected<std::vector<std::string>> outOrder = readNames(j["outOrder"], "outOrder");
        if (!outOrder)
            return outOrder.error();
        if (!inferred)
            return makeError(
                "without 'outDims' the sizes must be inferred ('sizesInferred': true)");
        for (const std::string &o : *outOrder)
            outDims.emplace_back(o, 0);
    }
    return outDims;
}

Expected<LinearLayout> parse(const json &j)
{
    if (!j.is_object())
        return makeError("a layout must be a JSON object with 'bases' and 'outDims', got " +
                         jsonExcerpt(j));
    if (!j.contains("bases"))
        return makeError("the layout has no 'bases'");
    if (!j.contains("outDims") && !j.contains("outOrder"))
        return makeError("the layout has no 'outDims'");
    bool inferred = false;
    if (j.contains("sizesInferred")) {
        if (!j["sizesInferred"].is_boolean())
            return makeError("'sizesInferred' must be true or false");
        inferred = j["sizesInferred"].get<bool>();
    }

    Expected<LinearLayout::BasesT> inDims = readInDims(j);
    if (!inDims)
        return inDims.error();
    LinearLayout::BasesT bases = std::move(*inDims);
    Expected<std::vector<LinearLayout::NamedSize>> outs = readOutDims(j, inferred);
    if (!outs)
        return outs.error();
    std::vector<LinearLayout::NamedSize> outDims = std::move(*outs);

    if (!inferred)
        return LinearLayout::tryCreate(std::move(bases), std::move(outDims), false);
    std::vector<std::string> names;
    for (const auto &[n, s] : outDims)
        names.push_back(n);
    Expected<LinearLayout> l = LinearLayout::tryCreateInferred(std::move(bases), names);
    if (!l)
        return l;
    for (const auto &[n, s] : outDims)
        if (s != 0 && l->outDimSize(n) != s)
            return makeError("out-dim '" + n + "' is given size " + std::to_string(s) +
                             " but the bases infer " + std::to_string(l->outDimSize(n)));
    return l;
}

} // namespace

Expected<LinearLayout> layoutFromJson(const nlohmann::json &j)
{
    try {
        return parse(j);
    } catch (const nlohmann::json::exception &e) {
        return makeError(std::string("malformed layout JSON: ") + e.what());
    }
}

nlohmann::json layoutToJson(const LinearLayout &layout)
{
    json bases = json::array();
    for (const auto &[name, bs] : layout.bases())
        bases.push_back(json::array({name, bs}));
    json outs = json::array();
    for (const auto &[name, size] : layout.outDims())
        outs.push_back(json::array({name, size}));
    return json{{"bases", bases}, {"outDims", outs}};
}

} // namespace lx
