"""Records: the JSON a command prints with --json, as Python values.

A Record is a dict (``rec["cycles"]``) whose keys also read as attributes (``rec.cycles``);
nested objects are Records and arrays lists, so ``rec.phases[0].maxWays`` works. The field names
are the command's own (docs/json-schema.md); nothing is renamed or recomputed here.
"""

from __future__ import annotations

from typing import Any, Callable, Optional
from ._pictures import svg_text


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

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={_short(v)}" for k, v in self.items() if k != "figures")
        return f"Record({inner})"

    def render(self, path, view=None, colour_by=None, fit=None, **options) -> None:
        """Writes the result's picture (SVG, PDF, PNG or TikZ by the file's extension), as
        ``layout-explorer render`` writes it for the same inputs."""
        if self._picture is None:
            raise TypeError("this record has no picture")
        self._picture(str(path), view=view, colour_by=colour_by, fit=fit, **options)

    def _repr_svg_(self):
        data = self._picture_or_none(".svg")
        return None if data is None else svg_text(data)

    def _repr_png_(self):
        return self._picture_or_none(".png")

    def _picture_or_none(self, suffix: str):
        """The picture's bytes; None (Jupyter then shows the text) when there is none or the
        scene's view cannot be drawn."""
        if self._picture is None:
            return None
        from ._core import LayoutError
        from ._pictures import picture_bytes

        try:
            return picture_bytes(self._picture, suffix)
        except LayoutError:
            return None


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
