"""``python3 -m layout_explorer COMMAND [OPTIONS]``: runs the installed headless program
``layout-explorer-cli`` (the commands of ``layout-explorer`` without the window: ``convert``,
``render``, ``analyze``, ``suggest``, ``check``, ...) with these arguments, its output, messages
and exit code as they are. The package's extension links no command line; this module only
starts the program, found on PATH (``cmake --install`` and the .deb put it in ``bin``, beside
``layout-explorer``). Without it, the message says how to get it and the exit code is 127."""

import shutil
import subprocess
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
    # A child with this process's standard streams: its output, messages and exit code pass
    # through unchanged. Ctrl-C reaches the child too (same process group); it exits, and so do we.
    try:
        code = subprocess.run([found, *argv], check=False).returncode
    except KeyboardInterrupt:
        return 130
    return 128 - code if code < 0 else code  # killed by signal N: 128 + N, as a shell says


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
