#!/usr/bin/env bash
# Executes a notebook headless with nbconvert (the python3 kernel, which runs the interpreter the
# package is built for and finds the package through PYTHONPATH) and checks that it ran without
# an error and without a word on stderr, that its outputs hold pictures (at least three SVG
# outputs) and that it exports to HTML with its pictures (nbconvert --to html, which refuses an SVG output that carries an XML
# declaration). Debian 12's nbconvert 6.5 strips the elements inside an SVG output when it writes
# HTML, so the HTML is written with the PNG form of each picture first.
#   check-notebook.sh PYTHON NOTEBOOK
set -euo pipefail
python="$1"
notebook="$2"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cd "$(dirname "$notebook")"
"$python" -m nbconvert --to notebook --execute --ExecutePreprocessor.timeout=600 \
    --ExecutePreprocessor.kernel_name=python3 --output-dir "$out" --output executed.ipynb \
    "$(basename "$notebook")" >/dev/null 2>"$out/log" || { cat "$out/log" >&2; exit 1; }
"$python" - "$out/executed.ipynb" <<'PY'
import json, sys
nb = json.load(open(sys.argv[1], encoding="utf-8"))
outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])]
errors = [o for o in outputs if o.get("output_type") == "error"]
if errors:
    sys.exit("check-notebook: a cell failed: " + errors[0].get("ename", "") + ": " + errors[0].get("evalue", ""))
# Nothing on stderr: a reader of the notebook sees no stray warning (Qt's, the package's).
stderr = [o for o in outputs if o.get("output_type") == "stream" and o.get("name") == "stderr"]
if stderr:
    text = stderr[0]["text"]
    sys.exit("check-notebook: a cell wrote to stderr: " + ("".join(text) if isinstance(text, list) else text))
svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
if len(svgs) < 3:
    sys.exit(f"check-notebook: {len(svgs)} SVG outputs, expected at least 3")
for o in svgs:
    svg = o["data"]["image/svg+xml"]
    svg = "".join(svg) if isinstance(svg, list) else svg
    if "<svg" not in svg:
        sys.exit("check-notebook: an image/svg+xml output holds no <svg> element")
print(f"check-notebook: {len(outputs)} outputs, {len(svgs)} SVG pictures, no error")
PY
"$python" -m nbconvert --to html --output-dir "$out" --output executed.html \
    --NbConvertBase.display_data_priority="['text/html','text/markdown','image/png','image/svg+xml','text/plain']" \
    "$out/executed.ipynb" >/dev/null 2>"$out/html.log" || { cat "$out/html.log" >&2; exit 1; }
pictures="$(grep -o 'data:image/png' "$out/executed.html" | wc -l)"
[ "$pictures" -ge 3 ] || { echo "check-notebook: $pictures pictures in the HTML, expected at least 3" >&2; exit 1; }
echo "check-notebook: exported to HTML with $pictures pictures"
