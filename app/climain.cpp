#include "climain.h"

#include "command.h"

#include <QHashFunctions>
#include <QTextStream>

#include <cerrno>
#include <cstring>

namespace lx::app {

void printUsage(std::FILE *out, const char *program, bool window)
{
    QTextStream s(out);
    const QString name = QString::fromLatin1(program);
    const QString pad(name.size(), QLatin1Char(' '));
    if (window)
        s << "Usage: " << name << " [FILE.lxscene | --preset NAME]   open the window\n"
          << "       " << name << " FILE.ttgir                       open a kernel in the window\n"
          << "       " << name << " COMMAND [OPTIONS]                run headless\n";
    else
        s << "Usage: " << name << " COMMAND [OPTIONS]   the commands of layout-explorer, without "
          << "the window\n";
    s << "       " << name << " --version | --help\n\nCommands:\n";
    for (const Command &c : commands())
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << ' '
          << QString::fromUtf8(c.summary) << '\n';
    s << "\nRun '" << name << " COMMAND --help' for the options of a command.\n";
}

int runCommandLine(const Command &cmd, const QStringList &args, const char *program)
{
    const int rc = cmd.run(args);
    // Every command writes its report through stdout's buffer: a full disk or a closed pipe
    // shows up here at the latest and is an error with its cause, never a silent success.
    // A write that failed inside the command left its errno behind (nothing resets errno on
    // success); only the causes a write can have are trusted from there.
    const int earlier = errno;
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
        int e = errno;
        if (!e && (earlier == ENOSPC || earlier == EDQUOT || earlier == EFBIG || earlier == EPIPE ||
                   earlier == EIO || earlier == EROFS))
            e = earlier;
        std::fprintf(stderr, "%s %s: cannot write standard output: %s\n", program,
                     args.isEmpty() ? "" : qPrintable(args.front()),
                     e ? std::strerror(e) : "a write failed");
        return rc == ExitOk ? int(ExitBadInput) : rc;
    }
    return rc;
}

bool handleCommandLine(int argc, char **argv, const char *program, bool window, int &code)
{
    // Exported files must not depend on the process: QPdfWriter embeds fonts in QHash order, which
    // follows the per-process hash seed. A fixed seed (taken by every hash created from here on)
    // makes the window's export and the command line's byte-identical from run to run.
    QHashSeed::setDeterministicGlobalSeed();
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        std::printf("%s %s\n", program, LX_VERSION_STRING);
        code = ExitOk;
        return true;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
        printUsage(stdout, program, window);
        code = ExitOk;
        return true;
    }
    if (const Command *cmd = argc > 1 ? findCommand(first) : nullptr) {
        // Headless: the commands that paint open their QGuiApplication on the offscreen platform
        // (withGuiApplication), without touching the environment a child would inherit.
        QStringList args;
        for (int i = 1; i < argc; ++i)
            args << QString::fromLocal8Bit(argv[i]);
        code = runCommandLine(*cmd, args, program);
        return true;
    }
    return false;
}

} // namespace lx::app
