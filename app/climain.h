#pragma once

// What the programs share around the commands: the usage text and running one command as a
// program does (its exit code, and standard output checked once it is done). `layout-explorer`
// (the window and the commands), `layout-explorer-cli` (the commands alone, no Qt Widgets) and
// `python3 -m layout_explorer` run commands through here.

#include <QStringList>

#include <cstdio>

namespace lx::app {

struct Command;

// The usage text of `program`; `window`: the program also opens the window.
void printUsage(std::FILE *out, const char *program, bool window);

// Runs `cmd` with `args` (args[0] is the command's name) writing to standard output and error,
// then flushes standard output: a full disk or a closed pipe is an error with its cause (on
// stderr, named after `program`), never a silent success. Returns the exit code.
int runCommandLine(const Command &cmd, const QStringList &args, const char *program);

// Handles `PROGRAM --version | --help | COMMAND ...` when argv asks for one of them: sets `code`
// and returns true; false when argv names none of them (no argument, a file, an option).
bool handleCommandLine(int argc, char **argv, const char *program, bool window, int &code);

} // namespace lx::app
