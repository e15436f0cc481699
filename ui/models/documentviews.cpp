#include "models/documentviews.h"

#include "analysis/ownership.h"
#include "models/elementinfo.h"
#include "models/layoutdocument.h"
#include "render/viewregistry.h"

#include <algorithm>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

namespace lx {

ViewRequest viewRequestFor(const SceneContents &contents, int view)
{
    const DocumentView &v = contents.views.at(view);
    ViewRequest r;
    r.kind = v.kind.toStdString();
    r.layout = v.layoutName.toStdString();
    r.arch = contents.arch.toStdString();
    for (const DocumentLayout &l : contents.layouts)
        r.layouts.push_back(ResolvedLayout{l.name.toStdString(), l.layout,
                                           std::vector<int32_t>(l.shape.begin(), l.shape.end()),
                                           l.dtype.toStdString(), l.attr});
    r.options = v.options;
    return r;
}

Expected<Diagram> buildDocumentView(const SceneContents &contents, int view)
{
    return buildView(viewRequestFor(contents, view));
}

bool followSelection(ViewRequest &request, int64_t elementId)
{
    if (request.kind != "xor" || elementId < 0)
        return false;
    const Expected<const ResolvedLayout *> named = request.layoutOption("layout");
    if (!named || !*named)
        return false;
    const LinearLayout &layout = (*named)->layout;
    const std::optional<std::vector<int32_t>> owner = findOwner(layout, elementId);
    if (!owner)
        return false;
    std::vector<LinearLayout::NamedValue> input;
    const std::vector<std::string> names = layout.inDimNames();
    for (size_t i = 0; i < names.size(); ++i) {
        request.options[names[i]] = (*owner)[i];
        input.emplace_back(names[i], (*owner)[i]);
    }
    if (const Expected<XorDecomposition> x = decomposeXor(layout, input))
        request.title = "Selected element: " + x->toString();
    return true;
}

namespace {

QString baseViewTitle(const DocumentView &v)
{
    return v.layoutName.isEmpty() ? v.kind : QStringLiteral("%1 · %2").arg(v.kind, v.layoutName);
}

// A view's options as "key" -> value, an object's members one level down as "key.member"
// (a kpack view's {"kpack": {"rule": ...}} gives "kpack.rule").
std::map<std::string, nlohmann::json> flatViewOptions(const nlohmann::json &options)
{
    std::map<std::string, nlohmann::json> flat;
    if (!options.is_object())
        return flat;
    for (const auto &[key, value] : options.items()) {
        if (value.is_object())
            for (const auto &[member, inner] : value.items())
                flat[key + "." + member] = inner;
        else
            flat[key] = value;
    }
    return flat;
}

QString optionValueText(const nlohmann::json &value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

} // namespace

QString viewTitle(const SceneContents &contents, int view)
{
    const DocumentView &v = contents.views.at(view);
    const QString base = baseViewTitle(v);
    // Views of one kind over one layout are told apart by the options in which they differ
    // ("bank-table · read (shared=swizzled)" beside "(shared=plain)"), or by their order when
    // every option is the same.
    std::vector<int> twins;
    for (int i = 0; i < int(contents.views.size()); ++i)
        if (baseViewTitle(contents.views.at(i)) == base)
            twins.push_back(i);
    if (twins.size() < 2)
        return base;
    std::vector<std::map<std::string, nlohmann::json>> flats;
    std::set<std::string> keys;
    for (int i : twins) {
        flats.push_back(flatViewOptions(contents.views.at(i).options));
        for (const auto &entry : flats.back())
            keys.insert(entry.first);
    }
    const size_t self = size_t(std::find(twins.begin(), twins.end(), view) - twins.begin());
    QStringList differences;
    for (const std::string &key : keys) {
        const auto valueIn = [&key](const std::map<std::string, nlohmann::json> &flat) {
            const auto it = flat.find(key);
            return it == flat.end() ? nlohmann::json() : it->second;
        };
        const nlohmann::json mine = valueIn(flats[self]);
        const bool differs = std::any_of(flats.begin(), flats.end(),
                                         [&](const auto &flat) { return valueIn(flat) != mine; });
        if (differs && !mine.is_null())
            differences << QStringLiteral("%1=%2").arg(QString::fromStdString(key),
                                                       optionValueText(mine));
    }
    QString which = differences.join(QStringLiteral(", "));
    constexpr int kMaxDifference = 48;
    if (which.size() > kMaxDifference)
        which = which.left(kMaxDifference - 1) + QChar(0x2026);
    if (which.isEmpty())
        which = QString::number(self + 1);
    return QStringLiteral("%1 (%2)").arg(base, which);
}

} // namespace lx
