"""``python3 -m layout_explorer COMMAND [OPTIONS]``: runs the installed headless program
``layout-explorer-cli`` (the commands of ``layout-explorer`` without the window: ``convert``,
``render``, ``analyze``, ``suggest``, ``check``, ...) with these arguments, its output, messages
and exit code as they are. The package's extension links no command line; this module only
starts the program, found on PATH (``cmake --install`` and the .deb put it in ``bin``, beside
``layout-explorer``). Without it, the message says how to get it and the exit code is 127."""

import os
import shutil
import sys

PROGRAM = "layout-explorer-cli"


def main(argv) -> int:
    found = shutil.which(PROGRAM)
    if found is None:
        sys.stderr.write(
            f"python3 -m layout_explorer: {PROGRAM} is not installed (not on PATH): it comes with "
            f"the program (cmake --install, or the .deb of scripts/package); the package itself "
            f"is the Python API (import layout_explorer)\n")
        return 127
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(found, [found, *argv])
    return 0  # not reached: execv replaces this process


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
