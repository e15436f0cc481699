#pragma once

// A text view (io/tritontext.h) handed to Python as a str: written into a per-thread scratch
// (its upper bound reserved, reused from call to call) and copied once into an ASCII str, so a
// large view (a 256x256 tensor view is about 1.4 MB) is neither allocated and zero-filled as a
// std::string every call nor decoded as UTF-8 on its way to Python.

#include "io/tritontext.h"

#include <pybind11/pybind11.h>

#include <cstring>
#include <vector>

namespace lxpy {

namespace py = pybind11;

class PyTextBuffer final : public lx::TextBuffer
{
public:
    PyTextBuffer() = default;
    PyTextBuffer(const PyTextBuffer &) = delete;
    PyTextBuffer &operator=(const PyTextBuffer &) = delete;
    ~PyTextBuffer() override = default;

    // Called by the view, with or without the GIL: the room is this thread's scratch, reused
    // from call to call (a fresh upper-bound str cut down to size would be a fresh allocation,
    // page faults and all, every call).
    char *reserve(size_t bytes) override
    {
        std::vector<char> &room = scratch();
        if (room.size() < bytes)
            room.resize(bytes);
        m_room = room.data();
        return m_room;
    }
    void finish(size_t used) override { m_used = used; }

    // The text written, as a str (one copy, no UTF-8 decoding: the views are ASCII); with the
    // GIL. A scratch grown past kKeptBytes by a large view is given back.
    py::str take()
    {
        PyObject *s = PyUnicode_New(Py_ssize_t(m_used), 127);
        if (!s)
            throw py::error_already_set();
        if (m_used > 0)
            std::memcpy(PyUnicode_1BYTE_DATA(s), m_room, m_used);
        if (scratch().size() > kKeptBytes)
            std::vector<char>().swap(scratch());
        return py::reinterpret_steal<py::str>(s);
    }

private:
    static constexpr size_t kKeptBytes = size_t(8) << 20;
    static std::vector<char> &scratch()
    {
        thread_local std::vector<char> room;
        return room;
    }
    char *m_room = nullptr;
    size_t m_used = 0;
};

} // namespace lxpy
