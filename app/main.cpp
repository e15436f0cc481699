// layout-explorer: with no subcommand (or a scene file / --preset) it opens the window; with a
// subcommand it runs headless, needing no display.

#include "command.h"

#include <QApplication>
#include <QCoreApplication>
#include <QHashFunctions>
#include <QTextStream>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace lx::app {
int runWindow(int argc, char **argv);
}

namespace {

void printUsage(FILE *out)
{
    QTextStream s(out);
    s << "Usage: layout-explorer [FILE.lxscene | --preset NAME]   open the window\n"
      << "       layout-explorer FILE.ttgir                       open a kernel in the window\n"
         "       layout-explorer COMMAND [OPTIONS]                run headless\n"
         "       layout-explorer --version | --help\n\nCommands:\n";
    for (const lx::app::Command &c : lx::app::commands())
        s << "  " << QString::fromLatin1(c.name).leftJustified(10) << ' '
          << QString::fromUtf8(c.summary) << '\n';
    s << "\nRun 'layout-explorer COMMAND --help' for the options of a command.\n";
}

} // namespace

int main(int argc, char **argv)
{
    // Exported files must not depend on the process: QPdfWriter embeds fonts in QHash order, which
    // follows the per-process hash seed. A fixed seed (taken by every hash created from here on)
    // makes the window's export and the command line's byte-identical from run to run.
    QHashSeed::setDeterministicGlobalSeed();
    QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        std::printf("layout-explorer %s\n", LX_VERSION_STRING);
        return 0;
    }
    if (first == QLatin1String("--help") || first == QLatin1String("-h")) {
        printUsage(stdout);
        return 0;
    }
    if (const lx::app::Command *cmd = argc > 1 ? lx::app::findCommand(first) : nullptr) {
        // Headless: the commands that paint open their QGuiApplication on the offscreen platform
        // (withGuiApplication), without touching the environment a child would inherit.
        QStringList args;
        for (int i = 1; i < argc; ++i)
            args << QString::fromLocal8Bit(argv[i]);
        const int rc = cmd->run(args);
        // Every command writes its report through stdout's buffer: a full disk or a closed pipe
        // shows up here at the latest and is an error with its cause, never a silent success.
        // A write that failed inside the command left its errno behind (nothing resets errno on
        // success); only the causes a write can have are trusted from there.
        const int earlier = errno;
        errno = 0;
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            int e = errno;
            if (!e && (earlier == ENOSPC || earlier == EDQUOT || earlier == EFBIG ||
                       earlier == EPIPE || earlier == EIO || earlier == EROFS))
                e = earlier;
            std::fprintf(stderr, "layout-explorer %s: cannot write standard output: %s\n", argv[1],
                         e ? std::strerror(e) : "a write failed");
            return rc == lx::app::ExitOk ? int(lx::app::ExitBadInput) : rc;
        }
        return rc;
    }
    if (argc > 1 && !first.startsWith(QLatin1Char('-')) &&
        !first.endsWith(QLatin1String(".lxscene")) && !first.endsWith(QLatin1String(".ttgir"))) {
        std::fprintf(stderr, "layout-explorer: unknown command '%s'\n\n", argv[1]);
        printUsage(stderr);
        return lx::app::ExitBadUsage;
    }
    return lx::app::runWindow(argc, argv);
}
