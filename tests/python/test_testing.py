"""layout_explorer.testing: the assertions a kernel project's pytest suite uses. Each is judged
against the analysis' own numbers (bank_conflicts, analyze_kernel), not against check's output."""

import glob
import json
import os

import pytest

import layout_explorer as lx
from layout_explorer.testing import assert_budget, assert_conflict_free
from conftest import DATA_DIR

KERNELS = os.path.join(DATA_DIR, "kernels")
ROW_READ = "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>"
PLAIN = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"


def test_a_conflicted_access_fails_with_its_ways():
    # Each lane reads one 128-byte row of a 128x64 f16 tile with ds_load_b128; gfx1250 serves 16
    # lanes per phase over 64 banks of 4 B (256 B), so rows r and r+2 hit the same banks: the 16
    # lanes of a phase meet 8 at a time, an 8-way conflict.
    with pytest.raises(AssertionError, match=r"^8-way bank conflict \(ds_load_b128 on gfx1250"):
        assert_conflict_free(ROW_READ, PLAIN, (128, 64), dtype="f16", arch="gfx1250")
    rec = assert_conflict_free(ROW_READ, PLAIN, (128, 64), dtype="f16", arch="gfx1250",
                               max_ways=8)
    assert rec.maxWays == 8


def test_the_verdict_follows_the_bank_record():
    swizzled = "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>"
    rec = lx.bank_conflicts(ROW_READ, swizzled, (128, 64), dtype="f16", arch="gfx1250")
    ways = rec.maxWays
    assert assert_conflict_free(ROW_READ, swizzled, (128, 64), dtype="f16", arch="gfx1250",
                                max_ways=ways).maxWays == ways
    if ways > 1:
        with pytest.raises(AssertionError, match=f"^{ways}-way"):
            assert_conflict_free(ROW_READ, swizzled, (128, 64), dtype="f16", arch="gfx1250",
                                 max_ways=ways - 1)


def _worst_kernel():
    """A kernel of tests/data/kernels with a conflict, and its worst op's n-way."""
    for path in sorted(glob.glob(os.path.join(KERNELS, "*.ttgir"))):
        ops = lx.analyze_kernel(path)["ops"]
        worst = max((op.get("maxWays", 0) or 0 for op in ops), default=0)
        if worst >= 2:
            return path, worst, [op for op in ops if op.get("maxWays") == worst]
    pytest.fail("no kernel of tests/data/kernels has a bank conflict")


def test_assert_budget_passes_at_the_worst_ways_and_names_the_ops_below_it():
    path, worst, offenders = _worst_kernel()
    rec = assert_budget(path, max_ways=worst)
    assert rec["exitCode"] == 0
    with pytest.raises(AssertionError) as broken:
        assert_budget(path, max_ways=worst - 1)
    message = str(broken.value)
    assert message.startswith("1 of 1 kernels break their LDS budgets")
    for op in offenders:
        assert f"{path}:{op['line']}  {op['op']}" in message


def test_a_waiver_keeps_the_kernel_passing(tmp_path):
    path, worst, offenders = _worst_kernel()
    lines = sorted({op["line"] for op in offenders})
    budgets = tmp_path / "budgets.json"
    budgets.write_text(json.dumps({"waivers": [
        {"line": line, "budget": "maxWays", "reason": "accepted in this test"} for line in lines]}))
    rec = assert_budget([path], max_ways=worst - 1, budgets=budgets)
    waived = [v for b in rec["kernels"][0]["budgets"] for v in b["violations"] if v["waived"]]
    assert sorted({v["line"] for v in waived}) == lines


@pytest.mark.parametrize("call, cause", [
    (lambda: assert_budget("no/such/kernels", max_ways=2), "no/such/kernels"),
    (lambda: assert_budget(KERNELS), "no budget"),
    (lambda: assert_budget([], max_ways=2), "no path"),
    (lambda: assert_conflict_free(ROW_READ, PLAIN, (128, 64), dtype="f16", max_ways=0), "max_ways"),
    (lambda: assert_conflict_free(ROW_READ, "#ttg.nonsense<{}>", (128, 64)), "nonsense"),
])
def test_bad_input_is_a_layout_error_not_a_failed_assertion(call, cause):
    with pytest.raises(lx.LayoutError, match=cause):
        call()


def test_docstring_example_passes():
    # The example in the module's docstring (and docs/check.md) is a passing test as written.
    import layout_explorer.testing as t
    doc = t.__doc__
    code = doc[doc.rindex("\n", 0, doc.index("def test_b_tile")) + 1:]
    scope = {"assert_conflict_free": t.assert_conflict_free}
    exec(compile("\n".join(l[4:] for l in code.splitlines()), "docstring", "exec"), scope)
    name = next(k for k in scope if k.startswith("test_"))
    scope[name]()


@pytest.mark.parametrize("name", sorted(os.path.basename(p) for p in glob.glob(os.path.join(KERNELS, "gemm_gfx1250_*128x128x64*.ttgir"))))
def test_the_worst_op_is_the_costliest(name):
    # The record names its costliest op by cycles per CTA (all warps), the op the records'
    # own numbers rank first; a bank view's cycles are one wave's, under another name.
    rec = lx.analyze_kernel(os.path.join(KERNELS, name))
    costed = [op for op in rec.ops if op.cyclesPerCta is not None]
    most = max(op.cyclesPerCta for op in costed)
    first = next(op for op in costed if op.cyclesPerCta == most)
    assert rec.worstOp.line == first.line
    assert rec.worstOp.cyclesPerCta == most
    assert rec.worstOp.reason
    assert rec.cyclesPerCta == sum(op.cyclesPerCta for op in costed)
    assert "cycles" not in rec.ops[0] and "ldsBytes" not in rec
