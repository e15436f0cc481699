"""HTML tables of records for notebooks (Record._repr_mimebundle_): a kernel's ops, a search's
suggestions, an access's phases and the ops a suggestion changes. The costliest row (the kernel's
worst op, the worst phase, the best suggestion) is highlighted. Rows are capped (MAX_ROWS) so
that a display stays small; the record itself has every row."""

from __future__ import annotations

from html import escape
from typing import Any, Callable, List, Optional, Sequence, Tuple

MAX_ROWS = 50
_MARK = ' style="background:#ffe0e0;font-weight:bold"'
_BEST = ' style="background:#e0f4e0;font-weight:bold"'


def _cell(value: Any) -> str:
    if value is None:
        return "<td>—</td>"
    if isinstance(value, float):
        value = f"{value:g}"
    text = str(value)
    if len(text) > 120:
        text = text[:117] + "..."
    return f"<td>{escape(text)}</td>"


def _table(caption: str, columns: Sequence[Tuple[str, Callable[[Any], Any]]], rows: List[Any],
           marked: Optional[Callable[[int, Any], Optional[str]]] = None) -> str:
    head = "".join(f"<th>{escape(name)}</th>" for name, _ in columns)
    body = []
    for i, row in enumerate(rows[:MAX_ROWS]):
        style = (marked(i, row) if marked else None) or ""
        body.append(f"<tr{style}>" + "".join(_cell(get(row)) for _, get in columns) + "</tr>")
    more = (f"<tr><td colspan=\"{len(columns)}\">... {len(rows) - MAX_ROWS} more rows</td></tr>"
            if len(rows) > MAX_ROWS else "")
    return (f"<table><caption style=\"text-align:left\">{escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}{more}</tbody></table>")


def _kernel(rec) -> str:
    worst = rec.get("worstOp")
    worst_line = worst["line"] if worst else None
    ops = list(rec["ops"])
    caption = (f"{rec.get('arch', '')}: {len(ops)} ops placing data, "
               f"{rec.get('cyclesPerCta')} LDS cycles per CTA, "
               f"{rec.get('ldsBytesEndToEnd')} LDS bytes"
               + (f"; costliest: line {worst_line} ({worst['reason']})" if worst else ""))
    columns = [("line", lambda o: o["line"]), ("op", lambda o: o["op"]),
               ("name", lambda o: o["name"]), ("instruction", lambda o: o["instruction"]),
               ("count", lambda o: o["count"]), ("n-way", lambda o: o["maxWays"]),
               ("cycles per CTA", lambda o: o["cyclesPerCta"]), ("bytes", lambda o: o["bytes"]),
               ("reason", lambda o: o["reason"])]
    return _table(caption, columns, ops,
                  lambda i, o: _MARK if worst_line is not None and o["line"] == worst_line else None)


def _suggestions(rec) -> str:
    cands = list(rec["candidates"])
    columns = [("layout", lambda c: c["text"]), ("family", lambda c: c["family"]),
               ("read cycles", lambda c: c["readCycles"]), ("read n-way", lambda c: c["readWays"]),
               ("write cycles", lambda c: c["writeCycles"]),
               ("LDS bytes", lambda c: c["ldsBytes"]), ("vector bits", lambda c: c["vectorBits"]),
               ("Pareto", lambda c: "yes" if c["pareto"] else "")]
    caption = (f"{len(cands)} suggestions (best first) of {rec.get('scored')} scored, "
               f"{rec.get('enumerated')} enumerated")
    return _table(caption, columns, cands, lambda i, c: _BEST if i == 0 else None)


def _suggested_op(rec) -> str:
    ops = list(rec["ops"])
    columns = [("line", lambda o: o["line"]), ("op", lambda o: o["op"]),
               ("name", lambda o: o["name"]), ("before", lambda o: o["before"]["text"]),
               ("after", lambda o: o["after"]["text"])]
    caption = (f"{rec.get('ttgLine')}" if rec.get("improves")
               else f"keep the layout: {rec.get('reason', '')}")
    return _table(caption, columns, ops)


def _phases(rec) -> str:
    rows = [(ins, ph) for ins in rec["instructions"] for ph in ins["phases"]]
    if not rows:
        return ""
    worst = max(range(len(rows)), key=lambda i: (rows[i][1]["cycles"], rows[i][1]["maxWays"]))
    columns = [("wave", lambda r: r[0]["warp"]), ("instruction", lambda r: r[0]["index"]),
               ("pass", lambda r: r[1]["pass"]), ("phase", lambda r: r[1]["phase"]),
               ("lanes", lambda r: r[1]["laneText"]),
               ("active lanes", lambda r: r[1]["activeLanes"]),
               ("n-way", lambda r: r[1]["maxWays"]), ("cycles", lambda r: r[1]["cycles"])]
    totals = rec["totals"]
    caption = (f"{rec.get('instruction')} on {rec.get('arch')}: {totals['instructions']} "
               f"instructions, {totals['cyclesPerWave']} cycles per wave "
               f"(ideal {totals['idealCyclesPerWave']}), worst {totals['maxWays']}-way")
    return _table(caption, columns, rows, lambda i, r: _MARK if i == worst else None)


def record_html(rec) -> str:
    """The record's tables as HTML ("" for a kind without one)."""
    try:
        if "ops" in rec and "cyclesPerCta" in rec:
            return _kernel(rec)
        if "candidates" in rec and "scored" in rec:
            return _suggestions(rec)
        if "ops" in rec and "ttgLine" in rec:
            return _suggested_op(rec)
        if "instructions" in rec and "totals" in rec and "phases" in rec:
            return _phases(rec)
    except (KeyError, TypeError, ValueError):
        return ""
    return ""
