"""The Python calls give the command line's --json, field by field, for every analysis kind, over
the scenes of tests/app/tst_samenumbers.cpp (with and without element types), layouts given as
text, tests/data/scenes and every kernel of tests/data/kernels.

The command line runs as its own process (LX_APP); the Python call runs the engine in this one.
The only field left out is the search's wall-clock time (searchMilliseconds), which differs from
run to run in the command line itself.
"""

import copy
import glob
import json
import os

import pytest

import layout_explorer as lx
from conftest import data_path, preset_scene

VOLATILE = {"searchMilliseconds"}


def assert_same(cli, py, path="$"):
    """`py` (a record: its to_dict()) equals the command's JSON `cli`, field by field."""
    if isinstance(py, lx.Record):
        py = py.to_dict()
    if isinstance(cli, dict):
        assert isinstance(py, dict), f"{path}: {type(py).__name__}, not an object"
        assert sorted(set(cli) - VOLATILE) == sorted(set(py) - VOLATILE), path
        for key in set(cli) - VOLATILE:
            assert_same(cli[key], py[key], f"{path}.{key}")
    elif isinstance(cli, list):
        assert isinstance(py, list), f"{path}: {type(py).__name__}, not an array"
        assert len(cli) == len(py), f"{path}: {len(py)} items, the command line has {len(cli)}"
        for i, (c, p) in enumerate(zip(cli, py)):
            assert_same(c, p, f"{path}[{i}]")
    else:
        assert type(cli) is type(py) and cli == py, f"{path}: {py!r}, the command line has {cli!r}"


def strip_dtypes(j):
    if isinstance(j, dict):
        j.pop("dtype", None)
        for v in j.values():
            strip_dtypes(v)
    elif isinstance(j, list):
        for v in j:
            strip_dtypes(v)
    return j


def analysed_view(scene, kind):
    """The view `analyze KIND` analyses (tst_samenumbers.cpp's rule)."""
    for i, v in enumerate(scene["views"]):
        opts = v.get("options", {})
        lds = isinstance(opts, dict) and ("microbenchmark" in opts or "allocations" in opts)
        if ((kind == "lds" and lds) or (kind == "banks" and v["kind"].startswith("bank-"))
                or (kind == "cta" and v["kind"].startswith("cta"))
                or (kind == "ds-load-tr" and v["kind"].startswith("ds-load-tr"))):
            return i
    return -1


SCENE_CASES = [("ds-load-tr", "fig1a"), ("ds-load-tr", "fig2b"), ("ds-load-tr", "attention-v"),
               ("cta", "fig10"),
               ("cta", "fig8"), ("lds", "microbench-partitioned"), ("lds", "fig12"),
               ("banks", "lds-g3"), ("banks", "rocmlir-kpack-after")]


@pytest.mark.parametrize("strip", [False, True], ids=["scene", "without dtype"])
@pytest.mark.parametrize("kind,preset", SCENE_CASES, ids=[f"{k} {p}" for k, p in SCENE_CASES])
def test_scene_analyses(cli, tmp_path, kind, preset, strip):
    scene = preset_scene(preset)
    if strip:
        strip_dtypes(scene)
    path = tmp_path / f"{preset}.lxscene"
    path.write_text(json.dumps(scene))
    args = ["analyze", kind, "--scene", str(path)]
    view = analysed_view(scene, kind)
    if kind == "banks":
        args += ["--view", str(view)]
    expected = cli.json(*args)
    if kind == "banks":
        got = lx.bank_conflicts(scene=scene, view=view)
    elif kind == "ds-load-tr":
        got = lx.ds_load_tr(scene=str(path))
    elif kind == "cta":
        got = lx.cta(scene=scene)
    else:
        got = lx.lds(scene=scene)
    assert_same(expected, got)
    # The preset by name gives the same as its file.
    if not strip and kind != "banks":
        by_name = {"ds-load-tr": lx.ds_load_tr, "cta": lx.cta, "lds": lx.lds}[kind](preset=preset)
        assert_same(expected, by_name)


def layout_of(scene, name):
    for l in scene["layouts"]:
        if l["name"] == name:
            return l
    raise KeyError(name)


def shape_arg(shape):
    return "x".join(map(str, shape))


@pytest.mark.parametrize("write", [False, True], ids=["read", "write"])
@pytest.mark.parametrize("view", [0, 2], ids=["unpadded", "padded"])
def test_banks_from_text(cli, view, write):
    scene = preset_scene("lds-g3")
    v = scene["views"][view]
    reg, shared = layout_of(scene, v["layout"]), layout_of(scene, v["options"]["shared"])
    args = ["analyze", "banks", "--reg", reg["text"], "--shared", shared["text"], "--shape",
            shape_arg(reg["shape"]), "--dtype", reg["dtype"]] + (["--write"] if write else [])
    got = lx.bank_conflicts(reg["text"], lx.layout(shared["text"]), reg["shape"],
                            dtype=reg["dtype"], write=write)
    expected = cli.json(*args)
    assert_same(expected, got)
    assert got.to_dict() == expected
    # The obvious names are the whole access's; the worst single instruction's are rec.worst's.
    assert got.cycles == expected["totals"]["cyclesPerWave"] and got.maxWays == expected["totals"]["maxWays"]
    assert got.worst.cycles == expected["cycles"] and got.worst.maxWays == expected["maxWays"]
    assert got.cycles == sum(i["cycles"] for i in expected["instructions"])
    assert got.phases[0].maxWays == got["phases"][0]["maxWays"]
    # The printed record says what the attributes answer: the access's cycles under rec.cycles'
    # name, the worst instruction's only inside worst=.
    shown = repr(got)
    assert shown.startswith("BankRecord(maxWays=%d, cycles=%d, " % (got.maxWays, got.cycles))
    top, _, inside = shown.partition(", worst=")
    assert "cycles=%d" % expected["cycles"] in inside
    if expected["cycles"] != got.cycles:
        assert "cycles=%d," % expected["cycles"] not in top


@pytest.mark.parametrize("preset", ["fig1a", "fig2b"])
def test_ds_load_tr_from_text(cli, preset):
    scene = preset_scene(preset)
    v = scene["views"][analysed_view(scene, "ds-load-tr")]
    dst, shared = layout_of(scene, v["options"]["dst"]), layout_of(scene, v["options"]["shared"])
    args = ["analyze", "ds-load-tr", "--shared", shared["text"], "--dst", dst["text"], "--shape",
            shape_arg(dst["shape"])]
    assert_same(cli.json(*args), lx.ds_load_tr(shared["text"], dst["text"], dst["shape"]))


@pytest.mark.parametrize("preset", ["fig10", "fig8"])
def test_cta_from_text(cli, preset):
    scene = preset_scene(preset)
    c = layout_of(scene, scene["views"][analysed_view(scene, "cta")]["layout"])
    args = ["analyze", "cta", "--layout", c["text"], "--shape", shape_arg(c["shape"])]
    expected = cli.json(*args)
    got = lx.cta(c["text"], c["shape"])
    assert_same(expected, got)
    # SIMD pairs by number, as the views name them (warp w on SIMD w mod 4, pairs 0 1 0 1).
    assert [w["pair"] for w in got["warps"]][:4] == [0, 1, 0, 1]
    # Given as a layout object, only the echo of the input text differs.
    as_object = lx.cta(lx.layout(c["text"]), c["shape"])
    assert as_object.layout == repr(lx.layout(c["text"]))
    assert_same(dict(expected, layout=None), dict(as_object, layout=None))


SUGGEST_PRESETS = ["lds-c1", "lds-t1", "lds-b1", "lds-g3", "lds-a1", "store-transposed",
                   "rocmlir-kpack-before", "rocmlir-kpack-after", "microbench-partitioned"]


@pytest.mark.parametrize("preset", SUGGEST_PRESETS)
def test_suggest_and_explain(cli, preset):
    assert_same(cli.json("suggest", "shared", "--preset", preset), lx.suggest_shared(preset=preset))
    code, out, err = cli("suggest", "shared", "--preset", preset, "--explain", "--json")
    if code == 0:
        assert_same(json.loads(out), lx.explain(preset=preset))
    else:
        with pytest.raises(lx.LayoutError) as e:
            lx.explain(preset=preset)
        assert str(e.value) == err.strip()


def test_suggest_scene_file(cli):
    path = data_path("scenes", "f32-views.lxscene")
    assert_same(cli.json("suggest", "shared", "--scene", path), lx.suggest_shared(scene=path))


def test_suggest_from_text(cli):
    scene = preset_scene("lds-g3")
    reg = layout_of(scene, "read")
    args = ["suggest", "shared", "--reg", reg["text"], "--shape", shape_arg(reg["shape"]),
            "--dtype", "f16", "--limit", "3"]
    assert_same(cli.json(*args), lx.suggest_shared(reg["text"], reg["shape"], "f16", limit=3))


def test_suggest_cta(cli):
    args = ["suggest", "cta", "--shape", "128x128", "--warps", "4", "--instr", "16x16x32",
            "--dtype", "bf16"]
    assert_same(cli.json(*args), lx.suggest_cta((128, 128), 4, (16, 16, 32), "bf16"))


@pytest.mark.parametrize("dtype", ["f32", None], ids=["f32", "no dtype"])
def test_diff(cli, dtype):
    with open(data_path("scenes", "f32-views.lxscene"), encoding="utf-8") as f:
        scene = json.load(f)
    a, b = layout_of(scene, "A")["text"], layout_of(scene, "B")["text"]
    args = ["diff", "--a", a, "--b", b, "--shape", "64x64"] + (["--dtype", dtype] if dtype else [])
    assert_same(cli.json(*args), lx.diff(a, lx.layout(b), (64, 64), dtype))


@pytest.mark.parametrize("a,b,archs",
                         [("read", "xor", None), ("read", "naive", ["gfx942", "gfx1250"])],
                         ids=["default archs", "two archs"])
def test_compare(cli, a, b, archs):
    args = ["compare", "--preset", "lds-c1", a, b] + (["--archs", ",".join(archs)] if archs else [])
    assert_same(cli.json(*args), lx.compare(a, b, preset="lds-c1", archs=archs))
    assert_same(cli.json(*args), lx.compare(a, b, scene=preset_scene("lds-c1"), archs=archs))


def test_partitions(cli):
    code, out, err = cli("render", "--preset", "fig10", "--view", "cta-pieces", "--figures")
    assert code == 0, err
    assert_same(json.loads(out), lx.partitions(preset="fig10"))


KERNELS = sorted(glob.glob(data_path("kernels", "*.ttgir")))


@pytest.mark.parametrize("path", KERNELS, ids=[os.path.basename(k) for k in KERNELS])
def test_kernel(cli, path):
    expected = cli.json("analyze", "kernel", path)
    got = lx.analyze_kernel(path)
    assert_same(expected, got)
    assert got.to_dict() == expected
    # Given as text, the module is read as `analyze kernel -` reads standard input.
    with open(path, encoding="utf-8") as f:
        text = f.read()
    code, out, err = cli.with_input(text, "analyze", "kernel", "-", "--json")
    assert code == 0, err
    assert_same(json.loads(out), lx.analyze_kernel(text))


def test_suggest_op(cli):
    """The Kernel dock's Suggest for this op, from Python and the command line: one answer, for a
    module given as a file and as text."""
    path = data_path("kernels", "gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir")
    expected = cli.json("suggest", "op", path, "--line", "39")
    got = lx.suggest_op(path, 39)
    assert_same(expected, got)
    assert got.ttgLine.startswith("#shared = #ttg.")
    assert [op.line for op in got.ops] == [op["line"] for op in expected["ops"]]
    with open(path, encoding="utf-8") as f:
        assert_same(expected, lx.suggest_op(f.read(), 39))
    with pytest.raises(lx.LayoutError, match="no data-placing op at line 2"):
        lx.suggest_op(path, 2)


# Refusals of the analyses asked of the request layer directly carry the command's message.
REFUSALS = [
    (["analyze", "ds-load-tr", "--shared", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, "
      "maxPhase = 8, order = [1, 0]}>", "--dst", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, "
      "maxPhase = 8, order = [1, 0]}>", "--shape", "64x64"],
     lambda a: lx.ds_load_tr(a[3], a[5], (64, 64))),
    (["analyze", "ds-load-tr", "--shared", "#ttg.swizzled_shared<{vec = 8, perPhase = 1, "
      "maxPhase = 8, order = [1, 0]}>", "--dst", "#ttg.blocked<{}>", "--shape", "64x48"],
     lambda a: lx.ds_load_tr(a[3], a[5], (64, 48))),
    (["analyze", "cta", "--layout", "#ttg.blocked<{}>", "--shape", "128x128"],
     lambda a: lx.cta(a[3], (128, 128))),
    (["suggest", "shared", "--reg", "not a layout", "--shape", "64x64"],
     lambda a: lx.suggest_shared(a[3], (64, 64))),
    (["suggest", "shared", "--reg", "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = "
      "[4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>", "--shape", "2048x2048"],
     lambda a: lx.suggest_shared(a[3], (2048, 2048))),
]


@pytest.mark.parametrize("case", range(len(REFUSALS)))
def test_direct_refusals(cli, case):
    args, call = REFUSALS[case]
    code, out, err = cli(*args, "--json")
    assert code != 0
    with pytest.raises(lx.LayoutError) as e:
        call(args)
    assert str(e.value) == err.strip()


PERF_CONFIG = "v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"


@pytest.mark.parametrize("words,kwargs", [
    (["--rotate", "--dtype", "f16", "--arch", "gfx942"],
     {"rotate": True, "dtype": "f16", "arch": "gfx942"}),
    (["--operand", "B", "--rule", "before-fix", "--dtype", "f16"],
     {"operand": "B", "rule": "before-fix", "dtype": "f16"}),
], ids=["rotated A", "B before the fix"])
def test_bank_perf_config(cli, words, kwargs):
    expected = cli.json("analyze", "banks", "--perf-config", PERF_CONFIG, *words)
    assert_same(expected, lx.bank_conflicts(perf_config=PERF_CONFIG, **kwargs))


@pytest.mark.parametrize("addresses,width,arch,write", [
    ([4 * l for l in range(32)], 4, "gfx942", False),
    ([0, 256, None, 512] + [16 * l for l in range(4, 32)], 16, "gfx1250", True),
    ([128 * (l % 8) for l in range(32)], 4, "sm90", False),
], ids=["conflict-free b32", "b128 with an inactive lane", "nvidia 8-way"])
def test_bank_addresses(cli, addresses, width, arch, write):
    listed = ",".join("-" if a is None else str(a) for a in addresses)
    expected = cli.json("analyze", "banks", "--addresses", listed, "--width", str(width),
                        "--arch", arch, *(["--write"] if write else []))
    assert_same(expected, lx.bank_conflicts(addresses=addresses, width=width, arch=arch,
                                            write=write))


def test_ds_load_tr_packed_fp4(cli):
    shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>"
    dst = ("#mma_b8 = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, 1], [1, 0]]}, "
           "instrShape = [16, 16, 64]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma_b8, kWidth = 16}>")
    expected = cli.json("analyze", "ds-load-tr", "--packed-fp4", "--shared", shared, "--dst", dst,
                        "--shape", "32x128", "--dst-shape", "64x64")
    assert_same(expected, lx.ds_load_tr(shared, dst, (32, 128), packed_fp4=True,
                                        dst_shape=(64, 64)))


def test_check(cli):
    """`check --json` of every kernel within a budget they all keep; a broken one fails alike."""
    from layout_explorer.testing import assert_budget
    expected = cli.json("check", data_path("kernels"), "--max-ways", "64")
    assert_same(expected, assert_budget(data_path("kernels"), max_ways=64))
    code, out, _ = cli("check", data_path("kernels"), "--max-ways", "1", "--json")
    broken = json.loads(out)
    assert code == broken["exitCode"] == 1
    with pytest.raises(AssertionError, match=f"{sum(k['status'] == 'fail' for k in broken['kernels'])} of"):
        assert_budget(data_path("kernels"), max_ways=1)


@pytest.mark.parametrize("to,shape", [("ttg", None), ("gluon", None), ("triton-text", "16x16"),
                                      ("cute", "16x16")])
def test_convert_cute_text(cli, to, shape):
    """A layout known only by its text (CuTe): the conversion is the command's, text for text."""
    text = "(4,8):(8,1)"
    args = ["convert", "--layout", text, "--to", to] + (["--shape", shape] if shape else [])
    code, out, err = cli(*args)
    assert code == 0, err
    from layout_explorer._layouts import _convert
    assert _convert(text, to, shape) == out.decode("utf-8")
