"""Records: the JSON a command prints with --json, as Python values.

A Record is a read-only mapping (``rec["instruction"]``) whose keys also read as attributes
(``rec.instruction``); nested objects are Records and arrays lists, so
``rec.phases[0].maxWays`` works. The items are the command's own JSON (docs/json-schema.md),
built by the engine's own builder and read in place (nothing is converted until it is read);
``to_dict()`` gives it as plain dicts and lists, equal to the command's ``--json``. One kind
renames attributes, never items: a bank-conflict record (BankRecord) answers ``rec.cycles`` with
the whole access's total, where the JSON's top-level ``cycles`` is the worst single instruction's
(``rec.worst.cycles``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Iterator, Optional

from . import _core
from ._pictures import file_drawer, mimebundle
from ._tables import record_html


# What a record is made of: the engine's JSON objects (read in place) or dicts.
_OBJECTS = (_core.Json, _core.LazyJson, dict)
_OBJECT_TYPES = frozenset(_OBJECTS)
_set_slot = object.__setattr__  # Record.__setattr__ refuses: records are read-only


def wrap(value: Any) -> Any:
    """Objects (engine JSON views or dicts) become Records, lists lists of wrapped values."""
    if isinstance(value, _OBJECTS) and not isinstance(value, Record):
        return Record(value)
    if isinstance(value, list):
        return [wrap(v) for v in value]
    return value


class Record(Mapping):
    """One command's --json object (or an object nested in it), read-only."""

    __slots__ = ("_fields", "_picture", "_drawer")

    def __init__(self, fields: Any, picture: Optional[Callable[..., None]] = None,
                 drawer: Optional[Callable[..., bytes]] = None):
        # The engine's objects by their exact type first: a batch makes thousands of records,
        # and Record's isinstance goes through the Mapping ABC.
        if type(fields) not in _OBJECT_TYPES:
            if isinstance(fields, Record):
                fields = fields._fields
            elif not isinstance(fields, _OBJECTS):
                raise _core.LayoutError(
                    f"a record is made of an object, not {type(fields).__name__}")
        _set_slot(self, "_fields", fields)
        _set_slot(self, "_picture", picture)
        _set_slot(self, "_drawer", drawer)  # (format, scale, fit) -> bytes, no file

    def __getitem__(self, key: str) -> Any:
        if not isinstance(key, str):  # a record's keys are its JSON names
            raise KeyError(key)
        return wrap(self._fields[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields.keys())

    def __len__(self) -> int:
        return len(self._fields)

    def __contains__(self, key: object) -> bool:
        return key in self._fields

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"record has no field '{name}' (fields: {', '.join(sorted(self))})"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a record is read-only (field '{name}')")

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self))

    def __reduce__(self):
        return (type(self), (self.to_dict(),))

    def __eq__(self, other: object) -> bool:
        return Mapping.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict:
        """The command's JSON object as plain dicts and lists (equal to ``--json``'s)."""
        if isinstance(self._fields, dict):
            return _plain(self._fields)
        return self._fields.to_python()

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_short(self[k])}" for k in self if k != "figures")
        return f"{type(self).__name__}({inner})"

    def render(self, path, view=None, colour_by=None, fit=None, **options) -> None:
        """Writes the result's picture (SVG, PDF, PNG or TikZ by the file's extension), as
        ``layout-explorer render`` writes it for the same inputs."""
        if self._picture is None:
            raise _core.LayoutError("this record has no picture")
        self._picture(str(path), view=view, colour_by=colour_by, fit=fit, **options)

    def picture(self, format="svg", view=None, scale=None, fit=None) -> bytes:
        """The result's picture as bytes: ``format`` ``"svg"`` or ``"png"``, ``scale`` in
        (0, 64] or ``fit`` (width, height) in pixels."""
        if self._drawer is not None and view is None:
            return self._drawer(format, scale, fit)
        if self._picture is None:
            raise _core.LayoutError("this record has no picture")
        return file_drawer(lambda path, **d: self._picture(path, view=view, **d))(
            format, scale, fit)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """For Jupyter: the record's tables (a kernel's ops, suggestions, an access's phases,
        the costliest row highlighted) and its picture in one format (lx.picture_options), as
        one HTML output; None for a record with neither (its text then shows). A picture that
        cannot be drawn shows as one line (never raises)."""
        try:
            html = record_html(self)
        except Exception:  # pylint: disable=broad-except
            html = ""
        draw = None
        if self._drawer is not None:
            draw = self._drawer
        elif self._picture is not None:
            draw = file_drawer(self._picture)
        return mimebundle(draw, html=html, text=repr(self))


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, _OBJECTS):
        return {k: _plain(value[k]) for k in value.keys()}
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

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if name in _WORST_FIELDS:
            totals = self._fields.get("totals")
            if totals is not None and _TOTAL_NAMES[name] in totals:
                return totals[_TOTAL_NAMES[name]]
        if name == "worst":
            return Record({k: self._fields[k] for k in _WORST_FIELDS + ("phases",)
                           if k in self._fields})
        return super().__getattr__(name)

    def __dir__(self):
        return sorted(set(super().__dir__()) | {"worst"})

    def __repr__(self) -> str:
        # Led by what the attributes answer: the access's totals under their attribute names
        # (rec.cycles), then the worst single instruction as rec.worst; the JSON's top-level
        # copies of the worst instruction's figures are not shown again under the same names.
        shown = [f"{k}={_short(getattr(self, k))}" for k in _WORST_FIELDS
                 if k in self._fields]
        if any(k in self._fields for k in _WORST_FIELDS):
            shown.append(f"worst={_short(self.worst, 120)}")
        shown += [f"{k}={_short(self[k])}" for k in self
                  if k not in _WORST_FIELDS and k not in ("figures", "phases")]
        return f"{type(self).__name__}({', '.join(shown)})"
