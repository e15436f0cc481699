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
        assert layout.apply([tuple(i) for i in ins]) == [tuple(o) for o in outs]


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
    assert all(layout.apply([("idx", v)]) == [("idx", v)] for v in range(8))
    widened = LinearLayout.zeros_1d(8, "idx", "zero", outDimSize=4)
    assert not widened.is_surjective()
    assert {widened.apply([("idx", v)])[0] for v in range(8)} == {("zero", 0)}


def test_identity_2d_and_matrix():
    layout = LinearLayout.from_bases([("in0", [[0, 1], [0, 2]]), ("in1", [[1, 0], [2, 0]])],
                                     ["out0", "out1"])
    for row in range(4):
        for col in range(4):
            assert layout.apply([("in0", col), ("in1", row)]) == [("out0", row), ("out1", col)]
    strided = LinearLayout.strided_1d(4, 2, "idx", "out")
    assert strided.get_matrix_view().tolist() == [[0, 0], [1, 0], [0, 1]]


def test_mul_compose_invert():
    m = LinearLayout.identity_1d(8, "i0", "o0") * LinearLayout.identity_1d(4, "i1", "o1")
    assert m.apply([("i0", 5), ("i1", 3)]) == [("o0", 5), ("o1", 3)]
    reg = LinearLayout.identity_1d(8, "reg", "tensor")
    assert reg.compose(LinearLayout.identity_1d(8, "tensor", "tensor")).apply([("reg", 6)]) == [("tensor", 6)]
    base = LinearLayout.identity_1d(8, "inp", "mid")
    other = LinearLayout.identity_1d(8, "out", "mid")
    assert base.invert_and_compose(other).apply([("inp", 3)]) == [("out", 3)]
    assert base.invert().apply([("mid", 5)]) == [("inp", 5)]


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


def test_apply_takes_and_returns_pairs_and_checks_ranges():
    # Triton's apply: a list of (in-dim, value) pairs in, a list of (out-dim, value) pairs out.
    layout = LinearLayout.from_bases([("lane", [[1], [2], [4], [8], [16]]), ("reg", [[32]])],
                                     ["dim0"])
    assert layout.apply([("lane", 3), ("reg", 1)]) == [("dim0", 35)]
    assert layout.apply((("reg", 1), ("lane", 31))) == [("dim0", 63)]  # any order, tuples too
    for bad in (99, 32, -1, 1 << 40):  # lane 99 of a 32-lane layout, a negative lane, a huge one
        with pytest.raises(lx.LayoutError, match=r"lane.*\[0, 31\]"):
            layout.apply([("lane", bad), ("reg", 0)])
    with pytest.raises(lx.LayoutError, match="not an in-dim"):
        layout.apply([("warp", 0), ("lane", 0), ("reg", 0)])
    with pytest.raises(lx.LayoutError):  # every in-dim once
        layout.apply([("lane", 0)])
    for bad in ([("lane",)], [("lane", "3"), ("reg", 0)], [("lane", 1.5), ("reg", 0)], 7, None):
        with pytest.raises(lx.LayoutError):
            layout.apply(bad)


def test_linear_layouts_are_values():
    import pickle

    a = LinearLayout.identity_1d(8, "i", "o") * LinearLayout.identity_1d(4, "j", "p")
    b = LinearLayout.identity_1d(8, "i", "o") * LinearLayout.identity_1d(4, "j", "p")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert (a == "text") is False and a != 3
    again = pickle.loads(pickle.dumps(a))
    assert again == a and again.out_dims == a.out_dims
    not_surjective = LinearLayout.zeros_1d(8, "i", "o", outDimSize=4)
    assert pickle.loads(pickle.dumps(not_surjective)) == not_surjective


# ---- owners(): the ownership map as numpy ---------------------------------------------------

def owners_by_apply(layout):
    """Each element's owners from the definition: every flattened input through apply()."""
    names = layout.get_in_dim_names()
    bits = [len(dict(layout.bases)[n]) for n in names]
    out = {}
    for x in range(1 << sum(bits)):
        inputs, shift = [], 0
        for name, b in zip(names, bits):
            inputs.append((name, (x >> shift) & ((1 << b) - 1)))
            shift += b
        coords = tuple(v for _, v in layout.apply(inputs))
        out.setdefault(coords, []).append(x)
    return out


OWNER_LAYOUTS = {
    "one owner each": LinearLayout.from_bases(
        [("register", [[0, 1], [2, 0]]), ("lane", [[1, 0], [0, 2]]), ("warp", [[4, 0]])],
        ["dim0", "dim1"], [8, 4]),
    "broadcast": LinearLayout.from_bases(
        [("register", [[0, 1], [0, 0]]), ("lane", [[1, 0], [3, 1], [2, 0]]), ("warp", [[1, 1]])],
        ["dim0", "dim1"], [4, 2], require_surjective=False),
    "not surjective": LinearLayout.from_bases(
        [("register", [[1, 0], [1, 0]]), ("lane", [[0, 2], [1, 2]])], ["dim0", "dim1"], [4, 4],
        require_surjective=False),
    "one out-dim": LinearLayout.from_bases(
        [("register", [[1], [2], [3]]), ("lane", [[4], [5]])], ["dim0"], [8],
        require_surjective=False),
    "three out-dims": LinearLayout.from_bases(
        [("register", [[0, 0, 1], [0, 1, 0]]), ("lane", [[1, 0, 0], [0, 0, 1], [2, 0, 0]]),
         ("warp", [[0, 2, 1]])], ["dim0", "dim1", "dim2"], [4, 4, 2], require_surjective=False),
}


@pytest.mark.parametrize("name", list(OWNER_LAYOUTS))
def test_owners_are_the_definition(name):
    layout = OWNER_LAYOUTS[name]
    a = layout.owners()
    want = owners_by_apply(layout)
    sizes = [s for _, s in layout.out_dims]
    most = max(len(v) for v in want.values())
    assert a.dtype == np.int32 and a.shape == (*sizes, most)
    for index in np.ndindex(*sizes):
        got = [int(v) for v in a[index] if v >= 0]
        assert got == want.get(index, []), index
        assert all(v == -1 for v in a[index][len(got):])


def test_owners_view_is_the_engines_buffer():
    layout = lx.BlockedLayout([1, 8], [4, 8], [2, 1], [1, 0]).to_linear_layout((64, 64))
    a = layout.owners()
    assert a.shape == (64, 64, 1)
    assert not a.flags.writeable and a.base is not None  # a view, kept alive by the array
    with pytest.raises(ValueError):
        a[0, 0, 0] = 5
    copied = layout.owners("lane")
    assert copied.flags.writeable  # a per-in-dim answer is computed, so copied
    del layout
    assert sorted(a.reshape(-1).tolist()) == list(range(64 * 64))


@pytest.mark.parametrize("name", list(OWNER_LAYOUTS))
def test_owners_of_one_in_dim(name):
    layout = OWNER_LAYOUTS[name]
    full = layout.owners()
    shift = 0
    for dim, bases in layout.bases:
        part = layout.owners(dim)
        mask = (1 << len(bases)) - 1
        assert (part == np.where(full >= 0, (full >> shift) & mask, -1)).all()
        shift += len(bases)


def test_owners_refuses_with_layout_error():
    layout = OWNER_LAYOUTS["one owner each"]
    with pytest.raises(lx.LayoutError, match="'banana' is not an in-dim"):
        layout.owners("banana")
    with pytest.raises(lx.LayoutError, match="in_dim"):
        layout.owners(7)
    huge = LinearLayout.from_bases([("register", [[1 << (i % 20)] for i in range(27)])],
                                   ["dim0"], [1 << 20], require_surjective=False)
    with pytest.raises(lx.LayoutError, match="2\\^26"):
        huge.owners()


def test_layout_owners_matches_its_linear_layout():
    a = lx.BlockedLayout([1, 4], [8, 4], [2, 1], [1, 0])
    assert (a.owners((32, 32)) == a.to_linear_layout((32, 32)).owners()).all()
    assert (a.owners((32, 32), "warp") == a.to_linear_layout((32, 32)).owners("warp")).all()
