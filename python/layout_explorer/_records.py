"""Records: the JSON a command prints with --json, as Python values.

A Record is a dict (``rec["instruction"]``) whose keys also read as attributes
(``rec.instruction``); nested objects are Records and arrays lists, so
``rec.phases[0].maxWays`` works. The items are the command's own JSON (docs/json-schema.md),
``to_dict()`` gives it back as plain dicts and lists. One kind renames attributes, never items:
a bank-conflict record (BankRecord) answers ``rec.cycles`` with the whole access's total, where
the JSON's top-level ``cycles`` is the worst single instruction's (``rec.worst.cycles``).
"""

from __future__ import annotations

from typing import Any, Callable, Optional
from ._pictures import picture_or_message


def wrap(value: Any) -> Any:
    """Dicts become Records and lists lists of wrapped values, recursively."""
    if isinstance(value, dict) and not isinstance(value, Record):
        return Record(value)
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value


class Record(dict):
    """One command's --json object (or a nested object of it)."""

    def __init__(self, fields: dict, picture: Optional[Callable[..., bytes]] = None):
        super().__init__((k, wrap(v)) for k, v in fields.items())
        self._picture = picture

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"record has no field '{name}' (fields: {', '.join(sorted(self))})"
            ) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self))

    def to_dict(self) -> dict:
        """The command's JSON object as plain dicts and lists (equal to ``--json``'s)."""
        return _plain(self)

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_short(v)}" for k, v in self.items() if k != "figures")
        return f"Record({inner})"

    def render(self, path, view=None, colour_by=None, fit=None, **options) -> None:
        """Writes the result's picture (SVG, PDF, PNG or TikZ by the file's extension), as
        ``layout-explorer render`` writes it for the same inputs."""
        if self._picture is None:
            from ._core import LayoutError

            raise LayoutError("this record has no picture")
        self._picture(str(path), view=view, colour_by=colour_by, fit=fit, **options)

    def _repr_svg_(self):
        """The picture as SVG text; None without a picture; a one-line picture of the reason
        when it cannot be drawn (never an exception)."""
        return None if self._picture is None else picture_or_message(self._picture, ".svg")

    def _repr_png_(self):
        return None if self._picture is None else picture_or_message(self._picture, ".png")


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


# The fields of `analyze banks --json` that exist twice: at the top level for the worst single
# instruction of the wave, in "totals" for the whole access (every instruction).
_WORST_FIELDS = ("maxWays", "cycles", "idealCycles", "extraCycles", "modelCycles")
# Their names in "totals" (cycles there cover one wave: schema 2 names them so).
_TOTAL_NAMES = {
    "maxWays": "maxWays",
    "cycles": "cyclesPerWave",
    "idealCycles": "idealCyclesPerWave",
    "extraCycles": "extraCyclesPerWave",
    "modelCycles": "modelCyclesPerWave",
}


class BankRecord(Record):
    """The record of one access's bank conflicts (``bank_conflicts``).

    Attributes name the whole access and the single worst instruction apart, so that the obvious
    name is the cost of the access (what an autotuner minimises):

    - ``rec.cycles``, ``rec.idealCycles``, ``rec.extraCycles``, ``rec.modelCycles``,
      ``rec.maxWays``: the access's totals, over every instruction of the wave (``rec.totals``,
      whose JSON names are ``cyclesPerWave``, ``idealCyclesPerWave``, ...);
    - ``rec.worst``: the worst single instruction's ``maxWays``, ``cycles``, ``idealCycles``,
      ``extraCycles``, ``modelCycles`` and ``phases``;
    - ``rec.instructions``: every instruction with its own figures.

    Items are the command's JSON unchanged: ``rec["cycles"]`` is the JSON's top-level field,
    the worst instruction's (``rec.worst.cycles``); ``to_dict()`` equals ``--json``.
    """

    def __getattr__(self, name: str) -> Any:
        totals = self.get("totals")
        if name in _WORST_FIELDS and isinstance(totals, dict) and _TOTAL_NAMES[name] in totals:
            return totals[_TOTAL_NAMES[name]]
        if name == "worst":
            fields = {k: self[k] for k in _WORST_FIELDS + ("phases",) if k in self}
            return Record(fields)
        return super().__getattr__(name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | {"worst"})
