#include "command.h"
#include "output.h"

#include "render/headlessapp.h"

#include <QGuiApplication>
#include <QTextStream>

#include <algorithm>
#include <vector>

// Defined by LX_REGISTER_COMMAND / LX_REGISTER_ANALYSIS in app/cmd_*.cpp.
extern const ::lx::app::Command lxCommand_analyze;
extern const ::lx::app::Command lxCommand_check;
extern const ::lx::app::Command lxCommand_compare;
extern const ::lx::app::Command lxCommand_convert;
extern const ::lx::app::Command lxCommand_diff;
extern const ::lx::app::Command lxCommand_eval;
extern const ::lx::app::Command lxCommand_handout;
extern const ::lx::app::Command lxCommand_presets;
extern const ::lx::app::Command lxCommand_render;
extern const ::lx::app::Command lxCommand_suggest;
extern const ::lx::app::Command lxAnalysis_banks;
extern const ::lx::app::Command lxAnalysis_cta;
extern const ::lx::app::Command lxAnalysis_dsloadtr;
extern const ::lx::app::Command lxAnalysis_kernel;
extern const ::lx::app::Command lxAnalysis_lds;

namespace lx::app {

namespace {
QList<Command> sorted(const std::vector<Command> &v)
{
    QList<Command> list(v.begin(), v.end());
    std::sort(list.begin(), list.end(),
              [](const Command &a, const Command &b) { return qstrcmp(a.name, b.name) < 0; });
    return list;
}
const Command *find(const std::vector<Command> &v, const QString &name)
{
    for (const Command &c : v)
        if (name == QLatin1String(c.name))
            return &c;
    return nullptr;
}

} // namespace

QString commandHelp(const QCommandLineParser &parser, const QString &prog)
{
    QString name = prog.trimmed();
    if (name.endsWith(QLatin1Char(':')))
        name.chop(1);
    // Qt's first line is "Usage: PROGRAM [options] ...": PROGRAM is the application's name, or
    // the literal "<executable_name>" when no application object exists. The command's own
    // name replaces it.
    QString text = parser.helpText();
    const QString usage = QStringLiteral("Usage: ");
    if (text.startsWith(usage)) {
        const qsizetype end = text.indexOf(QLatin1Char(' '), usage.size());
        if (end > 0)
            text.replace(usage.size(), end - usage.size(), name);
    }
    return text;
}

std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &args,
                               const QString &prog, bool allowPositional)
{
    if (!parser.parse(args)) {
        lx::app::ErrorStream() << prog << parser.errorText() << '\n';
        return ExitBadUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        lx::app::OutStream() << commandHelp(parser, prog);
        return ExitOk;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        lx::app::ErrorStream() << prog
                               << QStringLiteral("unexpected argument '%1'")
                                      .arg(parser.positionalArguments().constFirst())
                               << '\n';
        return ExitBadUsage;
    }
    return std::nullopt;
}

int withGuiApplication(const std::function<int()> &run)
{
    // A host that made its QGuiApplication already (the Python package) keeps it; a plain
    // QCoreApplication (a GUI-less test) does not paint, so the one below is made as before.
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance()))
        return run();
    const HeadlessArguments args = headlessGuiArguments("layout-explorer");
    const QtMessageHandler before = dropRuntimeDirWarning();
    QGuiApplication app(*args.argc, args.argv);
    const int rc = run();
    qInstallMessageHandler(before);
    return rc;
}

namespace {
const std::vector<Command> &registry()
{
    static const std::vector<Command> r{lxCommand_analyze, lxCommand_check,   lxCommand_compare,
                                        lxCommand_convert, lxCommand_diff,    lxCommand_eval,
                                        lxCommand_handout, lxCommand_presets, lxCommand_render,
                                        lxCommand_suggest};
    return r;
}
const std::vector<Command> &analysisRegistry()
{
    static const std::vector<Command> r{lxAnalysis_banks, lxAnalysis_cta, lxAnalysis_dsloadtr,
                                        lxAnalysis_kernel, lxAnalysis_lds};
    return r;
}
} // namespace

const Command *findCommand(const QString &name)
{
    return find(registry(), name);
}
QList<Command> commands()
{
    return sorted(registry());
}
const Command *findAnalysis(const QString &kind)
{
    return find(analysisRegistry(), kind);
}
QList<Command> analyses()
{
    return sorted(analysisRegistry());
}

} // namespace lx::app
