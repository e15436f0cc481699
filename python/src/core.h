#pragma once

// What the compiled files of layout_explorer._core share: the one error type, and conversions
// of Python values that refuse a wrong value with LayoutError (never pybind11's TypeError or an
// OverflowError), with messages of bounded length.

#include "base/expected.h"

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace lxpy {

namespace py = pybind11;

// Raised for every input the engine or a conversion refuses; registered as
// layout_explorer.LayoutError (a ValueError). The message is bounded (boundedMessage).
struct LayoutError
{
    std::string message;
};

// `text` when it is at most a few kilobytes; otherwise its beginning (cut at a character
// boundary) and how much was left out, so a 10 MB input is never echoed whole.
std::string boundedMessage(const std::string &text);

template <typename T> T valueOr(lx::Expected<T> e)
{
    if (!e)
        throw LayoutError{e.message()};
    return std::move(*e);
}

// A short description of a Python value for a message: its type and a bounded repr.
std::string describe(py::handle value);

// An int in [min, max] (a bool is refused), `what` naming it in the message.
int32_t toInt32(py::handle value, const std::string &what, int64_t min = INT32_MIN,
                int64_t max = INT32_MAX);
// A str (UTF-8 without NUL characters).
std::string toString(py::handle value, const std::string &what);
// A sequence (list or tuple) of ints / of strs.
std::vector<int32_t> toInt32List(py::handle value, const std::string &what, int64_t min = INT32_MIN,
                                 int64_t max = INT32_MAX);
std::vector<std::string> toStringList(py::handle value, const std::string &what);
// The items of a list or tuple (anything else is refused).
std::vector<py::handle> items(py::handle value, const std::string &what);

void defineLinearLayout(py::module_ &m);

} // namespace lxpy
