#pragma once

// Output of the headless commands: standard output checked for errors (a full disk or a closed
// pipe is an error with its cause, not a silent success), and files written through
// core/base/safewrite (atomic, through symbolic links, never over a device).

#include <QString>

#include <string_view>

namespace lx::app {

// Writes `bytes` to standard output and flushes it. On failure prints "PROG: cannot write
// standard output: <cause>" on stderr (prog ends with ": ") and returns ExitBadInput, else ExitOk.
int writeStdout(std::string_view bytes, const QString &prog);

// Writes `bytes` to `path` atomically; an empty string on success, else the reason.
QString writeOutputFile(const QString &path, std::string_view bytes);

// Checks before any work that `path` may be replaced by a regular file; the reason if not.
QString checkOutputFile(const QString &path);

} // namespace lx::app
