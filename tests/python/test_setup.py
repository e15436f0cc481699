"""setup.py borrowing a build folder (LX_BUILD_DIR): it builds that folder as it is configured and
never configures it again, so a borrowed build/dev cannot be switched to another interpreter;
each refusal says why, before anything is built."""

import os
import subprocess
import sys

from conftest import SOURCE_DIR


def build_ext(build_dir, **env):
    """`python setup.py build_ext` borrowing `build_dir` (its outputs kept out of the tree)."""
    environment = dict(os.environ, LX_BUILD_DIR=str(build_dir), **env)
    if "CMAKE_ARGS" not in env:
        environment.pop("CMAKE_ARGS", None)
    p = subprocess.run([sys.executable, "setup.py", "-q", "build_ext",
                        "--build-lib", str(build_dir / "lib"),
                        "--build-temp", str(build_dir / "tmp")],
                       cwd=SOURCE_DIR, capture_output=True, env=environment, timeout=120)
    return p.returncode, p.stdout.decode() + p.stderr.decode()


def configured_for(folder, interpreter):
    cache = folder / "CMakeCache.txt"
    cache.write_text(f"Python3_EXECUTABLE:FILEPATH={interpreter}\n"
                     f"_Python3_EXECUTABLE:INTERNAL={interpreter}\n")
    return cache


def test_a_build_for_another_interpreter_is_refused_and_left_as_it_is(tmp_path):
    other = tmp_path / "python3.99"
    other.write_text("")
    cache = configured_for(tmp_path, other)
    before = cache.read_bytes()
    code, out = build_ext(tmp_path)
    assert code != 0
    assert f"configured for {other}, not for {sys.executable}" in out
    assert "not reconfigured" in out
    assert cache.read_bytes() == before
    assert not (tmp_path / "build.ninja").exists() and not (tmp_path / "lib").exists()


def test_options_for_a_borrowed_build_are_refused(tmp_path):
    cache = configured_for(tmp_path, sys.executable)
    before = cache.read_bytes()
    code, out = build_ext(tmp_path, CMAKE_ARGS="-DLX_BUILD_PYTHON=OFF")
    assert code != 0 and "CMAKE_ARGS would reconfigure the borrowed build" in out
    assert cache.read_bytes() == before


def test_a_folder_that_is_not_a_build_is_refused(tmp_path):
    code, out = build_ext(tmp_path)
    assert code != 0 and "is not a configured build folder" in out
    assert not (tmp_path / "CMakeCache.txt").exists()
