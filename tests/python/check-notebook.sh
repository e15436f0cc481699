#!/usr/bin/env bash
# Executes a notebook headless with nbconvert (the python3 kernel, which runs the interpreter the
# package is built for and finds the package through PYTHONPATH) and checks that it ran without
# an error and without a word on stderr, that no output carries a traceback or is larger than the
# cap (MAX_OUTPUT_BYTES), that its outputs hold pictures (at least three, each display one
# picture in one format), and that a plain `nbconvert --to html` shows them (no flags).
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
MAX_OUTPUT_BYTES = 3_000_000
for o in outputs:
    size = len(json.dumps(o))
    if size > MAX_OUTPUT_BYTES:
        sys.exit(f"check-notebook: an output of {size} bytes, past the cap of {MAX_OUTPUT_BYTES}")
    if "Traceback" in json.dumps(o):
        sys.exit("check-notebook: an output carries a traceback")
def pictures(o):
    data = o.get("data", {})
    html = data.get("text/html", "")
    html = "".join(html) if isinstance(html, list) else html
    return (html.count("data:image/svg+xml;base64,") + html.count("data:image/png;base64,")
            + sum(1 for k in data if k.startswith("image/")))
counts = [pictures(o) for o in outputs]
if any(n > 1 for n in counts):
    sys.exit("check-notebook: a display carries its picture in more than one format")
if sum(counts) < 3:
    sys.exit(f"check-notebook: {sum(counts)} pictures, expected at least 3")
print(f"check-notebook: {len(outputs)} outputs, {sum(counts)} pictures, no error")
PY
"$python" -m nbconvert --to html --output-dir "$out" --output executed.html \
    "$out/executed.ipynb" >/dev/null 2>"$out/html.log" || { cat "$out/html.log" >&2; exit 1; }
# The pictures of the outputs: <img> elements of data URIs (the page's own styles hold others).
pictures="$(grep -o '<img src="data:image/\(svg+xml\|png\);base64,' "$out/executed.html" | wc -l)"
[ "$pictures" -ge 3 ] || { echo "check-notebook: $pictures pictures in the HTML, expected at least 3" >&2; exit 1; }
echo "check-notebook: exported to HTML with $pictures pictures"
