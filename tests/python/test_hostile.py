"""Hostile input through Python (tests/app/tst_hostile.cpp's categories): nesting, size, devices,
encodings, numbers past their range, broken text, values of the wrong Python type. Each call
raises LayoutError (a ValueError) and nothing else (no TypeError, OverflowError, RuntimeError or
RecursionError), carrying the command line's own message for the same input, bounded in length
(a 10 MB input is not echoed whole), and the interpreter goes on."""

import os

import pytest

import layout_explorer as lx
from layout_explorer._errors import MAX_MESSAGE, bounded

WMMA = "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>"
SHARED = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"
SHARED_LAYOUT = lx.layout(SHARED)


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    (d / "deep.lxscene").write_text("[" * 100000)
    (d / "a-directory.lxscene").mkdir()
    big = d / "big70m.lxscene"
    with open(big, "wb") as f:
        f.truncate(70 << 20)
    (d / "bad-utf8.lxscene").write_bytes(b'{"format": "layout-explorer-scene", "name": "\xff\xfe"}')
    (d / "empty.ttgir").write_text("")
    (d / "binary.ttgir").write_bytes(bytes(range(256)) * 64)
    return d


def cases(d):
    """(name, Python call, the same input on the command line)."""
    deep_scene, directory = str(d / "deep.lxscene"), str(d / "a-directory.lxscene")
    return [
        ("lds deep scene", lambda: lx.lds(scene=deep_scene), ["analyze", "lds", "--scene", deep_scene]),
        ("lds /dev/zero", lambda: lx.lds(scene="/dev/zero"), ["analyze", "lds", "--scene", "/dev/zero"]),
        ("lds directory", lambda: lx.lds(scene=directory), ["analyze", "lds", "--scene", directory]),
        ("lds 70 MiB", lambda: lx.lds(scene=str(d / "big70m.lxscene")),
         ["analyze", "lds", "--scene", str(d / "big70m.lxscene")]),
        ("banks invalid UTF-8 scene", lambda: lx.bank_conflicts(scene=str(d / "bad-utf8.lxscene")),
         ["analyze", "banks", "--scene", str(d / "bad-utf8.lxscene")]),
        ("lds --arch /dev/zero", lambda: lx.lds(preset="fig12", arch="/dev/zero"),
         ["analyze", "lds", "--preset", "fig12", "--arch", "/dev/zero"]),
        ("unknown arch", lambda: lx.cta(preset="fig10", arch="gfx9999"),
         ["analyze", "cta", "--preset", "fig10", "--arch", "gfx9999"]),
        ("unknown dtype", lambda: lx.ds_load_tr(preset="fig2b", dtype="f13"),
         ["analyze", "ds-load-tr", "--preset", "fig2b", "--dtype", "f13"]),
        ("unknown preset", lambda: lx.cta(preset="no-such-preset"),
         ["analyze", "cta", "--preset", "no-such-preset"]),
        ("layout basis 2^40", lambda: lx.diff("#ttg.linear<{register = [[1099511627776]], lane = [], warp = [], block = []}>", SHARED, (64, 64)),
         ["diff", "--a", "#ttg.linear<{register = [[1099511627776]], lane = [], warp = [], block = []}>", "--b", SHARED, "--shape", "64x64"]),
        ("number 1e400", lambda: lx.cta(WMMA.replace("32]", "1e400]"), (128, 128)),
         ["analyze", "cta", "--layout", WMMA.replace("32]", "1e400]"), "--shape", "128x128"]),
        ("unclosed text", lambda: lx.bank_conflicts(WMMA[:40], SHARED, (64, 64)),
         ["analyze", "banks", "--reg", WMMA[:40], "--shared", SHARED, "--shape", "64x64"]),
        ("deep text", lambda: lx.bank_conflicts("[" * 10000, SHARED, (64, 64)),
         ["analyze", "banks", "--reg", "[" * 10000, "--shared", SHARED, "--shape", "64x64"]),
        ("100k text", lambda: lx.diff("x" * 100000, SHARED, (64, 64)),
         ["diff", "--a", "x" * 100000, "--b", SHARED, "--shape", "64x64"]),
        ("shape not a power of two", lambda: lx.ds_load_tr(SHARED, WMMA, (48, 64)),
         ["analyze", "ds-load-tr", "--shared", SHARED, "--dst", WMMA, "--shape", "48x64"]),
        ("shape 2^40", lambda: lx.bank_conflicts(WMMA, SHARED, (1 << 40, 64)),
         ["analyze", "banks", "--reg", WMMA, "--shared", SHARED, "--shape", f"{1 << 40}x64"]),
        ("shape with zero", lambda: lx.cta(WMMA, (0, 128)),
         ["analyze", "cta", "--layout", WMMA, "--shape", "0x128"]),
        ("negative warp", lambda: lx.bank_conflicts(WMMA, SHARED, (64, 64), warp=-1),
         ["analyze", "banks", "--reg", WMMA, "--shared", SHARED, "--shape", "64x64", "--warp", "-1"]),
        ("warp past the layout's", lambda: lx.bank_conflicts(WMMA, SHARED, (64, 64), warp=4),
         ["analyze", "banks", "--reg", WMMA, "--shared", SHARED, "--shape", "64x64", "--warp", "4"]),
        ("ds-load-tr warp past the layout's", lambda: lx.ds_load_tr(SHARED, WMMA, (64, 64), warp=99),
         ["analyze", "ds-load-tr", "--shared", SHARED, "--dst", WMMA, "--shape", "64x64", "--warp", "99"]),
        ("empty kernel", lambda: lx.analyze_kernel(str(d / "empty.ttgir")),
         ["analyze", "kernel", str(d / "empty.ttgir")]),
        ("binary kernel", lambda: lx.analyze_kernel(str(d / "binary.ttgir")),
         ["analyze", "kernel", str(d / "binary.ttgir")]),
        ("kernel /dev/zero", lambda: lx.analyze_kernel("/dev/zero"), ["analyze", "kernel", "/dev/zero"]),
        ("missing kernel", lambda: lx.analyze_kernel(str(d / "nothing.ttgir")),
         ["analyze", "kernel", str(d / "nothing.ttgir")]),
        ("suggest op of /dev/zero", lambda: lx.suggest_op("/dev/zero", 1),
         ["suggest", "op", "/dev/zero", "--line", "1"]),
        ("suggest op line 0", lambda: lx.suggest_op(str(d / "empty.ttgir"), 0),
         ["suggest", "op", str(d / "empty.ttgir"), "--line", "0"]),
        ("suggest op of an empty kernel", lambda: lx.suggest_op(str(d / "empty.ttgir"), 5),
         ["suggest", "op", str(d / "empty.ttgir"), "--line", "5"]),
        ("addresses past the wave", lambda: lx.bank_conflicts(addresses=list(range(0, 4 * 200, 4)), width=4, arch="gfx1250"),
         ["analyze", "banks", "--addresses", ",".join(str(a) for a in range(0, 800, 4)), "--width", "4", "--arch", "gfx1250"]),
        ("address 2^70", lambda: lx.bank_conflicts(addresses=[1 << 70], width=4, arch="gfx1250"),
         ["analyze", "banks", "--addresses", str(1 << 70), "--width", "4", "--arch", "gfx1250"]),
        ("suggest cta zero warps", lambda: lx.suggest_cta((128, 128), 0, (16, 16, 32), "bf16"),
         ["suggest", "cta", "--shape", "128x128", "--warps", "0", "--instr", "16x16x32", "--dtype", "bf16"]),
        ("suggest cta past its work limit", lambda: lx.suggest_cta((128, 128), 64, (16, 16, 32), "f16"),
         ["suggest", "cta", "--shape", "128x128", "--warps", "64", "--instr", "16x16x32", "--dtype", "f16"]),
        ("suggest cta of no WMMA instruction", lambda: lx.suggest_cta((64, 32), 4, (16, 16, 33), "f16"),
         ["suggest", "cta", "--shape", "64x32", "--warps", "4", "--instr", "16x16x33", "--dtype", "f16"]),
        ("convert of a view too large", lambda: lx.layout(WMMA).format_tensor_view((1 << 15, 1 << 15)),
         ["convert", "--layout", WMMA, "--shape", f"{1 << 15}x{1 << 15}", "--to", "triton-text"]),
    ]


def test_each_raises_the_command_lines_message(cli, fixtures):
    refused = 0
    for name, call, args in cases(fixtures):
        code, _, err = cli(*args, *(["--json"] if args[0] in ("analyze", "suggest", "diff") else []))
        if code == 0:  # accepted by the command line: then by Python too
            call()
            continue
        with pytest.raises(lx.LayoutError) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert str(e.value) == bounded(err.strip()), name
        assert len(str(e.value)) <= MAX_MESSAGE + 100, name
        refused += 1
    assert refused >= len(cases(fixtures)) - 2  # nearly all of them are refused


@pytest.mark.parametrize("value", [None, 3.5, object(), b"bytes", ["list"]])
def test_wrong_python_types(value):
    with pytest.raises(lx.LayoutError):
        lx.bank_conflicts(value, SHARED, (64, 64))
    with pytest.raises(lx.LayoutError):
        lx.to_linear_layout(value, (64, 64))
    with pytest.raises(lx.LayoutError):
        lx.to_linear_layout(SHARED, value)
    with pytest.raises(lx.LayoutError):
        lx.layout(value)


@pytest.mark.parametrize("value", [None, b"#ttg.blocked", 5])
def test_a_layout_is_text_or_a_layout_object(value):
    """What is not text is refused as such, not read as the text of its repr."""
    with pytest.raises(lx.LayoutError, match="expected a layout or its text"):
        lx.layout(value)


@pytest.mark.parametrize("shape", [(64.5, 64), (64.0000001, 64), (True, 64), ("64 ", 64),
                                   (b"64", 64), (float("inf"), 64), "64q64", [[64], 64]])
def test_a_size_that_is_not_an_integer_is_refused(shape):
    """Sizes are integers (numpy's too), never truncated floats, bools or texts; a shape given
    as text is read as --shape reads it."""
    with pytest.raises(lx.LayoutError, match="a shape is a sequence of integers"):
        SHARED_LAYOUT.format_tensor_view(shape)
    with pytest.raises(lx.LayoutError, match="a shape is a sequence of integers"):
        lx.to_linear_layout(SHARED, shape)


def test_a_shape_as_text_is_read_as_the_command_line_reads_it():
    expected = SHARED_LAYOUT.format_tensor_view((64, 64))
    for text in ("64x64", "64X64", "64,64", " 64 x 64 "):
        assert SHARED_LAYOUT.format_tensor_view(text) == expected


def test_a_deeply_nested_shape_is_refused_in_a_short_message():
    deep = inner = []
    for _ in range(100000):
        inner.append([])
        inner = inner[0]
    with pytest.raises(lx.LayoutError) as e:
        SHARED_LAYOUT.format_tensor_view(deep)
    assert len(str(e.value)) < 200


def test_nul_and_surrogates_are_refused():
    for text in ["#ttg.blocked\x00<{}>", "\ud800", "BlockedLayout(" + "[" * 5000]:
        with pytest.raises(lx.LayoutError):
            lx.layout(text)
        with pytest.raises(lx.LayoutError):
            lx.to_linear_layout(text, (64, 64))


def test_wrong_constructor_arguments():
    nested = [1]
    for _ in range(100000):  # deeper than the interpreter's recursion limit
        nested = [nested]
    calls = [
        lambda: lx.BlockedLayout([1, 4], [8, 4], [4, 1]),  # an argument missing
        lambda: lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0], nonsense=1),
        lambda: lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 5]),  # not a permutation
        lambda: lx.BlockedLayout([1 << 70, 4], [8, 4], [4, 1], [1, 0]),
        lambda: lx.BlockedLayout([-1, 4], [8, 4], [4, 1], [1, 0]),
        lambda: lx.BlockedLayout(nested, [8, 4], [4, 1], [1, 0]),
        lambda: lx.BlockedLayout([1.5, 4], [8, 4], [4, 1], [1, 0]),
        lambda: lx.SwizzledSharedLayout("1", 1, 1, [1, 0]),
        lambda: lx.SliceLayout(dim=0, parent="not a layout object"),
        lambda: lx.DotOperandLayout(operand_index=0, parent=None, k_width=8),
    ]
    for call in calls:
        with pytest.raises(lx.LayoutError) as e:
            call()
        assert len(str(e.value)) <= MAX_MESSAGE + 100


def test_a_required_argument_given_none_is_named_as_python_spells_it():
    with pytest.raises(lx.LayoutError, match="BlockedLayout: size_per_thread is required"):
        lx.BlockedLayout(None, [8, 4], [4, 1], [1, 0])
    with pytest.raises(lx.LayoutError, match="DotOperandLayout: parent is required"):
        lx.DotOperandLayout(operand_index=0, parent=None, k_width=8)
    assert lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0], cga_layout=None).rank == 2


def test_a_huge_bad_string_is_not_echoed_whole():
    huge = "#ttg.blocked<{" + "x" * (10 << 20)
    for call in (lambda: lx.layout(huge), lambda: lx.to_linear_layout(huge, (64, 64)),
                 lambda: lx.bank_conflicts(huge, SHARED, (64, 64)),
                 lambda: lx.LinearLayout.identity_1d(8, "i", "o").apply([("x" * (10 << 20), 0)])):
        with pytest.raises(lx.LayoutError) as e:
            call()
        assert len(str(e.value)) <= MAX_MESSAGE + 100


def test_linear_layout_limits():
    with pytest.raises(lx.LayoutError):  # an out-dim of 2^31: past the engine's 30 bits
        lx.LinearLayout.from_bases([("in", [[1 << 30]])], ["out"])
    for big in (1 << 40, 1 << 70, -1):  # not a 32-bit basis component: refused by the binding
        with pytest.raises(lx.LayoutError):
            lx.LinearLayout.from_bases([("in", [[big]])], ["out"])
    for bad in ([("in", [["1"]])], [("in", 1)], "in", [(1, [[1]])], None):
        with pytest.raises(lx.LayoutError):
            lx.LinearLayout.from_bases(bad, ["out"])
    for args in ((1.5, "i", "o"), (8, None, "o"), (1 << 40, "i", "o"), (3, "i", "o")):
        with pytest.raises(lx.LayoutError):
            lx.LinearLayout.identity_1d(*args)
    with pytest.raises(lx.LayoutError):
        lx.LinearLayout.identity_1d(8, "i", "o").compose("not a layout")
    layout = lx.LinearLayout.identity_1d(8, "in", "out")
    with pytest.raises(lx.LayoutError):
        layout.apply([("nope", 1)])
    with pytest.raises(lx.LayoutError):
        layout.compose(lx.LinearLayout.identity_1d(8, "other", "x"))


def test_a_view_that_would_hide_an_in_dim_is_refused():
    """A shared layout has no distributed view (its offsets would all print as 0), nor the
    reverse; the message names the hidden in-dim and the view that shows it."""
    shared = lx.to_linear_layout(SHARED, (16, 16))
    with pytest.raises(lx.LayoutError, match="in-dim 'offset'.*use the shared view"):
        shared.get_distributed_view()
    assert shared.get_shared_view().startswith("[")
    distributed = lx.to_linear_layout(WMMA, (16, 16))
    with pytest.raises(lx.LayoutError, match="in-dim 'register'.*use the distributed view"):
        distributed.get_shared_view(True)


def test_interpreter_still_works():
    assert lx.layout(SHARED).to_ttg().startswith("#ttg.swizzled_shared")
    assert os.getpid() > 0


@pytest.mark.parametrize("value", ["no", "yes", None, 2, 0.0, [True]])
def test_a_yes_no_argument_is_a_bool(value):
    """A flag is True or False: "no" is not read as yes by its truth, nor None as no."""
    wmma = lx.layout(WMMA)
    with pytest.raises(lx.LayoutError, match="write must be True or False"):
        lx.bank_conflicts(wmma, SHARED_LAYOUT, (64, 64), dtype="f16", write=value)
    with pytest.raises(lx.LayoutError, match="write must be True or False"):
        lx.bank_conflicts_many(wmma, [SHARED_LAYOUT], (64, 64), dtype="f16", write=value)
    with pytest.raises(lx.LayoutError, match="transposed must be True or False"):
        lx.NVMMASharedLayout.get_default_for([64, 64], "float16", transposed=value)


def test_numpy_and_integer_booleans_are_flags():
    np = pytest.importorskip("numpy")
    wmma = lx.layout(WMMA)
    expected = lx.bank_conflicts(wmma, SHARED_LAYOUT, (64, 64), dtype="f16", write=True).to_dict()
    for value in (np.bool_(True), 1):
        got = lx.bank_conflicts(wmma, SHARED_LAYOUT, (64, 64), dtype="f16", write=value)
        assert got.to_dict() == expected


def test_constructor_flags_take_numpy_booleans_and_0_1():
    np = pytest.importorskip("numpy")
    args = dict(version=3, warps_per_cta=[2, 2], instr_shape=[16, 16, 32])
    expected = lx.AMDWMMALayout(transposed=True, **args)
    for value in (np.bool_(True), 1):
        assert lx.AMDWMMALayout(transposed=value, **args) == expected
    for value in ("yes", 2, 0.5):
        with pytest.raises(lx.LayoutError, match="transposed must be True or False"):
            lx.AMDWMMALayout(transposed=value, **args)
    assert lx.NVMMASharedLayout(128, 16, fp4_padded=np.bool_(False)) == lx.NVMMASharedLayout(128, 16)


def test_numpy_integers_are_integers_everywhere():
    """Wherever an integer is taken, numpy's are too: in layout fields, warps, sizes, budgets and
    a LinearLayout's values; numpy arrays are taken as lists."""
    np = pytest.importorskip("numpy")
    i = np.int64
    blocked = lx.BlockedLayout([i(1), i(4)], np.array([8, 4]), (4, 1), np.array([1, 0]))
    assert blocked == lx.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    wmma = lx.layout(WMMA)
    expected = lx.bank_conflicts(wmma, SHARED_LAYOUT, (64, 64), dtype="f16", warp=1).to_dict()
    got = lx.bank_conflicts(wmma, SHARED_LAYOUT, np.array([64, 64]), dtype="f16", warp=i(1))
    assert got.to_dict() == expected
    layout = lx.LinearLayout.identity_1d(i(8), "lane", "dim0")
    assert layout == lx.LinearLayout.identity_1d(8, "lane", "dim0")
    assert layout.apply([("lane", np.int32(3))]) == [("dim0", 3)]
    assert lx.NVMMASharedLayout.get_default_for(np.array([64, 64]), "f16") == \
        lx.NVMMASharedLayout.get_default_for([64, 64], "float16")
    for bad in (np.bool_(True), np.float64(1.0)):
        with pytest.raises(lx.LayoutError):
            lx.LinearLayout.identity_1d(bad, "lane", "dim0")


def test_an_address_is_an_integer_not_truncated():
    np = pytest.importorskip("numpy")
    for addresses in ([0.9, 4.7, 8, 12], np.array([0.5, 4.0]), [True, 4], ["0", 4]):
        with pytest.raises(lx.LayoutError, match="an address must be an integer"):
            lx.bank_conflicts(addresses=addresses, width=4, arch="gfx1250")
    ints = lx.bank_conflicts(addresses=np.arange(0, 128, 4), width=4, arch="gfx1250")
    assert ints.to_dict() == lx.bank_conflicts(addresses=list(range(0, 128, 4)), width=4,
                                               arch="gfx1250").to_dict()


def test_a_linear_layout_call_the_binding_cannot_match_is_a_layout_error():
    layout = lx.LinearLayout.identity_1d(8, "lane", "dim0")
    calls = [lambda: layout.get_distributed_view("no"), lambda: layout.get_shared_view("x"),
             lambda: layout.compose(outer=None), lambda: layout.owners(in_dim="lane", extra=1),
             lambda: layout.apply(inputs=[("lane", 1)], foo=1),
             lambda: lx.LinearLayout.identity_1d(8, "lane", "dim0", extra=1)]
    big = lx.to_linear_layout(WMMA, (256, 256))
    calls.append(lambda: big.get_distributed_view(big))  # its repr is not echoed whole
    for call in calls:
        with pytest.raises(lx.LayoutError) as e:
            call()
        assert "Invoked with" not in str(e.value) and len(str(e.value)) <= MAX_MESSAGE + 100
    assert lx.LinearLayout() == lx.LinearLayout()  # Triton's empty layout
    assert lx.LinearLayout().num_in_dims == 0


def test_a_record_key_that_is_not_text_is_missing():
    rec = lx.bank_conflicts(WMMA, SHARED, (64, 64), dtype="f16")
    with pytest.raises(KeyError):
        rec[0]  # pylint: disable=pointless-statement
    assert rec.get(0) is None and 0 not in rec and rec.get("arch") == "gfx1250"


def test_assert_budget_refuses_what_is_not_a_path():
    for paths in (123, [None], b"/tmp/x.ttgir", [b"/tmp"]):
        with pytest.raises(lx.LayoutError):
            lx.testing.assert_budget(paths, max_ways=2)
    with pytest.raises(lx.LayoutError, match="max_ways must be an integer"):
        lx.testing.assert_budget("/nonexistent", max_ways=2.5)


def test_suggest_cta_refuses_before_searching_and_stops_on_ctrl_c():
    import _thread
    import signal
    import threading
    with pytest.raises(lx.LayoutError, match="the search is too large"):
        lx.suggest_cta((128, 128), 64, (16, 16, 32), "f16")  # 12 M choices, all refused, before
    with pytest.raises(lx.LayoutError, match="not a WMMA v3 instruction shape"):
        lx.suggest_cta((64, 32), 4, (16, 16, 33), "f16")  # was 30 choices, all rejected, exit 0
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            lx.suggest_cta((256, 256), 8, (16, 16, 32), "f16")  # about 2 s uninterrupted
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_over_checks_its_drawing_options_when_called():
    wmma = lx.layout(WMMA)
    for kwargs in (dict(fit=800), dict(fit=(800,)), dict(fit=("a", 600)), dict(fit=(0, 600)),
                   dict(max_elements="10"), dict(max_elements=-1), dict(scale=0), dict(scale="2"),
                   dict(scale=100), dict(scale=True)):
        with pytest.raises(lx.LayoutError):
            wmma.over((64, 64), **kwargs)
    with pytest.raises(lx.LayoutError, match=r"use render\(path, shape\) for a file"):
        wmma.over((256, 256))
    assert wmma.over((64, 64), fit=(800, 600))._repr_mimebundle_()["text/html"]
