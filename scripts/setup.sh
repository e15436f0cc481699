# Sourced by scripts/run and scripts/test: installs what is missing, configures and builds.
# Usage: lx_setup PRESET [TARGET...]
set -euo pipefail

LX_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

LX_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
    libeigen3-dev nlohmann-json3-dev
    libbenchmark-dev
    clang libclang-rt-14-dev clang-format
    xvfb xauth
    fonts-dejavu-core
    texlive-latex-base texlive-pictures poppler-utils
)

lx_missing_packages() {
    local missing=()
    for p in "${LX_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    echo "${missing[@]:-}"
}

lx_install() {
    local missing
    missing="$(lx_missing_packages)"
    [ -z "$missing" ] && return 0
    echo "Installing: $missing" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >&2
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >&2
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
