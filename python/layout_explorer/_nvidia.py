"""NVIDIA layouts with Gluon's names and keywords (triton.experimental.gluon.language and its
nvidia.blackwell module, Triton 3.6): the MMA accumulator, the NVMMA shared layout, Blackwell's
tensor-memory layouts, and get_tmem_reg_layout, the register layout of a tcgen05.ld/st. Like
every layout class here they are frozen, hashable values checked by the engine when made."""

from typing import Any, Optional, Sequence

from . import _core
from ._errors import flag, guarded
from ._layouts import CLASSES, Layout, _value_text, layout

# Triton's short dtype names (str(gl.float16) is "fp16") and this package's ("f16", as the
# analyses take them) as Gluon spells them.
_DTYPE_NAMES = {"f16": "float16", "f32": "float32", "f64": "float64",
                "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
                "fp8e4nv": "float8e4nv", "fp8e5": "float8e5", "fp8e4b15": "float8e4b15",
                "fp8e5b16": "float8e5b16", "fp8e4b8": "float8e4b8", "i8": "int8", "u8": "uint8",
                "i16": "int16", "u16": "uint16", "i32": "int32", "u32": "uint32"}
_VARIANTS = ("32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2", "32x32b_splitn")


def _dtype_text(dtype: Any) -> str:
    """A dtype (a Gluon dtype object or its name) as the Gluon name the engine reads."""
    name = dtype if isinstance(dtype, str) else getattr(dtype, "name", str(dtype))
    name = name.rsplit(".", 1)[-1]
    return _DTYPE_NAMES.get(name, name)


class NVMMADistributedLayout(Layout):
    """``ttgl.NVMMADistributedLayout``: the accumulator of an NVIDIA tensor-core MMA (version
    [2, 0] Ampere mma.sync, [3, 0] Hopper wgmma)."""

    _call = "NVMMADistributedLayout"
    _params = ("version", "warps_per_cta", "instr_shape", "cga_layout")

    def __init__(self, version, warps_per_cta, instr_shape, cga_layout=None):
        super().__init__(version=version, warps_per_cta=warps_per_cta, instr_shape=instr_shape,
                         cga_layout=cga_layout)


class NVMMASharedLayout(Layout):
    """``ttgl.NVMMASharedLayout``: the shared layout TMA writes and wgmma / tcgen05.mma read."""

    _call = "NVMMASharedLayout"
    _flags = ("transposed", "fp4_padded")
    _params = ("swizzle_byte_width", "element_bitwidth", "rank", "transposed", "fp4_padded",
               "cga_layout")

    def __init__(self, swizzle_byte_width, element_bitwidth, rank=2, transposed=False,
                 fp4_padded=False, cga_layout=None):
        super().__init__(swizzle_byte_width=swizzle_byte_width, element_bitwidth=element_bitwidth,
                         rank=rank, transposed=transposed, fp4_padded=fp4_padded,
                         cga_layout=cga_layout)

    @staticmethod
    @guarded
    def get_default_for(block_shape, dtype, transposed=False, fp4_padded=False,
                        cga_layout=None) -> "NVMMASharedLayout":
        """Gluon's default NVMMA layout of a block: the widest swizzle that fits its rows."""
        transposed = flag(transposed, "transposed")
        fp4_padded = flag(fp4_padded, "fp4_padded")
        args = [f"block_shape={_value_text(list(block_shape))}", f"dtype={_dtype_text(dtype)}",
                f"transposed={_value_text(transposed)}", f"fp4_padded={_value_text(fp4_padded)}"]
        if cga_layout:
            args.append(f"cga_layout={_value_text(cga_layout)}")
        return layout(f"NVMMASharedLayout.get_default_for({', '.join(args)})")


class TensorMemoryLayout(Layout):
    """``ttgl.nvidia.blackwell.TensorMemoryLayout``: Blackwell tensor memory, `block` (M, N) of
    64 or 128 rows, logical columns `col_stride` 32-bit cells apart, split over the CTAs of
    `cta_split_num`, for cta_group::2 when `two_ctas`."""

    _call = "TensorMemoryLayout"
    _flags = ("two_ctas",)
    _params = ("block", "col_stride", "cta_split_num", "two_ctas")

    def __init__(self, block, col_stride, cta_split_num=None, two_ctas=False):
        super().__init__(block=block, col_stride=col_stride, cta_split_num=cta_split_num,
                         two_ctas=two_ctas)


class TensorMemoryScalesLayout(Layout):
    """``ttgl.nvidia.blackwell.TensorMemoryScalesLayout``: the scale factors of a scaled
    tcgen05.mma in tensor memory."""

    _call = "TensorMemoryScalesLayout"
    _params = ("cta_split_num",)

    def __init__(self, cta_split_num=None):
        super().__init__(cta_split_num=cta_split_num)


@guarded
def get_tmem_reg_layout(element_ty, shape: Sequence[int], layout_: Layout, num_warps: int,
                        instr_variant: str = "32x32b", ctas_per_cga=None, cta_split_num=None,
                        cta_order=None, cga_layout=None) -> Layout:
    """Gluon's get_tmem_reg_layout: the register layout (a DistributedLinearLayout) of a
    tcgen05.ld/st of the `instr_variant` atom ("32x32b", "16x64b", "16x128b", "16x256b" or
    "32x32b_splitn") from a tensor-memory descriptor of `shape` in `layout_`, by `num_warps`
    warps; the CGA as ctas_per_cga / cta_split_num / cta_order or as cga_layout bases."""
    if instr_variant not in _VARIANTS:
        raise _core.LayoutError(f"unknown instr_variant: {instr_variant}")
    args = [_dtype_text(element_ty), _value_text(list(shape)), _value_text(layout_),
            _value_text(num_warps), f'instr_variant="{instr_variant}"']
    for key, value in (("ctas_per_cga", ctas_per_cga), ("cta_split_num", cta_split_num),
                       ("cta_order", cta_order), ("cga_layout", cga_layout)):
        if value is not None:
            args.append(f"{key}={_value_text(value)}")
    return layout(f"get_tmem_reg_layout({', '.join(args)})")


def _register(*classes: Any) -> None:
    for c in classes:
        CLASSES[c._call] = c


_register(NVMMADistributedLayout, NVMMASharedLayout, TensorMemoryLayout, TensorMemoryScalesLayout)

__all__ = ["NVMMADistributedLayout", "NVMMASharedLayout", "TensorMemoryLayout",
           "TensorMemoryScalesLayout", "get_tmem_reg_layout"]
