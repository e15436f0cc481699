"""Pictures: every figure is drawn by the renderer library through the render job the command
``layout-explorer render`` also runs (``_core.render``), so a notebook's picture and a file from
the command line are the same figure; bytes come back without a file."""

from __future__ import annotations

import base64
import operator
import os
import re
import reprlib
from html import escape
from typing import Callable, List, Optional, Sequence

from . import _core


def _sizes(shape) -> list:
    """The sizes of a shape given as a sequence: integers (int, numpy's), never a bool, a float
    or a text; anything else is refused with the shape message."""
    try:
        sizes = []
        for s in shape:
            if isinstance(s, bool):
                raise TypeError("a bool is not a size")
            sizes.append(operator.index(s))
        return sizes
    except (TypeError, ValueError, OverflowError):
        raise _core.LayoutError(f"a shape is a sequence of integers, not "
                                f"{reprlib.repr(shape)}") from None


def shape_text(shape: Sequence[int]) -> str:
    """(64, 64) -> "64x64", the command line's form (text is passed as it is, for the engine to
    read as --shape). A size that is not an integer (64.5, True, "64") is refused."""
    if isinstance(shape, str):
        return shape
    return "x".join(map(str, _sizes(shape)))


def shape_sizes(shape) -> list:
    """A shape as a list of sizes: (64, 64), [64, 64], or text as --shape reads it ("64x64",
    "64X64", "64,64", spaces around the sizes)."""
    if not isinstance(shape, str):
        return _sizes(shape)
    parts = [p.strip() for p in re.split(r"[xX,]", shape)]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise _core.LayoutError(f"a shape is a sequence of integers or text like '64x64', not "
                                f"{reprlib.repr(shape)}")
    return [int(p) for p in parts]


def render(source: dict, path: Optional[str], format: Optional[str] = None, view=None,
           colour_by=None, fit=None, title=None, scale=None, options=None) -> Optional[bytes]:
    """The figure ``layout-explorer render`` draws for ``source`` (``preset``, ``scene``: a file
    or a dict, ``view_index``; or ``layout`` text with ``shape``) with the drawing options:
    written to ``path`` (SVG, PDF, PNG or TikZ by its suffix), or, when ``path`` is None,
    returned as ``format`` (``"svg"``, ``"png"``) bytes."""
    if isinstance(fit, str):
        fit = tuple(shape_sizes(fit))
    if "shape" in source and source["shape"] is not None:
        source = dict(source, shape=shape_text(source["shape"]))
    return _core.render(**source, view=view, colour_by=colour_by, options=options, title=title,
                        path=None if path is None else os.fspath(path), format=format,
                        scale=scale, fit=fit)


def picture_bytes(picture: Callable[..., Optional[bytes]], suffix: str, **drawing) -> bytes:
    """The bytes of `picture` in the format of `suffix` (".svg", ".png"), drawn without a file."""
    return picture(None, format=suffix.lstrip("."), **drawing)


class PictureOptions:
    """How a notebook shows pictures (``lx.picture_options``): one format per display.

    - ``format``: ``"svg"`` (default) or ``"png"``: the format a display carries;
    - ``max_bytes``: the most bytes one displayed picture may take in the notebook, as the
      base64 text it is stored as (a third more than the picture; default 2,000,000). An SVG
      past it is shown as a PNG fitted into ``png_fit``; a PNG still past it is shown as one line
      saying so (draw it into a file with ``render(path)``);
    - ``png_fit``: (width, height) in pixels of that PNG (default (1600, 1200)).
    """

    def __init__(self):
        self.format = "svg"
        self.max_bytes = 2_000_000
        self.png_fit = (1600, 1200)


picture_options = PictureOptions()


def mimebundle(draw: Optional[Callable[..., bytes]], scale=None, fit=None, html: str = "",
               text: str = "") -> Optional[dict]:
    """What a notebook's ``_repr_mimebundle_`` returns: ``html`` (a record's tables) and the
    picture in one format (SVG, or PNG past the size cap; see PictureOptions) as one HTML
    output, the picture an ``<img>`` of a data URI, which every front end and ``nbconvert --to
    html`` show as they are; ``text`` for plain-text front ends. A picture that cannot be drawn
    is one line of text instead. Never raises: a display hook that raises prints a traceback
    into the notebook."""
    if draw is None:
        return {"text/html": html, "text/plain": text} if html else None
    try:
        picture = _picture_html(draw, scale, fit)
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # pylint: disable=broad-except
        picture = f"<pre>{escape(error_line(f'{type(e).__name__}: {e}'))}</pre>"
    return {"text/html": html + picture, "text/plain": text}


def _picture_html(draw: Callable[..., bytes], scale, fit) -> str:
    cap = int(picture_options.max_bytes)
    if picture_options.format not in ("svg", "png"):
        raise _core.LayoutError(f"picture_options.format is 'svg' or 'png', not "
                                f"{picture_options.format!r}")
    kind, data = picture_options.format, b""

    def stored(picture: bytes) -> int:  # its size as the notebook keeps it, base64
        return (len(picture) + 2) // 3 * 4

    if kind == "svg":
        data = draw("svg", scale, fit)
        if stored(data) > cap:
            kind = "png"
            data = draw("png", None, tuple(picture_options.png_fit))
    else:
        data = draw("png", scale, fit)
        if stored(data) > cap:
            data = draw("png", None, tuple(picture_options.png_fit))
    if stored(data) > cap:
        return (f"<pre>(a picture of {len(data)} bytes, {stored(data)} in the notebook, past "
                f"the cap of {cap}: render(path) writes it to a file)</pre>")
    mime = "image/svg+xml" if kind == "svg" else "image/png"
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:{mime};base64,{encoded}" alt="layout_explorer picture"/>'


def error_line(message: str, limit: int = 300) -> str:
    """`message` on one line, cut to `limit` characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def file_drawer(picture: Callable[..., Optional[bytes]]) -> Callable[..., bytes]:
    """A drawer (format, scale, fit) -> bytes over a picture (path or None, format=, ...)."""
    def draw(fmt, scale, fit):
        return picture(None, format=fmt, scale=scale, fit=fit)
    return draw


def picture_or_message(picture: Callable[..., None], suffix: str):
    """What a notebook's ``_repr_svg_`` / ``_repr_png_`` returns: the picture, or, when it cannot
    be drawn, for SVG a small picture saying why in one line and for PNG None (the SVG then
    shows). Never raises: a display hook that raises prints a traceback into the notebook."""
    try:
        data = picture_bytes(picture, suffix)
        return svg_text(data) if suffix == ".svg" else data
    except KeyboardInterrupt:
        raise
    except BaseException as e:  # pylint: disable=broad-except
        if suffix != ".svg":
            return None
        return error_svg(f"{type(e).__name__}: {e}")


def error_svg(message: str, limit: int = 300) -> str:
    """A one-line SVG showing `message` (cut to `limit` characters)."""
    from xml.sax.saxutils import escape

    text = " ".join(str(message).split())
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    width = 12 + 7 * len(text)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="24">'
            f'<text x="6" y="16" font-family="sans-serif" font-size="12" fill="#b00020">'
            f"{escape(text)}</text></svg>")


def svg_text(data: bytes) -> str:
    """An SVG file's bytes as the text a notebook embeds: without the XML declaration, which
    HTML has no place for (nbconvert's HTML export refuses a fragment that carries one)."""
    text = data.decode("utf-8")
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2:].lstrip()
    return text


def scene_of(name: str, layouts: Sequence[dict], view: dict, arch: Optional[str] = None) -> dict:
    """A scene named `name` (its figure's title) holding `layouts` ({name, text, shape[, dtype]})
    and one view."""
    scene = {"format": "layout-explorer-scene", "version": 1, "name": name,
             "layouts": list(layouts), "views": [view]}
    if arch is not None:
        scene["arch"] = arch
    return scene
