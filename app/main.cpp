// layout-explorer: with no subcommand (or a scene file / --preset) it opens the window; with a
// subcommand it runs headless, needing no display.

#include "climain.h"
#include "command.h"

#include <cstdio>

namespace lx::app {
int runWindow(int argc, char **argv);
}

int main(int argc, char **argv)
{
    int code = 0;
    if (lx::app::handleCommandLine(argc, argv, "layout-explorer", true, code))
        return code;
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (argc > 1 && !first.startsWith(QLatin1Char('-')) &&
        !first.endsWith(QLatin1String(".lxscene")) && !first.endsWith(QLatin1String(".ttgir"))) {
        std::fprintf(stderr, "layout-explorer: unknown command '%s'\n\n", argv[1]);
        lx::app::printUsage(stderr, "layout-explorer", true);
        return lx::app::ExitBadUsage;
    }
    return lx::app::runWindow(argc, argv);
}
