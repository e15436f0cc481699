#!/usr/bin/env bash
# scripts/check-sizes: a file over the line limit fails the check unless a "check-sizes: REASON"
# comment in its first 20 lines says why; then it is listed with its reason and passes. A reason
# further down does not count.
set -u
root="$1"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
long() { for i in $(seq 1 "$1"); do echo "int v$i = $i;"; done; }

{ long 10; } > "$dir/short.cpp"
{ echo "// check-sizes: one generated table"; long 30; } > "$dir/explained.cpp"
{ long 25; echo "// check-sizes: too late to count"; long 5; } > "$dir/late.cpp"

out="$("$root/scripts/check-sizes" --max-lines 20 "$dir")"
rc=$?
fail() { echo "FAIL: $1"; echo "$out"; exit 1; }
[ "$rc" = 1 ] || fail "exit status $rc, expected 1 (late.cpp has no valid reason)"
grep -q "late.cpp" <<<"$(sed -n '/^Files over 20 lines:/,/^[A-Z]/p' <<<"$out")" \
    || fail "late.cpp is not listed as over the limit"
grep -q "explained.cpp  (one generated table)" <<<"$out" || fail "explained.cpp's reason missing"
grep -q "short.cpp" <<<"$out" && fail "short.cpp is listed"

rm "$dir/late.cpp"
out="$("$root/scripts/check-sizes" --max-lines 20 "$dir")"
rc=$?
[ "$rc" = 0 ] || fail "exit status $rc with only an explained file over the limit"
grep -q "Files over 20 lines with a stated reason:" <<<"$out" || fail "no explained list"
echo "PASS"
