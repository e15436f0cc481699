"""`python3 -m layout_explorer`: a thin wrapper that runs the installed headless program
`layout-explorer-cli` (found on PATH) with its arguments, output, messages and exit code; without
the program it says so (exit 127). The package's extension links no command line."""

import os
import shutil
import subprocess
import sys

SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>"


def run(command, env=None):
    p = subprocess.run(command, capture_output=True, timeout=120, env=env)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def module(*args, env=None):
    return run([sys.executable, "-m", "layout_explorer", *args], env=env)


def test_runs_the_installed_program():
    program = shutil.which("layout-explorer-cli")
    assert program, "layout-explorer-cli is not on PATH (the suite puts the built one there)"
    for args in (["convert", "--layout", SHARED, "--to", "gluon"],
                 ["convert", "--layout", SHARED, "--shape", "16x16", "--to", "triton-text"],
                 ["convert", "--layout", SHARED[:30], "--to", "gluon"],  # refused: exit 1
                 ["analyze", "banks", "--bogus-option"],  # a usage error: exit 2
                 ["--version"], ["--help"], [], ["nonsense"]):
        assert module(*args) == run([program, *args]), args


def test_without_the_program_it_says_so(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))
    code, out, err = module("--version", env=env)
    assert code == 127 and out == b""
    assert "layout-explorer-cli is not installed" in err
