"""Pictures: a layout's or a result's .render(path, ...) writes the bytes `layout-explorer render`
writes for the same inputs, and _repr_svg_ / _repr_png_ are those pictures for Jupyter."""

import json

import pytest

import layout_explorer as lx
from conftest import preset_scene

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


def test_layout_repr_svg():
    assert WMMA._repr_svg_() is None  # no shape: no picture, Jupyter shows the text
    svg = WMMA.over((64, 64))._repr_svg_()
    # The form a notebook embeds in HTML: the SVG element itself, no XML declaration.
    assert svg.startswith("<svg") and "<?xml" not in svg
    png = WMMA.over((64, 64))._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


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
    assert "<svg" in rec._repr_svg_()


def test_preset_result_pictures(cli, tmp_path):
    rec = lx.ds_load_tr(preset="fig2b")
    rec.render(tmp_path / "py.svg", view="ds-load-tr-panels")
    code, _, err = cli("analyze", "ds-load-tr", "--preset", "fig2b", "-o", str(tmp_path / "cli.svg"),
                       "--view", "ds-load-tr-panels")
    assert code == 0, err
    assert (tmp_path / "py.svg").read_bytes() == (tmp_path / "cli.svg").read_bytes()
    for r in (lx.cta(preset="fig10"), lx.lds(preset="fig12"), lx.partitions(preset="fig10")):
        assert "<svg" in r._repr_svg_()


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
    assert rec._repr_svg_() is None
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
        assert r._repr_svg_() and r._repr_png_()
    out, err = capfd.readouterr()
    assert out == "" and err == ""
