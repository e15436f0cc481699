#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include <functional>
#include <optional>

namespace lx::app {

// Exit codes of every headless command.
enum ExitCode : int
{
    ExitOk = 0,
    ExitBadInput = 1, // the input was read but is invalid (file, layout text, analysis request)
    ExitBadUsage = 2, // unknown command or option, missing or malformed argument
};

// A headless subcommand. Each app/cmd_*.cpp defines one and registers it with
// LX_REGISTER_COMMAND; main() dispatches on the first argument.
struct Command
{
    const char *name;
    const char *summary;
    // args[0] is the command name; returns an ExitCode.
    int (*run)(const QStringList &args);
};

// Parses `args` for a command: on a usage error (or, unless allowPositional, any positional
// argument) prints "PROG: message" on stderr (prog ends with ": ") and returns ExitBadUsage; for
// --help prints the help on stdout and returns ExitOk; otherwise nullopt (go on).
std::optional<int> parseOrExit(QCommandLineParser &parser, const QStringList &args,
                               const QString &prog, bool allowPositional = true);

// The command's --help text, its usage line naming the command ("Usage: layout-explorer convert
// [options]", from `prog`). Qt writes the application's name there, or the literal
// "<executable_name>" when no application object exists (the headless commands create none).
QString commandHelp(const QCommandLineParser &parser, const QString &prog);

// Runs `run` inside a QGuiApplication, which fonts and painting need, on the offscreen platform
// unless QT_QPA_PLATFORM names one (the environment is left as it is), and returns what it returns;
// in a process that has a QGuiApplication already (the Python package), runs `run` in that one.
int withGuiApplication(const std::function<int()> &run);

// The commands and the analyses of `analyze`, sorted by name. The lists are written out in
// command.cpp (no registration at static-initialisation time, which a static library would drop).
const Command *findCommand(const QString &name);
QList<Command> commands();

// `layout-explorer analyze KIND ...`: args[0] is then the kind.
const Command *findAnalysis(const QString &kind);
QList<Command> analyses();

} // namespace lx::app

// Defines the Command object VAR with external linkage, for the tables of command.cpp.
#define LX_DEFINE_COMMAND(var, name, summary, fn)                                                  \
    extern const ::lx::app::Command var;                                                           \
    const ::lx::app::Command var                                                                   \
    {                                                                                              \
        name, summary, fn                                                                          \
    }

// Defines the command `ident` (lxCommand_ident); command.cpp lists it.
#define LX_REGISTER_COMMAND(ident, name, summary, fn)                                              \
    LX_DEFINE_COMMAND(lxCommand_##ident, name, summary, fn)

// Defines the analysis `ident` of `analyze` (lxAnalysis_ident); command.cpp lists it.
#define LX_REGISTER_ANALYSIS(ident, kind, summary, fn)                                             \
    LX_DEFINE_COMMAND(lxAnalysis_##ident, kind, summary, fn)
