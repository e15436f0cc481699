"""NVIDIA layouts with Gluon's names: the classes' keywords as Gluon 3.6 spells them, Triton 3.6's
own conversions of tests/data/conformance/triton-nvidia.json (MMA v2/v3 and their operands) and
triton-nvidia-tmem.json (get_tmem_reg_layout) reproduced through the Python classes, and the
objects frozen, hashable values that read back from their #ttg text."""

import dataclasses
import inspect
import json

import pytest

import layout_explorer as lx
from conftest import data_path

with open(data_path("conformance", "triton-nvidia.json"), encoding="utf-8") as f:
    NVIDIA = [c for c in json.load(f)["cases"] if c["op"] == "toLinear"]
with open(data_path("conformance", "triton-nvidia-tmem.json"), encoding="utf-8") as f:
    TMEM = [c for c in json.load(f)["cases"] if c["op"] == "tmemRegLayout"]

GLUON_SIGNATURES = {
    "NVMMADistributedLayout": ["version", "warps_per_cta", "instr_shape", "cga_layout"],
    "NVMMASharedLayout": ["swizzle_byte_width", "element_bitwidth", "rank", "transposed",
                          "fp4_padded", "cga_layout"],
    "TensorMemoryLayout": ["block", "col_stride", "cta_split_num", "two_ctas"],
    "TensorMemoryScalesLayout": ["cta_split_num"],
}


def build(spec):
    fields = {k: (build(v) if isinstance(v, dict) and "kind" in v else v)
              for k, v in spec.items() if k != "kind"}
    return getattr(lx, spec["kind"])(**fields)


@pytest.mark.parametrize("name", sorted(GLUON_SIGNATURES))
def test_gluon_keywords(name):
    params = list(inspect.signature(getattr(lx, name)).parameters)
    assert params == GLUON_SIGNATURES[name]


SAMPLED = NVIDIA[::7]


@pytest.mark.parametrize("case", SAMPLED, ids=[c["name"] for c in SAMPLED])
def test_triton_nvidia_conversion(case):
    spec, shape = case["args"]
    got = lx.to_linear_layout(build(spec), shape)
    assert [[n, b] for n, b in got.bases] == case["expect"]["bases"]


# Every tenth register layout Triton gave (and refused), through lx.get_tmem_reg_layout.
SAMPLED_TMEM = TMEM[::10]


@pytest.mark.parametrize("case", SAMPLED_TMEM, ids=[c["name"] for c in SAMPLED_TMEM])
def test_tmem_reg_layout(case):
    memory, shape, bits, warps, variant, cga = case["args"]
    dtype = {32: "float32", 16: "float16", 8: "float8e4nv"}[bits]
    make = lambda: lx.get_tmem_reg_layout(dtype, shape, build(memory), warps,  # noqa: E731
                                          instr_variant=variant, cga_layout=cga)
    if "error" in case["expect"]:
        with pytest.raises(lx.LayoutError):
            make()
        return
    got = lx.to_linear_layout(make(), shape)
    assert [[n, b] for n, b in got.bases] == case["expect"]["bases"]


def test_tmem_values():
    a = lx.TensorMemoryLayout((128, 64), col_stride=1, cta_split_num=(2, 1))
    b = lx.TensorMemoryLayout(block=[128, 64], col_stride=1, cta_split_num=[2, 1])
    c = lx.TensorMemoryLayout((128, 64), col_stride=2)
    assert a == b and a != c and hash(a) == hash(b)
    assert a.to_ttg() == ("#ttng.tensor_memory_encoding<blockM = 128, blockN = 64, "
                          "colStride = 1, CTASplitM = 2>")
    assert lx.layout(a.to_ttg()) == a
    assert isinstance(lx.layout(a.to_ttg()), lx.TensorMemoryLayout)
    assert not a.is_shared
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.col_stride = 4
    with pytest.raises(lx.LayoutError, match="blockM must be 64 or 128 but got 96"):
        lx.TensorMemoryLayout((96, 64), col_stride=1)
    s = lx.TensorMemoryScalesLayout()
    assert s.to_ttg() == "#ttng.tensor_memory_scales_encoding<>"
    ll = lx.to_linear_layout(a, [256, 64])
    assert [n for n, _ in ll.bases] == ["row", "col"]


def test_nvmma_classes():
    acc = lx.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, 64, 16])
    assert acc.to_ttg().startswith("#ttg.nvidia_mma<{versionMajor = 3")
    sh = lx.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16)
    assert lx.layout(sh.to_ttg()) == sh and sh.is_shared
    assert lx.NVMMASharedLayout.get_default_for([128, 64], "float16") == sh
    assert lx.NVMMASharedLayout.get_default_for([128, 16], "float16").swizzle_byte_width == 32
    with pytest.raises(lx.LayoutError, match="swizzlingByteWidth must be 0, 32, 64, or 128"):
        lx.NVMMASharedLayout(swizzle_byte_width=48, element_bitwidth=16)


def test_tmem_has_no_register_or_shared_forms():
    # Tensor memory is neither registers nor shared memory: every method that writes a register
    # or shared-memory form refuses it with convert's message (the request layer's one refusal),
    # and the forms it has still work.
    tm = lx.TensorMemoryLayout((128, 64), col_stride=1)
    calls = {"triton-text": lambda: tm.format_tensor_view((128, 64)),
             "triton-text ": lambda: tm.format_hardware_view((128, 64)),
             "cute": lambda: tm.to_cute((128, 64)),
             "descriptor": lambda: tm.descriptor((128, 64), dtype="f32")}
    for to, call in calls.items():
        with pytest.raises(lx.LayoutError,
                           match=f"--to {to.strip()}: a tensor-memory layout .in-dims row, col. "
                                 "has no such form"):
            call()
    assert lx.layout(tm.to_ttg()) == tm and "TensorMemoryLayout" in tm.to_gluon()
