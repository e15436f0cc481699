#!/usr/bin/env bash
# ctest script: no source of the product changes the process as a whole. A library (core, ui) or
# the program (app) that sets environment variables, tunes malloc or runs itself again changes
# every process it starts and every program that links it (valgrind, the dynamic loader and the
# Python package then see another program); memory is tuned where it is owned instead
# (core/base/largebuffer.h).
#   bash check-no-process-switches.sh SOURCE_DIR
set -u
cd "$1" || exit 2
pattern='(^|[^A-Za-z_])(q?setenv|q?putenv|q?unsetenv|mallopt|exec[lv]p?e?)[[:space:]]*\(|GLIBC_TUNABLES|/proc/self/exe|os\.environ(\[[^]]*\][[:space:]]*=[^=]|\.(update|setdefault|pop)\()'
# Comments are not code: a line matches only when its part before // does.
found=$(grep -rnE --include='*.cpp' --include='*.h' --include='*.py' "$pattern" core ui app python |
        awk -v re="$pattern" '{ code = $0; sub(/^[^:]*:[0-9]+:/, "", code); sub(/\/\/.*/, "", code);
                                if (code ~ re) print $0 }')
if [ -n "$found" ]; then
    echo "process-wide switches in the product's sources:"
    echo "$found"
    exit 1
fi
echo "no environment variable set, no malloc tuning, no re-exec in core, ui, app, python"
