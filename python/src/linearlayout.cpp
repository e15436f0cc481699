// layout_explorer.LinearLayout: the engine's lx::LinearLayout with the API of Triton's
// triton.tools.LinearLayout (python/src/linear_layout.cc in Triton). Every argument is converted
// here with its checks, so a wrong value raises LayoutError, never TypeError or OverflowError.

#include "core.h"
#include "textbuffer.h"

#include "f2/f2matrix.h"
#include "io/tritontext.h"
#include "layout/linearlayout.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lxpy {

namespace {

using LL = lx::LinearLayout;

const LL &asLayout(py::handle value, const std::string &what)
{
    if (!py::isinstance<LL>(value))
        throw LayoutError{what + " must be a LinearLayout, not " + describe(value)};
    return value.cast<const LL &>();
}

// (name, value) pairs from a list or tuple of pairs, or from a dict's items.
std::vector<std::pair<py::handle, py::handle>> pairs(py::handle value, const std::string &what)
{
    std::vector<std::pair<py::handle, py::handle>> out;
    if (py::isinstance<py::dict>(value)) {
        for (const auto &[k, v] : value.cast<py::dict>())
            out.emplace_back(k, v);
        return out;
    }
    for (py::handle item : items(value, what)) {
        const std::vector<py::handle> kv = items(item, what + " entry");
        if (kv.size() != 2)
            throw LayoutError{what + " entries are (name, value) pairs, not " + describe(item)};
        out.emplace_back(kv[0], kv[1]);
    }
    return out;
}

LL fromBases(py::handle bases, py::handle outDimNames, py::handle outDimSizes,
             py::handle requireSurjective)
{
    LL::BasesT b;
    for (const auto &[name, dimBases] : pairs(bases, "bases")) {
        std::vector<LL::Basis> list;
        for (py::handle basis : items(dimBases, "the bases of an in-dim"))
            list.push_back(toInt32List(basis, "a basis", 0, INT32_MAX));
        b.emplace_back(toString(name, "an in-dim name"), std::move(list));
    }
    const std::vector<std::string> names = toStringList(outDimNames, "out_dim_names");
    if (!py::isinstance<py::bool_>(requireSurjective))
        throw LayoutError{"require_surjective must be True or False, not " +
                          describe(requireSurjective)};
    const bool surjective = requireSurjective.cast<bool>();
    if (outDimSizes.is_none()) {
        if (!surjective)
            throw LayoutError{"out_dim_sizes must be provided when require_surjective is false"};
        return valueOr(LL::tryCreateInferred(std::move(b), names));
    }
    const std::vector<int32_t> sizes = toInt32List(outDimSizes, "out_dim_sizes", 1, INT32_MAX);
    if (sizes.size() != names.size())
        throw LayoutError{"out_dim_names and out_dim_sizes must have the same length"};
    std::vector<LL::NamedSize> outDims;
    for (size_t i = 0; i < names.size(); ++i)
        outDims.emplace_back(names[i], sizes[i]);
    return valueOr(LL::tryCreate(std::move(b), outDims, surjective));
}

// Triton's apply: a list of (in-dim, value) pairs, one per in-dim, in -> a list of (out-dim,
// value) pairs in out-dim order. Each value must lie in its in-dim: lane 99 of a 32-lane layout
// is refused, as is a negative one.
py::list apply(const LL &self, py::handle inputs)
{
    std::vector<LL::NamedValue> ins;
    for (const auto &[k, v] : pairs(inputs, "inputs")) {
        const std::string name = toString(k, "an in-dim name");
        if (!self.hasInDim(name))
            throw LayoutError{"'" + boundedMessage(name) + "' is not an in-dim of this layout"};
        const int32_t size = self.inDimSize(name);
        ins.emplace_back(name, toInt32(v, "the value of in-dim '" + name + "'", 0, size - 1));
    }
    py::list out;
    for (const auto &[name, value] : valueOr(self.apply(ins)))
        out.append(py::make_tuple(name, value));
    return out;
}

// Rows are out bits (out-dims in order, low bit first), columns in bits, as Triton's
// get_matrix_view; here a numpy array of uint8.
py::array_t<uint8_t> matrixView(const LL &self)
{
    const lx::F2Matrix m = self.matrix();
    py::array_t<uint8_t> a({py::ssize_t(m.rows()), py::ssize_t(m.cols())});
    auto v = a.mutable_unchecked<2>();
    for (int r = 0; r < m.rows(); ++r)
        for (int c = 0; c < m.cols(); ++c)
            v(r, c) = m.at(r, c) ? 1 : 0;
    return a;
}

py::list basesOf(const LL &self)
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

py::list outDimsOf(const LL &self)
{
    py::list out;
    for (const auto &[name, size] : self.outDims())
        out.append(py::make_tuple(name, size));
    return out;
}

// Pickled as the arguments of from_bases, so an unpickled layout is checked again.
py::tuple pickled(const LL &self)
{
    py::list sizes, names;
    for (const auto &[name, size] : self.outDims()) {
        names.append(name);
        sizes.append(size);
    }
    return py::make_tuple(basesOf(self), names, sizes, self.surjectivityRequired());
}

} // namespace

void defineLinearLayout(py::module_ &m)
{
    const auto name = [](py::handle h, const char *what) { return toString(h, what); };
    const auto size = [](py::handle h, const char *what) { return toInt32(h, what, 1, INT32_MAX); };
    py::class_<LL>(m, "LinearLayout",
                   "A linear map over GF(2) from named hardware indices to tensor coordinates, "
                   "with Triton's Python API (triton.tools.LinearLayout).")
        .def(py::init<>(),
             "The empty layout (no in-dims, no out-dims), as Triton's LinearLayout().")
        .def_static("from_bases", &fromBases, py::arg("bases"), py::arg("out_dim_names"),
                    py::arg("out_dim_sizes") = py::none(), py::arg("require_surjective") = true,
                    "A layout from (in-dim, [basis, ...]) pairs; out-dim sizes inferred when "
                    "left out (then the layout must be surjective).")
        .def_static(
            "identity_1d",
            [=](py::handle n, py::handle in, py::handle out) {
                return valueOr(
                    LL::identity1D(size(n, "size"), name(in, "inDim"), name(out, "outDim")));
            },
            py::arg("size"), py::arg("inDim"), py::arg("outDim"))
        .def_static(
            "strided_1d",
            [=](py::handle n, py::handle stride, py::handle in, py::handle out) {
                return valueOr(LL::strided1D(size(n, "size"), toInt32(stride, "stride", 0),
                                             name(in, "inDim"), name(out, "outDim")));
            },
            py::arg("size"), py::arg("stride"), py::arg("inDim"), py::arg("outDim"))
        .def_static(
            "zeros_1d",
            [=](py::handle n, py::handle in, py::handle out, py::handle outSize) {
                return valueOr(LL::zeros1D(size(n, "size"), name(in, "inDim"), name(out, "outDim"),
                                           size(outSize, "outDimSize")));
            },
            py::arg("size"), py::arg("inDim"), py::arg("outDim"), py::arg("outDimSize") = 1)
        .def("compose",
             [](const LL &a, py::handle b) { return valueOr(a.compose(asLayout(b, "outer"))); })
        .def("invert_and_compose",
             [](const LL &a, py::handle b) {
                 return valueOr(a.invertAndCompose(asLayout(b, "outer")));
             })
        .def("invert", [](const LL &a) { return valueOr(a.invert()); })
        .def("pseudoinvert", [](const LL &a) { return valueOr(a.pseudoinvert()); })
        .def("is_surjective", &LL::isSurjective)
        .def("is_injective", &LL::isInjective)
        .def("is_invertible", &LL::isInvertible)
        .def("get_in_dim_names", &LL::inDimNames)
        .def("get_out_dim_names", &LL::outDimNames)
        .def_property_readonly("bases", &basesOf)
        .def_property_readonly("out_dims", &outDimsOf)
        .def_property_readonly("num_in_dims", &LL::numInDims)
        .def_property_readonly("num_out_dims", &LL::numOutDims)
        .def("__mul__",
             [](const LL &a, py::handle b) -> py::object {
                 if (!py::isinstance<LL>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::cast(valueOr(a.product(b.cast<const LL &>())));
             })
        .def("__eq__",
             [](const LL &a, py::handle b) -> py::object {
                 if (!py::isinstance<LL>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(a == b.cast<const LL &>());
             })
        .def("__ne__",
             [](const LL &a, py::handle b) -> py::object {
                 if (!py::isinstance<LL>(b))
                     return py::reinterpret_borrow<py::object>(Py_NotImplemented);
                 return py::bool_(!(a == b.cast<const LL &>()));
             })
        .def("__hash__", [](const LL &a) { return py::hash(py::str(a.toString())); })
        .def("__repr__", &LL::toString)
        .def("__str__", &LL::toString)
        .def(py::pickle([](const LL &a) { return pickled(a); },
                        [](const py::tuple &t) {
                            if (t.size() != 4)
                                throw LayoutError{"not a pickled LinearLayout"};
                            return fromBases(t[0], t[1], t[2], t[3]);
                        }))
        .def(
            "get_distributed_view",
            [](const LL &a, bool hw) {
                PyTextBuffer text;
                valueOr(lx::tryTritonDistributedView(a, hw, text));
                return text.take();
            },
            py::arg("use_hw_point_of_view") = false)
        .def(
            "get_shared_view",
            [](const LL &a, bool hw) {
                PyTextBuffer text;
                valueOr(lx::tryTritonSharedView(a, hw, text));
                return text.take();
            },
            py::arg("use_hw_point_of_view") = false)
        .def("apply", &apply, py::arg("inputs"),
             "Triton's apply: [(in-dim, value), ...] -> [(out-dim, value), ...], one pair per "
             "in-dim in, one per out-dim out; each value must lie in [0, size of its in-dim).")
        .def("get_matrix_view", &matrixView,
             "A numpy uint8 array: rows the out bits (out-dims in order, low bit first), columns "
             "the in bits.");
}

} // namespace lxpy
