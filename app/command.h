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

// Runs `run` inside a QGuiApplication, which fonts and painting need (main() chose the offscreen
// platform when there is no display), and returns what it returns.
int withGuiApplication(const std::function<int()> &run);

void registerCommand(const Command &command);
const Command *findCommand(const QString &name);
QList<Command> commands();

struct CommandRegistrar
{
    explicit CommandRegistrar(const Command &command) { registerCommand(command); }
};

// `layout-explorer analyze KIND ...`: each analysis (ds-load-tr, cta, lds, banks) registers
// itself under its kind with LX_REGISTER_ANALYSIS; args[0] is then the kind.
void registerAnalysis(const Command &analysis);
const Command *findAnalysis(const QString &kind);
QList<Command> analyses();

struct AnalysisRegistrar
{
    explicit AnalysisRegistrar(const Command &analysis) { registerAnalysis(analysis); }
};

} // namespace lx::app

#define LX_REGISTER_COMMAND(ident, name, summary, fn)                                              \
    static const ::lx::app::CommandRegistrar lxCommandRegistrar_##ident(                           \
        ::lx::app::Command{name, summary, fn})

#define LX_REGISTER_ANALYSIS(ident, kind, summary, fn)                                             \
    static const ::lx::app::AnalysisRegistrar lxAnalysisRegistrar_##ident(                         \
        ::lx::app::Command{kind, summary, fn})
