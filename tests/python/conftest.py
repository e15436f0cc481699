"""Shared fixtures of the pytest suite: the program (LX_APP, set by ctest), the data folders, and
a runner of the command line for comparisons with the Python calls."""

import json
import os
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.path.join(SOURCE_DIR, "tests", "data")
PRESETS_DIR = os.path.join(SOURCE_DIR, "resources", "presets")


class Cli:
    """`layout-explorer ARGS...` as a separate process: (exit code, stdout bytes, stderr text)."""

    def __init__(self, exe):
        self.exe = exe

    def __call__(self, *args):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        p = subprocess.run([self.exe, *args], capture_output=True, env=env, timeout=300)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

    def json(self, *args):
        code, out, err = self(*args, "--json")
        assert code == 0, err
        return json.loads(out)


@pytest.fixture(scope="session")
def cli():
    exe = os.environ.get("LX_APP")
    if not exe:
        pytest.fail("LX_APP (the layout-explorer executable) is not set; run the suite through ctest")
    return Cli(exe)


def preset_scene(name):
    with open(os.path.join(PRESETS_DIR, name + ".lxscene"), encoding="utf-8") as f:
        return json.load(f)


def data_path(*parts):
    return os.path.join(DATA_DIR, *parts)
