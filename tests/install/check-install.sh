#!/usr/bin/env bash
# Installs the build into an empty prefix and checks what a desktop user gets: the program runs
# from there, the .desktop file and the AppStream metadata validate, the man page, icon and MIME
# type are in place. Usage: check-install.sh BUILD_DIR
set -euo pipefail
build="$1"
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
version="$(QT_QPA_PLATFORM=offscreen "$prefix/bin/layout-explorer" --version)"
[[ "$version" == "layout-explorer "* ]] || fail "--version printed '$version'"

id=org.layoutexplorer.LayoutExplorer
for f in "share/applications/$id.desktop" "share/metainfo/$id.metainfo.xml" \
         "share/mime/packages/$id.xml" "share/icons/hicolor/scalable/apps/$id.svg" \
         "share/man/man1/layout-explorer.1"; do
    [ -s "$prefix/$f" ] || fail "$f was not installed"
done
desktop-file-validate "$prefix/share/applications/$id.desktop" || fail "the .desktop file does not validate"
appstreamcli validate --no-net --pedantic "$prefix/share/metainfo/$id.metainfo.xml" >/dev/null ||
    { appstreamcli validate --no-net --pedantic "$prefix/share/metainfo/$id.metainfo.xml"; fail "the AppStream metadata does not validate"; }
# The man page lists every command the program has, each with its own options.
QT_QPA_PLATFORM=offscreen "$prefix/bin/layout-explorer" --help |
    sed -n '/^Commands:/,/^$/p' | awk 'NF>1 {print $1}' | while read -r cmd; do
    grep -q "^\.SS $cmd\$" "$prefix/share/man/man1/layout-explorer.1" || fail "the man page lacks '$cmd'"
done
echo "check-install: $version installed into an empty prefix; desktop file, metainfo, MIME type, icon and man page in place"
