"""pytest-benchmark benchmarks of Python calls (not part of the ctest run; `scripts/run
bench-python` runs them). They measure; they assert only that the call answered.

The same file runs against an older build of the package (PYTHONPATH at its build/python) for a
side-by-side table: a call the older package lacks (bank_conflicts_many) is measured as the loop
it replaces."""

import os

import layout_explorer as lx

from autotune_candidates import candidates

HERE = os.path.dirname(os.path.abspath(__file__))
GEMM = os.path.join(HERE, "..", "data", "kernels",
                    "gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir")

WMMA = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                        instr_shape=[16, 16, 32])
DOT_A = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
DOT_B = lx.DotOperandLayout(operand_index=1, parent=WMMA, k_width=8)
SHARED = lx.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])


def test_bank_conflicts_64x64_f16(benchmark):
    rec = benchmark(lx.bank_conflicts, DOT_A, SHARED, (64, 64), dtype="f16")
    assert rec.totals.instructions > 0


def test_to_linear_layout_256x256_dot_operand(benchmark):
    layout = benchmark(lx.to_linear_layout, DOT_B, (256, 256))
    assert layout.is_surjective()


def test_format_tensor_view_256x256_wmma_operand(benchmark):
    text = benchmark(DOT_B.format_tensor_view, (256, 256))
    assert text.count("\n") >= 256


def test_analyze_kernel_gemm(benchmark):
    rec = benchmark(lx.analyze_kernel, GEMM)
    assert rec["ops"]


def test_bank_conflicts_1000_candidates(benchmark):
    shared = candidates()
    if hasattr(lx, "bank_conflicts_many"):
        many = lambda: lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16")
    else:
        many = lambda: [lx.bank_conflicts(DOT_A, s, (64, 64), dtype="f16") for s in shared]
    recs = benchmark.pedantic(many, rounds=3, iterations=1)
    assert len(recs) == 1000


def test_bank_conflicts_1000_candidates_one_thread(benchmark):
    """The batch on one thread (threads=1): the engine's own speed, without the cores."""
    import inspect
    import pytest
    if "threads" not in inspect.signature(lx.bank_conflicts_many).parameters:
        pytest.skip("this package's batch has no thread count")
    shared = candidates()
    recs = benchmark.pedantic(
        lambda: lx.bank_conflicts_many(DOT_A, shared, (64, 64), dtype="f16", threads=1),
        rounds=3, iterations=1)
    assert len(recs) == 1000
