"""Shared fixtures of the pytest suite: the program, the data folders, and a runner of the command
line for comparisons with the Python calls.

The program is LX_APP (ctest sets it to the build's layout-explorer), else the package's own
`python -m layout_explorer` (the same commands, run by the extension of the package under test,
never a program of another version found on PATH): so the suite runs against a `pip install`ed
package too."""

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.path.join(SOURCE_DIR, "tests", "data")
PRESETS_DIR = os.path.join(SOURCE_DIR, "resources", "presets")


class Cli:
    """`layout-explorer ARGS...` as a separate process: (exit code, stdout bytes, stderr text)."""

    def __init__(self, command):
        self.command = list(command)

    def __call__(self, *args):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        p = subprocess.run([*self.command, *args], capture_output=True, env=env, timeout=300)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

    def with_input(self, text, *args):
        """The same, with `text` on standard input."""
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        p = subprocess.run([*self.command, *args], capture_output=True, env=env, timeout=300,
                           input=text.encode("utf-8"))
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

    def json(self, *args):
        code, out, err = self(*args, "--json")
        assert code == 0, err
        return json.loads(out)


def program():
    """The command that runs `layout-explorer`'s commands (see the module's docstring)."""
    if os.environ.get("LX_APP"):
        return [os.environ["LX_APP"]]
    return [sys.executable, "-m", "layout_explorer"]


@pytest.fixture(scope="session")
def cli():
    return Cli(program())


def preset_scene(name):
    with open(os.path.join(PRESETS_DIR, name + ".lxscene"), encoding="utf-8") as f:
        return json.load(f)


def data_path(*parts):
    return os.path.join(DATA_DIR, *parts)
