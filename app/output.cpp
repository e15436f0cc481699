#include "output.h"

#include "command.h"

#include "base/safewrite.h"

#include <QTextStream>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace lx::app {

int writeStdout(std::string_view bytes, const QString &prog)
{
    errno = 0;
    const size_t written = std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    const bool flushed = std::fflush(stdout) == 0;
    if (written == bytes.size() && flushed && !std::ferror(stdout))
        return ExitOk;
    const int e = errno ? errno : EIO;
    QTextStream(stderr) << prog << "cannot write standard output: "
                        << QString::fromLocal8Bit(std::strerror(e)) << '\n';
    return ExitBadInput;
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
