// layout_explorer._core: the compiled half of the Python package.
//
// It adds no analysis of its own. run() runs one of the command line's own commands
// (app/command.h) under a CommandCapture (app/output.h): the command parses the same options,
// asks the same request layer and builds the same nlohmann::json, which is handed over as a value
// and turned into Python objects here, with no text in between. A command that fails raises
// LayoutError (a ValueError) with the command's own message. LinearLayout wraps the engine's
// lx::LinearLayout with Triton's Python API (python/src/linear_layout.cc in Triton).

#include "command.h"
#include "output.h"

#include "f2/f2matrix.h"
#include "io/cute.h"
#include "io/tritontext.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "layout/linearlayout.h"
#include "render/headlessapp.h"

#include <QGuiApplication>
#include <QStringList>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

// Raised for every input the engine refuses; registered as layout_explorer.LayoutError.
struct LayoutError
{
    std::string message;
};

template <typename T> T valueOr(lx::Expected<T> e)
{
    if (!e)
        throw LayoutError{e.message()};
    return std::move(*e);
}

// The process's QGuiApplication, made on first need (fonts and painting), on the offscreen
// platform unless QT_QPA_PLATFORM names one: the platform is an argument, as the command line's
// withGuiApplication passes it, so the environment stays as the interpreter found it.
QtMessageHandler previousQtHandler = nullptr;

// Qt's complaint that XDG_RUNTIME_DIR is unset (headless servers, CI, notebook kernels) is about
// a folder this package never uses, and it would sit in the first output of a notebook; every
// other message goes where it went before.
void quietQtMessages(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg &&
        message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR not set")))
        return;
    if (previousQtHandler)
        previousQtHandler(type, context, message);
}

void ensureGuiApplication()
{
    if (QGuiApplication::instance())
        return;
    previousQtHandler = qInstallMessageHandler(quietQtMessages);
    const lx::HeadlessArguments args = lx::headlessGuiArguments("layout_explorer");
    new QGuiApplication(*args.argc, args.argv); // lives as long as the interpreter
}

py::object toPython(const nlohmann::json &j)
{
    switch (j.type()) {
    case nlohmann::json::value_t::null:
        return py::none();
    case nlohmann::json::value_t::boolean:
        return py::bool_(j.get<bool>());
    case nlohmann::json::value_t::number_integer:
        return py::int_(j.get<int64_t>());
    case nlohmann::json::value_t::number_unsigned:
        return py::int_(j.get<uint64_t>());
    case nlohmann::json::value_t::number_float:
        return py::float_(j.get<double>());
    case nlohmann::json::value_t::string:
        return py::str(j.get_ref<const std::string &>());
    case nlohmann::json::value_t::array: {
        py::list list;
        for (const nlohmann::json &v : j)
            list.append(toPython(v));
        return list;
    }
    case nlohmann::json::value_t::object: {
        py::dict dict;
        for (const auto &[k, v] : j.items())
            dict[py::str(k)] = toPython(v);
        return dict;
    }
    default:
        return py::none();
    }
}

// Runs `layout-explorer ARGS...` in process; returns (json value or None, standard output bytes).
// The GIL is released while the command runs.
py::tuple run(const std::vector<std::string> &args, bool gui, const std::vector<int> &okCodes)
{
    if (args.empty())
        throw LayoutError{"no command given"};
    if (gui)
        ensureGuiApplication();
    QStringList qargs;
    for (const std::string &a : args)
        qargs << QString::fromStdString(a);
    int code = lx::app::ExitBadUsage;
    lx::app::CommandReply reply;
    {
        py::gil_scoped_release release;
        lx::app::CommandCapture capture;
        if (const lx::app::Command *c = lx::app::findCommand(qargs.front()))
            code = c->run(qargs);
        else
            capture.reply().err =
                QStringLiteral("layout-explorer: unknown command '%1'").arg(qargs.front());
        reply = std::move(capture.reply());
    }
    if (std::find(okCodes.begin(), okCodes.end(), code) == okCodes.end()) {
        const std::string message = reply.err.trimmed().toStdString();
        throw LayoutError{message.empty() ? "the command failed (exit " + std::to_string(code) + ")"
                                          : message};
    }
    return py::make_tuple(reply.json ? toPython(*reply.json) : py::object(py::none()),
                          py::bytes(reply.out));
}

// A layout given as text (#ttg, Gluon or CuTe) over a shape, read as `convert` reads it.
lx::LinearLayout toLinearLayout(const std::string &text, const std::vector<int32_t> &shape)
{
    py::gil_scoped_release release;
    if (lx::looksLikeCute(text))
        return valueOr(lx::cuteTextToLinear(text, shape));
    const lx::LayoutAttrPtr attr = valueOr(lx::parseLayoutText(text));
    return valueOr(lx::toLinearLayout(*attr, shape));
}

using Bases = std::vector<std::pair<std::string, std::vector<std::vector<int32_t>>>>;

lx::LinearLayout fromBases(const Bases &bases, const std::vector<std::string> &outDimNames,
                           const std::optional<std::vector<int32_t>> &outDimSizes,
                           bool requireSurjective)
{
    lx::LinearLayout::BasesT b(bases.begin(), bases.end());
    if (!outDimSizes) {
        if (!requireSurjective)
            throw LayoutError{"out_dim_sizes must be provided when require_surjective is false"};
        return valueOr(lx::LinearLayout::tryCreateInferred(std::move(b), outDimNames));
    }
    if (outDimSizes->size() != outDimNames.size())
        throw LayoutError{"out_dim_names and out_dim_sizes must have the same length"};
    std::vector<lx::LinearLayout::NamedSize> outDims;
    for (size_t i = 0; i < outDimNames.size(); ++i)
        outDims.emplace_back(outDimNames[i], (*outDimSizes)[i]);
    return valueOr(lx::LinearLayout::tryCreate(std::move(b), outDims, requireSurjective));
}

py::dict apply(const lx::LinearLayout &self, const py::dict &inputs)
{
    std::vector<lx::LinearLayout::NamedValue> ins;
    for (const auto &[k, v] : inputs)
        ins.emplace_back(py::cast<std::string>(k), py::cast<int32_t>(v));
    py::dict out;
    for (const auto &[name, value] : valueOr(self.apply(ins)))
        out[py::str(name)] = value;
    return out;
}

// Rows are out bits (out-dims in order, low bit first), columns in bits, as Triton's
// get_matrix_view; here a numpy array of uint8.
py::array_t<uint8_t> matrixView(const lx::LinearLayout &self)
{
    const lx::F2Matrix m = self.matrix();
    py::array_t<uint8_t> a({py::ssize_t(m.rows()), py::ssize_t(m.cols())});
    auto v = a.mutable_unchecked<2>();
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            v(r, c) = m.at(r, c) ? 1 : 0;
    return a;
}

py::list basesOf(const lx::LinearLayout &self)
{
    py::list out;
    for (const auto &[dim, bases] : self.bases()) {
        py::list dimBases;
        for (const auto &b : bases)
            dimBases.append(py::cast(b));
        out.append(py::make_tuple(dim, dimBases));
    }
    return out;
}

void defineLinearLayout(py::module_ &m)
{
    using LL = lx::LinearLayout;
    py::class_<LL>(m, "LinearLayout",
                   "A linear map over GF(2) from named hardware indices to tensor coordinates, "
                   "with Triton's Python API (triton.tools.LinearLayout).")
        .def_static("from_bases", &fromBases, py::arg("bases"), py::arg("out_dim_names"),
                    py::arg("out_dim_sizes") = py::none(), py::arg("require_surjective") = true)
        .def_static(
            "identity_1d",
            [](int32_t size, const std::string &in, const std::string &out) {
                return valueOr(LL::identity1D(size, in, out));
            },
            py::arg("size"), py::arg("inDim"), py::arg("outDim"))
        .def_static(
            "strided_1d",
            [](int32_t size, int32_t stride, const std::string &in, const std::string &out) {
                return valueOr(LL::strided1D(size, stride, in, out));
            },
            py::arg("size"), py::arg("stride"), py::arg("inDim"), py::arg("outDim"))
        .def_static(
            "zeros_1d",
            [](int32_t size, const std::string &in, const std::string &out, int32_t outSize) {
                return valueOr(LL::zeros1D(size, in, out, outSize));
            },
            py::arg("size"), py::arg("inDim"), py::arg("outDim"), py::arg("outDimSize") = 1)
        .def("compose", [](const LL &a, const LL &b) { return valueOr(a.compose(b)); })
        .def("invert_and_compose",
             [](const LL &a, const LL &b) { return valueOr(a.invertAndCompose(b)); })
        .def("invert", [](const LL &a) { return valueOr(a.invert()); })
        .def("pseudoinvert", [](const LL &a) { return valueOr(a.pseudoinvert()); })
        .def("is_surjective", &LL::isSurjective)
        .def("is_injective", &LL::isInjective)
        .def("is_invertible", &LL::isInvertible)
        .def("get_in_dim_names", &LL::inDimNames)
        .def("get_out_dim_names", &LL::outDimNames)
        .def_property_readonly("bases", &basesOf)
        .def_property_readonly("out_dims", [](const LL &a) { return a.outDims(); })
        .def_property_readonly("num_in_dims", &LL::numInDims)
        .def_property_readonly("num_out_dims", &LL::numOutDims)
        .def("__mul__", [](const LL &a, const LL &b) { return valueOr(a.product(b)); })
        .def("__eq__", [](const LL &a, const LL &b) { return a == b; })
        .def("__ne__", [](const LL &a, const LL &b) { return !(a == b); })
        .def("__repr__", &LL::toString)
        .def("__str__", &LL::toString)
        .def(
            "get_distributed_view",
            [](const LL &a, bool hw) { return valueOr(lx::tryTritonDistributedView(a, hw)); },
            py::arg("use_hw_point_of_view") = false)
        .def(
            "get_shared_view",
            [](const LL &a, bool hw) { return valueOr(lx::tryTritonSharedView(a, hw)); },
            py::arg("use_hw_point_of_view") = false)
        .def("apply", &apply, py::arg("inputs"))
        .def("get_matrix_view", &matrixView);
}

} // namespace

PYBIND11_MODULE(_core, m)
{
    m.doc() = "The compiled half of layout_explorer: the command line's commands in process, and "
              "the engine's LinearLayout.";
    static py::exception<LayoutError> layoutError(m, "LayoutError", PyExc_ValueError);
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const LayoutError &e) {
            layoutError(e.message.c_str());
        }
    });
    m.def("run", &run, py::arg("args"), py::arg("gui") = false,
          py::arg("ok_codes") = std::vector<int>{lx::app::ExitOk},
          "Runs `layout-explorer ARGS...` in process and returns (its JSON value or None, its "
          "standard output as bytes); raises LayoutError with the command's message when its "
          "exit code is not one of ok_codes (by default only 0).");
    m.def("to_linear_layout", &toLinearLayout, py::arg("text"), py::arg("shape"),
          "The linear layout of a layout given as #ttg, Gluon or CuTe text over a shape.");
    defineLinearLayout(m);
    m.attr("version") = LX_VERSION_STRING;
}
