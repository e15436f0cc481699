"""pytest-benchmark benchmarks of Python calls (not part of the ctest run; `scripts/run
bench-python` runs them). They measure; they assert only that the call answered."""

import layout_explorer as lx

WMMA = lx.AMDWMMALayout(version=3, transposed=True, warp_bases=[[0, 1], [1, 0]],
                        instr_shape=[16, 16, 32])
DOT_B = lx.DotOperandLayout(operand_index=1, parent=WMMA, k_width=8)
SHARED = lx.SwizzledSharedLayout(vec=8, per_phase=1, max_phase=8, order=[1, 0])
BLOCKED = lx.BlockedLayout(size_per_thread=[1, 8], threads_per_warp=[4, 8], warps_per_cta=[4, 1],
                           order=[1, 0])


def test_bank_conflicts_64x64_f16(benchmark):
    dot_a = lx.DotOperandLayout(operand_index=0, parent=WMMA, k_width=8)
    rec = benchmark(lx.bank_conflicts, dot_a, SHARED, (64, 64), dtype="f16")
    assert rec.totals.instructions > 0


def test_to_linear_layout_256x256_dot_operand(benchmark):
    layout = benchmark(lx.to_linear_layout, DOT_B, (256, 256))
    assert layout.is_surjective()


def test_format_tensor_view_256x256(benchmark):
    text = benchmark(BLOCKED.format_tensor_view, (256, 256))
    assert text.count("\n") >= 256
