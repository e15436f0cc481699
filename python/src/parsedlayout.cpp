// layout_explorer._core.ParsedLayout: a layout's text read once by the engine (#ttg, Gluon or
// CuTe text), with its #ttg and Gluon forms, and its linear layouts over the shapes asked for,
// kept (a few shapes) so that an autotuner's loop over one layout reads it once. Every layout
// object of the package holds one; the analyses take it instead of text.

#include "core.h"
#include "textbuffer.h"

#include "io/cute.h"
#include "io/tritontext.h"
#include "io/ttgtext.h"
#include "io/ttgtextschema.h"
#include "layout/builders.h"
#include "request/convertlayout.h"

#include <pybind11/stl.h>

namespace lxpy {

namespace {

constexpr size_t kKeptShapes = 8; // linear layouts kept per parsed layout

} // namespace

std::shared_ptr<ParsedLayout> ParsedLayout::parse(const std::string &text)
{
    auto p = std::make_shared<ParsedLayout>();
    p->text = text;
    if (lx::looksLikeCute(text)) {
        p->rank = -1;
        return p;
    }
    p->attr = valueOr(lx::parseLayoutText(text));
    p->ttg = lx::printTtg(*p->attr);
    p->gluon = lx::printGluon(*p->attr);
    p->rank = lx::ttgdetail::attrRank(*p->attr);
    p->shared = p->attr->isShared();
    return p;
}

std::shared_ptr<const lx::LinearLayout>
ParsedLayout::linear(const std::vector<int32_t> &shape) const
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        for (const auto &[s, l] : m_linear)
            if (s == shape)
                return l;
    }
    auto l =
        std::make_shared<const lx::LinearLayout>(attr ? valueOr(lx::toLinearLayout(*attr, shape))
                                                      : valueOr(lx::cuteTextToLinear(text, shape)));
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_linear.size() >= kKeptShapes)
        m_linear.erase(m_linear.begin());
    m_linear.emplace_back(shape, l);
    return l;
}

lx::ResolvedLayout ParsedLayout::resolved(const std::string &name,
                                          const std::vector<int32_t> &shape,
                                          const std::string &dtype) const
{
    lx::ResolvedLayout r;
    r.name = name;
    r.layout = *linear(shape);
    r.shape = shape;
    r.dtype = dtype;
    r.attr = attr;
    return r;
}

std::shared_ptr<ParsedLayout> layoutArg(py::handle value, const std::string &what)
{
    if (py::isinstance<ParsedLayout>(value))
        return value.cast<std::shared_ptr<ParsedLayout>>();
    if (py::hasattr(value, "_handle")) {
        py::object h = value.attr("_handle");
        if (py::isinstance<ParsedLayout>(h))
            return h.cast<std::shared_ptr<ParsedLayout>>();
    }
    if (!py::isinstance<py::str>(value))
        throw LayoutError{what + ": expected a layout or its text, not " + describe(value)};
    const std::string text = toString(value, what);
    py::gil_scoped_release release;
    try {
        return ParsedLayout::parse(text);
    } catch (const LayoutError &e) {
        throw LayoutError{what + ": " + e.message};
    }
}

std::vector<int32_t> shapeArg(py::handle value)
{
    return toInt32List(value, "a shape", 1, INT32_MAX);
}

void defineParsedLayout(py::module_ &m)
{
    py::class_<ParsedLayout, std::shared_ptr<ParsedLayout>>(
        m, "ParsedLayout", "A layout's text as the engine read it (made by parse_layout).")
        .def_property_readonly("ttg", [](const ParsedLayout &p) { return p.ttg; })
        .def_property_readonly("gluon", [](const ParsedLayout &p) { return p.gluon; })
        .def_property_readonly("rank", [](const ParsedLayout &p) { return p.rank; })
        .def_property_readonly("is_shared", [](const ParsedLayout &p) { return p.shared; })
        .def(
            "linear_layout",
            [](const ParsedLayout &p, py::handle shapeValue) {
                const std::vector<int32_t> shape = shapeArg(shapeValue);
                std::shared_ptr<const lx::LinearLayout> l;
                {
                    py::gil_scoped_release release;
                    l = p.linear(shape);
                }
                return lx::LinearLayout(*l);
            },
            py::arg("shape"), "The linear layout over `shape` (kept for the next call).")
        .def(
            "format_tensor_view",
            [](const ParsedLayout &p, py::handle shapeValue, bool hw) {
                const std::vector<int32_t> shape = shapeArg(shapeValue);
                if (std::optional<std::string> r = lx::formRefusal("triton-text", p.attr.get()))
                    throw LayoutError{"layout-explorer convert: " + *r};
                PyTextBuffer text;
                {
                    py::gil_scoped_release release;
                    try {
                        const std::shared_ptr<const lx::LinearLayout> l = p.linear(shape);
                        const bool shared = p.attr ? p.shared : l->hasInDim("offset");
                        valueOr(shared ? lx::tryTritonSharedView(*l, hw, text)
                                       : lx::tryTritonDistributedView(*l, hw, text));
                    } catch (const LayoutError &e) { // the command's message, as convert says it
                        throw LayoutError{"layout-explorer convert: " + e.message};
                    }
                }
                return text.take();
            },
            py::arg("shape"), py::arg("hw") = false,
            "Triton's tensor view (hw: the hardware view) over `shape`, as `convert --to "
            "triton-text` prints it.")
        .def(
            "to_cute",
            [](const ParsedLayout &p, py::handle shapeValue) {
                const std::vector<int32_t> shape = shapeArg(shapeValue);
                if (std::optional<std::string> r = lx::formRefusal("cute", p.attr.get()))
                    throw LayoutError{"layout-explorer convert: " + *r};
                py::gil_scoped_release release;
                try {
                    return valueOr(lx::linearToCuteText(*p.linear(shape)));
                } catch (const LayoutError &e) { // the command's message, as convert says it
                    throw LayoutError{"layout-explorer convert: " + e.message};
                }
            },
            py::arg("shape"),
            "CuTe shape:stride text over `shape` (a shared layout as a memory layout, a "
            "distributed one as a thread-value layout), as `convert --to cute` prints it.");
    m.def(
        "parse_layout",
        [](py::handle textValue) {
            const std::string text = toString(textValue, "a layout's text");
            py::gil_scoped_release release;
            return ParsedLayout::parse(text);
        },
        py::arg("text"), "A layout's #ttg, Gluon or CuTe text read by the engine.");
}

} // namespace lxpy
