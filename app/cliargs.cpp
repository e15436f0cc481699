#include "cliargs.h"
#include "output.h"

#include "io/scene.h"

#include <QTextStream>

#include <cstdio>

namespace lx::app {

int fail(const QString &prog, int code, const QString &message)
{
    lx::app::ErrorStream() << prog << message << '\n';
    return code;
}

Expected<std::vector<int32_t>> shapeArg(const QString &option, const QString &text,
                                        const ShapeRules &rules)
{
    Expected<std::vector<int32_t>> shape = parseShape(text.toStdString(), rules);
    if (!shape)
        return makeError("--" + option.toStdString() + ": " + shape.message());
    return shape;
}

std::string archArg(const QCommandLineParser &parser, const QCommandLineOption &arch,
                    const std::string &sceneArch)
{
    if (parser.isSet(arch))
        return parser.value(arch).toStdString();
    return sceneArch.empty() ? std::string(kDefaultArch) : sceneArch;
}

std::optional<int> nonNegativeIntArg(const QCommandLineParser &parser,
                                     const QCommandLineOption &option)
{
    if (!parser.isSet(option))
        return std::nullopt;
    bool ok = false;
    const int v = parser.value(option).toInt(&ok);
    return ok && v >= 0 ? v : -1;
}

Expected<Scene> sceneArg(const QCommandLineParser &parser, const QCommandLineOption &preset,
                         const QCommandLineOption *scene, std::string *what)
{
    if (parser.isSet(preset)) {
        const std::string name = parser.value(preset).toStdString();
        if (what)
            *what = "preset '" + name + "'";
        return loadPreset(name);
    }
    const std::string file = scene ? parser.value(*scene).toStdString() : std::string();
    if (what)
        *what = file;
    return loadSceneFile(file);
}

Expected<ResolvedLayout> textLayoutArg(const std::string &name, const std::string &text,
                                       const std::vector<int32_t> &shape, const std::string &dtype)
{
    SceneLayout l;
    l.name = name;
    l.text = text;
    l.shape = shape;
    l.dtype = dtype;
    return resolveLayout(l);
}

QString archHelp(const QString &what)
{
    return QStringLiteral("%1 (default: the scene's, else %2)")
        .arg(what, QLatin1String(kDefaultArch.data(), qsizetype(kDefaultArch.size())));
}

} // namespace lx::app
