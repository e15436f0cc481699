"""The analyses: each takes the inputs of its command (keyword for option: ``dtype="f16"`` is
``--dtype f16``; a layout is an object or its text; a scene is a preset name, a file or a dict in
the .lxscene form) and returns the command's --json object as a Record.

Every one is asked of the request layer (core/request) or the renderer (ui/render) directly by
the compiled module, through the functions the command calls: the same request, the same
resolver and the same JSON builder, so the numbers and the messages are the command line's. No
argument strings, no JSON text and no files pass between Python and the engine. A refused input
raises LayoutError with the command's message.
"""

from __future__ import annotations

import os
from functools import partial
from typing import Any, List, Optional, Sequence

from . import _core
from ._layouts import as_text
from ._layouts import dims as layout_dims
from ._pictures import render, scene_of, shape_text
from ._errors import flag, guarded, integer
from ._records import BankRecord, Record


def _scene_source(preset, scene, view_index=None) -> dict:
    """The source of a scene's picture for ``_core.render``: a preset, or a scene (a file or a
    dict, read by the engine from its value)."""
    if preset is not None and scene is not None:
        raise _core.LayoutError("give preset or scene, not both")
    source = {"preset": preset, "scene": scene if isinstance(scene, dict) or scene is None
              else os.fspath(scene)}
    if view_index is not None:
        source["view_index"] = view_index
    return source


def _scene_picture(preset, scene, view_index: Optional[int], default_view: Optional[str]):
    """A picture of a scene's view, drawn as ``render --preset/--scene`` draws it: into a file, or
    as bytes when the path is None."""
    def picture(path, view=None, **drawing):
        return render(_scene_source(preset, scene, view_index), path,
                      view=view if view is not None or view_index is not None else default_view,
                      **drawing)
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

    Every source goes to the engine directly (the request layer, no command line): layouts given
    with a shape (``reg``, ``shared``, ``shape``), a scene (``preset``, or ``scene``: a file or a
    dict), rocMLIR's kPack stores of a ``perf_config`` (``operand``, ``rotate``, ``rule``) and
    one instruction's ``addresses`` (a list of byte offsets, None for an inactive lane, or the
    command's text) with ``width`` bytes per lane and ``arch``. With a perf_config the rotation is
    rocMLIR's rule (``rule="after-fix"``, the default, or ``"before-fix"``) unless
    ``rotate=True`` forces it."""
    write = flag(write, "write")
    others = (preset, scene, perf_config, addresses)
    if reg is None or shared is None or any(v is not None for v in others):
        # Which sources were given, judged as the command judges its options (two layouts and
        # nothing else pass, so the common call skips the check).
        _core.bank_sources(preset=preset is not None, scene=scene is not None,
                           layouts=reg is not None or shared is not None,
                           perf_config=perf_config is not None, addresses=addresses is not None,
                           width=width is not None, arch=arch is not None)
    if addresses is not None:
        listed = addresses if isinstance(addresses, str) else ",".join(
            "-" if a is None else str(integer(a, "an address")) for a in addresses)
        return BankRecord(_core.bank_addresses(listed, str(width), arch, write=write))
    if perf_config is not None:
        rotate = flag(rotate, "rotate")
        return BankRecord(_core.bank_kpack(perf_config, operand=operand, rotate=rotate, rule=rule,
                                           dtype=dtype, arch=arch, warp=warp))
    if preset is not None or scene is not None:
        result = _core.bank_scene(preset, scene, view=view, dtype=dtype, arch=arch,
                                  instruction=instruction, warp=warp)
        return BankRecord(result, _scene_picture(preset, scene, view, None))
    r, s = _engine_layout(reg), _engine_layout(shared)
    dims = None if shape is None else layout_dims(shape)
    result = _core.bank_conflicts(r, s, dims, dtype=dtype, arch=arch, instruction=instruction,
                                  write=write, warp=warp)
    return BankRecord(result, _bank_picture(reg, shared, shape, dtype, arch, instruction,
                                            write, warp),
                      _bank_drawer(r, s, dims, dtype, arch, instruction, write, warp))


def _engine_layout(value):
    """What the engine takes for a layout argument: the object's parsed form, or text (None
    stays None: the engine names the missing argument)."""
    if value is None:
        return None
    handle = getattr(value, "_handle", None)
    return handle if handle is not None else as_text(value)


@guarded
def bank_conflicts_many(reg, shared: Sequence, shape, dtype=None, arch=None, instruction=None,
                        write=False, *, warp=None, threads=None) -> List["BankRecord"]:
    """:func:`bank_conflicts` of one register layout against each shared layout of ``shared``
    (a list, or any iterable, of layout objects or texts): what an autotuner scores. The
    register layout and the options are read once; the engine runs every candidate without the
    GIL, checking for Ctrl-C between candidates. Returns one BankRecord per candidate, in order;
    a candidate the engine refuses raises LayoutError naming its index (``shared[3]: ...``).

    ``threads``: how many threads score the candidates (an int from 1 to 1024; None, the default:
    one per core, at most one per 16 candidates). The records are the same whatever the count;
    pass 1 where the caller already runs one batch per core.

    ``rec.cycles`` (cycles of one wave's whole access) is the number to minimise."""
    write = flag(write, "write")
    if isinstance(shared, (str, bytes)):
        raise _core.LayoutError("shared: expected a list of shared layouts")
    if not isinstance(shared, Sequence):
        try:  # a generator or any other iterable: read once, in order
            shared = list(shared)
        except TypeError:
            raise _core.LayoutError("shared: expected a list of shared layouts") from None
    r, dims = _engine_layout(reg), layout_dims(shape)
    engine = [_engine_layout(s) for s in shared]
    results = _core.bank_conflicts_many(r, engine, dims, dtype=dtype, arch=arch,
                                        instruction=instruction, write=write, warp=warp,
                                        threads=threads)
    # Each record's pictures are drawn only when asked for: partials of the batch's arguments.
    options = (dtype, arch, instruction, write, warp)
    return [BankRecord(rec, partial(_bank_scene_draw, reg, s, shape, *options),
                       partial(_bank_draw, r, e, dims, *options))
            for rec, s, e in zip(results, shared, engine)]


def _bank_drawer(reg, shared, dims, dtype, arch, instruction, write, warp):
    """The bank map as bytes, drawn by the renderer library (format, scale, fit)."""
    return partial(_bank_draw, reg, shared, dims, dtype, arch, instruction, write, warp)


def _bank_draw(reg, shared, dims, dtype, arch, instruction, write, warp, fmt, scale, fit):
    return _core.bank_picture(reg, shared, dims, dtype=dtype, arch=arch, instruction=instruction,
                              write=write, warp=warp, format=fmt, scale=scale, fit=fit)


def _bank_picture(reg, shared, shape, dtype, arch, instruction, write, warp):
    """The bank map of a --reg/--shared access: the same request as a scene's bank view (drawn
    when a picture is asked for)."""
    return partial(_bank_scene_draw, reg, shared, shape, dtype, arch, instruction, write, warp)


def _bank_scene_draw(reg, shared, shape, dtype, arch, instruction, write, warp, path, view=None,
                     **drawing):
    return _bank_scene_picture(reg, shared, shape, dtype, arch, instruction, write, warp)(
        path, view=view, **drawing)


def _bank_scene_picture(reg, shared, shape, dtype, arch, instruction, write, warp):
    dims = layout_dims(shape)
    layouts = [{"name": "reg", "text": as_text(reg), "shape": dims},
               {"name": "shared", "text": as_text(shared), "shape": dims}]
    options = {"shared": "shared", "write": write}
    for key, value in (("dtype", dtype), ("instruction", instruction), ("warp", warp)):
        if value is not None:
            options[key] = value
    scene = scene_of("bank map of reg read from shared", layouts,
                     {"kind": "bank-map", "layout": "reg", "options": options}, arch)
    return _scene_picture(None, scene, None, None)


@guarded
def ds_load_tr(shared=None, dst=None, shape=None, dtype=None, arch=None, *, warp=None,
               preset=None, scene=None, packed_fp4=False, dst_shape=None) -> Record:
    """``layout-explorer analyze ds-load-tr``: whether a local_load becomes a transposed LDS load,
    why (not), what each lane reads and what the fallback costs. Layouts given with a shape
    (``packed_fp4=True``: i8 layouts holding fp4 pairs, ``shape`` the source's and ``dst_shape``
    the destination's), a preset or a scene are asked of the request layer directly (no command
    line)."""
    _core.ds_load_tr_sources(preset=preset is not None, scene=scene is not None,
                             shared=shared is not None, dst=dst is not None,
                             shape=shape is not None)
    scene_arg = scene if scene is None or isinstance(scene, dict) else os.fspath(scene)
    texts = dict(shared=None if shared is None else as_text(shared),
                 dst=None if dst is None else as_text(dst),
                 shape=None if shape is None else shape_text(shape), dtype=dtype,
                 packed_fp4=flag(packed_fp4, "packed_fp4"),
                 dst_shape=None if dst_shape is None else shape_text(dst_shape))

    def picture(path, view=None, format=None, **drawing):
        if any(v is not None for v in drawing.values()):
            raise _core.LayoutError("a ds_load_tr picture takes only view= (analyze ds-load-tr -o)")
        if preset is not None or scene is not None:
            return _core.ds_load_tr_picture(preset=preset, scene=scene_arg, dtype=dtype, arch=arch,
                                            view=view, path=path, format=format)
        return _core.ds_load_tr_picture(**texts, arch=arch, view=view, path=path, format=format)

    if preset is not None or scene is not None:
        return Record(_core.ds_load_tr_scene(preset, scene_arg, dtype=dtype, arch=arch, warp=warp),
                      picture)
    return Record(_core.ds_load_tr(**texts, arch=arch, warp=warp), picture)


@guarded
def cta(layout=None, shape=None, dtype=None, arch=None, *, preset=None, scene=None) -> Record:
    """``layout-explorer analyze cta``: a WMMA v3 ctaLayout's warps, SIMD pairs, cross-pair
    sharing, pieces and TDM instructions. A layout with a shape, or a preset or scene, is asked
    of the request layer directly (no command line)."""
    _core.cta_sources(preset=preset is not None, scene=scene is not None,
                      layout=layout is not None, shape=shape is not None)
    if preset is not None or scene is not None:
        result = _core.cta_scene(preset, scene, dtype=dtype, arch=arch)
        return Record(result, _scene_picture(preset, scene, None, None))
    result = _core.cta(as_text(layout), shape_text(shape), dtype=dtype, arch=arch)

    def picture(path, view=None, **drawing):
        return render({"layout": as_text(layout), "shape": shape}, path,
                      view=view or "cta-tiles", **drawing)
    return Record(result, picture)


@guarded
def partitions(layout=None, shape=None, *, preset=None, scene=None, view="cta-pieces",
               view_index=None, arch=None) -> Record:
    """The partition figures of a ctaLayout's operands (pieces, groups, partitions and TDM
    instructions): the figures ``render --figures`` lists for the partition view, asked of the
    renderer's render job directly (no command line)."""
    if preset is not None or scene is not None:
        source = _scene_source(preset, scene, view_index)
        chosen = view if view_index is None else None
    else:
        source = {"layout": None if layout is None else as_text(layout),
                  "shape": None if shape is None else shape_text(shape)}
        chosen = view
    value = _core.render_figures(**source, view=chosen, arch=arch)

    def picture(path, view=None, **drawing):
        return render(source, path, view=chosen, **drawing)
    return Record(value, picture)


@guarded
def lds(preset=None, scene=None, arch=None) -> Record:
    """``layout-explorer analyze lds``: the partition-aware allocation, partition conflicts and the
    LDS bandwidth model of a scene's shared buffers (asked of the request layer directly; a
    capacity warning raises LayoutError with its message, as the command fails)."""
    return Record(_core.lds(preset, scene, arch=arch), _scene_picture(preset, scene, None, None))


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
    _core.suggest_sources(preset=preset is not None, scene=scene is not None,
                          reg=reg is not None, shape=shape is not None, explain=False)
    if reg is not None:
        return Record(_core.suggest_shared(
            as_text(reg), shape_text(shape), dtype=dtype, arch=arch,
            write_layout=None if write_layout is None else as_text(write_layout),
            order=order, limit=limit, max_lds=max_lds))
    return Record(_core.suggest_scene(preset, scene, view=view, dtype=dtype, arch=arch,
                                      limit=limit, max_lds=max_lds))


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
        picture = _scene_picture(None, scene_of(
            "diff of A and B", layouts, {"kind": "diff", "layout": "A", "options": options}),
            None, None)
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
