// `layout-explorer presets [list | show NAME] [--json]`: the embedded presets
// (resources/presets/*.lxscene). `list` (the default) gives name, title and description;
// `show NAME` the preset's layouts and views, or with --json the scene file itself.

#include "command.h"
#include "output.h"

#include "io/scene.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <cstdio>

namespace {

using lx::app::ExitBadInput;
using lx::app::ExitBadUsage;
using lx::app::ExitOk;

// Standard output (or the Python package's capture); a write error is reported there.
void writeOut(const std::string &text)
{
    (void)lx::app::writeStdout(text, QStringLiteral("layout-explorer presets: "));
}

int list(bool json)
{
    const std::vector<lx::PresetInfo> presets = lx::listPresets();
    if (json) {
        nlohmann::ordered_json doc = {{"presets", nlohmann::ordered_json::array()}};
        for (const lx::PresetInfo &p : presets)
            doc["presets"].push_back(
                {{"name", p.name}, {"title", p.title}, {"description", p.description}});
        writeOut(doc.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
        return ExitOk;
    }
    size_t width = 4;
    for (const lx::PresetInfo &p : presets)
        width = std::max(width, p.name.size());
    std::string out;
    for (const lx::PresetInfo &p : presets) {
        out += p.name + std::string(width - p.name.size() + 2, ' ') + p.title + "\n";
        if (!p.description.empty())
            out += std::string(width + 2, ' ') + p.description + "\n";
    }
    writeOut(out);
    return ExitOk;
}

int show(const QString &name, bool json)
{
    const auto scene = lx::loadPreset(name.toStdString());
    if (!scene) {
        lx::app::ErrorStream() << "layout-explorer presets: "
                               << QString::fromStdString(scene.message()) << '\n';
        return ExitBadInput;
    }
    if (json) {
        writeOut(lx::serializeScene(*scene));
        return ExitOk;
    }
    std::string out = scene->name + ": " + scene->title + "\n";
    if (!scene->description.empty())
        out += scene->description + "\n";
    if (!scene->arch.empty())
        out += "arch: " + scene->arch + "\n";
    out += "layouts:\n";
    for (const lx::SceneLayout &l : scene->layouts) {
        out += "  " + l.name;
        if (!l.shape.empty()) {
            out += " [";
            for (size_t i = 0; i < l.shape.size(); ++i)
                out += (i ? "x" : "") + std::to_string(l.shape[i]);
            out += "]";
        }
        if (!l.dtype.empty())
            out += " " + l.dtype;
        out += ": " + (l.text ? *l.text : std::string("raw bases")) + "\n";
    }
    out += "views:\n";
    for (const lx::SceneView &v : scene->views) {
        out += "  " + v.kind;
        if (!v.layout.empty())
            out += " of " + v.layout;
        if (!v.options.empty())
            out += " " + v.options.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        out += "\n";
    }
    writeOut(out);
    return ExitOk;
}

int runPresets(const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Lists the embedded presets, or shows one of them."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("action"),
                                 QStringLiteral("list (default) or show NAME"),
                                 QStringLiteral("[list | show NAME]"));
    const QCommandLineOption jsonOpt(QStringLiteral("json"), QStringLiteral("JSON output"));
    parser.addOption(jsonOpt);
    lx::app::ErrorStream err;
    if (const auto rc =
            lx::app::parseOrExit(parser, args, QStringLiteral("layout-explorer presets: ")))
        return *rc;
    const QStringList pos = parser.positionalArguments();
    const bool json = parser.isSet(jsonOpt);
    if (pos.isEmpty() || (pos.size() == 1 && pos.front() == QLatin1String("list")))
        return list(json);
    if (pos.size() == 2 && pos.front() == QLatin1String("show"))
        return show(pos.at(1), json);
    err << "layout-explorer presets: expected 'list' or 'show NAME'\n";
    return ExitBadUsage;
}

} // namespace

LX_REGISTER_COMMAND(presets, "presets", "list the presets, or show one (--json)", runPresets);
