"""Layouts with Gluon's names: keyword signatures as Gluon's, every Triton 3.6 conversion of
tests/data/conformance/triton-conversions.json (Triton's own to_linear_layout, with Gluon's class
names and keywords) reproduced through the Python classes, the text forms round-tripping through
the engine, and the Triton text views equal to `convert --to triton-text` byte for byte."""

import inspect
import json

import pytest

import layout_explorer as lx
from conftest import data_path

with open(data_path("conformance", "triton-conversions.json"), encoding="utf-8") as f:
    CONVERSIONS = json.load(f)["cases"]


def build(spec):
    """A Python layout object from a conformance layout: {"kind": Gluon class, Gluon keywords}."""
    fields = {k: (build(v) if isinstance(v, dict) and "kind" in v else v)
              for k, v in spec.items() if k != "kind"}
    if spec["kind"] == "PaddedSharedLayout.with_identity_for":
        return lx.PaddedSharedLayout.with_identity_for(**fields)
    return getattr(lx, spec["kind"])(**fields)


def bases_of(ll):
    return [[name, bases] for name, bases in ll.bases]


@pytest.mark.parametrize("case", CONVERSIONS, ids=[c["name"] for c in CONVERSIONS])
def test_triton_conversion(case):
    spec, shape = case["args"]
    got = lx.to_linear_layout(build(spec), shape)
    assert bases_of(got) == case["expect"]["bases"]
    assert [list(d) for d in got.out_dims] == case["expect"]["outDims"]


# Gluon's constructors, keyword for keyword (python/triton/experimental/gluon/language/_layouts.py
# and amd/_layouts.py of Triton 3.6): the first parameters, in order, that a Gluon user passes.
GLUON_SIGNATURES = {
    "BlockedLayout": ["size_per_thread", "threads_per_warp", "warps_per_cta", "order"],
    "SliceLayout": ["dim", "parent"],
    "DistributedLinearLayout": ["reg_bases", "lane_bases", "warp_bases", "block_bases", "shape"],
    "DotOperandLayout": ["operand_index", "parent", "k_width"],
    "SwizzledSharedLayout": ["vec", "per_phase", "max_phase", "order"],
    "PartitionedSharedLayout": ["num_partitions", "num_groups", "partition_dim",
                                "partition_layout"],
    "AMDWMMALayout": ["version", "transposed", "warp_bases", "reg_bases", "instr_shape"],
    "AMDMFMALayout": ["version", "instr_shape", "transposed", "warps_per_cta"],
    "PaddedSharedLayout": ["interval_padding_pairs", "offset_bases"],
    "SharedLinearLayout": ["offset_bases", "block_bases", "alignment"],
}


@pytest.mark.parametrize("name", sorted(GLUON_SIGNATURES))
def test_gluon_keywords(name):
    params = list(inspect.signature(getattr(lx, name)).parameters)
    assert params[: len(GLUON_SIGNATURES[name])] == GLUON_SIGNATURES[name]


def test_with_identity_for_keywords():
    params = list(inspect.signature(lx.PaddedSharedLayout.with_identity_for).parameters)
    assert params[:3] == ["interval_padding_pairs", "shape", "order"]


SAMPLES = [c for c in CONVERSIONS if c["name"].endswith("-0001")]


@pytest.mark.parametrize("case", SAMPLES, ids=[c["name"] for c in SAMPLES])
def test_text_forms_round_trip(cli, case):
    spec, shape = case["args"]
    obj = build(spec)
    ttg, gluon = obj.to_ttg(), obj.to_gluon()
    for form, text in (("ttg", ttg), ("gluon", gluon)):
        code, out, err = cli("convert", "--layout", repr(obj), "--to", form)
        assert code == 0, err
        assert out.decode() == text + "\n"
    # Read back from either form, it is the same layout (equal linear layouts over the shape).
    for text in (ttg, gluon, repr(obj)):
        again = lx.layout(text)
        assert again == obj
        assert lx.to_linear_layout(again, shape) == lx.to_linear_layout(obj, shape)


@pytest.mark.parametrize("case", SAMPLES, ids=[c["name"] for c in SAMPLES])
def test_triton_views_are_convert(cli, case):
    spec, shape = case["args"]
    obj = build(spec)
    shape_text = "x".join(map(str, shape))
    for hw, view in ((False, obj.format_tensor_view(shape)), (True, obj.format_hardware_view(shape))):
        code, out, err = cli("convert", "--layout", repr(obj), "--shape", shape_text, "--to",
                             "triton-text", *(["--hw"] if hw else []))
        assert code == 0, err
        assert view.encode() == out


def test_cute_is_convert(cli):
    s = lx.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])
    code, out, err = cli("convert", "--layout", repr(s), "--shape", "32x64", "--to", "cute")
    assert code == 0, err
    assert s.to_cute((32, 64)) + "\n" == out.decode()
    # Read back, the CuTe text is the same layout over that shape.
    assert lx.to_linear_layout(s.to_cute((32, 64)), (32, 64)) == lx.to_linear_layout(s, (32, 64))


def test_blocked_view_by_hand():
    # Triton's DumpLayoutTest: 4 elements, 1 per thread, 4 threads of one warp: thread i holds
    # element i, register 0 ("T<i>:0").
    b = lx.BlockedLayout(size_per_thread=[1], threads_per_warp=[4], warps_per_cta=[1], order=[0])
    assert b.format_tensor_view([4]) == "[T0:0, T1:0, T2:0, T3:0]\n"


def test_equality_and_repr():
    a = lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    b = lx.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], warps_per_cta=[4, 1],
                         order=[1, 0])
    c = lx.BlockedLayout([4, 1], [8, 4], [4, 1], [1, 0])
    assert a == b and a != c and hash(a) == hash(b)
    assert repr(a) == ("BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[8, 4], "
                       "warps_per_cta=[4, 1], order=[1, 0])")
    assert isinstance(lx.layout(a.to_ttg()), lx.BlockedLayout)
    s = lx.SliceLayout(dim=0, parent=a)
    assert lx.layout(s.to_ttg()) == s and lx.layout(s.to_ttg()).parent == a


def test_foreign_gluon_object():
    # A Gluon layout object (a dataclass named as Gluon names it) is read from its fields.
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class SwizzledSharedLayout:
        vec: int
        per_phase: int
        max_phase: int
        order: list
        cga_layout: list = None

    g = SwizzledSharedLayout(8, 1, 8, [1, 0])
    mine = lx.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])
    assert lx.layout(g) == mine
    assert lx.to_linear_layout(g, [32, 32]) == lx.to_linear_layout(mine, [32, 32])


def test_cute_xor_strides(cli):
    # NVIDIA's pure-Python CuTe notation: XOR strides F2(d) and Swizzle(B, M, S).
    xor = lx.layout("Layout((8, 8), (F2(9), F2(1)))")
    swizzle = lx.layout("Swizzle(3, 0, 3) o (8, 8):(8, 1)")
    assert lx.to_linear_layout(xor, (8, 8)) == lx.to_linear_layout(swizzle, (8, 8))
    # A shared layout no single swizzle reproduces is written with F2 strides, by Python and by
    # `convert --to cute` alike, and reads back as the same layout.
    odd = lx.SharedLinearLayout(offset_bases=[[1, 5], [2, 3], [0, 1], [0, 2], [0, 4]])
    text = odd.to_cute((4, 8))
    assert "F2(" in text
    code, out, err = cli("convert", "--layout", repr(odd), "--shape", "4x8", "--to", "cute")
    assert code == 0, err
    assert text + "\n" == out.decode()
    assert lx.to_linear_layout(lx.layout(text), (4, 8)) == lx.to_linear_layout(odd, (4, 8))
    with pytest.raises(lx.LayoutError, match="negative"):
        lx.layout("Layout((8, 8), (F2(-1), F2(1)))")


def test_layouts_are_frozen_checked_values():
    import dataclasses
    import pickle

    wmma = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                            instr_shape=[16, 16, 32])
    a = lx.DotOperandLayout(operand_index=0, parent=wmma, k_width=8)
    # Frozen, as Gluon's dataclasses: assignment raises, and so does changing a list in place.
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.k_width = 16
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.k_width
    with pytest.raises(dataclasses.FrozenInstanceError):
        wmma.warp_bases.append([2, 0])
    assert a.k_width == 8 and wmma.warp_bases == [[0, 1], [1, 0]]
    # A value: equal, hashable, picklable (unpickled through the constructor's checks).
    same = lx.DotOperandLayout(operand_index=0, parent=wmma, k_width=8)
    assert a == same and hash(a) == hash(same) and len({a, same}) == 1
    for obj in (a, wmma, lx.layout("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"),
                lx.PaddedSharedLayout.with_identity_for([[32, 4]], [64, 64], [1, 0])):
        again = pickle.loads(pickle.dumps(obj))
        assert again == obj and type(again) is type(obj) and repr(again) == repr(obj)
    # The rank the engine reads from the arguments.
    assert a.rank == 2 and lx.SliceLayout(dim=0, parent=a.parent).rank == 1
    assert lx.BlockedLayout([1, 1, 4], [1, 8, 4], [1, 4, 1], [2, 1, 0]).rank == 3
    assert not a.is_shared and lx.SwizzledSharedLayout(1, 1, 1, [1, 0]).is_shared
    # Checked when made: what the engine refuses never becomes an object.
    with pytest.raises(lx.LayoutError, match="order"):
        lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 1])
    with pytest.raises(lx.LayoutError):
        lx.AMDWMMALayout(version=7, transposed=True, warp_bases=[[0, 1]], instr_shape=[16, 16, 32])


def test_pictures_have_a_size_cap():
    b = lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    with pytest.raises(lx.LayoutError, match="cap"):
        b.over((256, 256))
    assert b.over((256, 256), max_elements=None)._picture_shape() == (256, 256)
    assert b.over((64, 64))._picture_shape() == (64, 64)
