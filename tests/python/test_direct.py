"""The analyses the compiled module asks of the request layer directly: the extension has no
command runner, and with every temporary file refused they still answer (so no argument strings,
no command and no file stand between Python and the engine), and a scene given as a dict, as a
file and as a preset name gives one answer. The same numbers as the command line are
test_samenumbers.py's."""

import json
import tempfile

import pytest

import layout_explorer as lx
from layout_explorer import _core

from conftest import data_path, preset_scene

GEMM = data_path("kernels", "gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir")


@pytest.fixture
def no_command(monkeypatch):
    """The extension runs no command (it links none), and every temporary file or folder
    raises: a call that needs one fails."""
    assert not hasattr(_core, "run") and not hasattr(_core, "main")

    def refuse(*args, **kwargs):
        raise AssertionError("a temporary file was used")
    for name in ("TemporaryDirectory", "NamedTemporaryFile", "mkdtemp", "mkstemp"):
        monkeypatch.setattr(tempfile, name, refuse)


def test_scene_analyses_without_a_command(no_command, tmp_path):
    """Each scene analysis: the dict, its file and the preset's name give the same record."""
    cases = [("lds", "fig12", {}), ("cta", "fig10", {}), ("ds_load_tr", "fig1a", {}),
             ("bank_conflicts", "lds-g3", {"view": 0}),
             ("suggest_shared", "lds-c1", {"limit": 3}), ("explain", "lds-c1", {})]
    for name, preset, options in cases:
        call = getattr(lx, name)
        scene = preset_scene(preset)
        path = tmp_path / f"{preset}.lxscene"
        path.write_text(json.dumps(scene))
        by_name = call(preset=preset, **options).to_dict()
        by_dict = call(scene=scene, **options).to_dict()
        by_file = call(scene=str(path), **options).to_dict()
        for got in (by_dict, by_file):
            got.pop("searchMilliseconds", None)
        by_name.pop("searchMilliseconds", None)
        assert by_dict == by_name, name
        assert by_file == by_name, name


def test_searches_and_comparisons_without_a_command(no_command):
    rec = lx.compare("read", "xor", preset="lds-c1", archs="gfx942,gfx1250")
    assert [a["arch"] for a in rec.to_dict()["archs"]] == ["gfx942", "gfx1250"]
    assert lx.suggest_cta((128, 128), 4, (16, 16, 32), "bf16").candidates
    a = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>"
    b = "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>"
    assert lx.diff(a, a, (64, 64)).equal is True
    assert lx.diff(a, b, (64, 64)).equal is False
    with open(GEMM, encoding="utf-8") as f:
        text = f.read()
    assert lx.suggest_op(GEMM, 39).to_dict() == lx.suggest_op(text, 39).to_dict()
    assert lx.analyze_kernel(GEMM)["ops"]


def test_scene_refusals_name_the_cause(no_command):
    with pytest.raises(lx.LayoutError, match="analyze lds: .*no such preset|analyze lds: .*nonsense"):
        lx.lds(preset="nonsense")
    with pytest.raises(lx.LayoutError, match="analyze lds: .*format"):
        lx.lds(scene={"layouts": []})
    with pytest.raises(lx.LayoutError, match="scene: a key must be a str"):
        lx.cta(scene={1: 2})
    with pytest.raises(lx.LayoutError, match="nested more than"):
        deep = {}
        for _ in range(100):
            deep = {"a": deep}
        lx.lds(scene=deep)
    with pytest.raises(lx.LayoutError, match="give preset or scene, not both"):
        lx.lds(preset="fig12", scene=preset_scene("fig12"))
    with pytest.raises(lx.LayoutError, match="diff: --a: "):
        lx.diff("#ttg.nonsense<{}>", "#ttg.nonsense<{}>", (64, 64))


def test_what_once_ran_the_command_without_a_command(no_command, tmp_path):
    """partitions, pictures of scenes and layouts (bytes and files), check, kPack stores,
    raw addresses, packed fp4 and text conversions: asked of the engine, no file between."""
    assert lx.partitions(preset="fig10")["figures"]
    rec = lx.cta(preset="fig10")
    assert rec.picture("svg").startswith(b"<?xml") and rec.picture("png")[:4] == b"\x89PNG"
    rec.render(tmp_path / "fig10.svg")
    assert (tmp_path / "fig10.svg").read_bytes().startswith(b"<?xml")
    blocked = lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    blocked.render(tmp_path / "blocked.png", shape=(32, 32))
    assert (tmp_path / "blocked.png").read_bytes()[:4] == b"\x89PNG"
    perf = "v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"
    assert lx.bank_conflicts(perf_config=perf, rotate=True, dtype="f16", arch="gfx942").maxWays == 2
    assert lx.bank_conflicts(addresses=[4 * l for l in range(32)], width=4,
                             arch="gfx942").maxWays == 1
    from layout_explorer.testing import assert_budget
    assert assert_budget(data_path("kernels"), max_ways=64)["exitCode"] == 0
    shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>"
    dst = ("#mma_b8 = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, 1], [1, 0]]}, "
           "instrShape = [16, 16, 64]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma_b8, kWidth = 16}>")
    tr = lx.ds_load_tr(shared, dst, (32, 128), packed_fp4=True, dst_shape=(64, 64))
    assert tr.instructions == 8 and tr.picture("svg").startswith(b"<?xml")
    assert lx.layout("(4,8):(8,1)").to_ttg().startswith("#ttg.")


def test_refusals_of_the_moved_calls_name_the_command(no_command):
    with pytest.raises(lx.LayoutError, match="analyze banks: give exactly one of"):
        lx.bank_conflicts(preset="fig10", perf_config="v4:1")
    with pytest.raises(lx.LayoutError, match="analyze banks: --addresses needs --width"):
        lx.bank_conflicts(addresses=[0], arch="gfx942")
    with pytest.raises(lx.LayoutError, match="analyze ds-load-tr: --packed-fp4 needs --dst-shape"):
        lx.ds_load_tr("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>",
                      "x", (32, 128), packed_fp4=True)
    with pytest.raises(lx.LayoutError, match="analyze cta: --layout needs --shape MxN"):
        lx.cta("#ttg.blocked<{}>")
    with pytest.raises(lx.LayoutError, match="render: --view-index 9: the scene has"):
        lx.partitions(preset="fig10", view_index=9)
    with pytest.raises(lx.LayoutError, match="check: --max-ways: a whole number from 1 to 64"):
        from layout_explorer.testing import assert_budget
        assert_budget(data_path("kernels"), max_ways=0)


def test_kernel_registers_per_op():
    """Each op's result tensor per thread under its layout, labelled as the model it is. GEMM's
    warps are [2, 2] over 64x64: the f32 accumulator of tt.dot is 32x32 per warp, 1024 / 32 lanes
    = 32 elements = 32 VGPRs; each bf16 operand is 32 rows (or columns) x 64 K per warp (replicated
    across the other dim's warps), 2048 / 32 = 64 elements, two to a VGPR = 32 VGPRs; a store has
    no result and no registers."""
    rec = lx.analyze_kernel(GEMM).to_dict()
    assert "bounds neither" in rec["registersModel"]
    by_line = {op["line"]: op for op in rec["ops"]}
    acc = by_line[43]["registers"]
    assert (acc["elements"], acc["vgprs"], acc["elementBits"]) == (32, 32, 32)
    assert acc["provenance"] == "model"
    for line in (41, 42):
        op = by_line[line]["registers"]
        assert (op["elements"], op["vgprs"], op["elementBits"]) == (64, 32, 16)
    stores = [op for op in rec["ops"] if op["op"].endswith("store")]
    assert stores and all(op["registers"] is None for op in stores)
