#include "command.h"

#include <QGuiApplication>
#include <QTextStream>

#include <algorithm>
#include <vector>

namespace lx::app {

namespace {
std::vector<Command> &registry()
{
    static std::vector<Command> r;
    return r;
}
std::vector<Command> &analysisRegistry()
{
    static std::vector<Command> r;
    return r;
}
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

std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &args,
                               const QString &prog, bool allowPositional)
{
    if (!parser.parse(args)) {
        QTextStream(stderr) << prog << parser.errorText() << '\n';
        return ExitBadUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return ExitOk;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        QTextStream(stderr) << prog
                            << QStringLiteral("unexpected argument '%1'")
                                   .arg(parser.positionalArguments().constFirst())
                            << '\n';
        return ExitBadUsage;
    }
    return std::nullopt;
}

int withGuiApplication(const std::function<int()> &run)
{
    static int argc = 1;
    static char name[] = "layout-explorer";
    static char *argv[] = {name, nullptr};
    QGuiApplication app(argc, argv);
    return run();
}

void registerCommand(const Command &command)
{
    registry().push_back(command);
}
const Command *findCommand(const QString &name)
{
    return find(registry(), name);
}
QList<Command> commands()
{
    return sorted(registry());
}

void registerAnalysis(const Command &analysis)
{
    analysisRegistry().push_back(analysis);
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
