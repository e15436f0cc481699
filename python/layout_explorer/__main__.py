"""``python3 -m layout_explorer COMMAND [OPTIONS]``: the commands of ``layout-explorer`` (without
the window), run by the package's own extension, for an environment that has the package and not
the program (a venv with ``pip install``)."""

import sys

from ._core import main

if __name__ == "__main__":
    sys.stdout.flush()
    sys.exit(main(sys.argv[1:]))
