#include "models/scenefile.h"

#include "hw/resources.h"
#include "models/layoutdocument.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace lx {

namespace {

Expected<LinearLayout> layoutFromJson(const QJsonObject &o, const QString &where)
{
    LinearLayout::BasesT bases;
    for (const QJsonValue &dim : o.value(QStringLiteral("bases")).toArray()) {
        const QJsonArray pair = dim.toArray();
        if (pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isArray())
            return makeError((where + QStringLiteral(": each basis entry is [inDim, [[...], ...]]"))
                                 .toStdString());
        std::vector<LinearLayout::Basis> bs;
        for (const QJsonValue &b : pair.at(1).toArray()) {
            LinearLayout::Basis v;
            for (const QJsonValue &c : b.toArray())
                v.push_back(int32_t(c.toInt(-1)));
            bs.push_back(std::move(v));
        }
        bases.emplace_back(pair.at(0).toString().toStdString(), std::move(bs));
    }
    std::vector<LinearLayout::NamedSize> outs;
    for (const QJsonValue &dim : o.value(QStringLiteral("outDims")).toArray()) {
        const QJsonArray pair = dim.toArray();
        if (pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isDouble())
            return makeError(
                (where + QStringLiteral(": each out-dim is [name, size]")).toStdString());
        outs.emplace_back(pair.at(0).toString().toStdString(), int32_t(pair.at(1).toInt()));
    }
    Expected<LinearLayout> l = LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
    if (!l)
        return makeError((where + QStringLiteral(": ")).toStdString() + l.message());
    return l;
}

QJsonObject layoutToJson(const LinearLayout &l)
{
    QJsonArray bases;
    for (const auto &[name, bs] : l.bases()) {
        QJsonArray vs;
        for (const auto &b : bs) {
            QJsonArray cs;
            for (int32_t c : b)
                cs.append(c);
            vs.append(cs);
        }
        bases.append(QJsonArray{QString::fromStdString(name), vs});
    }
    QJsonArray outs;
    for (const auto &[name, size] : l.outDims())
        outs.append(QJsonArray{QString::fromStdString(name), size});
    return QJsonObject{{QStringLiteral("bases"), bases}, {QStringLiteral("outDims"), outs}};
}

} // namespace

Expected<SceneContents> parseSceneText(const QByteArray &json, const QString &origin)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return makeError(QStringLiteral("%1: JSON error at offset %2: %3")
                             .arg(origin)
                             .arg(error.offset)
                             .arg(error.errorString())
                             .toStdString());
    const QJsonObject root = doc.object();
    if (root.value(QStringLiteral("format")).toString() != QLatin1String("layout-explorer-scene"))
        return makeError(
            QStringLiteral("%1: not a layout-explorer scene (\"format\" is missing or different)")
                .arg(origin)
                .toStdString());
    SceneContents s;
    s.name = root.value(QStringLiteral("name")).toString();
    s.title = root.value(QStringLiteral("title")).toString();
    s.description = root.value(QStringLiteral("description")).toString();
    s.arch = root.value(QStringLiteral("arch")).toString(QStringLiteral("gfx1250"));
    const QJsonArray layouts = root.value(QStringLiteral("layouts")).toArray();
    for (qsizetype i = 0; i < layouts.size(); ++i) {
        const QJsonObject o = layouts.at(i).toObject();
        DocumentLayout entry;
        entry.name = o.value(QStringLiteral("name")).toString();
        const QString where = QStringLiteral("%1: layout %2").arg(origin, entry.name);
        if (!o.contains(QStringLiteral("layout")))
            return makeError((where + QStringLiteral(": only raw \"layout\" bases are read here"))
                                 .toStdString());
        Expected<LinearLayout> l =
            layoutFromJson(o.value(QStringLiteral("layout")).toObject(), where);
        if (!l)
            return l.error();
        entry.layout = *l;
        s.layouts.append(entry);
    }
    for (const QJsonValue &v : root.value(QStringLiteral("views")).toArray()) {
        const QJsonObject o = v.toObject();
        s.views.append(DocumentView{o.value(QStringLiteral("kind")).toString(),
                                    o.value(QStringLiteral("layout")).toString(),
                                    o.value(QStringLiteral("options")).toObject()});
    }
    return s;
}

QByteArray serializeScene(const SceneContents &s)
{
    QJsonObject root{{QStringLiteral("format"), QStringLiteral("layout-explorer-scene")},
                     {QStringLiteral("version"), 1},
                     {QStringLiteral("name"), s.name},
                     {QStringLiteral("title"), s.title},
                     {QStringLiteral("description"), s.description},
                     {QStringLiteral("arch"), s.arch}};
    QJsonArray layouts;
    for (const DocumentLayout &l : s.layouts)
        layouts.append(QJsonObject{{QStringLiteral("name"), l.name},
                                   {QStringLiteral("layout"), layoutToJson(l.layout)}});
    root.insert(QStringLiteral("layouts"), layouts);
    QJsonArray views;
    for (const DocumentView &v : s.views) {
        QJsonObject o{{QStringLiteral("kind"), v.kind}};
        if (!v.layoutName.isEmpty())
            o.insert(QStringLiteral("layout"), v.layoutName);
        if (!v.options.isEmpty())
            o.insert(QStringLiteral("options"), v.options);
        views.append(o);
    }
    root.insert(QStringLiteral("views"), views);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

Expected<SceneContents> readSceneFile(const QString &fileName)
{
    QFile f(fileName);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("%1: %2").arg(fileName, f.errorString()).toStdString());
    return parseSceneText(f.readAll(), fileName);
}

QString writeSceneFile(const QString &fileName, const SceneContents &contents)
{
    QSaveFile f(fileName);
    if (!f.open(QIODevice::WriteOnly))
        return QStringLiteral("%1: %2").arg(fileName, f.errorString());
    const QByteArray data = serializeScene(contents);
    if (f.write(data) != data.size() || !f.commit())
        return QStringLiteral("%1: %2").arg(fileName, f.errorString());
    return {};
}

QList<PresetInfo> availablePresets()
{
    QList<PresetInfo> presets;
    for (const std::string &path : embeddedResourcePaths("presets/")) {
        const std::optional<std::string_view> text = embeddedResource(path);
        if (!text)
            continue;
        const QJsonObject root =
            QJsonDocument::fromJson(QByteArray(text->data(), qsizetype(text->size()))).object();
        presets.append({root.value(QStringLiteral("name")).toString(),
                        root.value(QStringLiteral("title")).toString(),
                        root.value(QStringLiteral("description")).toString()});
    }
    return presets;
}

Expected<SceneContents> loadPresetScene(const QString &name)
{
    const std::string path = "presets/" + name.toStdString() + ".lxscene";
    const std::optional<std::string_view> text = embeddedResource(path);
    if (!text)
        return makeError("no preset named " + name.toStdString());
    return parseSceneText(QByteArray(text->data(), qsizetype(text->size())), name);
}

} // namespace lx
