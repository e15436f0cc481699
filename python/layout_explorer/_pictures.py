"""Pictures: every figure is drawn by ``layout-explorer render`` itself (the same command, run in
process), so a notebook's picture and a file from the command line are the same bytes."""

from __future__ import annotations

import json
import os
import tempfile
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
