// The analyses of layout_explorer._core over a scene (a preset, a scene file or a dict of the
// .lxscene form) and the searches without a layout: `analyze banks/lds/cta --preset/--scene`,
// `compare`, `suggest shared --preset/--scene [--explain]`, `suggest cta` and `suggest op`. Each
// builds the request its command builds (the view choices of request/scenerequests.h), asks
// the same resolver and hands the command's --json object to Python as a Json view; a dict scene
// is read from its value (io/scenejson.h), never written to a file.

#include "core.h"

#include "base/boundedread.h"
#include "base/bytesize.h"
#include "base/jsoninput.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "io/scenejson.h"
#include "io/ttgir.h"
#include "request/analysisinputs.h"
#include "request/commandjson.h"
#include "request/compareinput.h"
#include "request/difflayout.h"
#include "request/dsloadtrjson.h"
#include "request/kernelsuggest.h"
#include "request/reportjson.h"
#include "request/scenerequests.h"
#include "request/shape.h"

#include <pybind11/stl.h>

#include <chrono>
#include <cmath>
#include <optional>

namespace lxpy {

namespace {
using namespace lxpy::prefix;

// A Python value of the .lxscene form as JSON: dicts with str keys, lists and tuples, str, int
// (64 bits), float, bool and None, nested at most kMaxJsonDepth deep.
nlohmann::json jsonOf(py::handle v, const std::string &what, int depth = 0)
{
    if (depth > lx::kMaxJsonDepth)
        throw LayoutError{what + ": nested more than " + std::to_string(lx::kMaxJsonDepth) +
                          " levels deep"};
    if (v.is_none())
        return nullptr;
    if (py::isinstance<py::bool_>(v))
        return v.cast<bool>();
    if (std::optional<py::int_> i = integerValue(v)) {
        int overflow = 0;
        const long long n = PyLong_AsLongLongAndOverflow(i->ptr(), &overflow);
        if (overflow != 0)
            throw LayoutError{what + ": a number past 64 bits: " + describe(v)};
        return int64_t(n);
    }
    if (py::isinstance<py::float_>(v)) {
        const double d = v.cast<double>();
        if (!std::isfinite(d))
            throw LayoutError{what + ": a number that JSON cannot hold: " + describe(v)};
        return d;
    }
    if (py::isinstance<py::str>(v))
        return toString(v, "a scene's text");
    if (py::isinstance<py::dict>(v)) {
        nlohmann::json o = nlohmann::json::object();
        for (const auto &[k, item] : v.cast<py::dict>()) {
            if (!py::isinstance<py::str>(k))
                throw LayoutError{what + ": a key must be a str, not " + describe(k)};
            o[toString(k, "a scene's key")] = jsonOf(item, what, depth + 1);
        }
        return o;
    }
    if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
        nlohmann::json a = nlohmann::json::array();
        for (py::handle item : v)
            a.push_back(jsonOf(item, what, depth + 1));
        return a;
    }
    throw LayoutError{what + ": a value JSON cannot hold: " + describe(v)};
}

} // namespace

SceneArg sceneArg(py::handle preset, py::handle scene, const std::string &prog, bool named)
{
    if (!preset.is_none() && !scene.is_none())
        throw LayoutError{"give preset or scene, not both"};
    SceneArg out;
    lx::Expected<lx::Scene> s = lx::makeError("no scene given");
    if (!preset.is_none()) {
        const std::string name = toString(preset, "preset");
        out.what = "preset '" + name + "'";
        py::gil_scoped_release release;
        s = lx::loadPreset(name);
    } else if (py::isinstance<py::dict>(scene)) {
        out.what = "the scene";
        const nlohmann::json doc = jsonOf(scene, "scene");
        py::gil_scoped_release release;
        s = lx::sceneFromJson(doc);
    } else if (!scene.is_none()) {
        const py::object path = py::module_::import("os").attr("fspath")(scene);
        out.what = toString(path, "scene");
        py::gil_scoped_release release;
        s = lx::loadSceneFile(out.what);
    }
    if (!s) // `named`: the command says which scene before why (analyze ds-load-tr)
        throw LayoutError{prog + (named ? out.what + ": " : std::string()) + s.message()};
    out.scene = std::move(*s);
    return out;
}

namespace {

// A view index or warp: a non-negative int, refused with the command's message.
std::optional<int> indexArg(py::handle value, const std::string &message)
{
    const std::optional<int64_t> n = optionalInteger(value, 0, INT32_MAX, message);
    return n ? std::optional<int>(int(*n)) : std::nullopt;
}

} // namespace

std::optional<std::string> optString(py::handle value, const std::string &what)
{
    return value.is_none() ? std::nullopt : std::optional(toString(value, what));
}

namespace {

std::string archOr(const std::optional<std::string> &arch, const std::string &sceneArch)
{
    return arch ? *arch : sceneArch.empty() ? std::string(lx::kDefaultArch) : sceneArch;
}

// `analyze banks --preset/--scene [--view N] [--warp W] [--dtype T] [--instruction I] --json`.
py::object bankScene(py::handle preset, py::handle scene, py::handle view, py::handle dtype,
                     py::handle arch, py::handle instruction, py::handle warp)
{
    const std::optional<int> w = indexArg(warp, kBanks + "--warp expects a non-negative integer");
    const std::optional<int> v = indexArg(view, kBanks + "--view expects a non-negative integer");
    const std::optional<std::string> a = optString(arch, "arch");
    const std::optional<std::string> t = optString(dtype, "dtype");
    const std::optional<std::string> i = optString(instruction, "instruction");
    SceneArg s = sceneArg(preset, scene, kBanks);
    std::shared_ptr<const lx::BankViewInput> in;
    std::shared_ptr<const lx::ViewRequest> request;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::ViewRequest> r = lx::bankSceneRequest(s.scene, s.what, v.value_or(-1));
        if (!r)
            throw LayoutError{kBanks + r.message()};
        r->arch = archOr(a, r->arch);
        if (w)
            r->options["warp"] = *w;
        if (t)
            r->options["dtype"] = *t;
        if (i)
            r->options["instruction"] = *i;
        lx::Expected<lx::BankViewInput> resolved = lx::resolveBankAccess(*r);
        if (!resolved)
            throw LayoutError{kBanks + resolved.message()};
        if (resolved->report.instructions.empty())
            throw LayoutError{kBanks + "the view has no access to analyse (a bank map without a "
                                       "register layout)"};
        in = std::make_shared<const lx::BankViewInput>(std::move(*resolved));
        request = std::make_shared<const lx::ViewRequest>(std::move(*r));
    }
    return bankRecord(std::move(in), std::move(request));
}

// `analyze lds --preset/--scene [--arch A] --json`; a capacity warning fails it, as it fails the
// command (exit 1), with every warning's message.
py::object lds(py::handle preset, py::handle scene, py::handle arch)
{
    if (preset.is_none() && scene.is_none())
        throw LayoutError{kLds + "give either --preset NAME or --scene FILE"};
    const std::optional<std::string> a = optString(arch, "arch");
    SceneArg s = sceneArg(preset, scene, kLds);
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::ViewRequest> r = lx::ldsSceneRequest(s.scene, s.what);
        if (!r)
            throw LayoutError{kLds + r.message()};
        r->arch = archOr(a, r->arch);
        lx::Expected<lx::LdsInput> in = lx::resolveLds(*r);
        if (!in)
            throw LayoutError{kLds + in.message()};
        if (!in->scenario.warnings.empty()) {
            std::string message;
            for (const lx::CapacityWarning &warning : in->scenario.warnings)
                message += (message.empty() ? "" : "\n") + kLds + warning.message;
            throw LayoutError{message};
        }
        j = lx::ldsReportJson(*in, lx::ldsFigures(*in));
    }
    return jsonObject(std::move(j));
}

// `analyze cta --preset/--scene [--dtype T] [--arch A] --json`.
py::object ctaScene(py::handle preset, py::handle scene, py::handle dtype, py::handle arch)
{
    const std::optional<std::string> a = optString(arch, "arch");
    const std::optional<std::string> t = optString(dtype, "dtype");
    SceneArg s = sceneArg(preset, scene, kCta);
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        std::string text;
        lx::Expected<lx::ViewRequest> r = lx::ctaSceneRequest(s.scene, s.what, text);
        if (!r)
            throw LayoutError{kCta + r.message()};
        r->arch = archOr(a, r->arch);
        // As the command: a dtype given wins over a view's own "dtype" option.
        if (t) {
            r->dtype = *t;
            r->options["dtype"] = *t;
        }
        lx::Expected<lx::CtaInput> in = lx::resolveCta(*r);
        if (!in)
            throw LayoutError{kCta + in.message()};
        j = lx::ctaReportJson(*in, text);
    }
    return jsonObject(std::move(j));
}

// `analyze ds-load-tr --preset/--scene [--dtype T] [--arch A] [--warp W] --json`.
py::object dsLoadTrScene(py::handle preset, py::handle scene, py::handle dtype, py::handle arch,
                         py::handle warp)
{
    if (!preset.is_none() && !scene.is_none())
        throw LayoutError{kTr + "--preset and --scene exclude each other"};
    const std::optional<std::string> a = optString(arch, "arch");
    const std::optional<std::string> t = optString(dtype, "dtype");
    const int w = indexArg(warp, kTr + "--warp must be a warp index").value_or(0);
    SceneArg s = sceneArg(preset, scene, kTr, true);
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::ViewRequest> r = lx::dsLoadTrSceneRequest(s.scene, s.what);
        if (!r)
            throw LayoutError{kTr + r.message()};
        if (t)
            r->options["dtype"] = *t;
        r->arch = archOr(a, r->arch);
        lx::Expected<lx::DsLoadTrInput> in = lx::resolveDsLoadTr(*r);
        if (!in)
            throw LayoutError{kTr + lx::dsLoadTrRefusal(in.message(), r->kind)};
        if (const std::optional<std::string> refused = lx::dsLoadTrWarpRefusal(*in, w))
            throw LayoutError{kTr + *refused};
        lx::Expected<nlohmann::json> record = lx::dsLoadTrJson(*in, *r);
        if (!record)
            throw LayoutError{kTr + record.message()};
        j = std::move(*record);
    }
    return jsonObject(std::move(j));
}

// `compare (--preset | --scene) A B [--archs LIST] [--dtype T] --json`.
py::object compare(py::handle first, py::handle second, py::handle preset, py::handle scene,
                   py::handle archs, py::handle dtype)
{
    if (preset.is_none() == scene.is_none())
        throw LayoutError{kCompare + "give one of --scene FILE and --preset NAME"};
    const std::string a = toString(first, "a"), b = toString(second, "b");
    std::optional<std::vector<std::string>> archList;
    if (!archs.is_none())
        archList = py::isinstance<py::str>(archs)
                       ? std::vector<std::string>{toString(archs, "archs")}
                       : toStringList(archs, "archs");
    const std::optional<std::string> t = optString(dtype, "dtype");
    SceneArg s = sceneArg(preset, scene, kCompare);
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::ViewRequest> base = lx::sceneRequest(s.scene);
        if (!base)
            throw LayoutError{kCompare + s.what + ": " + base.message()};
        lx::ViewRequest req = std::move(*base);
        req.kind = "compare";
        req.layout = a;
        req.options = nlohmann::json{{"layout", a}, {"other", b}};
        if (archList) {
            nlohmann::json list = nlohmann::json::array();
            for (const std::string &name : *archList)
                if (!name.empty())
                    list.push_back(name);
            req.options["archs"] = list;
        }
        if (t)
            req.options["dtype"] = *t;
        lx::Expected<lx::CompareInput> in = lx::resolveCompare(req);
        if (!in)
            throw LayoutError{kCompare + s.what + ": " + in.message()};
        j = lx::compareJson(*in);
    }
    return jsonObject(std::move(j));
}

// `suggest cta --shape MxN --warps W --instr MxNxK --dtype T [--arch A] [--limit N] --json`
// (shape and instr as their texts).
py::object suggestCta(const std::string &shape, py::handle warps, const std::string &instr,
                      const std::string &dtype, py::handle arch, py::handle limit)
{
    lx::Expected<std::vector<int32_t>> dims = lx::parseShape(shape, {.rank = 2});
    if (!dims)
        throw LayoutError{kSuggestCta + "--shape: " + dims.message()};
    lx::Expected<std::vector<int32_t>> ins = lx::parseShape(instr, {.rank = 3});
    if (!ins)
        throw LayoutError{kSuggestCta + "--instr: " + ins.message()};
    const std::string warpsMessage = kSuggestCta + "--warps expects a positive integer";
    if (warps.is_none())
        throw LayoutError{warpsMessage};
    const int w = int(*optionalInteger(warps, 1, INT32_MAX, warpsMessage));
    const std::optional<int64_t> limitN =
        optionalInteger(limit, 1, INT32_MAX, kSuggestCta + "--limit expects a positive integer");
    const std::string a = archOr(optString(arch, "arch"), {});
    nlohmann::json j;
    bool stopped = false;
    {
        py::gil_scoped_release release;
        lx::Expected<int> bits = lx::dtypeBits(dtype);
        if (!bits)
            throw LayoutError{kSuggestCta + "--dtype: " + bits.message()};
        lx::Expected<lx::Architecture> architecture = lx::loadArchitecture(a);
        if (!architecture)
            throw LayoutError{kSuggestCta + architecture.message()};
        lx::Expected<lx::CuModel> cu = lx::cuModelOf(*architecture);
        if (!cu)
            throw LayoutError{kSuggestCta + cu.message()};
        lx::CtaSuggestRequest req;
        req.shape = {(*dims)[0], (*dims)[1]};
        req.warps = w;
        req.instrShape = {(*ins)[0], (*ins)[1], (*ins)[2]};
        req.isTransposed = true; // the command's default (no --not-transposed)
        req.elemBits = *bits;
        req.limit = int(limitN.value_or(0));
        req.cancelled = [&stopped] { // Ctrl-C, checked between candidates
            py::gil_scoped_acquire acquire;
            stopped = stopped || PyErr_CheckSignals() != 0;
            return stopped;
        };
        const auto start = std::chrono::steady_clock::now();
        lx::Expected<lx::CtaSuggestResult> r = lx::suggestCtaLayouts(req, *cu);
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count();
        if (!r && !stopped)
            throw LayoutError{kSuggestCta + r.message()};
        if (r)
            j = lx::ctaSuggestionJson(*r, ms);
    }
    if (stopped)
        throw py::error_already_set();
    return jsonObject(std::move(j));
}

// `suggest op FILE --line N [--arch A] --json`, or of a module given as text (named "-", as
// `suggest op -` reads standard input).
py::object suggestOp(py::handle module, py::handle line, py::handle arch, bool isText)
{
    const std::string source = toString(module, isText ? "a module's text" : "a module's path");
    const int n =
        indexArg(line, kSuggestOp + "--line expects the op's line, a positive integer").value_or(0);
    if (n <= 0)
        throw LayoutError{kSuggestOp + "--line expects the op's line, a positive integer"};
    lx::KernelSuggestOptions options;
    options.arch = optString(arch, "arch").value_or(std::string());
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        const std::string path = isText ? std::string("-") : source;
        lx::Expected<std::string> text =
            isText ? lx::Expected<std::string>(source)
                   : lx::readBounded(source, int64_t(lx::kMaxTtgirBytes), "a TTGIR module");
        if (!text)
            throw LayoutError{kSuggestOp + text.message()};
        if (text->size() > lx::kMaxTtgirBytes)
            throw LayoutError{kSuggestOp + "a TTGIR module is at most " +
                              lx::byteSizeText(int64_t(lx::kMaxTtgirBytes))};
        lx::Expected<lx::TtgirModule> parsed = lx::parseTtgir(*text);
        if (!parsed)
            throw LayoutError{kSuggestOp + path + ":" + parsed.message()};
        lx::Expected<lx::KernelSuggestion> s = lx::suggestForKernelOp(*parsed, n, options);
        if (!s)
            throw LayoutError{kSuggestOp + path + ": " + s.message()};
        j = lx::kernelSuggestionJson(*s);
    }
    return jsonObject(std::move(j));
}

// `diff --a A --b B [--shape MxN] [--dtype T] --json` (shape as its text).
py::object diff(py::handle a, py::handle b, py::handle shape, py::handle dtype)
{
    auto usage = [](const std::string &message) {
        return LayoutError{kDiff + message +
                           "\nRun 'layout-explorer diff --help' for the options."};
    };
    const std::string texts[2] = {toString(a, "a"), toString(b, "b")};
    std::optional<std::vector<int32_t>> dims;
    if (!shape.is_none()) {
        lx::Expected<std::vector<int32_t>> parsed = lx::parseShape(toString(shape, "shape"));
        if (!parsed)
            throw usage("malformed --shape: " + parsed.message());
        dims = std::move(*parsed);
    }
    // The request the diff view makes: layouts "a" and "b", the element type by the request
    // layer's policy.
    lx::ViewRequest req;
    req.kind = "diff";
    if (!dtype.is_none()) {
        req.dtype = toString(dtype, "dtype");
        if (auto known = req.elementType({}); !known)
            throw usage("--dtype: " + known.message());
    }
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::DiffInput> in = lx::resolveDiffArgs(texts[0], texts[1], dims, req);
        if (!in)
            throw LayoutError{kDiff + in.message()};
        j = lx::diffReportJson(*in);
    }
    return jsonObject(std::move(j));
}

} // namespace

// `suggest shared --preset/--scene`: the scene's access (suggest.cpp searches it).
lx::SceneAccess sceneAccessArg(py::handle preset, py::handle scene, py::handle view,
                               py::handle dtype, py::handle arch, const std::string &prog)
{
    lx::SceneAccessOptions options;
    options.view = indexArg(view, prog + "--view expects a non-negative integer");
    options.arch = optString(arch, "arch");
    options.dtype = optString(dtype, "dtype");
    SceneArg s = sceneArg(preset, scene, prog);
    options.what = s.what;
    py::gil_scoped_release release;
    lx::Expected<lx::SceneAccess> access = lx::sceneAccessOf(std::move(s.scene), options);
    if (!access)
        throw LayoutError{prog + access.message()};
    return std::move(*access);
}

void defineScenes(py::module_ &m)
{
    m.def("bank_scene", &bankScene, py::arg("preset") = py::none(), py::arg("scene") = py::none(),
          py::arg("view") = py::none(), py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("instruction") = py::none(), py::arg("warp") = py::none(),
          "`analyze banks --preset/--scene --json` (scene: a path or a dict), as a Json view.");
    m.def("lds", &lds, py::arg("preset") = py::none(), py::arg("scene") = py::none(),
          py::arg("arch") = py::none(), "`analyze lds --preset/--scene --json`, as a Json view.");
    m.def("cta_scene", &ctaScene, py::arg("preset") = py::none(), py::arg("scene") = py::none(),
          py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          "`analyze cta --preset/--scene --json`, as a Json view.");
    m.def("ds_load_tr_scene", &dsLoadTrScene, py::arg("preset") = py::none(),
          py::arg("scene") = py::none(), py::arg("dtype") = py::none(),
          py::arg("arch") = py::none(), py::arg("warp") = py::none(),
          "`analyze ds-load-tr --preset/--scene --json` (scene: a path or a dict), as a Json "
          "view.");
    m.def("compare", &compare, py::arg("a"), py::arg("b"), py::arg("preset") = py::none(),
          py::arg("scene") = py::none(), py::arg("archs") = py::none(),
          py::arg("dtype") = py::none(), "`compare --preset/--scene A B --json`, as a Json view.");
    m.def("diff", &diff, py::arg("a"), py::arg("b"), py::arg("shape") = py::none(),
          py::arg("dtype") = py::none(),
          "`diff --a A --b B [--shape MxN] --json` (shape as its text), as a Json view.");
    m.def("suggest_cta", &suggestCta, py::arg("shape"), py::arg("warps"), py::arg("instr"),
          py::arg("dtype"), py::arg("arch") = py::none(), py::arg("limit") = py::none(),
          "`suggest cta --json` (shape and instr as their texts), as a Json view.");
    m.def("suggest_op", &suggestOp, py::arg("module"), py::arg("line"),
          py::arg("arch") = py::none(), py::arg("is_text") = false,
          "`suggest op PATH --line N --json` (is_text: of the module's text), as a Json view.");
}

nlohmann::json jsonValue(py::handle value, const std::string &what)
{
    return jsonOf(value, what);
}

} // namespace lxpy
