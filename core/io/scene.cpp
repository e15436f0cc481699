#include "io/scene.h"
#include "io/scenejson.h"

#include "base/boundedread.h"
#include "base/bytesize.h"
#include "base/jsoninput.h"
#include "base/resources.h"
#include "base/safewrite.h"
#include "io/cute.h"
#include "io/layoutjson.h"
#include "io/layoutname.h"
#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <algorithm>
#include <cstdio>

namespace lx {

namespace {

using json = nlohmann::json;

// Thrown inside this file only; parseScene turns it into an Error.
struct SceneFailure
{
    std::string message;
};

[[noreturn]] void fail(const std::string &where, const std::string &message)
{
    throw SceneFailure{(where.empty() ? "" : where + ": ") + message};
}

std::string inQuotes(const std::string &s)
{
    return "'" + s + "'";
}

void checkKeys(const json &object, const std::string &where,
               std::initializer_list<const char *> known)
{
    for (const auto &item : object.items()) {
        const std::string &key = item.key(); // a named copy: clang 14 cannot capture bindings
        if (std::none_of(known.begin(), known.end(), [&](const char *k) { return key == k; })) {
            std::string list;
            for (const char *k : known)
                list += (list.empty() ? "" : ", ") + std::string(k);
            fail(where, "unknown key " + inQuotes(key) + " (known keys: " + list + ")");
        }
    }
}

std::string readString(const json &object, const char *key, const std::string &where,
                       bool required = false)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        if (required)
            fail(where, std::string("missing key '") + key + "'");
        return {};
    }
    if (!it->is_string())
        fail(where + "." + key, "expected a string");
    return it->get<std::string>();
}

int64_t readInteger(const json &value, const std::string &where, int64_t min, int64_t max)
{
    if (!value.is_number_integer())
        fail(where, "expected an integer");
    // Unsigned values above INT64_MAX read as negative through get<int64_t>: test them first.
    if (value.is_number_unsigned() && value.get<uint64_t>() > uint64_t(max))
        fail(where,
             "value out of range [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    const int64_t v = value.get<int64_t>();
    if (v < min || v > max)
        fail(where, std::to_string(v) + " is out of range [" + std::to_string(min) + ", " +
                        std::to_string(max) + "]");
    return v;
}

SceneLayout readLayout(const json &j, const std::string &where)
{
    if (!j.is_object())
        fail(where, "expected an object");
    checkKeys(j, where, {"name", "text", "layout", "shape", "dtype"});
    SceneLayout l;
    l.name = readString(j, "name", where, true);
    if (const std::string why = layoutNameProblem(l.name); !why.empty())
        fail(where + ".name", why);
    const std::string at = where + " (" + inQuotes(l.name) + ")";
    const bool hasText = j.contains("text"), hasLayout = j.contains("layout");
    if (hasText == hasLayout)
        fail(at, "give exactly one of 'text' (#ttg or Gluon text) and 'layout' (raw bases)");
    if (hasText) {
        l.text = readString(j, "text", at);
        if (looksLikeCute(*l.text)) {
            if (const auto cute = parseCute(*l.text); !cute)
                fail(at + ".text", cute.message());
        } else if (const auto attr = parseLayoutText(*l.text); !attr) {
            fail(at + ".text", attr.message());
        }
    } else {
        if (!j["layout"].is_object())
            fail(at + ".layout", "expected an object {\"bases\": ..., \"outDims\": ...}");
        l.layout = j["layout"];
        const auto raw = layoutFromJson(*l.layout);
        if (!raw)
            fail(at + ".layout", raw.message());
    }
    if (const auto it = j.find("shape"); it != j.end()) {
        if (!it->is_array() || it->empty())
            fail(at + ".shape", "expected a non-empty list of dimension sizes");
        if (it->size() > 8)
            fail(at + ".shape", "at most 8 dimensions");
        for (size_t i = 0; i < it->size(); ++i)
            l.shape.push_back(int32_t(readInteger(
                (*it)[i], at + ".shape[" + std::to_string(i) + "]", 1, int64_t(1) << 30)));
    }
    l.dtype = readString(j, "dtype", at);
    return l;
}

SceneView readView(const json &j, const std::string &where, const Scene &scene)
{
    if (!j.is_object())
        fail(where, "expected an object");
    checkKeys(j, where, {"kind", "layout", "options"});
    SceneView v;
    v.kind = readString(j, "kind", where, true);
    if (v.kind.empty())
        fail(where + ".kind", "must not be empty");
    const std::string at = where + " (" + v.kind + ")";
    v.layout = readString(j, "layout", at);
    if (j.contains("layout") && !scene.findLayout(v.layout))
        fail(at + ".layout", "unknown layout " + inQuotes(v.layout));
    if (const auto it = j.find("options"); it != j.end()) {
        if (!it->is_object())
            fail(at + ".options", "expected an object");
        v.options = *it;
    }
    return v;
}

// Names in the order people count: a run of digits compares by its value, so fig2 comes before
// fig10 and fig1a before fig1b.
bool naturalLess(std::string_view a, std::string_view b)
{
    size_t i = 0, j = 0;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            size_t ei = i, ej = j;
            while (ei < a.size() && digit(a[ei]))
                ++ei;
            while (ej < b.size() && digit(b[ej]))
                ++ej;
            // Without leading zeros, the longer run is the larger number.
            std::string_view x = a.substr(i, ei - i), y = b.substr(j, ej - j);
            while (x.size() > 1 && x.front() == '0')
                x.remove_prefix(1);
            while (y.size() > 1 && y.front() == '0')
                y.remove_prefix(1);
            if (x.size() != y.size())
                return x.size() < y.size();
            if (x != y)
                return x < y;
            i = ei;
            j = ej;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

SceneKernel readKernel(const json &j)
{
    if (!j.is_object())
        fail("kernel", "expected an object");
    checkKeys(j, "kernel", {"origin", "text"});
    SceneKernel k;
    k.origin = readString(j, "origin", "kernel");
    k.text = readString(j, "text", "kernel", true);
    if (k.text.size() > kMaxTtgirBytes)
        fail("kernel.text", "a module is at most " + byteSizeText(int64_t(kMaxTtgirBytes)));
    return k;
}

Scene readScene(const json &doc)
{
    if (!doc.is_object())
        fail("", "a scene is a JSON object");
    const auto format = doc.find("format");
    if (format == doc.end() || !format->is_string() || format->get<std::string>() != kSceneFormat)
        fail("format", std::string("expected \"") + kSceneFormat + "\"");
    const auto version = doc.find("version");
    if (version == doc.end())
        fail("", "missing key 'version'");
    const int64_t v = readInteger(*version, "version", 0, INT32_MAX);
    if (v > kSceneVersion)
        fail("version", "scene version " + std::to_string(v) +
                            " is newer than this program reads (" + std::to_string(kSceneVersion) +
                            ")");
    if (v != kSceneVersion)
        fail("version", "unsupported scene version " + std::to_string(v));
    checkKeys(doc, "",
              {"format", "version", "name", "title", "description", "arch", "layouts", "views",
               "kernel"});
    Scene s;
    s.version = int(v);
    s.name = readString(doc, "name", "");
    s.title = readString(doc, "title", "");
    s.description = readString(doc, "description", "");
    s.arch = readString(doc, "arch", "");
    if (const auto it = doc.find("layouts"); it != doc.end()) {
        if (!it->is_array())
            fail("layouts", "expected a list");
        for (size_t i = 0; i < it->size(); ++i) {
            const std::string where = "layouts[" + std::to_string(i) + "]";
            SceneLayout l = readLayout((*it)[i], where);
            if (s.findLayout(l.name))
                fail(where, "duplicate layout name " + inQuotes(l.name));
            s.layouts.push_back(std::move(l));
        }
    }
    if (const auto it = doc.find("views"); it != doc.end()) {
        if (!it->is_array())
            fail("views", "expected a list");
        for (size_t i = 0; i < it->size(); ++i)
            s.views.push_back(readView((*it)[i], "views[" + std::to_string(i) + "]", s));
    }
    if (const auto it = doc.find("kernel"); it != doc.end())
        s.kernel = readKernel(*it);
    return s;
}

// --- writing ---------------------------------------------------------------------------------

template <typename J> bool hasObject(const J &j)
{
    if (j.is_object())
        return true;
    if (j.is_array())
        return std::any_of(j.begin(), j.end(), [](const J &e) { return hasObject(e); });
    return false;
}

// nlohmann::json sorts object keys; the scene's own keys are written in a fixed order instead,
// through ordered_json.
using ojson = nlohmann::ordered_json;

ojson ordered(const json &j)
{
    return ojson::parse(j.dump(-1, ' ', false, json::error_handler_t::replace));
}

// Lists without objects inside print on one line ("[[0, 1], [1, 0]]"); objects one key per line.
void writeOrdered(std::string &out, const ojson &j, int indent)
{
    const std::string pad(size_t(indent), ' ');
    const std::string inner(size_t(indent + 2), ' ');
    if (j.is_array() && !hasObject(j)) {
        out += '[';
        for (size_t i = 0; i < j.size(); ++i) {
            if (i)
                out += ", ";
            writeOrdered(out, j[i], indent);
        }
        out += ']';
    } else if (j.is_array()) {
        out += "[\n";
        for (size_t i = 0; i < j.size(); ++i) {
            out += inner;
            writeOrdered(out, j[i], indent + 2);
            out += i + 1 < j.size() ? ",\n" : "\n";
        }
        out += pad + "]";
    } else if (j.is_object()) {
        if (j.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        size_t i = 0;
        for (const auto &[key, value] : j.items()) {
            out += inner + ojson(key).dump(-1, ' ', false, ojson::error_handler_t::replace) + ": ";
            writeOrdered(out, value, indent + 2);
            out += ++i < j.size() ? ",\n" : "\n";
        }
        out += pad + "}";
    } else {
        out += j.dump(-1, ' ', false, ojson::error_handler_t::replace);
    }
}

} // namespace

const SceneLayout *Scene::findLayout(std::string_view layoutName) const
{
    for (const SceneLayout &l : layouts)
        if (l.name == layoutName)
            return &l;
    return nullptr;
}

Expected<Scene> parseScene(std::string_view text)
{
    Expected<json> doc = parseJson(text);
    if (!doc)
        return doc.error();
    try {
        return readScene(*doc);
    } catch (const SceneFailure &f) {
        return makeError(f.message);
    } catch (const std::exception &e) {
        return makeError(std::string("invalid scene: ") + e.what());
    }
}

Expected<Scene> sceneFromJson(const nlohmann::json &doc)
{
    try {
        return readScene(doc);
    } catch (const SceneFailure &f) {
        return makeError(f.message);
    } catch (const std::exception &e) {
        return makeError(std::string("invalid scene: ") + e.what());
    }
}

std::string serializeScene(const Scene &scene)
{
    ojson doc = ojson::object();
    doc["format"] = kSceneFormat;
    doc["version"] = scene.version;
    for (const auto &[key, value] :
         {std::pair<const char *, const std::string *>{"name", &scene.name},
          {"title", &scene.title},
          {"description", &scene.description},
          {"arch", &scene.arch}})
        if (!value->empty())
            doc[key] = *value;
    ojson layouts = ojson::array();
    for (const SceneLayout &l : scene.layouts) {
        ojson o = ojson::object();
        o["name"] = l.name;
        if (l.text)
            o["text"] = *l.text;
        if (l.layout)
            o["layout"] = ordered(*l.layout);
        if (!l.shape.empty())
            o["shape"] = l.shape;
        if (!l.dtype.empty())
            o["dtype"] = l.dtype;
        layouts.push_back(std::move(o));
    }
    doc["layouts"] = std::move(layouts);
    ojson views = ojson::array();
    for (const SceneView &v : scene.views) {
        ojson o = ojson::object();
        o["kind"] = v.kind;
        if (!v.layout.empty())
            o["layout"] = v.layout;
        if (v.options.is_object() && !v.options.empty())
            o["options"] = ordered(v.options);
        views.push_back(std::move(o));
    }
    doc["views"] = std::move(views);
    if (scene.kernel) {
        ojson kernel = ojson::object();
        kernel["origin"] = scene.kernel->origin;
        kernel["text"] = scene.kernel->text;
        doc["kernel"] = std::move(kernel);
    }
    std::string out;
    writeOrdered(out, doc, 0);
    return out + "\n";
}

Expected<bool> saveSceneAtomically(const Scene &scene, const std::string &path)
{
    return writeFileAtomically(path, serializeScene(scene));
}

Expected<Scene> loadSceneFile(const std::string &path)
{
    Expected<std::string> text = readBounded(path, kMaxInputFileBytes, "a scene file");
    if (!text)
        return text.error();
    auto scene = parseScene(*text);
    if (!scene)
        return makeError(path + ": " + scene.message());
    return scene;
}

std::vector<PresetInfo> listPresets()
{
    std::vector<PresetInfo> presets;
    for (const std::string &path : embeddedResourcePaths("presets/")) {
        constexpr std::string_view suffix = ".lxscene";
        if (path.size() <= suffix.size() + 8 ||
            path.compare(path.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        PresetInfo info;
        info.name = path.substr(8, path.size() - 8 - suffix.size());
        const auto scene = loadPreset(info.name);
        if (scene) {
            info.title = scene->title;
            info.description = scene->description;
        } else {
            info.title = info.name;
            info.description = "invalid preset: " + scene.message();
        }
        presets.push_back(std::move(info));
    }
    std::stable_sort(presets.begin(), presets.end(), [](const PresetInfo &a, const PresetInfo &b) {
        return naturalLess(a.name, b.name);
    });
    return presets;
}

Expected<Scene> loadPreset(std::string_view name)
{
    if (name.empty() || name.find('/') != std::string_view::npos)
        return makeError("invalid preset name '" + std::string(name) + "'");
    const auto text = embeddedResource("presets/" + std::string(name) + ".lxscene");
    if (!text)
        return makeError("no preset named '" + std::string(name) +
                         "' (see 'layout-explorer presets list')");
    auto scene = parseScene(*text);
    if (!scene)
        return makeError("preset " + std::string(name) + ": " + scene.message());
    return scene;
}

Expected<ResolvedLayout> resolveLayout(const SceneLayout &l)
{
    ResolvedLayout r;
    r.name = l.name;
    r.shape = l.shape;
    r.dtype = l.dtype;
    if (l.text && looksLikeCute(*l.text)) {
        // CuTe text, in elements: a memory layout or a thread-value layout over the shape.
        auto ll = cuteTextToLinear(*l.text, l.shape);
        if (!ll)
            return makeError("layout '" + l.name + "': " + ll.message());
        if (r.shape.empty())
            for (const auto &[dim, size] : ll->outDims())
                r.shape.push_back(size);
        r.layout = std::move(*ll);
        return r;
    }
    if (l.text) {
        auto attr = parseLayoutText(*l.text);
        if (!attr)
            return makeError("layout '" + l.name + "': " + attr.message());
        if (l.shape.empty())
            return makeError("layout '" + l.name + "' needs a \"shape\" to become a linear layout");
        auto ll = toLinearLayout(**attr, l.shape);
        if (!ll)
            return makeError("layout '" + l.name + "': " + ll.message());
        r.attr = *attr;
        r.layout = std::move(*ll);
        return r;
    }
    if (!l.layout)
        return makeError("layout '" + l.name + "' has neither text nor raw bases");
    auto ll = layoutFromJson(*l.layout);
    if (!ll)
        return makeError("layout '" + l.name + "': " + ll.message());
    std::vector<int32_t> sizes;
    for (const auto &[dim, size] : ll->outDims())
        sizes.push_back(size);
    if (!l.shape.empty() && l.shape != sizes)
        return makeError("layout '" + l.name +
                         "': \"shape\" does not match the out-dim sizes of "
                         "its bases");
    r.shape = std::move(sizes);
    r.layout = std::move(*ll);
    return r;
}

Expected<ResolvedLayout> resolveLayout(const Scene &scene, std::string_view name)
{
    const SceneLayout *l = scene.findLayout(name);
    if (!l)
        return makeError("no layout named '" + std::string(name) + "' in the scene");
    return resolveLayout(*l);
}

} // namespace lx
