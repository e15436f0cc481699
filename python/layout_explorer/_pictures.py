"""Pictures: every figure is drawn by ``layout-explorer render`` itself (the same command, run in
process), so a notebook's picture and a file from the command line are the same bytes."""

from __future__ import annotations

import base64
import json
import os
import tempfile
from html import escape
from typing import Callable, List, Optional, Sequence

from . import _core


def shape_text(shape: Sequence[int]) -> str:
    """(64, 64) -> "64x64", the command line's form."""
    if isinstance(shape, str):
        return shape
    try:
        return "x".join(str(int(s)) for s in shape)
    except (TypeError, ValueError):
        raise _core.LayoutError(f"a shape is a sequence of integers, not {shape!r}") from None


def render_args(view=None, colour_by=None, fit=None, title=None, scale=None, options=None) -> List[str]:
    """The drawing options of ``render`` as command-line arguments."""
    args = []
    if view is not None:
        args.append(f"--view={view}")
    if colour_by is not None:
        args.append(f"--color-by={colour_by}")
    if fit is not None:
        args.append(f"--fit={shape_text(fit)}")
    if scale is not None:
        args.append(f"--scale={scale}")
    if title is not None:
        args.append(f"--title={title}")
    if options:
        args.append("--options=" + json.dumps(options))
    return args


def render(source_args: Sequence[str], path: str, **drawing) -> None:
    """``layout-explorer render SOURCE... DRAWING... -o PATH``."""
    _core.run(["render", *source_args, *render_args(**drawing), f"--output={path}"], gui=True)


def picture_bytes(picture: Callable[..., None], suffix: str, **drawing) -> bytes:
    """The bytes `picture` writes to a file of the given suffix."""
    with tempfile.TemporaryDirectory(prefix="layout-explorer-") as tmp:
        path = os.path.join(tmp, "figure" + suffix)
        picture(path, **drawing)
        with open(path, "rb") as f:
            return f.read()


class PictureOptions:
    """How a notebook shows pictures (``lx.picture_options``): one format per display.

    - ``format``: ``"svg"`` (default) or ``"png"``: the format a display carries;
    - ``max_bytes``: the most bytes one displayed picture may take (default 2,000,000). An SVG
      past it is shown as a PNG fitted into ``png_fit``; a PNG still past it is shown as one line
      saying so (draw it into a file with ``render(path, fit=...)``);
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
    if kind == "svg":
        data = draw("svg", scale, fit)
        if len(data) > cap:
            kind = "png"
            data = draw("png", None, tuple(picture_options.png_fit))
    else:
        data = draw("png", scale, fit)
        if len(data) > cap:
            data = draw("png", None, tuple(picture_options.png_fit))
    if len(data) > cap:
        return (f"<pre>(a picture of {len(data)} bytes, past the cap of {cap}: "
                f"render(path, fit=...) writes it to a file)</pre>")
    mime = "image/svg+xml" if kind == "svg" else "image/png"
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:{mime};base64,{encoded}" alt="layout_explorer picture"/>'


def error_line(message: str, limit: int = 300) -> str:
    """`message` on one line, cut to `limit` characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def file_drawer(picture: Callable[..., None]) -> Callable[..., bytes]:
    """A drawer (format, scale, fit) -> bytes over a picture that writes files."""
    def draw(fmt, scale, fit):
        return picture_bytes(picture, "." + fmt, scale=scale, fit=fit)
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


class SceneFile:
    """A scene (a dict in the .lxscene form) written to a temporary file for a command that reads
    --scene; removed on exit."""

    def __init__(self, scene: dict):
        self._scene = scene
        self._dir: Optional[tempfile.TemporaryDirectory] = None

    def __enter__(self) -> str:
        self._dir = tempfile.TemporaryDirectory(prefix="layout-explorer-")
        path = os.path.join(self._dir.name, "scene.lxscene")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self._scene, f)
        return path

    def __exit__(self, *exc) -> None:
        if self._dir is not None:
            self._dir.cleanup()


def scene_of(name: str, layouts: Sequence[dict], view: dict, arch: Optional[str] = None) -> dict:
    """A scene named `name` (its figure's title) holding `layouts` ({name, text, shape[, dtype]})
    and one view."""
    scene = {"format": "layout-explorer-scene", "version": 1, "name": name,
             "layouts": list(layouts), "views": [view]}
    if arch is not None:
        scene["arch"] = arch
    return scene
