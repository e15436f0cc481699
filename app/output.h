#pragma once

// Output of the headless commands: standard output checked for errors (a full disk or a closed
// pipe is an error with its cause, not a silent success), and files written through
// core/base/safewrite (atomic, through symbolic links, never over a device).
//
// A command's reply can also be captured instead of printed (CommandCapture): the Python package
// runs a command's own function and takes its JSON value and its messages as they are, so the
// command line and Python cannot disagree on a number or a message.

#include <QString>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace lx::app {

// What a command run under a CommandCapture printed: the JSON value it wrote (as a value, never
// as text), the other bytes of standard output, and its error messages.
struct CommandReply
{
    std::optional<nlohmann::json> json;
    std::string out;
    QString err;
};

// While alive, the commands run on this thread write their reply into it instead of standard
// output and standard error. Captures do not nest.
class CommandCapture
{
public:
    CommandCapture();
    ~CommandCapture();
    CommandCapture(const CommandCapture &) = delete;
    CommandCapture &operator=(const CommandCapture &) = delete;
    [[nodiscard]] CommandReply &reply() { return m_reply; }

private:
    CommandReply m_reply;
};

// Standard error, or the capture's messages while a CommandCapture is alive on this thread.
class ErrorStream : public QTextStream
{
public:
    ErrorStream();
};

// Standard output, or the capture's other bytes while a CommandCapture is alive on this thread
// (a command's text report, printed beside a file it writes, does not leak into a Python caller's
// output). Every command writes its text through one.
class OutStream : public QTextStream
{
public:
    OutStream();
    ~OutStream() override;
    OutStream(const OutStream &) = delete;
    OutStream &operator=(const OutStream &) = delete;

private:
    QString m_captured;
};

// Writes `bytes` to standard output and flushes it. On failure prints "PROG: cannot write
// standard output: <cause>" on stderr (prog ends with ": ") and returns ExitBadInput, else ExitOk.
int writeStdout(std::string_view bytes, const QString &prog);

// Writes j.dump(indent) and a newline as writeStdout does, or hands `j` to the capture.
int writeJson(const nlohmann::json &j, const QString &prog, int indent = 1);

// Writes `bytes` to `path` atomically; an empty string on success, else the reason.
QString writeOutputFile(const QString &path, std::string_view bytes);

// Checks before any work that `path` may be replaced by a regular file; the reason if not.
QString checkOutputFile(const QString &path);

} // namespace lx::app
