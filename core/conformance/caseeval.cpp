#include "conformance/caseeval.h"

#include "analysis/banks.h"
#include "base/jsoninput.h"
#include "f2/f2matrix.h"
#include "io/gluonjson.h"
#include "io/layoutjson.h"
#include "io/tritontext.h"
#include "layout/builders.h"
#include "layout/layoututils.h"
#include "layout/linearlayout.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <set>

namespace lx {

using json = nlohmann::json;

namespace {

// Thrown inside this file only, to unwind out of argument decoding; evaluateCase turns it
// into an {"error"} value. Nothing escapes the public functions.
struct CaseError
{
    std::string message;
};

[[noreturn]] void fail(std::string message)
{
    throw CaseError{std::move(message)};
}

template <typename T> T unwrap(Expected<T> e)
{
    if (!e)
        fail(e.message());
    return std::move(*e);
}

const json &arg(const json &args, size_t i)
{
    if (!args.is_array() || i >= args.size())
        fail("missing argument " + std::to_string(i));
    return args[i];
}

int32_t toInt(const json &j, const std::string &what)
{
    if (!j.is_number_integer())
        fail(what + " must be an integer, got " + jsonExcerpt(j));
    const int64_t v = j.get<int64_t>();
    if (v < INT32_MIN || v > INT32_MAX)
        fail(what + " " + std::to_string(v) + " is out of the 32-bit range");
    return int32_t(v);
}

std::string toName(const json &j, const std::string &what)
{
    if (!j.is_string())
        fail(what + " must be a string, got " + jsonExcerpt(j));
    return j.get<std::string>();
}

std::vector<std::string> toNames(const json &j, const std::string &what)
{
    if (!j.is_array())
        fail(what + " must be a list of names");
    std::vector<std::string> v;
    for (const json &e : j)
        v.push_back(toName(e, what));
    return v;
}

std::vector<LinearLayout::NamedSize> toNamedSizes(const json &j, const std::string &what)
{
    if (!j.is_array())
        fail(what + " must be a list of [name, size]");
    std::vector<LinearLayout::NamedSize> v;
    for (const json &e : j) {
        if (!e.is_array() || e.size() != 2)
            fail(what + ": each entry must be [name, size], got " + jsonExcerpt(e));
        v.emplace_back(toName(e[0], what), toInt(e[1], what + " size"));
    }
    return v;
}

std::vector<LinearLayout::Basis> toBasisList(const json &j, const std::string &dim)
{
    if (!j.is_array())
        fail("bases of '" + dim + "' must be a list of vectors");
    std::vector<LinearLayout::Basis> v;
    for (const json &b : j) {
        if (!b.is_array())
            fail("a basis of '" + dim + "' must be a list of integers, got " + jsonExcerpt(b));
        LinearLayout::Basis basis;
        for (const json &c : b)
            basis.push_back(toInt(c, "a component of '" + dim + "'"));
        v.push_back(std::move(basis));
    }
    return v;
}

// A layout in the conformance format (core/io/layoutjson.h).
LinearLayout toLayout(const json &j)
{
    return unwrap(layoutFromJson(j));
}

json fromLayout(const LinearLayout &l)
{
    return layoutToJson(l);
}

std::vector<int32_t> toShape(const json &j)
{
    if (!j.is_array())
        fail("a shape must be a list of integers");
    std::vector<int32_t> shape;
    for (const json &e : j)
        shape.push_back(toInt(e, "a shape entry"));
    return shape;
}

std::vector<LinearLayout::NamedValue> toPoint(const json &j)
{
    if (!j.is_array())
        fail("an input point must be a list of [inDim, value]");
    std::vector<LinearLayout::NamedValue> p;
    for (const json &e : j) {
        if (!e.is_array() || e.size() != 2)
            fail("an input point must be a list of [inDim, value], got " + jsonExcerpt(e));
        p.emplace_back(toName(e[0], "an in-dim name"), toInt(e[1], "an input value"));
    }
    return p;
}

json fromPoint(const std::vector<LinearLayout::NamedValue> &p)
{
    json r = json::array();
    for (const auto &[name, v] : p)
        r.push_back(json::array({name, v}));
    return r;
}

json matrixRows(const LinearLayout &l)
{
    const F2Matrix m = l.matrix();
    json rows = json::array();
    for (int r = 0; r < m.rows(); ++r) {
        json row = json::array();
        for (int c = 0; c < m.cols(); ++c)
            row.push_back(m.at(r, c) ? 1 : 0);
        rows.push_back(row);
    }
    return rows;
}

// ColumnAction(action, inDim, k) applied to a layout: bases[inDim][i] = old[action[i]].
LinearLayout columnAction(const LinearLayout &l, const std::vector<int32_t> &action,
                          const std::string &dim)
{
    if (!l.hasInDim(dim))
        fail("no in-dim '" + dim + "'");
    const int k = l.inDimSizeLog2(dim);
    std::set<int32_t> seen;
    for (int32_t a : action)
        if (a < 0 || a >= k || !seen.insert(a).second)
            fail("column action entry " + std::to_string(a) + " is out of range or repeated");
    LinearLayout::BasesT bases = l.bases();
    for (auto &[name, bs] : bases) {
        if (name != dim)
            continue;
        std::vector<LinearLayout::Basis> nb;
        for (int32_t a : action)
            nb.push_back(bs[size_t(a)]);
        bs = std::move(nb);
    }
    return unwrap(LinearLayout::tryCreate(std::move(bases), l.outDims(), false));
}

using Op = std::function<json(const json &args)>;

// Factories, evaluation and the matrix view.
std::map<std::string, Op> constructionOps()
{
    return {
        {"identity1D",
         [](const json &a) {
             return fromLayout(unwrap(LinearLayout::identity1D(toInt(arg(a, 0), "size"),
                                                               toName(arg(a, 1), "in-dim"),
                                                               toName(arg(a, 2), "out-dim"))));
         }},
        {"zeros1D",
         [](const json &a) {
             const int32_t outSize = a.size() > 3 ? toInt(a[3], "out size") : 1;
             return fromLayout(
                 unwrap(LinearLayout::zeros1D(toInt(arg(a, 0), "size"), toName(arg(a, 1), "in-dim"),
                                              toName(arg(a, 2), "out-dim"), outSize)));
         }},
        {"strided1D",
         [](const json &a) {
             return fromLayout(unwrap(LinearLayout::strided1D(
                 toInt(arg(a, 0), "size"), toInt(arg(a, 1), "stride"), toName(arg(a, 2), "in-dim"),
                 toName(arg(a, 3), "out-dim"))));
         }},
        {"empty", [](const json &) { return fromLayout(LinearLayout::empty()); }},
        {"constructInferred",
         [](const json &a) {
             const json &spec = arg(a, 0);
             if (!spec.is_object() || !spec.contains("inOrder") || !spec.contains("bases") ||
                 !spec["bases"].is_object())
                 fail("constructInferred needs {inOrder, bases: {inDim: [...]}}");
             LinearLayout::BasesT b;
             for (const std::string &d : toNames(spec["inOrder"], "inOrder")) {
                 if (!spec["bases"].contains(d))
                     fail("no bases for in-dim '" + d + "'");
                 b.emplace_back(d, toBasisList(spec["bases"][d], d));
             }
             return fromLayout(unwrap(
                 LinearLayout::tryCreateInferred(std::move(b), toNames(arg(a, 1), "out names"))));
         }},
        {"apply",
         [](const json &a) {
             const LinearLayout l = toLayout(arg(a, 0));
             const json &pts = arg(a, 1);
             const bool many = pts.is_array() && !pts.empty() && pts[0].is_array() &&
                               !pts[0].empty() && pts[0][0].is_array();
             if (!many)
                 return fromPoint(unwrap(l.apply(toPoint(pts))));
             json r = json::array();
             for (const json &p : pts)
                 r.push_back(fromPoint(unwrap(l.apply(toPoint(p)))));
             return r;
         }},
        {"properties",
         [](const json &a) {
             const LinearLayout l = toLayout(arg(a, 0));
             return json{{"surjective", l.isSurjective()},
                         {"injective", l.isInjective()},
                         {"invertible", l.isInvertible()}};
         }},
        {"toString", [](const json &a) { return json(toLayout(arg(a, 0)).toString()); }},
        {"matrixView", [](const json &a) { return matrixRows(toLayout(arg(a, 0))); }},
        {"getMatrixView", [](const json &a) { return matrixRows(toLayout(arg(a, 0))); }},
    };
}

// Inversion, composition, product and division.
std::map<std::string, Op> algebraOps()
{
    return {
        {"invert", [](const json &a) { return fromLayout(unwrap(toLayout(arg(a, 0)).invert())); }},
        {"pseudoinvert",
         [](const json &a) { return fromLayout(unwrap(toLayout(arg(a, 0)).pseudoinvert())); }},
        {"compose",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).compose(toLayout(arg(a, 1)))));
         }},
        {"invertAndCompose",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).invertAndCompose(toLayout(arg(a, 1)))));
         }},
        {"invertAndComposeRoundTrip",
         [](const json &a) {
             const LinearLayout outer = toLayout(arg(a, 1));
             const LinearLayout c = unwrap(toLayout(arg(a, 0)).invertAndCompose(outer));
             return fromLayout(unwrap(c.compose(outer)));
         }},
        {"invertAndComposeApplyCheck",
         [](const json &a) {
             const LinearLayout outer = toLayout(arg(a, 1));
             const LinearLayout c = unwrap(toLayout(arg(a, 0)).invertAndCompose(outer));
             const auto mid = unwrap(c.apply(toPoint(arg(a, 2))));
             return fromPoint(unwrap(outer.apply(mid)));
         }},
        {"composeWithInverse",
         [](const json &a) {
             const LinearLayout inv = unwrap(toLayout(arg(a, 1)).invert());
             return fromLayout(unwrap(toLayout(arg(a, 0)).compose(inv)));
         }},
        {"product",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).product(toLayout(arg(a, 1)))));
         }},
        {"divideLeft",
         [](const json &a) {
             auto c = LinearLayout::divideLeft(toLayout(arg(a, 0)), toLayout(arg(a, 1)));
             if (!c)
                 fail("divideLeft: the layout is not the divisor times a quotient");
             return fromLayout(*c);
         }},
        {"divideRight",
         [](const json &a) {
             auto c = LinearLayout::divideRight(toLayout(arg(a, 0)), toLayout(arg(a, 1)));
             if (!c)
                 fail("divideRight: the layout is not a quotient times the divisor");
             return fromLayout(*c);
         }},
    };
}

// Shape and structure operations: transposes, reshapes, comparisons, sublayouts, quotients.
std::map<std::string, Op> structureOps()
{
    return {
        {"transposeIns",
         [](const json &a) {
             return fromLayout(
                 unwrap(toLayout(arg(a, 0)).transposeIns(toNames(arg(a, 1), "order"))));
         }},
        {"transposeOuts",
         [](const json &a) {
             return fromLayout(
                 unwrap(toLayout(arg(a, 0)).transposeOuts(toNames(arg(a, 1), "order"))));
         }},
        {"reshapeIns",
         [](const json &a) {
             return fromLayout(
                 unwrap(toLayout(arg(a, 0)).reshapeIns(toNamedSizes(arg(a, 1), "new in-dims"))));
         }},
        {"reshapeOuts",
         [](const json &a) {
             return fromLayout(
                 unwrap(toLayout(arg(a, 0)).reshapeOuts(toNamedSizes(arg(a, 1), "new out-dims"))));
         }},
        {"flattenIns", [](const json &a) { return fromLayout(toLayout(arg(a, 0)).flattenIns()); }},
        {"flattenOuts",
         [](const json &a) { return fromLayout(toLayout(arg(a, 0)).flattenOuts()); }},
        {"getNumConsecutiveInOut",
         [](const json &a) { return json(toLayout(arg(a, 0)).getNumConsecutiveInOut()); }},
        {"equal", [](const json &a) { return json(toLayout(arg(a, 0)) == toLayout(arg(a, 1))); }},
        {"notEqual",
         [](const json &a) { return json(toLayout(arg(a, 0)) != toLayout(arg(a, 1))); }},
        {"equalIgnoringOutDimSizes",
         [](const json &a) {
             return json(toLayout(arg(a, 0)).equalIgnoringOutDimSizes(toLayout(arg(a, 1))));
         }},
        {"sublayout",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).sublayout(
                 toNames(arg(a, 1), "in-dims"), toNames(arg(a, 2), "out-dims"))));
         }},
        {"sublayoutIsZero",
         [](const json &a) {
             return json(unwrap(toLayout(arg(a, 0)).sublayoutIsZero(
                 toNames(arg(a, 1), "in-dims"), toNames(arg(a, 2), "out-dims"))));
         }},
        {"getFreeVariableMasks",
         [](const json &a) { return fromPoint(toLayout(arg(a, 0)).getFreeVariableMasks()); }},
        {"quotient",
         [](const json &a) {
             auto q = toLayout(arg(a, 0)).quotient(toNames(arg(a, 1), "dims"));
             if (!q)
                 fail("quotient: the layout is not trivial over those dims");
             return fromLayout(*q);
         }},
        {"supremum",
         [](const json &a) {
             return json(supremum(toNames(arg(a, 0), "x"), toNames(arg(a, 1), "y")));
         }},
        {"squareSublayoutIsIdentity",
         [](const json &a) {
             return json(
                 unwrap(toLayout(arg(a, 0)).squareSublayoutIsIdentity(toNames(arg(a, 1), "dims"))));
         }},
    };
}

// Triton's layout helpers around the engine: column actions, resizing and concatenation, the
// distributed and shared views, bank conflicts and the conversion of Gluon layouts.
std::map<std::string, Op> helperOps()
{
    return {
        {"columnActionApply",
         [](const json &a) {
             std::vector<int32_t> action;
             for (const json &e : arg(a, 1))
                 action.push_back(toInt(e, "action entry"));
             return fromLayout(
                 columnAction(toLayout(arg(a, 0)), action, toName(arg(a, 2), "in-dim")));
         }},
        {"columnActionApplyValues",
         [](const json &a) {
             std::vector<int32_t> action;
             for (const json &e : arg(a, 0))
                 action.push_back(toInt(e, "action entry"));
             const int32_t k = toInt(arg(a, 1), "inSizeLog2");
             const json &values = arg(a, 2);
             if (k < 0 || k > 20 || !values.is_array() || values.size() != (size_t(1) << k))
                 fail("columnActionApplyValues: need 2^inSizeLog2 values");
             LinearLayout id = unwrap(LinearLayout::identity1D(int32_t(1) << k, "in", "out"));
             LinearLayout p = columnAction(id, action, "in");
             json out = json::array();
             for (int32_t i = 0; i < (int32_t(1) << action.size()); ++i)
                 out.push_back(values[size_t(p.applyOrdered({i})[0])]);
             return out;
         }},
        {"zerosLike", [](const json &a) { return fromLayout(toLayout(arg(a, 0)).zerosLike()); }},
        {"resizeInDim",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).resizeInDim(toName(arg(a, 1), "in-dim"),
                                                                      toInt(arg(a, 2), "size"))));
         }},
        {"resizeOutDim",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).resizeOutDim(toName(arg(a, 1), "out-dim"),
                                                                       toInt(arg(a, 2), "size"))));
         }},
        {"concatIns",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).concatIns(toLayout(arg(a, 1)))));
         }},
        {"ensureLayoutNotSmallerThan",
         [](const json &a) {
             return fromLayout(unwrap(ensureLayoutNotSmallerThan(
                 toLayout(arg(a, 0)), toNamedSizes(arg(a, 1), "shape"))));
         }},
        {"tritonDistributedView",
         [](const json &a) {
             if (!arg(a, 1).is_boolean())
                 fail("useHWPointOfView must be true or false");
             return json(
                 unwrap(tryTritonDistributedView(toLayout(arg(a, 0)), arg(a, 1).get<bool>())));
         }},
        {"tritonSharedView",
         [](const json &a) {
             if (!arg(a, 1).is_boolean())
                 fail("useHWPointOfView must be true or false");
             return json(unwrap(tryTritonSharedView(toLayout(arg(a, 0)), arg(a, 1).get<bool>())));
         }},
        {"tritonBankConflicts",
         [](const json &a) {
             // [registerLayout, sharedGluonLayout, shape, bitwidth]
             const LinearLayout reg = toLayout(arg(a, 0));
             const LayoutAttrPtr sharedAttr = unwrap(attrFromGluonJson(arg(a, 1)));
             const LinearLayout shared = unwrap(toLinearLayout(*sharedAttr, toShape(arg(a, 2))));
             return json(unwrap(tritonBankConflicts(reg, shared, toInt(arg(a, 3), "bitwidth"))));
         }},
        {"toLinear",
         [](const json &a) {
             const LayoutAttrPtr attr = unwrap(attrFromGluonJson(arg(a, 0)));
             return fromLayout(unwrap(toLinearLayout(*attr, toShape(arg(a, 1)))));
         }},
        {"concatOuts",
         [](const json &a) {
             return fromLayout(unwrap(toLayout(arg(a, 0)).concatOuts(toLayout(arg(a, 1)))));
         }},
    };
}

// Every op by name, built once.
const std::map<std::string, Op> &ops()
{
    static const std::map<std::string, Op> table = [] {
        std::map<std::string, Op> all;
        for (auto group : {constructionOps, algebraOps, structureOps, helperOps})
            all.merge(group());
        return all;
    }();
    return table;
}

bool isErrorExpectation(const json &expect)
{
    return (expect.is_string() && expect.get<std::string>() == "fail") ||
           (expect.is_object() && expect.contains("error"));
}

} // namespace

json evaluateClassifying(const std::function<json()> &evaluate)
{
    try {
        return evaluate();
    } catch (const CaseError &e) {
        // The engine's own refusal (an Error result) or a case argument that fails validation.
        return json{{"error", e.message}};
    } catch (const json::type_error &e) {
        // Reading a case argument as the wrong JSON type: the case is malformed.
        return json{{"error", std::string("malformed case: ") + e.what()}};
    } catch (const std::exception &e) {
        return json{{"internalError", std::string("unexpected exception: ") + e.what()}};
    } catch (...) {
        return json{{"internalError", "unexpected exception of an unknown type"}};
    }
}

json evaluateCase(const json &testCase)
{
    return evaluateClassifying([&testCase]() -> json {
        if (!testCase.is_object())
            return json{{"error", "a case must be an object"}};
        if (!testCase.contains("op") || !testCase["op"].is_string())
            return json{{"error", "the case has no \"op\""}};
        const std::string op = testCase["op"].get<std::string>();
        const auto &table = ops();
        auto it = table.find(op);
        if (it == table.end())
            return json{{"error", "unknown op '" + op + "'"}};
        const json args = testCase.value("args", json::array());
        if (!args.is_array())
            return json{{"error", "\"args\" must be a list"}};
        return it->second(args);
    });
}

json evaluateCaseFile(std::string_view text)
{
    Expected<json> parsed = parseJson(text);
    if (!parsed)
        return json{{"error", "the file is " + parsed.message()}};
    json &doc = *parsed;
    if (!doc.is_object())
        return json{{"error", "the file must be a JSON object with a \"cases\" list"}};
    const char *key = doc.contains("cases")     ? "cases"
                      : doc.contains("vectors") ? "vectors"
                                                : nullptr;
    if (!key || !doc[key].is_array())
        return json{{"error", "the file has no \"cases\" list"}};
    json results = json::array();
    size_t index = 0;
    for (const json &c : doc[key]) {
        std::string name = "#" + std::to_string(index);
        if (c.is_object() && c.contains("name") && c["name"].is_string())
            name = c["name"].get<std::string>();
        results.push_back(json{{"name", name}, {"value", evaluateCase(c)}});
        ++index;
    }
    return json{{"results", results}};
}

bool resultMatches(const json &value, const json &expect)
{
    if (value.is_object() && value.contains("internalError"))
        return false;
    const bool valueIsError = value.is_object() && value.contains("error");
    if (isErrorExpectation(expect))
        return valueIsError;
    if (valueIsError)
        return false;
    if (expect.is_object() && expect.contains("bases") && expect.contains("outDims"))
        return value.is_object() && value.value("bases", json()) == expect["bases"] &&
               value.value("outDims", json()) == expect["outDims"];
    return value == expect;
}

} // namespace lx
