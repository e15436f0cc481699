"""Pictures: a layout's or a result's .render(path, ...) writes the bytes `layout-explorer render`
writes for the same inputs; .picture(...) draws the same picture into bytes through the renderer
library; _repr_mimebundle_ shows it in Jupyter in one format, with a size cap, never raising."""

import json

import pytest

import layout_explorer as lx
from conftest import data_path, preset_scene

WMMA = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                        instr_shape=[16, 16, 32])


@pytest.mark.parametrize("suffix", [".svg", ".png", ".tex"])
@pytest.mark.parametrize("view,colour,fit", [(None, None, None), ("ownership", "warp", None),
                                             ("cta-tiles", None, (800, 600))],
                         ids=["default", "warp colours", "cta fitted"])
def test_layout_render_is_the_commands(cli, tmp_path, suffix, view, colour, fit):
    mine, theirs = tmp_path / f"py{suffix}", tmp_path / f"cli{suffix}"
    WMMA.render(mine, shape=(64, 64), view=view, colour_by=colour, fit=fit)
    args = ["render", "--layout", repr(WMMA), "--shape", "64x64", "-o", str(theirs)]
    args += (["--view", view] if view else []) + (["--color-by", colour] if colour else [])
    args += ["--fit", "x".join(map(str, fit))] if fit else []
    code, _, err = cli(*args)
    assert code == 0, err
    assert mine.read_bytes() == theirs.read_bytes()


def pictures_in(bundle):
    """The pictures of a display bundle: data URIs in its HTML and image outputs."""
    html = bundle.get("text/html", "")
    return (html.count("data:image/svg+xml;base64,") + html.count("data:image/png;base64,")
            + sum(1 for k in bundle if k.startswith("image/")))


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_layout_picture_is_the_commands_file(cli, tmp_path, suffix):
    """picture() draws through the renderer library the bytes render -o writes."""
    path = tmp_path / f"cli.{suffix}"
    code, _, err = cli("render", "--layout", repr(WMMA), "--shape", "64x64", "--color-by", "warp",
                       "-o", str(path))
    assert code == 0, err
    assert WMMA.picture((64, 64), colour_by="warp", format=suffix) == path.read_bytes()


def test_layout_display_is_one_picture():
    assert WMMA._repr_mimebundle_() is None  # no shape: no picture, Jupyter shows the text
    bundle = WMMA.over((64, 64))._repr_mimebundle_()
    assert pictures_in(bundle) == 1
    assert "data:image/svg+xml;base64," in bundle["text/html"]
    # scale and fit size the displayed picture.
    small = WMMA.over((64, 64), scale=0.5)._repr_mimebundle_()["text/html"]
    assert len(small) < len(bundle["text/html"])
    assert WMMA.picture((64, 64), format="png")[:8] == b"\x89PNG\r\n\x1a\n"


def test_display_cap_and_errors_never_raise():
    layout = WMMA.over((64, 64))
    options = lx.picture_options
    saved = (options.format, options.max_bytes, options.png_fit)
    try:
        svg_bytes = len(WMMA.picture((64, 64)))
        options.png_fit = (320, 240)
        # The cap is on what the notebook stores, the base64 text: an SVG of fewer bytes than
        # the cap whose base64 is more is past it too.
        for cap in (svg_bytes - 1, svg_bytes + 1):
            options.max_bytes = cap  # past the cap as SVG: a fitted PNG instead
            bundle = layout._repr_mimebundle_()
            assert pictures_in(bundle) == 1 and "data:image/png;base64," in bundle["text/html"]
        options.max_bytes = (svg_bytes + 2) // 3 * 4  # the SVG's base64 exactly: shown as SVG
        bundle = layout._repr_mimebundle_()
        assert "data:image/svg+xml;base64," in bundle["text/html"]
        options.max_bytes = 100  # past the cap in every format: one line saying so
        bundle = layout._repr_mimebundle_()
        assert pictures_in(bundle) == 0 and "past the cap" in bundle["text/html"]
        options.max_bytes, options.format = 10 ** 7, "gif"  # a bad setting: a message, no raise
        bundle = layout._repr_mimebundle_()
        assert pictures_in(bundle) == 0 and "gif" in bundle["text/html"]
        assert "Traceback" not in bundle["text/html"]
    finally:
        options.format, options.max_bytes, options.png_fit = saved


def test_bank_result_picture_is_the_scene_view(cli, tmp_path):
    scene = preset_scene("lds-g3")
    read = next(l for l in scene["layouts"] if l["name"] == "read")
    plain = next(l for l in scene["layouts"] if l["name"] == "plain")
    rec = lx.bank_conflicts(read["text"], plain["text"], read["shape"], dtype="f16")
    rec.render(tmp_path / "py.svg")
    # The same access as a scene's bank-map view, drawn by the command line.
    cli_scene = {"format": "layout-explorer-scene", "version": 1,
                 "name": "bank map of reg read from shared",
                 "layouts": [dict(read, name="reg"), dict(plain, name="shared")],
                 "views": [{"kind": "bank-map", "layout": "reg",
                            "options": {"shared": "shared", "write": False, "dtype": "f16"}}]}
    (tmp_path / "s.lxscene").write_text(json.dumps(cli_scene))
    code, _, err = cli("render", "--scene", str(tmp_path / "s.lxscene"), "-o", str(tmp_path / "cli.svg"))
    assert code == 0, err
    assert (tmp_path / "py.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()
    bundle = rec._repr_mimebundle_()
    assert pictures_in(bundle) == 1
    # The phase table beside it, the worst phase highlighted.
    assert bundle["text/html"].count("<tr style=") == 1


def test_preset_result_pictures(cli, tmp_path):
    rec = lx.ds_load_tr(preset="fig2b")
    rec.render(tmp_path / "py.svg", view="ds-load-tr-panels")
    code, _, err = cli("analyze", "ds-load-tr", "--preset", "fig2b", "-o", str(tmp_path / "cli.svg"),
                       "--view", "ds-load-tr-panels")
    assert code == 0, err
    assert (tmp_path / "py.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()
    for r in (lx.cta(preset="fig10"), lx.lds(preset="fig12"), lx.partitions(preset="fig10")):
        assert pictures_in(r._repr_mimebundle_()) == 1


def test_ds_load_tr_text_picture(cli, tmp_path):
    shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>"
    dot = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
    lx.ds_load_tr(shared, dot, (64, 64)).render(tmp_path / "py.svg")
    code, _, err = cli("analyze", "ds-load-tr", "--shared", shared, "--dst", repr(dot), "--shape",
                       "64x64", "-o", str(tmp_path / "cli.svg"))
    assert code == 0, err
    assert (tmp_path / "py.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()


def test_records_without_pictures():
    rec = lx.suggest_cta((128, 128), 4, (16, 16, 32), "bf16")
    assert rec._repr_mimebundle_() is None
    with pytest.raises(lx.LayoutError):
        rec.render("x.svg")


def test_pictures_print_nothing(capfd):
    # A notebook shows a result's picture, not the command's text report beside it: drawing a
    # picture of every kind of result writes nothing to the process's stdout or stderr.
    shared = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>"
    dot = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
    results = [lx.ds_load_tr(shared, dot, (64, 64), dtype="f16"), lx.ds_load_tr(preset="fig2b"),
               lx.bank_conflicts(dot, shared, (64, 64), dtype="f16"), lx.cta(preset="fig10"),
               lx.lds(preset="fig12"), lx.partitions(preset="fig10"), dot.over((64, 64))]
    capfd.readouterr()
    for r in results:
        assert pictures_in(r._repr_mimebundle_()) == 1
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_tables_of_kernels_and_suggestions():
    path = data_path("kernels", "gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir")
    kernel = lx.analyze_kernel(path)
    html = kernel._repr_mimebundle_()["text/html"]
    assert html.count("<tr") == len(kernel.ops) + 1  # a header and one row per op
    # The costliest op's row is the highlighted one.
    marked = html.split("<tr style=")[1].split("</tr>")[0]
    assert f"<td>{kernel.worstOp.line}</td>" in marked
    suggestions = lx.suggest_shared(preset="lds-g3", limit=5)
    html = suggestions._repr_mimebundle_()["text/html"]
    assert html.count("<tr") == 6 and suggestions.candidates[0].text.split("<")[0] in html
