// `suggest shared --reg` and `analyze cta --layout` of layout_explorer._core over the request
// layer: the request each command builds from its options, the same resolver and search, and the
// command's --json object (request/reportjson.h) as a Json view. The search runs without the GIL
// and checks for Ctrl-C between candidates.

#include "core.h"

#include "request/dsloadtrinput.h"
#include "request/sourcechecks.h"

#include "analysis/dsloadtr.h"
#include "hw/dtype.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "request/analysisinputs.h"
#include "request/commandjson.h"
#include "request/dsloadtrjson.h"
#include "request/reportjson.h"
#include "request/shape.h"
#include "request/suggestaccess.h"

#include <pybind11/stl.h>

#include <chrono>
#include <optional>

namespace lxpy {

namespace {
using namespace lxpy::prefix;

// A shape given as the command's text ("128x64"), read as the command reads it: rank 2.
std::vector<int32_t> rank2Shape(const std::string &prog, const std::string &text)
{
    lx::ShapeRules rank2;
    rank2.rank = 2;
    lx::Expected<std::vector<int32_t>> shape = lx::parseShape(text, rank2);
    if (!shape)
        throw LayoutError{prog + "--shape: " + shape.message()};
    return std::move(*shape);
}

// A layout given as text over `shape`, resolved as the command resolves --NAME TEXT.
lx::ResolvedLayout textLayout(const std::string &name, const std::string &text,
                              const std::vector<int32_t> &shape)
{
    lx::SceneLayout l;
    l.name = name;
    l.text = text;
    l.shape = shape;
    return valueOr(lx::resolveLayout(l));
}

std::optional<int64_t> positive(py::handle value, const std::string &message)
{
    return optionalInteger(value, 1, INT32_MAX, message);
}

// The search of `access` without the GIL, Ctrl-C checked between candidates
// (KeyboardInterrupt), and `suggest shared --json` of its result.
py::object searchJson(const lx::SceneAccess &access, std::optional<int64_t> limitN,
                      std::optional<int64_t> maxBytes)
{
    lx::SuggestSharedResult result;
    double ms = 0;
    bool stopped = false;
    {
        py::gil_scoped_release release;
        int asked = 0;
        auto cancelled = [&] {
            if (++asked % 8 != 0)
                return false;
            py::gil_scoped_acquire acquire;
            stopped = stopped || PyErr_CheckSignals() != 0;
            return stopped;
        };
        const auto start = std::chrono::steady_clock::now();
        lx::Expected<lx::SuggestSharedResult> r =
            lx::searchAccess(access, int(limitN.value_or(0)), maxBytes.value_or(0), cancelled);
        ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                 .count();
        if (!r && !stopped)
            throw LayoutError{kShared + r.message()};
        if (r)
            result = std::move(*r);
    }
    if (stopped)
        throw py::error_already_set();
    return jsonObject(lx::suggestSharedJson(access, result, ms));
}

py::object suggestShared(const std::string &reg, const std::string &shape, py::handle dtype,
                         py::handle arch, py::handle writeLayout, py::handle order,
                         py::handle limit, py::handle maxLds)
{
    const std::optional<int64_t> limitN =
        positive(limit, kShared + "--limit expects a positive integer");
    const std::optional<int64_t> maxBytes =
        positive(maxLds, kShared + "--max-lds expects a positive byte count");
    const std::vector<int32_t> dims = rank2Shape(kShared, shape);
    lx::ViewRequest req;
    req.kind = "suggest";
    req.arch = arch.is_none() ? std::string(lx::kDefaultArch) : toString(arch, "arch");
    if (!dtype.is_none())
        req.dtype = toString(dtype, "dtype");
    const std::optional<std::string> write =
        writeLayout.is_none() ? std::nullopt : std::optional(toString(writeLayout, "write_layout"));
    std::vector<int32_t> orderList;
    if (py::isinstance<py::str>(order)) { // "1,0", as --order takes it
        lx::Expected<std::vector<int32_t>> parsed = lx::parseSuggestOrder(toString(order, "order"));
        if (!parsed)
            throw LayoutError{kShared + parsed.message()};
        orderList = std::move(*parsed);
    } else if (!order.is_none()) {
        orderList = toInt32List(order, "order");
    }
    lx::SceneAccess access;
    {
        py::gil_scoped_release release;
        for (const auto &[name, option, text] : {std::tuple{"reg", "reg", std::optional(reg)},
                                                 std::tuple{"write", "write-layout", write}}) {
            if (!text)
                continue;
            try {
                req.layouts.push_back(textLayout(name, *text, dims));
            } catch (const LayoutError &e) {
                throw LayoutError{kShared + "--" + option + ": " + e.message};
            }
        }
        req.options["reg"] = "reg";
        if (write)
            req.options["write"] = "write";
        if (!order.is_none())
            req.options["order"] = orderList;
        lx::Expected<lx::SceneAccess> a = lx::readerAccess(req);
        if (!a)
            throw LayoutError{kShared + a.message()};
        access = std::move(*a);
    }
    return searchJson(access, limitN, maxBytes);
}

// `suggest shared --preset/--scene [--view N] [--explain] --json`.
py::object suggestScene(py::handle preset, py::handle scene, py::handle view, py::handle dtype,
                        py::handle arch, py::handle limit, py::handle maxLds, bool explain)
{
    const std::optional<int64_t> limitN =
        positive(limit, kShared + "--limit expects a positive integer");
    const std::optional<int64_t> maxBytes =
        positive(maxLds, kShared + "--max-lds expects a positive byte count");
    if (preset.is_none() && scene.is_none())
        throw LayoutError{kShared + "give exactly one of --preset, --scene or --reg"};
    const lx::SceneAccess access = sceneAccessArg(preset, scene, view, dtype, arch, kShared);
    if (!explain)
        return searchJson(access, limitN, maxBytes);
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::Expected<lx::ConflictExplanation> e = lx::explainAccess(access);
        if (!e)
            throw LayoutError{kShared + "--explain: " + e.message()};
        j = lx::explanationJson(*e, access.description);
    }
    return jsonObject(std::move(j));
}

py::object cta(const std::string &layout, const std::string &shape, py::handle dtype,
               py::handle arch)
{
    const std::vector<int32_t> dims = rank2Shape(kCta, shape);
    lx::ViewRequest req;
    req.kind = "cta-tiles";
    req.layout = "C";
    req.arch = arch.is_none() ? std::string(lx::kDefaultArch) : toString(arch, "arch");
    if (!dtype.is_none()) {
        req.dtype = toString(dtype, "dtype");
        req.options["dtype"] = req.dtype;
    }
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        try {
            req.layouts.push_back(textLayout("C", layout, dims));
        } catch (const LayoutError &e) {
            throw LayoutError{kCta + e.message};
        }
        lx::Expected<lx::CtaInput> in = lx::resolveCta(req);
        if (!in)
            throw LayoutError{kCta + in.message()};
        j = lx::ctaReportJson(*in, layout);
    }
    return jsonObject(std::move(j));
}

// `analyze ds-load-tr --shared TEXT --dst TEXT --shape MxN [--packed-fp4 --dst-shape MxN]
// --json`: the request of request/dsloadtrinput.h, the command's.
py::object dsLoadTr(py::handle shared, py::handle dst, py::handle shape, py::handle dtype,
                    py::handle arch, py::handle warp, bool packedFp4, py::handle dstShape)
{
    lx::DsLoadTrTextArgs args;
    args.shared = optionalText(shared, "shared");
    args.dst = optionalText(dst, "dst");
    args.shape = optionalText(shape, "shape");
    args.dstShape = optionalText(dstShape, "dst_shape");
    args.dtype = optionalText(dtype, "dtype");
    args.packedFp4 = packedFp4;
    const int w =
        int(optionalInteger(warp, 0, INT32_MAX, kTr + "--warp must be a warp index").value_or(0));
    const std::string archName =
        arch.is_none() ? std::string(lx::kDefaultArch) : toString(arch, "arch");
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::DsLoadTrTextAnswer answer = lx::dsLoadTrTextRequest(args);
        if (!answer.request)
            throw LayoutError{kTr + answer.message};
        lx::ViewRequest &req = *answer.request;
        req.arch = archName;
        lx::Expected<lx::DsLoadTrInput> in = lx::resolveDsLoadTr(req);
        if (!in)
            throw LayoutError{kTr + lx::dsLoadTrRefusal(in.message(), req.kind)};
        if (const std::optional<std::string> refused = lx::dsLoadTrWarpRefusal(*in, w))
            throw LayoutError{kTr + *refused};
        lx::Expected<nlohmann::json> record = lx::dsLoadTrJson(*in, req);
        if (!record)
            throw LayoutError{kTr + record.message()};
        j = std::move(*record);
    }
    return jsonObject(std::move(j));
}

} // namespace

void defineSuggest(py::module_ &m)
{
    m.def("ds_load_tr", &dsLoadTr, py::arg("shared") = py::none(), py::arg("dst") = py::none(),
          py::arg("shape") = py::none(), py::arg("dtype") = py::none(),
          py::arg("arch") = py::none(), py::arg("warp") = py::none(), py::arg("packed_fp4") = false,
          py::arg("dst_shape") = py::none(),
          "`analyze ds-load-tr --shared TEXT --dst TEXT --shape MxN [--packed-fp4 --dst-shape "
          "MxN] --json` (shapes as their text), as a Json view.");
    m.def("suggest_shared", &suggestShared, py::arg("reg"), py::arg("shape"),
          py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("write_layout") = py::none(), py::arg("order") = py::none(),
          py::arg("limit") = py::none(), py::arg("max_lds") = py::none(),
          "`suggest shared --reg TEXT --shape MxN --json` (shape as its text), as a Json view; "
          "Ctrl-C stops the search.");
    m.def("suggest_scene", &suggestScene, py::arg("preset") = py::none(),
          py::arg("scene") = py::none(), py::arg("view") = py::none(),
          py::arg("dtype") = py::none(), py::arg("arch") = py::none(),
          py::arg("limit") = py::none(), py::arg("max_lds") = py::none(),
          py::arg("explain") = false,
          "`suggest shared --preset/--scene [--explain] --json` (scene: a path or a dict), as a "
          "Json view; Ctrl-C stops the search.");
    m.def("cta", &cta, py::arg("layout"), py::arg("shape"), py::arg("dtype") = py::none(),
          py::arg("arch") = py::none(),
          "`analyze cta --layout TEXT --shape MxN --json` (shape as its text), as a Json view.");
}

} // namespace lxpy
