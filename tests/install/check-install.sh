#!/usr/bin/env bash
# Installs the build into an empty prefix and checks what a desktop user gets: the program and the
# headless layout-explorer-cli run from there, the .desktop file and the AppStream metadata
# validate, the man pages, icon and MIME type are in place, the binaries are stripped, and (given
# PYTHON) the Python package imports from there, stripped, and says which Python it was built for
# when another one imports it.
# Usage: check-install.sh BUILD_DIR [PYTHON]
set -euo pipefail
build="$1"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
version="$(QT_QPA_PLATFORM=offscreen "$prefix/bin/layout-explorer" --version)"
[[ "$version" == "layout-explorer "* ]] || fail "--version printed '$version'"
cli_version="$("$prefix/bin/layout-explorer-cli" --version)"
[ "$cli_version" == "layout-explorer-cli ${version#layout-explorer }" ] ||
    fail "layout-explorer-cli --version printed '$cli_version'"
# The headless program runs a command with no display and no Qt Widgets.
"$prefix/bin/layout-explorer-cli" convert --layout '#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>' --to gluon |
    grep -q '^ttgl.SwizzledSharedLayout(' || fail "layout-explorer-cli convert failed"
# Installed binaries carry no debugging information (a RelWithDebInfo build's is over 100 MB).
stripped() { ! readelf -S "$1" | grep -q '\.debug_info'; }
for exe in "$prefix/bin/layout-explorer" "$prefix/bin/layout-explorer-cli"; do
    stripped "$exe" || fail "$exe was installed with its debugging information"
done

id=org.layoutexplorer.LayoutExplorer
for f in "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml" \
         "share/mime/packages/$id.xml" "share/icons/hicolor/scalable/apps/$id.svg" \
         "share/man/man1/layout-explorer.1" "share/man/man1/layout-explorer-cli.1"; do
    [ -s "$prefix/$f" ] || fail "$f was not installed"
done
desktop-file-validate "$prefix/share/applications/$id.desktop" || fail "the .desktop file does not validate"
appstreamcli validate --no-net --pedantic "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null ||
    { appstreamcli validate --no-net --pedantic "$prefix/share/metainfo/$id.metainfo.xml"; fail "the AppStream metadata does not validate"; }
# The man page lists every command the program has, each with its own options.
QT_QPA_PLATFORM=offscreen "$prefix/bin/layout-explorer" --help |
    sed -n '/^Commands:/,/^$/p' | awk 'NF>1 {print $1}' | while read -r cmd; do
    grep -q "^\.SS $cmd\$" "$prefix/share/man/man1/layout-explorer.1" || fail "the man page lacks '$cmd'"
    # Each command's usage line names it (without an application object Qt writes the literal
    # "<executable_name>" there).
    QT_QPA_PLATFORM=offscreen "$prefix/bin/layout-explorer" "$cmd" --help | head -1 |
        grep -q "^Usage: layout-explorer $cmd " || fail "'$cmd --help' does not name '$cmd' in its usage line"
done
! grep -q "<executable_name>" "$prefix/share/man/man1/layout-explorer.1" ||
    fail "the man page has Qt's literal <executable_name> in a usage line"
# The Python package (when built): the prefix is laid out as ~/.local is, so the interpreter the
# package is built for imports it from there as a user site directory, from no other place.
python_note=""
if [ -n "${2:-}" ]; then
    python="$2"
    site="$(PYTHONUSERBASE="$prefix" "$python" -c 'import site; print(site.getusersitepackages())')"
    [ -f "$site/layout_explorer/__init__.py" ] || fail "the Python package is not in $site"
    found="$(cd / && PYTHONUSERBASE="$prefix" PYTHONPATH= "$python" -c \
        'import layout_explorer as lx; print(lx.__file__); print(lx.layout("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>").to_gluon())')" ||
        fail "import layout_explorer from $site failed"
    [[ "$(head -1 <<<"$found")" == "$site/layout_explorer/"* ]] || fail "layout_explorer was imported from $(head -1 <<<"$found"), not $site"
    [[ "$(tail -1 <<<"$found")" == ttgl.SwizzledSharedLayout\(vec=1* ]] || fail "the installed package answered '$(tail -1 <<<"$found")'"
    so="$(ls "$site"/layout_explorer/_core.*.so)"
    stripped "$so" || fail "$so was installed with its debugging information"
    # Another Python version (the extension's name carries the one it was built for) is told
    # which version the package was built for.
    other="$(mktemp -d)"
    cp -r "$site/layout_explorer" "$other/"
    mv "$other"/layout_explorer/_core.*.so "$other/layout_explorer/_core.cpython-39-x86_64-linux-gnu.so"
    sed -i 's/^python_version = .*/python_version = "3.9"/' "$other/layout_explorer/_build.py"
    message="$(cd / && PYTHONPATH="$other" "$python" -c 'import layout_explorer' 2>&1 || true)"
    rm -rf "$other"
    [[ "$message" == *"was built for Python 3.9"* ]] ||
        fail "importing a package built for another Python said: $(tail -1 <<<"$message")"
    python_note="; python3 imports layout_explorer from $site (stripped), and names the Python it was built for to another"
fi
echo "check-install: $version installed into an empty prefix; desktop file, metainfo, MIME type, icon and man page in place$python_note"
