#include "request/viewrequest.h"

#include "hw/dtype.h"
#include "io/layoutname.h"

#include <algorithm>
#include <type_traits>

namespace lx {

namespace {

std::string jsonTypeName(const nlohmann::json &j)
{
    return j.type_name();
}

// Appends the option to the request's trace, once per key.
void record(const ViewRequest &r, const std::string &key, OptionUse::Kind kind,
            const std::vector<std::string> &allowed = {})
{
    if (!r.trace)
        return;
    for (const OptionUse &u : *r.trace)
        if (u.key == key)
            return;
    r.trace->push_back(OptionUse{key, kind, allowed});
}

// The request's option key, or null when it does not give one.
const nlohmann::json *optionValue(const ViewRequest &r, const std::string &key)
{
    if (!r.options.is_object() || !r.options.contains(key))
        return nullptr;
    return &r.options.at(key);
}

// "view 'kind': option 'key' <what>".
Error optionError(const ViewRequest &r, const std::string &key, const std::string &what)
{
    return makeError("view '" + r.kind + "': option '" + key + "' " + what);
}

// The option key as a T: def when the request does not give it, an error when the JSON test isT
// fails (expected says what it must be).
template <class T>
Expected<T> scalarOption(const ViewRequest &r, const std::string &key, const T &def,
                         bool (nlohmann::json::*isT)() const noexcept, const std::string &expected)
{
    record(r, key, std::is_same_v<T, bool> ? OptionUse::Bool : OptionUse::Int);
    const nlohmann::json *v = optionValue(r, key);
    if (!v)
        return def;
    if (!(v->*isT)())
        return optionError(r, key, "must be " + expected + ", not " + jsonTypeName(*v));
    return v->get<T>();
}

} // namespace

bool sameInputs(const ViewRequest &a, const ViewRequest &b)
{
    const auto sameLayout = [](const ResolvedLayout &x, const ResolvedLayout &y) {
        const bool sameAttr = x.attr == y.attr || (x.attr && y.attr && *x.attr == *y.attr);
        return x.name == y.name && x.shape == y.shape && x.dtype == y.dtype && sameAttr &&
               x.layout == y.layout;
    };
    return a.kind == b.kind && a.layout == b.layout && a.shape == b.shape && a.dtype == b.dtype &&
           a.arch == b.arch && a.title == b.title && a.options.dump() == b.options.dump() &&
           std::equal(a.layouts.begin(), a.layouts.end(), b.layouts.begin(), b.layouts.end(),
                      sameLayout);
}

const ResolvedLayout *ViewRequest::find(const std::string &name) const
{
    for (const ResolvedLayout &l : layouts)
        if (l.name == name)
            return &l;
    return nullptr;
}

const ResolvedLayout *ViewRequest::primary() const
{
    if (!layout.empty())
        return find(layout);
    return layouts.empty() ? nullptr : &layouts.front();
}

bool ViewRequest::hasOption(const std::string &key, OptionUse::Kind use) const
{
    record(*this, key, use);
    return optionValue(*this, key) != nullptr;
}

Expected<const ResolvedLayout *> ViewRequest::layoutOption(const std::string &key) const
{
    record(*this, key, OptionUse::Layout);
    const nlohmann::json *v = optionValue(*this, key);
    if (!v) {
        if (const ResolvedLayout *p = primary())
            return p;
        if (!layout.empty())
            return makeError("view '" + kind + "': no layout named '" + layout + "'");
        return makeError("view '" + kind + "' needs a layout");
    }
    if (!v->is_string())
        return optionError(*this, key, "must be a layout name (string), not " + jsonTypeName(*v));
    const std::string name = v->get<std::string>();
    if (const ResolvedLayout *l = find(name))
        return l;
    if (const std::string why = layoutNameProblem(name); !why.empty())
        return optionError(*this, key, why);
    return optionError(*this, key, "names '" + name + "', which is not a layout of the scene");
}

Expected<std::string> ViewRequest::stringOption(const std::string &key, const std::string &def,
                                                const std::vector<std::string> &allowed) const
{
    record(*this, key, key == "dtype" ? OptionUse::Dtype : OptionUse::String, allowed);
    const nlohmann::json *v = optionValue(*this, key);
    if (!v)
        return def;
    if (!v->is_string())
        return optionError(*this, key, "must be a string, not " + jsonTypeName(*v));
    std::string s = v->get<std::string>();
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
        std::string list;
        for (const std::string &a : allowed)
            list += (list.empty() ? "" : ", ") + a;
        return optionError(*this, key, "is '" + s + "'; expected one of: " + list);
    }
    return s;
}

Expected<int64_t> ViewRequest::intOption(const std::string &key, int64_t def) const
{
    return scalarOption(*this, key, def, &nlohmann::json::is_number_integer, "an integer");
}

Expected<bool> ViewRequest::boolOption(const std::string &key, bool def) const
{
    return scalarOption(*this, key, def, &nlohmann::json::is_boolean, "true or false");
}

Expected<std::vector<int64_t>> ViewRequest::intListOption(const std::string &key,
                                                          const std::vector<int64_t> &def) const
{
    record(*this, key, OptionUse::IntList);
    const nlohmann::json *v = optionValue(*this, key);
    if (!v)
        return def;
    if (!v->is_array())
        return optionError(*this, key, "must be a list of integers, not " + jsonTypeName(*v));
    std::vector<int64_t> out;
    for (const nlohmann::json &e : *v) {
        if (!e.is_number_integer())
            return optionError(*this, key, "must be a list of integers");
        out.push_back(e.get<int64_t>());
    }
    return out;
}

Expected<std::vector<std::string>>
ViewRequest::stringListOption(const std::string &key, const std::vector<std::string> &def) const
{
    record(*this, key, OptionUse::StringList);
    const nlohmann::json *v = optionValue(*this, key);
    if (!v)
        return def;
    if (!v->is_array())
        return optionError(*this, key, "must be a list of strings, not " + jsonTypeName(*v));
    std::vector<std::string> out;
    for (const nlohmann::json &e : *v) {
        if (!e.is_string())
            return optionError(*this, key,
                               "must be a list of strings, but holds a " + jsonTypeName(e));
        out.push_back(e.get<std::string>());
    }
    return out;
}

Expected<std::string>
ViewRequest::elementType(std::initializer_list<const ResolvedLayout *> involved,
                         bool *defaulted) const
{
    Expected<std::string> option = stringOption("dtype", "");
    if (!option)
        return option.error();
    std::string chosen = *option;
    if (chosen.empty())
        chosen = dtype;
    for (const ResolvedLayout *l : involved)
        if (chosen.empty() && l && !l->dtype.empty())
            chosen = l->dtype;
    if (defaulted)
        *defaulted = chosen.empty();
    if (chosen.empty())
        chosen = std::string(kDefaultDtype);
    if (const Expected<int> bits = dtypeBits(chosen); !bits)
        return makeError("view '" + kind + "': " + bits.message());
    return chosen;
}

std::string elementTypeOr(std::initializer_list<std::string_view> candidates, bool *defaulted)
{
    for (std::string_view c : candidates)
        if (!c.empty()) {
            if (defaulted)
                *defaulted = false;
            return std::string(c);
        }
    if (defaulted)
        *defaulted = true;
    return std::string(kDefaultDtype);
}

Expected<std::vector<ResolvedLayout>> resolveSceneLayouts(const Scene &scene)
{
    std::vector<ResolvedLayout> out;
    for (const SceneLayout &l : scene.layouts) {
        auto r = resolveLayout(l);
        if (!r)
            return makeError("layout '" + l.name + "': " + r.message());
        out.push_back(std::move(*r));
    }
    return out;
}

Expected<ViewRequest> sceneRequest(const Scene &scene)
{
    ViewRequest request;
    if (!scene.arch.empty())
        request.arch = scene.arch;
    Expected<std::vector<ResolvedLayout>> layouts = resolveSceneLayouts(scene);
    if (!layouts)
        return layouts.error();
    request.layouts = std::move(*layouts);
    return request;
}

ViewRequest withSceneView(ViewRequest base, const SceneView &view)
{
    base.kind = view.kind;
    base.layout = view.layout;
    base.options = view.options;
    return base;
}

Expected<ViewRequest> sceneViewRequest(const Scene &scene, const SceneViewChoice &choice)
{
    const SceneView *view = nullptr;
    if (choice.index >= 0) {
        if (size_t(choice.index) >= scene.views.size())
            return makeError(choice.what + " has " + std::to_string(scene.views.size()) +
                             " views; view " + std::to_string(choice.index) + " is out of range");
        view = &scene.views[size_t(choice.index)];
    } else {
        for (const SceneView &v : scene.views) {
            for (const std::string &p : choice.kindPrefixes)
                if (v.kind.rfind(p, 0) == 0)
                    view = &v;
            for (const std::string &k : choice.optionKeys)
                if (v.options.is_object() && v.options.contains(k))
                    view = &v;
            if (view)
                break;
        }
    }
    if (!view)
        return makeError(choice.what + " has no " + choice.lacks);
    Expected<ViewRequest> base = sceneRequest(scene);
    if (!base)
        return makeError(choice.what + ": " + base.message());
    ViewRequest r = withSceneView(std::move(*base), *view);
    r.title = scene.title.empty() ? scene.name : scene.title;
    return r;
}

std::string viewLabel(const ViewRequest &view, int index)
{
    return (index >= 0 ? "view " + std::to_string(index) + " (" : std::string("view (")) +
           view.kind + ")";
}

bool hasOption(const ViewRequest &view, const char *key)
{
    return view.options.is_object() && view.options.contains(key);
}

} // namespace lx
