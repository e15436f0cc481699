// layout-explorer-cli: the commands of layout-explorer without the window. It links the headless
// library (lx_cli: the engine, the request layer and the renderer on Qt Gui) and no Qt Widgets,
// for servers and CI machines, as Tiled's tmxrasterizer beside its editor.

#include "climain.h"
#include "command.h"

#include <cstdio>

int main(int argc, char **argv)
{
    int code = 0;
    if (lx::app::handleCommandLine(argc, argv, "layout-explorer-cli", false, code))
        return code;
    if (argc > 1)
        std::fprintf(stderr, "layout-explorer-cli: unknown command '%s'\n\n", argv[1]);
    lx::app::printUsage(stderr, "layout-explorer-cli", false);
    return lx::app::ExitBadUsage;
}
