"""LinearLayout with Triton's Python API (triton.tools.LinearLayout): Triton's own Python unit
tests (python/test/unit/tools/test_linear_layout.py, expectations derived by hand there), and
every case of tests/data/conformance/triton-ll_core.json, which Triton 3.6 computed itself."""

import json

import numpy as np
import pytest

import layout_explorer as lx
from conftest import data_path
from layout_explorer import LinearLayout

with open(data_path("conformance", "triton-ll_core.json"), encoding="utf-8") as f:
    CORE = json.load(f)["cases"]


def ll(spec):
    names = [d for d, _ in spec["outDims"]]
    sizes = [s for _, s in spec["outDims"]]
    return LinearLayout.from_bases([tuple(b) for b in spec["bases"]], names, sizes,
                                   require_surjective=False)


def as_spec(layout):
    return {"bases": [[n, b] for n, b in layout.bases], "outDims": [list(d) for d in layout.out_dims]}


def cases(*ops):
    return [c for c in CORE if c["op"] in ops]


@pytest.mark.parametrize("case", cases("compose", "invertAndCompose", "product", "invert",
                                       "pseudoinvert"), ids=lambda c: c["name"])
def test_operations(case):
    args = [ll(a) for a in case["args"]]
    op = {"compose": lambda a, b: a.compose(b), "invertAndCompose": lambda a, b: a.invert_and_compose(b),
          "product": lambda a, b: a * b, "invert": lambda a: a.invert(),
          "pseudoinvert": lambda a: a.pseudoinvert()}[case["op"]]
    if isinstance(case["expect"], dict) and "error" in case["expect"]:
        with pytest.raises(lx.LayoutError):
            op(*args)
        return
    assert as_spec(op(*args)) == case["expect"]


@pytest.mark.parametrize("case", cases("apply"), ids=lambda c: c["name"])
def test_apply(case):
    layout = ll(case["args"][0])
    for ins, outs in zip(case["args"][1], case["expect"]):
        assert layout.apply(dict(map(tuple, ins))) == dict(map(tuple, outs))


@pytest.mark.parametrize("case", cases("properties"), ids=lambda c: c["name"])
def test_properties(case):
    layout, e = ll(case["args"][0]), case["expect"]
    assert (layout.is_surjective(), layout.is_injective(), layout.is_invertible()) == (
        e["surjective"], e["injective"], e["invertible"])


@pytest.mark.parametrize("case", cases("toString"), ids=lambda c: c["name"])
def test_repr(case):
    assert repr(ll(case["args"][0])) == case["expect"]


@pytest.mark.parametrize("case", cases("matrixView"), ids=lambda c: c["name"])
def test_matrix_view(case):
    m = ll(case["args"][0]).get_matrix_view()
    assert isinstance(m, np.ndarray)
    assert m.tolist() == case["expect"] or (m.size == 0 and case["expect"] == [])


@pytest.mark.parametrize("case", cases("tritonDistributedView", "tritonSharedView"),
                         ids=lambda c: c["name"])
def test_text_views(case):
    layout, hw = ll(case["args"][0]), case["args"][1]
    view = (layout.get_distributed_view(hw) if case["op"] == "tritonDistributedView"
            else layout.get_shared_view(hw))
    assert view == case["expect"]


# Triton's python/test/unit/tools/test_linear_layout.py, as written there.
def test_identity_and_zeros():
    layout = LinearLayout.identity_1d(8, "idx", "idx")
    assert all(layout.apply({"idx": v})["idx"] == v for v in range(8))
    widened = LinearLayout.zeros_1d(8, "idx", "zero", outDimSize=4)
    assert not widened.is_surjective()
    assert {widened.apply({"idx": v})["zero"] for v in range(8)} == {0}


def test_identity_2d_and_matrix():
    layout = LinearLayout.from_bases([("in0", [[0, 1], [0, 2]]), ("in1", [[1, 0], [2, 0]])],
                                     ["out0", "out1"])
    for row in range(4):
        for col in range(4):
            assert layout.apply({"in0": col, "in1": row}) == {"out0": row, "out1": col}
    strided = LinearLayout.strided_1d(4, 2, "idx", "out")
    assert strided.get_matrix_view().tolist() == [[0, 0], [1, 0], [0, 1]]


def test_mul_compose_invert():
    m = LinearLayout.identity_1d(8, "i0", "o0") * LinearLayout.identity_1d(4, "i1", "o1")
    assert m.apply({"i0": 5, "i1": 3}) == {"o0": 5, "o1": 3}
    reg = LinearLayout.identity_1d(8, "reg", "tensor")
    assert reg.compose(LinearLayout.identity_1d(8, "tensor", "tensor")).apply({"reg": 6}) == {"tensor": 6}
    base = LinearLayout.identity_1d(8, "inp", "mid")
    other = LinearLayout.identity_1d(8, "out", "mid")
    assert base.invert_and_compose(other).apply({"inp": 3}) == {"out": 3}
    assert base.invert().apply({"mid": 5}) == {"inp": 5}


def test_from_bases_refusals():
    with pytest.raises(lx.LayoutError, match="out_dim_sizes must be provided"):
        LinearLayout.from_bases([("in", [[1]])], ["out"], require_surjective=False)
    with pytest.raises(ValueError):  # LayoutError is a ValueError
        LinearLayout.from_bases([("in", [[3]])], ["out"], [2])


def test_to_linear_layout_of_a_dot_operand():
    # A WMMA v3 B operand at 256x256: an in-dim per hardware index, out-dims dim0, dim1 of 256.
    parent = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                              instr_shape=[16, 16, 32])
    dot = lx.DotOperandLayout(operand_index=1, parent=parent, k_width=8)
    layout = lx.to_linear_layout(dot, [256, 256])
    assert layout.get_in_dim_names() == ["register", "lane", "warp", "block"]
    assert layout.out_dims == [("dim0", 256), ("dim1", 256)]
    assert layout.is_surjective()
