// Conversions of Python values for layout_explorer._core, each refusing with LayoutError.

#include "core.h"

#include <algorithm>

namespace lxpy {

namespace {
constexpr size_t kMaxMessage = 2000; // UTF-8 bytes of a message kept whole
constexpr size_t kKeptPrefix = 1000; // UTF-8 bytes kept of a longer one (errors.py: the same)
} // namespace

std::string boundedMessage(const std::string &text)
{
    if (text.size() <= kMaxMessage)
        return text;
    size_t cut = kKeptPrefix;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;       // not inside a UTF-8 character
    size_t left = 0; // characters left out (UTF-8 lead bytes)
    for (size_t i = cut; i < text.size(); ++i)
        left += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    return text.substr(0, cut) + " ... [" + std::to_string(left) + " more characters left out]";
}

std::string describe(py::handle value)
{
    std::string type = py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>();
    std::string repr;
    try {
        repr = py::repr(value).cast<std::string>();
    } catch (const py::error_already_set &) {
        repr = "<no repr>";
    }
    constexpr size_t kMaxRepr = 80;
    if (repr.size() > kMaxRepr) {
        size_t cut = kMaxRepr;
        while (cut > 0 && (static_cast<unsigned char>(repr[cut]) & 0xC0) == 0x80)
            --cut;
        repr = repr.substr(0, cut) + "...";
    }
    return repr + " (" + type + ")";
}

std::optional<py::int_> integerValue(py::handle value)
{
    if (PyBool_Check(value.ptr()))
        return std::nullopt;
    if (PyLong_Check(value.ptr()))
        return py::reinterpret_borrow<py::int_>(value);
    const std::string_view type = Py_TYPE(value.ptr())->tp_name;
    if (type == "numpy.bool_" || type == "numpy.bool" || !PyIndex_Check(value.ptr()))
        return std::nullopt;
    PyObject *index = PyNumber_Index(value.ptr());
    if (!index) {
        PyErr_Clear();
        return std::nullopt;
    }
    return py::reinterpret_steal<py::int_>(index);
}

namespace {

// The value of an integer in [min, max], nullopt past either end.
std::optional<int64_t> inRange(const py::int_ &v, int64_t min, int64_t max)
{
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
    if (overflow != 0 || n < min || n > max)
        return std::nullopt;
    return int64_t(n);
}

} // namespace

int32_t toInt32(py::handle value, const std::string &what, int64_t min, int64_t max)
{
    const std::optional<py::int_> v = integerValue(value);
    if (!v)
        throw LayoutError{what + " must be an integer, not " + describe(value)};
    const std::optional<int64_t> n = inRange(*v, min, max);
    if (!n)
        throw LayoutError{what + " must be in [" + std::to_string(min) + ", " +
                          std::to_string(max) + "], not " + describe(value)};
    return int32_t(*n);
}

std::optional<int64_t> optionalInteger(py::handle value, int64_t min, int64_t max,
                                       const std::string &message)
{
    if (value.is_none())
        return std::nullopt;
    const std::optional<py::int_> v = integerValue(value);
    const std::optional<int64_t> n = v ? inRange(*v, min, max) : std::nullopt;
    if (!n)
        throw LayoutError{message}; // the command line's words for the same option
    return n;
}

std::string toString(py::handle value, const std::string &what)
{
    if (!py::isinstance<py::str>(value))
        throw LayoutError{what + " must be a str, not " + describe(value)};
    Py_ssize_t size = 0;
    const char *data = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
    if (!data) {
        PyErr_Clear();
        throw LayoutError{what + " is not valid Unicode (a lone surrogate?)"};
    }
    std::string s(data, size_t(size));
    if (s.find('\0') != std::string::npos)
        throw LayoutError{what + " contains a NUL character"};
    return s;
}

std::optional<std::string> optionalText(py::handle value, const std::string &what)
{
    return value.is_none() ? std::nullopt : std::optional(toString(value, what));
}

std::vector<py::handle> items(py::handle value, const std::string &what)
{
    const bool listOrTuple = py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value);
    const bool text = PyUnicode_Check(value.ptr()) || PyBytes_Check(value.ptr()) ||
                      PyByteArray_Check(value.ptr());
    if (!listOrTuple &&
        (text || !PySequence_Check(value.ptr()) || PyObject_Length(value.ptr()) < 0)) {
        PyErr_Clear();
        throw LayoutError{what + " must be a list or tuple, not " + describe(value)};
    }
    std::vector<py::handle> out;
    for (py::handle h : value)
        out.push_back(h);
    return out;
}

std::vector<int32_t> toInt32List(py::handle value, const std::string &what, int64_t min,
                                 int64_t max)
{
    std::vector<int32_t> out;
    for (py::handle h : items(value, what))
        out.push_back(toInt32(h, what + " entry", min, max));
    return out;
}

std::vector<std::string> toStringList(py::handle value, const std::string &what)
{
    std::vector<std::string> out;
    for (py::handle h : items(value, what))
        out.push_back(toString(h, what + " entry"));
    return out;
}

} // namespace lxpy
