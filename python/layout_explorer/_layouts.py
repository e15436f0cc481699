"""Layouts with Gluon's names and keyword signatures.

A layout object holds its constructor's arguments and nothing else: its meaning is the engine's.
Its text is the Gluon constructor expression (``BlockedLayout(size_per_thread=[1, 4], ...)``),
which the engine reads as it reads a pasted Gluon layout, with the same checks and messages; the
#ttg and Gluon forms, the Triton text views and the linear layout all come from the engine
(the request layer's conversion, which ``layout-explorer convert`` also runs, and the engine's
reader).
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import operator
from typing import Any, Dict, Optional, Sequence, Tuple

from . import _core
from ._errors import flag, guarded, integer, is_numpy_bool, short
from ._pictures import mimebundle, render, shape_sizes, shape_text


def _convert(text: str, to: str, shape=None, hw: bool = False) -> str:
    """What ``layout-explorer convert --layout TEXT --to FORM`` prints, asked of the request
    layer's conversion (the command's) directly."""
    return _core.convert(text, to, shape=None if shape is None else shape_text(shape), hw=hw)


def _value_text(value: Any) -> str:
    """A constructor argument as Gluon source text."""
    if isinstance(value, Layout):
        return value.gluon_text()
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    if is_numpy_bool(value):
        return "True" if bool(value) else "False"
    if type(value).__module__ == "numpy" and hasattr(value, "__index__"):
        return str(operator.index(value))  # numpy's integers, as a shape takes them
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value_text(v) for v in value) + "]"
    if _is_foreign_layout(value):
        return _from_foreign(value).gluon_text()
    if hasattr(value, "value") and isinstance(getattr(value, "value"), (int, bool, list, tuple)):
        return _value_text(value.value)  # a triton constexpr
    raise _core.LayoutError(f"cannot pass {short(value)} ({type(value).__name__}) to a layout")


class FrozenList(list):
    """A list field of a layout: equal to the list it was made from, but read-only (a layout is
    a value; changing its lists in place would change it behind its hash)."""

    def _refuse(self, *args, **kwargs):
        raise dataclasses.FrozenInstanceError("a layout's list fields are read-only")

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))

    def __reduce__(self):
        return (list, (list(self),))


def _frozen(value: Any) -> Any:
    """A constructor argument as an immutable value: lists and tuples become FrozenLists,
    recursively (Gluon's fields are lists)."""
    if type(value).__module__ == "numpy" and getattr(value, "ndim", 0) >= 1:
        value = value.tolist()  # a numpy array: its entries as Python values
    if isinstance(value, (list, tuple)):
        return FrozenList(_frozen(v) for v in value)
    return value


# A picture of more elements than this is refused by over() (a 256x256 ownership map is a 58 MB
# SVG); render(path, shape) draws any size into a file, and over(shape, max_elements=N) lifts it.
MAX_PICTURE_ELEMENTS = 128 * 128


class _computed:
    """A read-only attribute computed from the engine's reading of the layout. A constructor
    field of the same name (AMDWMMALayout's `rank`) given a value takes its place."""

    def __init__(self, fn):
        self.fn = fn
        self.__doc__ = fn.__doc__

    def __get__(self, obj, owner=None):
        return self if obj is None else self.fn(obj)


def _restore(cls, kwargs, shape):
    """Unpickles a layout: made again through its constructor's checks."""
    obj = cls.__new__(cls)
    Layout.__init__(obj, **kwargs)
    if shape is not None:
        object.__setattr__(obj, "_shape", shape)
    return obj


class Layout:
    """A layout given by its Gluon constructor call. Subclasses name the constructor.

    Objects are values, as Gluon's frozen dataclasses are: checked by the engine when made (a
    layout the engine refuses raises LayoutError here), immutable (assigning an attribute raises
    ``dataclasses.FrozenInstanceError``), equal when the engine writes the same #ttg text for
    them, hashable and picklable."""

    _call: str = ""
    _params: Tuple[str, ...] = ()
    _drawing = None  # (scale, fit) of the displayed picture, set by over()

    _required: Tuple[str, ...] = ()  # constructor fields without a default: None is refused
    _flags: Tuple[str, ...] = ()  # yes/no fields: True or False (numpy's, 0 and 1 too)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:  # a wrong argument raises LayoutError, as a wrong value
            init = cls.__dict__["__init__"]
            params = inspect.signature(init).parameters.values()
            cls._required = tuple(p.name for p in params if p.default is p.empty and
                                  p.name in cls._params)
            cls.__init__ = guarded(init)

    @guarded
    def __init__(self, **kwargs: Any):
        for name in self._required:
            if kwargs.get(name) is None:  # left out of the text, the reader would name its key
                raise _core.LayoutError(f"{type(self).__name__}: {name} is required, not None")
        for name in self._flags:
            if kwargs.get(name) is not None:
                kwargs[name] = flag(kwargs[name], name)
        fields = {k: _frozen(kwargs[k]) for k in self._params if k in kwargs}
        object.__setattr__(self, "_kwargs", fields)
        object.__setattr__(self, "_shape", None)
        for k, v in fields.items():
            if v is None and isinstance(getattr(type(self), k, None), _computed):
                continue  # left out: the engine's value answers
            object.__setattr__(self, k, v)
        object.__setattr__(self, "_handle", None)
        object.__setattr__(self, "_described", self._describe())

    def _describe(self) -> Tuple[str, str, Optional[int], bool]:
        """(#ttg text, Gluon text, rank, is shared) as the engine reads this layout; the engine's
        reading (a ParsedLayout) is kept in ``_handle`` for the analyses."""
        handle = _core.parse_layout(self.gluon_text())
        object.__setattr__(self, "_handle", handle)
        rank = handle.rank
        return handle.ttg, handle.gluon, (rank if rank >= 0 else None), handle.is_shared

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(
            f"cannot assign to field '{name}': {type(self).__name__} is frozen (make a new one)")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(
            f"cannot delete field '{name}': {type(self).__name__} is frozen")

    def __reduce__(self):
        return (_restore, (type(self), dict(self._kwargs), self._shape))

    # ---- text -------------------------------------------------------------------------------
    def gluon_text(self) -> str:
        """The constructor call this object is, as Gluon source (arguments left out are None)."""
        args = ", ".join(f"{k}={_value_text(v)}" for k, v in self._kwargs.items() if v is not None)
        return f"{self._call}({args})"

    @_computed
    def rank(self) -> Optional[int]:
        """The tensor rank the layout describes (None when nothing in it says)."""
        return self._described[2]

    @_computed
    def is_shared(self) -> bool:
        """True for a shared-memory layout, False for a distributed (register) one."""
        return self._described[3]

    @guarded
    def to_ttg(self) -> str:
        """Triton's MLIR attribute text (``convert --to ttg``)."""
        return self._described[0]

    @guarded
    def to_gluon(self) -> str:
        """The engine's Gluon form (``convert --to gluon``)."""
        return self._described[1]

    @guarded
    def format_tensor_view(self, shape: Sequence[int]) -> str:
        """Triton's tensor view of the layout over `shape` (a tuple of sizes or "64x64"): which
        thread and register hold each element (``convert --to triton-text``)."""
        if self._handle is None:
            return _convert(self.gluon_text(), "triton-text", shape)
        return self._handle.format_tensor_view(dims(shape))

    @guarded
    def format_hardware_view(self, shape: Sequence[int]) -> str:
        """Triton's hardware view over `shape`: which elements each thread and register hold
        (``convert --to triton-text --hw``)."""
        if self._handle is None:
            return _convert(self.gluon_text(), "triton-text", shape, hw=True)
        return self._handle.format_tensor_view(dims(shape), hw=True)

    @guarded
    def to_cute(self, shape: Sequence[int]) -> str:
        """CuTe shape:stride text over `shape` (``convert --to cute``): a shared layout as a memory
        layout, a distributed one as a thread-value layout."""
        if self._handle is None:
            return _convert(self.gluon_text(), "cute", shape).rstrip("\n")
        return self._handle.to_cute(dims(shape))

    @guarded
    def descriptor(self, shape: Sequence[int], dtype: Optional[str] = None) -> "Record":
        """The swizzle and descriptor bridge of this shared layout over a 2-D `shape`
        (``convert --to descriptor --json``, the same object): ``nvmma`` and ``gluon`` (the
        NVMMASharedLayout that equals it, or the closest), ``canonical`` and ``whyNot`` (the
        offset basis that breaks it), ``cute``, ``cuteBytes``, ``tmaSwizzle``, ``tmaBox`` and
        ``descriptors`` (the wgmma descriptor as A and as B: ``major``, ``layoutType``,
        ``lboBytes``, ``sboBytes``, their fields). ``dtype``: the element type (an NVMMA layout
        says its own)."""
        from ._records import Record
        return Record(_core.nv_bridge(self.gluon_text(), dims(shape), dtype=dtype))

    @guarded
    def to_nvmma(self, shape: Sequence[int], dtype: Optional[str] = None) -> "Layout":
        """The NVMMASharedLayout that is exactly this shared layout over `shape` (``convert
        --to nvmma``); LayoutError naming the offset basis that breaks it when none is."""
        bridge = self.descriptor(shape, dtype)
        if not bridge.canonical:
            raise _core.LayoutError(f"not an NVMMA shared layout: {bridge.whyNot}")
        return layout(bridge.gluon)

    @guarded
    def to_linear_layout(self, shape: Sequence[int]) -> "_core.LinearLayout":
        """The linear layout over `shape` (a tuple of sizes or "64x64"); the engine keeps the
        last few shapes' layouts, so a loop over one layout and shape builds it once."""
        if self._handle is None:
            return _core.to_linear_layout(self.gluon_text(), dims(shape))
        return self._handle.linear_layout(dims(shape))

    @guarded
    def owners(self, shape: Sequence[int], in_dim: Optional[str] = None):
        """Every hardware index owning each element of the tensor of `shape`: a numpy int32
        array indexed ``[dim0, dim1, ..., k]``, the last axis the element's owners in ascending
        order, each the flattened input of :meth:`to_linear_layout`'s in-dims (``register``,
        ``lane``, ``warp``, ``block``; packed in that order, the first least significant), or
        with ``in_dim="lane"`` (any in-dim) that in-dim's value of it; padded with -1 where an
        element has fewer owners than the most-owned one. A layout whose elements all have the
        same number of owners gives a read-only view of the engine's map (no copy). At most
        2^26 inputs; a larger one raises LayoutError."""
        return self.to_linear_layout(shape).owners(in_dim)

    # ---- pictures ---------------------------------------------------------------------------
    @guarded
    def over(self, shape: Sequence[int], max_elements: Optional[int] = MAX_PICTURE_ELEMENTS,
             *, scale: Optional[float] = None, fit: Optional[Sequence[int]] = None) -> "Layout":
        """This layout with a tensor shape for its pictures (what a notebook displays). A shape
        of more than `max_elements` elements (default MAX_PICTURE_ELEMENTS, 128x128; None: no
        cap) is refused: draw it into a file with ``render(path, shape)``. ``scale``
        (0, 64] or ``fit`` (width, height in pixels) sizes the displayed picture."""
        sizes = tuple(dims(shape))
        count = 1
        for s in sizes:
            count *= s
        if max_elements is not None:
            max_elements = integer(max_elements, "max_elements")
            if max_elements < 1:
                raise _core.LayoutError(f"max_elements is a count >= 1 (None: no cap), not "
                                        f"{max_elements}")
        if max_elements is not None and count > max_elements:
            raise _core.LayoutError(
                f"a picture of {'x'.join(map(str, sizes))} ({count} elements) is past the cap of "
                f"{max_elements} elements: use render(path, shape) for a file, or "
                f"over(shape, max_elements=None)")
        if scale is not None and fit is not None:
            raise _core.LayoutError("give scale or fit, not both")
        if scale is not None and (isinstance(scale, bool) or not isinstance(scale, (int, float))
                                  or not 0 < scale <= 64):
            raise _core.LayoutError(f"scale is a number in (0, 64], not {short(scale)}")
        if fit is not None:
            if isinstance(fit, (str, bytes)) or not hasattr(fit, "__len__") or len(fit) != 2:
                raise _core.LayoutError(f"fit is (width, height) in pixels, not {short(fit)}")
            fit = tuple(integer(v, "fit's width and height") for v in fit)
            if min(fit) < 1:
                raise _core.LayoutError(f"fit is (width, height) in pixels >= 1, not {fit}")
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        object.__setattr__(copy, "_shape", sizes)
        object.__setattr__(copy, "_drawing",
                           None if scale is None and fit is None else (scale, fit and tuple(fit)))
        return copy

    def _picture_shape(self) -> Optional[Tuple[int, ...]]:
        if self._shape is not None:
            return self._shape
        shape = self._kwargs.get("shape")
        return tuple(shape) if isinstance(shape, (list, tuple)) else None

    @guarded
    def render(self, path, shape=None, view=None, colour_by=None, fit=None, **drawing) -> None:
        """Writes the layout's picture as ``layout-explorer render --layout TEXT --shape S``."""
        shape = shape if shape is not None else self._picture_shape()
        if shape is None:
            raise _core.LayoutError("a picture of a layout needs its tensor shape (shape=...)")
        render({"layout": self.gluon_text(), "shape": shape}, path, view=view,
               colour_by=colour_by, fit=fit, **drawing)

    @guarded
    def picture(self, shape=None, view=None, colour_by=None, format="svg", scale=None, fit=None,
                arch=None) -> bytes:
        """The layout's picture as bytes, drawn by the renderer library (no file, no command):
        the picture ``render(path, shape, view, colour_by)`` writes.

        - ``shape``: the tensor shape (default: the one given to ``over``);
        - ``view``: ``"ownership"`` (default), ``"inverse"``, ``"matrix"``, ``"xor"``,
          ``"cta-tiles"``, ... (the views of ``layout-explorer render``);
        - ``colour_by``: ``"lane"``, ``"register"``, ``"warp"``, ``"warpgroup"``, ``"simd"``,
          ``"simd-pair"``, ``"block"`` or ``"offset"``;
        - ``format``: ``"svg"`` (UTF-8 text as bytes) or ``"png"``;
        - ``scale``: a factor in (0, 64] (1: the figure's natural size, 1 unit = 1 px), or
          ``fit``: (width, height) in pixels that the figure is laid out and scaled into;
        - ``arch``: the architecture a view reads (e.g. SIMD pairs), default the request layer's.
        """
        shape = shape if shape is not None else self._picture_shape()
        if shape is None:
            raise _core.LayoutError("a picture of a layout needs its tensor shape (shape=...)")
        target = self._handle if self._handle is not None else self.gluon_text()
        return _core.layout_picture(target, dims(shape), view=view, colour_by=colour_by,
                                    arch=arch, format=format, scale=scale, fit=fit)

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The picture for Jupyter, in one format (lx.picture_options); None without a shape
        (Jupyter then shows the text). Never raises."""
        shape = self._picture_shape()
        if shape is None:
            return None
        scale, fit = self._drawing if self._drawing is not None else (None, None)
        return mimebundle(lambda fmt, s, f: self.picture(shape, format=fmt, scale=s, fit=f),
                          scale, fit)

    # ---- values -----------------------------------------------------------------------------
    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return self._described[0] == other._described[0]

    def __hash__(self) -> int:
        return hash(self._described[0])

    def __repr__(self) -> str:
        return self.gluon_text()


class BlockedLayout(Layout):
    """``ttgl.BlockedLayout``: a blocked distributed layout."""

    _call = "BlockedLayout"
    _params = ("size_per_thread", "threads_per_warp", "warps_per_cta", "order", "cga_layout")

    def __init__(self, size_per_thread, threads_per_warp, warps_per_cta, order, cga_layout=None):
        super().__init__(size_per_thread=size_per_thread, threads_per_warp=threads_per_warp,
                         warps_per_cta=warps_per_cta, order=order, cga_layout=cga_layout)


class SliceLayout(Layout):
    """``ttgl.SliceLayout``: `parent` with dimension `dim` removed."""

    _call = "SliceLayout"
    _params = ("dim", "parent")

    def __init__(self, dim, parent):
        super().__init__(dim=dim, parent=parent)


class DistributedLinearLayout(Layout):
    """``ttgl.DistributedLinearLayout``: register, lane, warp and block bases over `shape`."""

    _call = "DistributedLinearLayout"
    _params = ("reg_bases", "lane_bases", "warp_bases", "block_bases", "shape")

    def __init__(self, reg_bases, lane_bases, warp_bases, block_bases, shape):
        super().__init__(reg_bases=reg_bases, lane_bases=lane_bases, warp_bases=warp_bases,
                         block_bases=block_bases, shape=shape)


class DotOperandLayout(Layout):
    """``ttgl.DotOperandLayout``: operand `operand_index` (0 = A, 1 = B) of an MMA `parent`."""

    _call = "DotOperandLayout"
    _params = ("operand_index", "parent", "k_width")

    def __init__(self, operand_index, parent, k_width):
        super().__init__(operand_index=operand_index, parent=parent, k_width=k_width)


class AMDMFMALayout(Layout):
    """``ttgl.amd.AMDMFMALayout``: the MFMA accumulator layout (CDNA)."""

    _call = "AMDMFMALayout"
    _flags = ("transposed",)
    _params = ("version", "instr_shape", "transposed", "warps_per_cta", "element_bitwidth",
               "tiles_per_warp", "cga_layout")

    def __init__(self, version, instr_shape, transposed, warps_per_cta, element_bitwidth=None,
                 tiles_per_warp=None, cga_layout=None):
        super().__init__(version=version, instr_shape=instr_shape, transposed=transposed,
                         warps_per_cta=warps_per_cta, element_bitwidth=element_bitwidth,
                         tiles_per_warp=tiles_per_warp, cga_layout=cga_layout)


class AMDWMMALayout(Layout):
    """``ttgl.amd.AMDWMMALayout``: the WMMA accumulator layout (v3: the gfx1250 ctaLayout form
    with warp and register bases)."""

    _call = "AMDWMMALayout"
    _flags = ("transposed",)
    _params = ("version", "transposed", "warp_bases", "reg_bases", "instr_shape", "cga_layout",
               "rank", "warps_per_cta", "tiles_per_warp")

    def __init__(self, version, transposed, warp_bases=None, reg_bases=None, instr_shape=None,
                 cga_layout=None, rank=None, warps_per_cta=None, tiles_per_warp=None):
        super().__init__(version=version, transposed=transposed, warp_bases=warp_bases,
                         reg_bases=reg_bases, instr_shape=instr_shape, cga_layout=cga_layout,
                         rank=rank, warps_per_cta=warps_per_cta, tiles_per_warp=tiles_per_warp)


class SwizzledSharedLayout(Layout):
    """``ttgl.SwizzledSharedLayout``: XOR-swizzled shared memory."""

    _call = "SwizzledSharedLayout"
    _params = ("vec", "per_phase", "max_phase", "order", "cga_layout")

    def __init__(self, vec, per_phase, max_phase, order, cga_layout=None):
        super().__init__(vec=vec, per_phase=per_phase, max_phase=max_phase, order=order,
                         cga_layout=cga_layout)


class PaddedSharedLayout(Layout):
    """``ttgl.PaddedSharedLayout``: shared memory with padding after each interval."""

    _call = "PaddedSharedLayout"
    _params = ("interval_padding_pairs", "offset_bases", "cga_layout", "shape")

    def __init__(self, interval_padding_pairs, offset_bases, cga_layout=None, shape=None):
        super().__init__(interval_padding_pairs=interval_padding_pairs, offset_bases=offset_bases,
                         cga_layout=cga_layout, shape=shape)

    @staticmethod
    def with_identity_for(interval_padding_pairs, shape, order, cga_layout=None) -> "PaddedSharedLayout":
        """The padded layout whose offsets run over `shape` in `order` (Gluon's helper)."""
        return _PaddedIdentity(interval_padding_pairs=interval_padding_pairs, shape=shape,
                               order=order, cga_layout=cga_layout)


class _PaddedIdentity(PaddedSharedLayout):
    _call = "PaddedSharedLayout.with_identity_for"
    _params = ("interval_padding_pairs", "shape", "order", "cga_layout")

    def __init__(self, **kwargs):  # pylint: disable=super-init-not-called
        Layout.__init__(self, **kwargs)


class PartitionedSharedLayout(Layout):
    """``ttgl.amd.PartitionedSharedLayout``: a shared layout split over LDS partitions."""

    _call = "PartitionedSharedLayout"
    _params = ("num_partitions", "num_groups", "partition_dim", "partition_layout")

    def __init__(self, num_partitions, num_groups, partition_dim, partition_layout):
        super().__init__(num_partitions=num_partitions, num_groups=num_groups,
                         partition_dim=partition_dim, partition_layout=partition_layout)


class SharedLinearLayout(Layout):
    """``ttgl.SharedLinearLayout``: offset and block bases."""

    _call = "SharedLinearLayout"
    _params = ("offset_bases", "block_bases", "alignment")

    def __init__(self, offset_bases, block_bases=None, alignment=None):
        super().__init__(offset_bases=offset_bases, block_bases=block_bases, alignment=alignment)


class TextLayout(Layout):
    """A layout known only by its text (a form without a class here)."""

    def __init__(self, text: str):
        object.__setattr__(self, "_text", text)
        super().__init__()

    def _describe(self) -> Tuple[str, str, Optional[int], bool]:
        try:
            described = super()._describe()
        except _core.LayoutError:  # a form only the command reads
            object.__setattr__(self, "_handle", None)
            return _convert(self._text, "ttg").rstrip("\n"), self._text, None, False
        if not described[0]:  # CuTe text: no attribute, the command's reading of it
            return _convert(self._text, "ttg").rstrip("\n"), self._text, None, False
        return described

    def __reduce__(self):
        return (TextLayout, (self._text,))

    def gluon_text(self) -> str:
        return self._text


CLASSES = {c._call: c for c in (
    BlockedLayout, SliceLayout, DistributedLinearLayout, DotOperandLayout, AMDMFMALayout,
    AMDWMMALayout, SwizzledSharedLayout, PaddedSharedLayout, PartitionedSharedLayout,
    SharedLinearLayout)}


def _is_foreign_layout(obj: Any) -> bool:
    return dataclasses.is_dataclass(obj) and type(obj).__name__ in CLASSES


def _from_foreign(obj: Any) -> Layout:
    """A Gluon layout object (triton.experimental.gluon) read from its fields."""
    cls = CLASSES[type(obj).__name__]
    kwargs = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj) if f.name in cls._params}
    return cls(**kwargs)


def _build(node: ast.AST) -> Any:
    """A value of the engine's Gluon text: literals, lists and constructor calls only."""
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func)
        short = name.rsplit(".", 2)
        call = ".".join(short[-2:]) if name.endswith("with_identity_for") else short[-1]
        args = [_build(a) for a in node.args]
        kwargs = {k.arg: _build(k.value) for k in node.keywords}
        if call == "PaddedSharedLayout.with_identity_for":
            return PaddedSharedLayout.with_identity_for(*args, **kwargs)
        if call not in CLASSES:
            raise LookupError(call)
        return CLASSES[call](*args, **kwargs)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_build(e) for e in node.elts]
    return ast.literal_eval(node)


@guarded
def layout(text: str) -> Layout:
    """A layout read from #ttg text (alias lines allowed), a Gluon constructor or CuTe text, as
    the command line reads ``--layout``: the engine writes its Gluon form, and that becomes the
    object of the matching class."""
    if isinstance(text, Layout):
        return text
    if _is_foreign_layout(text):
        return _from_foreign(text)
    if not isinstance(text, str):
        raise _core.LayoutError(f"expected a layout or its text (str), not "
                                f"{type(text).__name__}")
    gluon = _convert(text, "gluon").strip()
    try:
        return _build(ast.parse(gluon, mode="eval").body)
    except (LookupError, SyntaxError, ValueError, TypeError):
        return TextLayout(gluon)


@guarded
def descriptor(value: Any, shape: Sequence[int], dtype: Optional[str] = None):
    """:meth:`Layout.descriptor` of a layout or its text (#ttg, Gluon or CuTe)."""
    return layout(value).descriptor(shape, dtype)


@guarded
def to_nvmma(value: Any, shape: Sequence[int], dtype: Optional[str] = None) -> "Layout":
    """:meth:`Layout.to_nvmma` of a layout or its text (#ttg, Gluon or CuTe)."""
    return layout(value).to_nvmma(shape, dtype)


def as_text(value: Any) -> str:
    """The text the command line takes for a layout argument: a str as it is, a layout object's
    Gluon text, a Gluon layout object read from its fields."""
    if isinstance(value, str):
        return value
    if isinstance(value, Layout):
        return value.gluon_text()
    if _is_foreign_layout(value):
        return _from_foreign(value).gluon_text()
    raise _core.LayoutError(f"expected a layout or its text, not {type(value).__name__}")


def dims(shape) -> list:
    """A shape as a list of sizes: (64, 64), [64, 64] or "64x64" (see shape_sizes)."""
    return shape_sizes(shape)


@guarded
def to_linear_layout(value: Any, shape: Sequence[int]) -> "_core.LinearLayout":
    """The linear layout of a layout (object or text) over `shape`, with Triton's Python API."""
    if isinstance(value, Layout) and value._handle is not None:
        return value._handle.linear_layout(dims(shape))
    return _core.to_linear_layout(as_text(value), dims(shape))
