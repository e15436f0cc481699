// layout_explorer._core.Json: a read-only view of one JSON object the engine built (the command's
// --json object, made by the request layer's own builder, request/reportjson.h), handed to Python
// without text in between. Items are converted when read: a nested object is another view of
// the same tree, an array a list, a scalar a Python int, float, str, bool or None; to_python()
// converts the whole object into dicts and lists.

#include "core.h"

#include <pybind11/stl.h>

namespace lxpy {

namespace {

py::object child(const JsonView &parent, const nlohmann::json &j);

py::object childArray(const JsonView &parent, const nlohmann::json &j)
{
    py::list list(j.size());
    size_t i = 0;
    for (const nlohmann::json &v : j)
        list[i++] = child(parent, v);
    return list;
}

py::object child(const JsonView &parent, const nlohmann::json &j)
{
    if (j.is_object())
        return py::cast(JsonView{parent.root, &j});
    if (j.is_array())
        return childArray(parent, j);
    return toPython(j);
}

const nlohmann::json &itemOf(const JsonView &v, const std::string &key)
{
    const auto it = v.node->find(key);
    if (it == v.node->end())
        throw py::key_error(boundedMessage(key));
    return *it;
}

} // namespace

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
        py::list list(j.size());
        size_t i = 0;
        for (const nlohmann::json &v : j)
            list[i++] = toPython(v);
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

py::object jsonObject(nlohmann::json j)
{
    if (!j.is_object())
        return toPython(j);
    auto root = std::make_shared<const nlohmann::json>(std::move(j));
    return py::cast(JsonView{root, root.get()});
}

void defineJson(py::module_ &m)
{
    py::class_<JsonView>(m, "Json",
                         "A read-only view of one JSON object built by the engine (a command's "
                         "--json object or an object nested in it).")
        .def("__getitem__",
             [](const JsonView &v, const std::string &key) { return child(v, itemOf(v, key)); })
        .def(
            "get",
            [](const JsonView &v, const std::string &key, py::object fallback) -> py::object {
                const auto it = v.node->find(key);
                return it == v.node->end() ? fallback : child(v, *it);
            },
            py::arg("key"), py::arg("default") = py::none())
        .def("__contains__",
             [](const JsonView &v, py::handle key) {
                 return py::isinstance<py::str>(key) && v.node->contains(key.cast<std::string>());
             })
        .def("__len__", [](const JsonView &v) { return v.node->size(); })
        .def("keys",
             [](const JsonView &v) {
                 py::list keys;
                 for (auto it = v.node->begin(); it != v.node->end(); ++it)
                     keys.append(py::str(it.key()));
                 return keys;
             })
        .def(
            "to_python", [](const JsonView &v) { return toPython(*v.node); },
            "The object as plain dicts and lists (equal to the command's --json).");
}

} // namespace lxpy

namespace lxpy {

namespace {

// A JSON object whose cheap fields are built at once (or when a field is first read) and whose
// whole is built when a field outside them is first read (layout_explorer._core.LazyJson): a bank
// record's totals are there at once, its per-phase arrays and figures when asked for.
class LazyJson
{
public:
    LazyJson(nlohmann::json summary, std::function<nlohmann::json()> build)
        : m_summary(std::make_shared<const nlohmann::json>(std::move(summary))),
          m_build(std::move(build))
    {
    }
    LazyJson(std::function<nlohmann::json()> summary, std::function<nlohmann::json()> build)
        : m_buildSummary(std::move(summary)), m_build(std::move(build))
    {
    }
    // The item `key`: from the cheap fields when it is one of them, else from the whole.
    py::object item(const std::string &key)
    {
        const JsonView cheap = summary();
        if (cheap.node->contains(key))
            return child(cheap, (*cheap.node)[key]);
        const JsonView all = whole();
        return child(all, itemOf(all, key));
    }
    bool has(const std::string &key)
    {
        return summary().node->contains(key) || whole().node->contains(key);
    }
    JsonView summary()
    {
        if (!m_summary) {
            nlohmann::json j;
            {
                py::gil_scoped_release release;
                j = m_buildSummary();
            }
            m_summary = std::make_shared<const nlohmann::json>(std::move(j));
        }
        return JsonView{m_summary, m_summary.get()};
    }
    JsonView whole()
    {
        if (!m_whole) {
            nlohmann::json j;
            {
                py::gil_scoped_release release;
                j = m_build();
            }
            m_whole = std::make_shared<const nlohmann::json>(std::move(j));
        }
        return JsonView{m_whole, m_whole.get()};
    }

private:
    std::shared_ptr<const nlohmann::json> m_summary, m_whole;
    std::function<nlohmann::json()> m_buildSummary, m_build;
};

} // namespace

py::object lazyJsonObject(nlohmann::json summary, std::function<nlohmann::json()> build)
{
    return py::cast(LazyJson(std::move(summary), std::move(build)));
}

py::object lazySummaryJsonObject(std::function<nlohmann::json()> summary,
                                 std::function<nlohmann::json()> build)
{
    return py::cast(LazyJson(std::move(summary), std::move(build)));
}

void defineLazyJson(py::module_ &m)
{
    py::class_<LazyJson>(m, "LazyJson",
                         "A Json whose cheap fields are built at once and the rest when first "
                         "read (the same interface as Json).")
        .def("__getitem__", &LazyJson::item)
        .def(
            "get",
            [](LazyJson &v, const std::string &key, py::object fallback) -> py::object {
                return v.has(key) ? v.item(key) : fallback;
            },
            py::arg("key"), py::arg("default") = py::none())
        .def("__contains__",
             [](LazyJson &v, py::handle key) {
                 return py::isinstance<py::str>(key) && v.has(key.cast<std::string>());
             })
        .def("__len__", [](LazyJson &v) { return v.whole().node->size(); })
        .def("keys",
             [](LazyJson &v) {
                 py::list keys;
                 const JsonView all = v.whole();
                 for (auto it = all.node->begin(); it != all.node->end(); ++it)
                     keys.append(py::str(it.key()));
                 return keys;
             })
        .def(
            "to_python", [](LazyJson &v) { return toPython(*v.whole().node); },
            "The object as plain dicts and lists (equal to the command's --json).");
}

} // namespace lxpy
