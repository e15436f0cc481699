#include "output.h"

#include "command.h"

#include "base/safewrite.h"

#include <QIODevice>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace lx::app {

namespace {
thread_local CommandReply *t_capture = nullptr;
} // namespace

CommandCapture::CommandCapture()
{
    t_capture = &m_reply;
}

CommandCapture::~CommandCapture()
{
    t_capture = nullptr;
}

ErrorStream::ErrorStream() : QTextStream(stderr)
{
    if (t_capture)
        setString(&t_capture->err, QIODevice::WriteOnly | QIODevice::Append);
}

OutStream::OutStream() : QTextStream(stdout)
{
    if (t_capture)
        setString(&m_captured, QIODevice::WriteOnly);
}

OutStream::~OutStream()
{
    flush();
    if (t_capture)
        t_capture->out.append(m_captured.toStdString());
}

int writeStdout(std::string_view bytes, const QString &prog)
{
    if (t_capture) {
        t_capture->out.append(bytes);
        return ExitOk;
    }
    errno = 0;
    const size_t written = std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    const bool flushed = std::fflush(stdout) == 0;
    if (written == bytes.size() && flushed && !std::ferror(stdout))
        return ExitOk;
    const int e = errno ? errno : EIO;
    ErrorStream() << prog
                  << "cannot write standard output: " << QString::fromLocal8Bit(std::strerror(e))
                  << '\n';
    return ExitBadInput;
}

int writeJson(const nlohmann::json &j, const QString &prog, int indent)
{
    if (t_capture) {
        t_capture->json = j;
        return ExitOk;
    }
    return writeStdout(j.dump(indent) + "\n", prog);
}

QString writeOutputFile(const QString &path, std::string_view bytes)
{
    const Expected<bool> ok = writeFileAtomically(path.toStdString(), bytes);
    return ok ? QString() : QString::fromStdString(ok.message());
}

QString checkOutputFile(const QString &path)
{
    const Expected<std::string> ok = checkWritableTarget(path.toStdString());
    return ok ? QString() : QString::fromStdString(ok.message());
}

} // namespace lx::app
