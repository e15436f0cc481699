// layout_explorer._core: the compiled half of the Python package.
//
// It adds no analysis of its own and links no command line: every call asks the request layer
// (core/request) or the renderer (ui/render) through the functions the commands call, and hands
// the same nlohmann::json to Python as a value, with no text in between. A refusal raises
// LayoutError (a ValueError) with the command's own message. LinearLayout (linearlayout.cpp)
// wraps the engine's lx::LinearLayout with Triton's Python API. Every argument is converted with
// its checks (convert.cpp): a wrong value raises LayoutError, with a message of bounded length.

#include "core.h"

#include "io/cute.h"
#include "io/ttgtext.h"
#include "io/ttgtextschema.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "render/headlessapp.h"
#include "request/convertlayout.h"
#include "request/nvbridge.h"

#include <QGuiApplication>
#include <QStringList>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

using lxpy::LayoutError;
using lxpy::valueOr;

// The process's QGuiApplication, made on first need (fonts and painting), on the offscreen
// platform unless QT_QPA_PLATFORM names one: the platform is an argument, as the command line's
// withGuiApplication passes it, so the environment stays as the interpreter found it.
void makeGuiApplication()
{
    if (QGuiApplication::instance())
        return;
    lx::dropRuntimeDirWarning(); // for as long as the interpreter runs
    const lx::HeadlessArguments args = lx::headlessGuiArguments("layout_explorer");
    new QGuiApplication(*args.argc, args.argv); // lives as long as the interpreter
}

// A layout given as text (#ttg, Gluon or CuTe) over a shape, read as `convert` reads it.
lx::LinearLayout toLinearLayout(py::handle textValue, py::handle shapeValue)
{
    const std::string text = lxpy::toString(textValue, "a layout's text");
    const std::vector<int32_t> shape = lxpy::toInt32List(shapeValue, "a shape", 0, INT32_MAX);
    py::gil_scoped_release release;
    if (lx::looksLikeCute(text))
        return valueOr(lx::cuteTextToLinear(text, shape));
    const lx::LayoutAttrPtr attr = valueOr(lx::parseLayoutText(text));
    return valueOr(lx::toLinearLayout(*attr, shape));
}

// The swizzle and descriptor bridge of a shared layout given as text over a 2-D shape
// (request/nvbridge.h): `convert --to descriptor --json`, as a Json view.
py::object nvBridge(py::handle textValue, py::handle shapeValue, py::handle dtypeValue)
{
    const std::string text = lxpy::toString(textValue, "a layout's text");
    const std::vector<int32_t> shape = lxpy::toInt32List(shapeValue, "a shape", 0, INT32_MAX);
    const std::string dtype =
        dtypeValue.is_none() ? std::string() : lxpy::toString(dtypeValue, "dtype");
    nlohmann::json j;
    {
        py::gil_scoped_release release;
        lx::LayoutAttrPtr attr;
        lx::LinearLayout linear;
        if (lx::looksLikeCute(text)) {
            linear = valueOr(lx::cuteTextToLinear(text, shape));
        } else {
            attr = valueOr(lx::parseLayoutText(text));
            if (std::optional<std::string> r = lx::formRefusal("descriptor", attr.get()))
                throw LayoutError{"layout-explorer convert: " + *r};
            linear = valueOr(lx::toLinearLayout(*attr, shape));
        }
        j = lx::nvBridgeJson(valueOr(lx::resolveNvBridge(attr.get(), linear, dtype)));
    }
    return lxpy::jsonObject(std::move(j));
}

// What the package needs to know of a layout's text when an object is made: the engine reads it
// (refusing it with its message) and gives its #ttg and Gluon forms, its rank and whether it is a
// shared layout.
py::tuple describeLayout(py::handle textValue)
{
    const std::string text = lxpy::toString(textValue, "a layout's text");
    lx::LayoutAttrPtr attr;
    {
        py::gil_scoped_release release;
        attr = valueOr(lx::parseLayoutText(text));
    }
    return py::make_tuple(lx::printTtg(*attr), lx::printGluon(*attr),
                          lx::ttgdetail::attrRank(*attr), attr->isShared());
}

} // namespace

void lxpy::ensureGuiApplication()
{
    makeGuiApplication();
}

PYBIND11_MODULE(_core, m)
{
    m.doc() = "The compiled half of layout_explorer: the engine, the request layer and the "
              "renderer, and the engine's LinearLayout.";
    static py::exception<LayoutError> layoutError(m, "LayoutError", PyExc_ValueError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const LayoutError &e) {
            // A message may quote bytes of the input that are not UTF-8 (a scene file's): each
            // is shown as U+FFFD, as the command line's message reads once decoded.
            const std::string message = lxpy::boundedMessage(e.message);
            PyObject *text =
                PyUnicode_DecodeUTF8(message.data(), Py_ssize_t(message.size()), "replace");
            if (!text) {
                PyErr_Clear();
                layoutError("a message that could not be decoded");
                return;
            }
            PyErr_SetObject(layoutError.ptr(), text);
            Py_DECREF(text);
        }
    });
    m.def("to_linear_layout", &toLinearLayout, py::arg("text"), py::arg("shape"),
          "The linear layout of a layout given as #ttg, Gluon or CuTe text over a shape.");
    m.def("nv_bridge", &nvBridge, py::arg("text"), py::arg("shape"), py::arg("dtype") = py::none(),
          "`convert --to descriptor --json` of a shared layout's text over a 2-D shape.");
    m.def("describe_layout", &describeLayout, py::arg("text"),
          "(#ttg text, Gluon text, rank, is shared) of a layout given as #ttg or Gluon text.");
    lxpy::defineLinearLayout(m);
    lxpy::defineOwners(m);
    lxpy::defineJson(m);
    lxpy::defineLazyJson(m);
    lxpy::defineParsedLayout(m);
    lxpy::defineAnalyses(m);
    lxpy::defineSuggest(m);
    lxpy::definePictures(m);
    lxpy::defineScenes(m);
    lxpy::defineCommands(m);
    lxpy::defineRender(m);
    m.attr("version") = LX_VERSION_STRING;
}
