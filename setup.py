"""Builds the Python package layout_explorer with the project's own CMake (pyproject.toml).

The extension layout_explorer._core is the CMake target lx_python, built for the interpreter that
runs this file (-DPython3_EXECUTABLE) in build/wheel-<cache tag>, then copied into the wheel
and stripped. LX_BUILD_DIR borrows another build folder (e.g. build/dev, which scripts/run
configured): it is built as configured, never reconfigured, and refused when it is configured for
another interpreter. The version is the project's, read from CMakeLists.txt, so it is written in
one place. CMAKE_ARGS adds configure options (not to a borrowed build); ccache is used when
installed.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def project_version() -> str:
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(\s*LayoutExplorer\s+VERSION\s+([0-9][0-9.]*)", text)
    if not match:
        sys.exit("setup.py: no `project(LayoutExplorer VERSION x.y.z)` in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """build_ext that builds the CMake target lx_python and takes its files."""

    def build_extension(self, ext: Extension) -> None:
        borrowed = os.environ.get("LX_BUILD_DIR")
        if borrowed:
            build_dir = Path(borrowed).resolve()
            self._check_borrowed(build_dir)
        else:
            build_dir = (ROOT / "build" / f"wheel-{sys.implementation.cache_tag}").resolve()
            configure = ["cmake", "-S", str(ROOT), "-B", str(build_dir),
                         f"-DPython3_EXECUTABLE={sys.executable}", "-DLX_BUILD_PYTHON=ON"]
            if not (build_dir / "CMakeCache.txt").exists():
                configure += ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=RelWithDebInfo",
                              "-DLX_BUILD_BENCHMARKS=OFF"]
                if shutil.which("ccache"):
                    configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
            self._run(configure)
        self._run(["cmake", "--build", str(build_dir), "--target", "lx_python",
                   "-j", str(os.cpu_count() or 2)])

        package = build_dir / "python" / "layout_explorer"
        built = package / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            found = ", ".join(p.name for p in package.glob("_core*")) or "nothing"
            sys.exit(f"setup.py: {build_dir} holds {found}, not {built.name} for "
                     f"{sys.executable}: it is configured for another interpreter")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        strip = shutil.which("strip")
        if strip:  # a RelWithDebInfo extension is over 100 MB with its debugging information
            self._run([strip, "--strip-unneeded", str(target)])
        # The version and the interpreter the extension is built for, written by CMake.
        shutil.copyfile(package / "_build.py", target.parent / "_build.py")

    @staticmethod
    def _check_borrowed(build_dir: Path) -> None:
        """A build folder named by LX_BUILD_DIR is someone else's (scripts/run's build/dev): it is
        built as it is configured, never configured again, so that borrowing it cannot switch
        its Python3_EXECUTABLE to this interpreter. It is refused when it is not configured, when
        CMAKE_ARGS asks for options (they would reconfigure it), or when it is configured for
        another interpreter than the one running this file."""
        cache = build_dir / "CMakeCache.txt"
        if not cache.exists():
            sys.exit(f"setup.py: LX_BUILD_DIR={build_dir} is not a configured build folder (no "
                     f"CMakeCache.txt); configure it first, or leave LX_BUILD_DIR unset to build "
                     f"in build/wheel-{sys.implementation.cache_tag}")
        if os.environ.get("CMAKE_ARGS", "").strip():
            sys.exit(f"setup.py: CMAKE_ARGS would reconfigure the borrowed build {build_dir}; "
                     f"configure it yourself, or leave LX_BUILD_DIR unset")
        configured = None
        for line in cache.read_text(encoding="utf-8", errors="replace").splitlines():
            match = re.match(r"(_?)Python3_EXECUTABLE:[A-Z]+=(.*)", line)
            if match and (configured is None or match.group(1) == ""):
                configured = match.group(2).strip()
        if not configured:
            sys.exit(f"setup.py: the build {build_dir} names no Python3_EXECUTABLE (is the Python "
                     f"package on in it? -DLX_BUILD_PYTHON=ON)")
        if os.path.realpath(configured) != os.path.realpath(sys.executable):
            sys.exit(f"setup.py: the build {build_dir} is configured for {configured}, not for "
                     f"{sys.executable} (this interpreter); it is not reconfigured for another "
                     f"interpreter. Run this with {configured}, or leave LX_BUILD_DIR unset to "
                     f"build in build/wheel-{sys.implementation.cache_tag}")

    @staticmethod
    def _run(command) -> None:
        print("setup.py:", " ".join(shlex.quote(c) for c in command), flush=True)
        subprocess.run(command, check=True)


python = f"{sys.version_info.major}.{sys.version_info.minor}"
setup(
    version=project_version(),
    classifiers=[
        "Programming Language :: Python :: 3",
        f"Programming Language :: Python :: {python}",
        "Programming Language :: C++",
        "Operating System :: POSIX :: Linux",
        "Intended Audience :: Developers",
        "Topic :: Software Development :: Compilers",
    ],
    ext_modules=[Extension("layout_explorer._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
