# Sourced by scripts/run and scripts/test: installs what is missing, configures and builds.
# Usage: lx_setup PRESET [TARGET...]
set -euo pipefail

LX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

LX_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
    nlohmann-json3-dev
    libbenchmark-dev
    clang libclang-rt-14-dev clang-format
    xvfb xauth
    desktop-file-utils appstream
    fonts-dejavu-core
    texlive-latex-base texlive-pictures poppler-utils
    python3 python3-dev pybind11-dev python3-numpy python3-pytest python3-pytest-benchmark
    python3-nbconvert python3-ipykernel
    python3-setuptools python3-wheel python3-build python3-venv dpkg-dev lintian
)

lx_missing_packages() {
    local missing=()
    for p in "${LX_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    echo "${missing[@]:-}"
}

# Files the build and the tests read, with the package that brings each: a package can be
# "installed" while a file it should bring is gone (a purge of a dependency, a TeX tree pruned by
# hand), so the files are checked too, not only the package names.
LX_TEX_FILES=(
    "tikz.sty:texlive-pictures" "geometry.sty:texlive-latex-base" "article.cls:texlive-latex-base"
)
LX_EXECUTABLES=(
    "pdflatex:texlive-latex-base" "xvfb-run:xvfb" "cmake:cmake" "ninja:ninja-build"
    "clang-format:clang-format" "pdftoppm:poppler-utils"
    "desktop-file-validate:desktop-file-utils" "appstreamcli:appstream"
    "python3:python3" "/usr/bin/python3:python3" "/usr/bin/pytest-3:python3-pytest"
)

lx_missing_files() {
    local missing=() entry
    for entry in "${LX_EXECUTABLES[@]}"; do
        command -v "${entry%%:*}" >/dev/null 2>&1 || missing+=("${entry##*:}")
    done
    if command -v kpsewhich >/dev/null 2>&1; then
        for entry in "${LX_TEX_FILES[@]}"; do
            [ -n "$(kpsewhich "${entry%%:*}" 2>/dev/null)" ] || missing+=("${entry##*:}")
        done
    fi
    echo "${missing[@]:-}"
}

lx_install() {
    local missing reinstall
    missing="$(lx_missing_packages)"
    # Packages that dpkg calls installed but whose files are gone are reinstalled; a package
    # that is simply missing is installed once, not reinstalled too.
    reinstall=""
    local p
    for p in $(lx_missing_files); do
        case " $missing $reinstall " in *" $p "*) ;; *) reinstall="$reinstall $p" ;; esac
    done
    reinstall="${reinstall# }"
    [ -n "$reinstall" ] && echo "Files missing from installed packages; reinstalling: $reinstall" >&2
    [ -z "${missing// /}" ] && [ -z "$reinstall" ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >&2
    if [ -n "${missing// /}" ]; then
        echo "Installing: $missing" >&2
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >&2
    fi
    if [ -n "$reinstall" ]; then
        # shellcheck disable=SC2086
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --reinstall --no-install-recommends $reinstall >&2
    fi
}

lx_build() {
    local preset="$1"; shift
    cd "$LX_ROOT"
    if [ ! -f "build/$preset/build.ninja" ]; then
        cmake --preset "$preset" >&2
    fi
    local jobs
    jobs="$(nproc)"
    cmake --build --preset "$preset" -j "$jobs" "$@" >&2
}
