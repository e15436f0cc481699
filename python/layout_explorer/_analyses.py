"""The analyses: each takes the inputs of its command (keyword for option: ``dtype="f16"`` is
``--dtype f16``; a layout is an object or its text; a scene is a preset name, a file or a dict in
the .lxscene form) and returns the command's --json object as a Record.

Most are asked of the request layer (core/request) directly by the compiled module: the request
the command builds, the same resolver and the same JSON builder, so the numbers and the messages
are the command line's. The few inputs not bound that way yet (partitions, bank_conflicts
of a perf_config or raw addresses, ds_load_tr of packed fp4) run the command itself
in process with --json. A refused input raises LayoutError with the command's message.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional, Sequence

from . import _core
from ._layouts import as_text
from ._layouts import dims as layout_dims
from ._pictures import SceneFile, render, scene_of, shape_text
from ._errors import guarded
from ._records import BankRecord, Record


class _Args:
    """Command-line arguments built from keywords; None leaves an option out."""

    def __init__(self, *words: str):
        self.words: List[str] = list(words)

    def opt(self, name: str, value: Any, form=str) -> "_Args":
        if value is not None:
            self.words.append(f"--{name}={form(value)}")
        return self

    def flag(self, name: str, on: bool) -> "_Args":
        if on:
            self.words.append(f"--{name}")
        return self


def _json(args: _Args, gui: bool = False) -> dict:
    value, _ = _core.run(args.words + ["--json"], gui=gui)
    if value is None:
        raise _core.LayoutError(f"layout-explorer {' '.join(args.words[:2])} printed no JSON")
    return value


class _SceneSource:
    """--preset NAME or --scene FILE; a dict is written to a temporary scene file."""

    def __init__(self, preset: Optional[str], scene: Any):
        if preset is not None and scene is not None:
            raise _core.LayoutError("give preset or scene, not both")
        self.preset, self.scene = preset, scene
        self._file: Optional[SceneFile] = None

    def __bool__(self) -> bool:
        return self.preset is not None or self.scene is not None

    def __enter__(self) -> List[str]:
        if self.preset is not None:
            return [f"--preset={self.preset}"]
        if isinstance(self.scene, dict):
            self._file = SceneFile(self.scene)
            return [f"--scene={self._file.__enter__()}"]
        return [f"--scene={os.fspath(self.scene)}"] if self.scene is not None else []

    def __exit__(self, *exc) -> None:
        if self._file is not None:
            self._file.__exit__(*exc)


def _scene_picture(source: _SceneSource, view_index: Optional[int], default_view: Optional[str]):
    """A picture of a scene's view, drawn by ``render --preset/--scene``."""
    def picture(path, view=None, **drawing):
        with _SceneSource(source.preset, source.scene) as args:
            if view_index is not None:
                args = args + [f"--view-index={view_index}"]
            render(args, path, view=view if view is not None or view_index is not None
                   else default_view, **drawing)
    return picture


@guarded
def bank_conflicts(reg=None, shared=None, shape=None, dtype=None, arch=None, instruction=None,
                   write=False, *, warp=None, preset=None, scene=None, view=None, perf_config=None,
                   operand=None, rotate=False, rule=None, addresses=None,
                   width=None) -> Record:
    """``layout-explorer analyze banks``: LDS bank conflicts of one access, per instruction and
    phase (lanes, banks, n-way, cycles), totals, and Triton's generic count beside ours.

    Returns a BankRecord: ``rec.cycles`` and ``rec.maxWays`` are the whole access's (every
    instruction of the wave), ``rec.worst`` the worst single instruction's, ``rec.instructions``
    each instruction's; items (``rec["cycles"]``) and ``to_dict()`` are the command's JSON.

    Layouts given with a shape (``reg``, ``shared``, ``shape``) go to the engine directly (the
    request layer, no command line), and so does a scene (``preset``, or ``scene``: a file or a
    dict); a perf_config or raw addresses run the command. With a perf_config the rotation is
    rocMLIR's rule (``rule="after-fix"``, the default, or ``"before-fix"``) unless
    ``rotate=True`` forces it."""
    direct = (reg is not None and shared is not None and shape is not None and preset is None
              and scene is None and view is None and perf_config is None and operand is None
              and not rotate and rule is None and addresses is None and width is None)
    if direct:
        r, s, dims = _engine_layout(reg), _engine_layout(shared), layout_dims(shape)
        result = _core.bank_conflicts(r, s, dims, dtype=dtype, arch=arch, instruction=instruction,
                                      write=bool(write), warp=warp)
        return BankRecord(result, _bank_picture(reg, shared, shape, dtype, arch, instruction,
                                                write, warp),
                          _bank_drawer(r, s, dims, dtype, arch, instruction, write, warp))
    source = _SceneSource(preset, scene)
    if (source and reg is None and shared is None and perf_config is None and operand is None
            and not rotate and addresses is None and width is None):
        result = _core.bank_scene(preset, scene, view=view, dtype=dtype, arch=arch,
                                  instruction=instruction, warp=warp)
        return BankRecord(result, _scene_picture(source, view, None))
    with source as scene_args:
        args = _Args("analyze", "banks", *scene_args).opt("view", view)
        if reg is not None or shared is not None:
            args.opt("reg", reg, as_text).opt("shared", shared, as_text)
        args.opt("shape", shape, shape_text).opt("dtype", dtype).opt("arch", arch)
        args.opt("instruction", instruction).flag("write", write).opt("warp", warp)
        args.opt("perf-config", perf_config).opt("operand", operand).flag("rotate", rotate)
        args.opt("rule", rule)
        if addresses is not None:
            listed = addresses if isinstance(addresses, str) else ",".join(
                "-" if a is None else str(int(a)) for a in addresses)
            args.opt("addresses", listed)
        args.opt("width", width)
        result = _json(args)
    picture = None
    if source:
        picture = _scene_picture(source, view, None)
    elif reg is not None and shared is not None and shape is not None:
        picture = _bank_picture(reg, shared, shape, dtype, arch, instruction, write, warp)
    return BankRecord(result, picture)


def _engine_layout(value):
    """What the engine takes for a layout argument: the object's parsed form, or text."""
    handle = getattr(value, "_handle", None)
    return handle if handle is not None else as_text(value)


@guarded
def bank_conflicts_many(reg, shared: Sequence, shape, dtype=None, arch=None, instruction=None,
                        write=False, *, warp=None) -> List["BankRecord"]:
    """:func:`bank_conflicts` of one register layout against each shared layout of ``shared``
    (a list of layout objects or texts): what an autotuner scores. The register layout and the
    options are read once; the engine runs every candidate without the GIL, checking for Ctrl-C
    between candidates. Returns one BankRecord per candidate, in order; a candidate the engine
    refuses raises LayoutError naming its index (``shared[3]: ...``).

    ``rec.cycles`` (cycles of one wave's whole access) is the number to minimise."""
    if isinstance(shared, (str, bytes)) or not isinstance(shared, Sequence):
        raise _core.LayoutError("shared: expected a list of shared layouts")
    results = _core.bank_conflicts_many(_engine_layout(reg), [_engine_layout(s) for s in shared],
                                        layout_dims(shape), dtype=dtype, arch=arch,
                                        instruction=instruction, write=bool(write), warp=warp)
    r, dims = _engine_layout(reg), layout_dims(shape)
    return [BankRecord(rec, _bank_picture(reg, s, shape, dtype, arch, instruction, write, warp),
                       _bank_drawer(r, _engine_layout(s), dims, dtype, arch, instruction, write,
                                    warp))
            for rec, s in zip(results, shared)]


def _bank_drawer(reg, shared, dims, dtype, arch, instruction, write, warp):
    """The bank map as bytes, drawn by the renderer library (format, scale, fit)."""
    return lambda fmt, scale, fit: _core.bank_picture(
        reg, shared, dims, dtype=dtype, arch=arch, instruction=instruction, write=bool(write),
        warp=warp, format=fmt, scale=scale, fit=fit)


def _bank_picture(reg, shared, shape, dtype, arch, instruction, write, warp):
    """The bank map of a --reg/--shared access: the same request as a scene's bank view (drawn
    when a picture is asked for)."""
    return lambda path, view=None, **drawing: _bank_scene_picture(
        reg, shared, shape, dtype, arch, instruction, write, warp)(path, view=view, **drawing)


def _bank_scene_picture(reg, shared, shape, dtype, arch, instruction, write, warp):
    dims = layout_dims(shape)
    layouts = [{"name": "reg", "text": as_text(reg), "shape": dims},
               {"name": "shared", "text": as_text(shared), "shape": dims}]
    options = {"shared": "shared", "write": bool(write)}
    for key, value in (("dtype", dtype), ("instruction", instruction), ("warp", warp)):
        if value is not None:
            options[key] = value
    scene = scene_of("bank map of reg read from shared", layouts,
                     {"kind": "bank-map", "layout": "reg", "options": options}, arch)
    return _scene_picture(_SceneSource(None, scene), None, None)


@guarded
def ds_load_tr(shared=None, dst=None, shape=None, dtype=None, arch=None, *, warp=None,
               preset=None, scene=None, packed_fp4=False, dst_shape=None) -> Record:
    """``layout-explorer analyze ds-load-tr``: whether a local_load becomes a transposed LDS load,
    why (not), what each lane reads and what the fallback costs. Layouts given with a shape, a
    preset or a scene are asked of the request layer directly (no command line); packed_fp4 runs
    the command."""
    def command(extra: Sequence[str] = ()):
        source = _SceneSource(preset, scene)
        with source as scene_args:
            args = _Args("analyze", "ds-load-tr", *scene_args)
            args.opt("shared", shared, as_text).opt("dst", dst, as_text)
            args.opt("shape", shape, shape_text).opt("dtype", dtype).opt("arch", arch)
            args.opt("warp", warp).flag("packed-fp4", packed_fp4)
            args.opt("dst-shape", dst_shape, shape_text)
            args.words += list(extra)
            return args

    def picture(path, view=None, **drawing):
        if any(v is not None for v in drawing.values()):
            raise _core.LayoutError("a ds_load_tr picture takes only view= (analyze ds-load-tr -o)")
        args = command([f"--output={path}"] + ([f"--view={view}"] if view else []))
        _core.run(args.words, gui=True)

    if (shared is not None and dst is not None and shape is not None and preset is None
            and scene is None and not packed_fp4 and dst_shape is None):
        return Record(_core.ds_load_tr(as_text(shared), as_text(dst), shape_text(shape),
                                       dtype=dtype, arch=arch, warp=warp), picture)
    if ((preset is not None or scene is not None) and shared is None and dst is None
            and shape is None and not packed_fp4 and dst_shape is None):
        return Record(_core.ds_load_tr_scene(preset, scene, dtype=dtype, arch=arch, warp=warp),
                      picture)
    return Record(_json(command(), gui=True), picture)


@guarded
def cta(layout=None, shape=None, dtype=None, arch=None, *, preset=None, scene=None) -> Record:
    """``layout-explorer analyze cta``: a WMMA v3 ctaLayout's warps, SIMD pairs, cross-pair
    sharing, pieces and TDM instructions. A layout with a shape, or a preset or scene, is asked
    of the request layer directly (no command line)."""
    source = _SceneSource(preset, scene)
    if layout is not None and shape is not None and not source:
        result = _core.cta(as_text(layout), shape_text(shape), dtype=dtype, arch=arch)
    elif source and layout is None:
        result = _core.cta_scene(preset, scene, dtype=dtype, arch=arch)
    else:
        with source as scene_args:
            args = _Args("analyze", "cta", *scene_args).opt("layout", layout, as_text)
            result = _json(args.opt("shape", shape, shape_text).opt("dtype", dtype)
                           .opt("arch", arch))
    if source:
        return Record(result, _scene_picture(source, None, None))
    picture = None
    if layout is not None and shape is not None:
        def picture(path, view=None, **drawing):
            render([f"--layout={as_text(layout)}", f"--shape={shape_text(shape)}"], path,
                   view=view or "cta-tiles", **drawing)
    return Record(result, picture)


@guarded
def partitions(layout=None, shape=None, *, preset=None, scene=None, view="cta-pieces",
               view_index=None, arch=None) -> Record:
    """The partition figures of a ctaLayout's operands (pieces, groups, partitions and TDM
    instructions): the figures ``render --figures`` lists for the partition view."""
    source = _SceneSource(preset, scene)
    def words(scene_args):
        if source:
            out = list(scene_args) + ([f"--view-index={view_index}"] if view_index is not None else [])
            return out + ([f"--view={view}"] if view_index is None else [])
        return [f"--layout={as_text(layout)}", f"--shape={shape_text(shape)}", f"--view={view}"]
    with source as scene_args:
        value, _ = _core.run(["render", *words(scene_args), "--figures"], gui=True)

    def picture(path, view=None, **drawing):
        with _SceneSource(preset, scene) as scene_args:
            render(words(scene_args), path, **drawing)
    return Record(value, picture)


@guarded
def lds(preset=None, scene=None, arch=None) -> Record:
    """``layout-explorer analyze lds``: the partition-aware allocation, partition conflicts and the
    LDS bandwidth model of a scene's shared buffers (asked of the request layer directly; a
    capacity warning raises LayoutError with its message, as the command fails)."""
    source = _SceneSource(preset, scene)
    return Record(_core.lds(preset, scene, arch=arch), _scene_picture(source, None, None))


@guarded
def analyze_kernel(path_or_text, arch=None) -> Record:
    """``layout-explorer analyze kernel``: every op of a TTGIR module that places data, with its
    LDS cost (``ops``: instruction, count per thread, n-way, cycles per CTA), and the kernel's
    totals (``cyclesPerCta``, ``ldsBytesEndToEnd``, ``worstOp``).

    ``path_or_text``: a str holding a module (a newline in it) is the module's text, analysed as
    ``analyze kernel -`` reads standard input; otherwise a module file or a folder of kernels
    (a Triton cache), as ``analyze kernel PATH``. ``arch``: an architecture name or file
    (default: the module's target). Asked of the engine directly (no command line)."""
    text = path_or_text if isinstance(path_or_text, str) else None
    if text is not None and "\n" in text:
        return Record(_core.analyze_kernel(text, arch=arch, is_text=True))
    return Record(_core.analyze_kernel(os.fspath(path_or_text), arch=arch))


@guarded
def suggest_op(path_or_text, line, arch=None) -> Record:
    """``layout-explorer suggest op``: the shared layout for the buffer of the op at ``line`` of a
    TTGIR module, judged on every op of the module that uses that layout (each candidate put in
    place and the module analysed again). ``ttgLine`` is the alias line to put back, ``improves``
    False says to keep the layout (``reason``), ``ops`` each op before and after. The module is
    given as for :func:`analyze_kernel` (a module's text is named ``-`` in messages). Asked of
    the request layer directly (no command line)."""
    text = path_or_text if isinstance(path_or_text, str) else None
    if text is not None and "\n" in text:
        return Record(_core.suggest_op(text, line, arch=arch, is_text=True))
    return Record(_core.suggest_op(os.fspath(path_or_text), line, arch=arch))


@guarded
def suggest_shared(reg=None, shape=None, dtype=None, arch=None, *, write_layout=None, order=None,
                   limit=None, max_lds=None, preset=None, scene=None, view=None) -> Record:
    """``layout-explorer suggest shared``: shared layouts for an access, scored by the bank
    analysis, with Triton's own choice beside them. A register layout with a shape is searched
    by the request layer directly (no command line), without the GIL; Ctrl-C stops the search
    (KeyboardInterrupt); so is a preset's or a scene's access."""
    source = _SceneSource(preset, scene)
    if (reg is not None and shape is not None and not source and view is None
            and not isinstance(order, str)):
        return Record(_core.suggest_shared(
            as_text(reg), shape_text(shape), dtype=dtype, arch=arch,
            write_layout=None if write_layout is None else as_text(write_layout),
            order=order, limit=limit, max_lds=max_lds))
    if source and reg is None and write_layout is None and order is None and shape is None:
        return Record(_core.suggest_scene(preset, scene, view=view, dtype=dtype, arch=arch,
                                          limit=limit, max_lds=max_lds))
    with source as scene_args:
        args = _Args("suggest", "shared", *scene_args).opt("view", view).opt("reg", reg, as_text)
        args.opt("shape", shape, shape_text).opt("dtype", dtype).opt("arch", arch)
        args.opt("write-layout", write_layout, as_text)
        args.opt("order", order, lambda o: o if isinstance(o, str) else ",".join(map(str, o)))
        return Record(_json(args.opt("limit", limit).opt("max-lds", max_lds)))


@guarded
def suggest_cta(shape, warps, instr, dtype, arch=None, *, limit=None) -> Record:
    """``layout-explorer suggest cta``: warp-basis choices of a WMMA ctaLayout, by cross-pair
    sharing, TDM instructions and partition conflicts (asked of the request layer directly)."""
    for name, value in (("shape", shape), ("warps", warps), ("instr", instr), ("dtype", dtype)):
        if value is None:
            raise _core.LayoutError(f"layout-explorer suggest cta: missing --{name}")
    return Record(_core.suggest_cta(shape_text(shape), warps, shape_text(instr), str(dtype),
                                    arch=arch, limit=limit))


@guarded
def explain(preset=None, scene=None, view=None, dtype=None, arch=None) -> Record:
    """``layout-explorer suggest shared --explain``: why the worst conflict of a scene's access
    happens (which lanes meet in which bank, and the basis that sends them there); asked of the
    request layer directly."""
    return Record(_core.suggest_scene(preset, scene, view=view, dtype=dtype, arch=arch,
                                      explain=True))


@guarded
def diff(a, b, shape=None, dtype=None) -> Record:
    """``layout-explorer diff``: two layouts compared (equal or not, elements whose owners differ,
    the basis delta) and what convert_layout from A to B costs. Asked of the request layer
    directly."""
    result = _core.diff(as_text(a), as_text(b), None if shape is None else shape_text(shape),
                        None if dtype is None else str(dtype))
    picture = None
    if shape is not None:
        dims = layout_dims(shape)
        layouts = [{"name": "A", "text": as_text(a), "shape": dims},
                   {"name": "B", "text": as_text(b), "shape": dims}]
        options = {"other": "B"} | ({"dtype": dtype} if dtype else {})
        picture = _scene_picture(_SceneSource(None, scene_of(
            "diff of A and B", layouts, {"kind": "diff", "layout": "A", "options": options})), None, None)
    return Record(result, picture)


@guarded
def compare(a, b, *, preset=None, scene=None, archs=None, dtype=None) -> Record:
    """``layout-explorer compare``: layouts A and B of a scene (by name) in one record: the diff,
    what convert_layout A -> B lowers to, and per architecture (``archs``, a list of names or
    architecture files; default gfx942, gfx950, gfx1250) the LDS accesses between them with
    their instruction, count per thread, n-way, cycles and LDS bytes. Asked of the request layer
    directly."""
    if preset is None and scene is None:
        raise _core.LayoutError("compare needs preset or scene")
    if isinstance(archs, str):
        archs = archs.split(",")
    if isinstance(archs, (list, tuple)):
        archs = [str(name).strip() for name in archs]
    return Record(_core.compare(str(a), str(b), preset=preset, scene=scene, archs=archs,
                                dtype=dtype))
