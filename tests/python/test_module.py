"""`python3 -m layout_explorer`: the command line's commands run by the package's own extension,
with the program's output, messages and exit codes (the suite's runner when LX_APP is unset)."""

import subprocess
import sys

import layout_explorer as lx

SHARED = "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>"


def module(*args):
    p = subprocess.run([sys.executable, "-m", "layout_explorer", *args], capture_output=True,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def test_same_output_and_codes_as_the_program(cli):
    for args in (["convert", "--layout", SHARED, "--to", "gluon"],
                 ["convert", "--layout", SHARED, "--shape", "16x16", "--to", "triton-text"],
                 ["convert", "--layout", SHARED[:30], "--to", "gluon"],  # refused: exit 1
                 ["analyze", "banks", "--bogus-option"]):  # a usage error: exit 2
        assert module(*args) == cli(*args), args


def test_version_help_and_no_command():
    code, out, _ = module("--version")
    assert code == 0 and out.decode() == f"layout-explorer {lx.__version__}\n"
    code, out, _ = module("--help")
    assert code == 0 and b"Commands:" in out and b"analyze" in out
    code, out, err = module()
    assert code == 2 and out == b"" and "Commands:" in err
    code, _, err = module("nonsense")
    assert code == 2 and err.startswith("layout-explorer: unknown command 'nonsense'")
