// Engine benchmarks: the operations a view recomputes on every edit, on 14-bit layouts
// (a 128x128 tensor distributed over registers, 32 lanes and 4 warps, and a swizzled shared
// layout of the same tensor), and the side-by-side comparison with Triton 3.6 on the
// layouts of benchlayouts.h (a WMMA v3 dot operand and a swizzled shared layout).

#include "benchlayouts.h"
#include "layout/linearlayout.h"

#include <benchmark/benchmark.h>

using lx::LinearLayout;

namespace {

// WMMA-like register layout: 7 register bits, 5 lane bits, 2 warp bits over (dim0, dim1) 128x128.
LinearLayout registerLayout()
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}, {0, 2}, {0, 4}, {0, 16}, {0, 32}, {16, 0}, {64, 0}}},
         {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}},
         {"warp", {{0, 64}, {32, 0}}},
         {"block", {}}},
        {{"dim0", 128}, {"dim1", 128}}, true);
}

// Swizzled shared layout: offset -> (dim0, dim1), row r XORs its column with 8 * (r mod 8).
LinearLayout sharedLayout()
{
    LinearLayout::BasesT b{{"offset", {}}, {"block", {}}};
    for (int i = 0; i < 7; ++i)
        b[0].second.push_back({0, 1 << i});
    for (int j = 0; j < 7; ++j)
        b[0].second.push_back({1 << j, j < 3 ? 8 << j : 0});
    return *LinearLayout::tryCreate(b, {{"dim0", 128}, {"dim1", 128}}, true);
}

void BM_InvertAndCompose14(benchmark::State &state)
{
    const LinearLayout reg = registerLayout(), shared = sharedLayout();
    for (auto _ : state)
        benchmark::DoNotOptimize(reg.invertAndCompose(shared));
}
BENCHMARK(BM_InvertAndCompose14);

void BM_Compose14(benchmark::State &state)
{
    const LinearLayout reg = registerLayout();
    const LinearLayout inv = *sharedLayout().invert();
    for (auto _ : state)
        benchmark::DoNotOptimize(reg.compose(inv));
}
BENCHMARK(BM_Compose14);

void BM_Invert14(benchmark::State &state)
{
    const LinearLayout shared = sharedLayout();
    for (auto _ : state)
        benchmark::DoNotOptimize(shared.invert());
}
BENCHMARK(BM_Invert14);

// compose(invert): the conversion layout register -> shared offset as Triton's Python computes it,
// `reg.compose(shared.invert())`, the inversion included.
void BM_ComposeInvert14(benchmark::State &state)
{
    const LinearLayout reg = registerLayout(), shared = sharedLayout();
    for (auto _ : state)
        benchmark::DoNotOptimize(reg.compose(*shared.invert()));
}
BENCHMARK(BM_ComposeInvert14);

// The same on the layouts of the comparison with Triton 3.6: the WMMA v3 A operand (2 owners per
// element) and the swizzled shared layout over an n x n tensor.
void BM_ComposeInvertDotOperand(benchmark::State &state)
{
    const int n = int(state.range(0));
    const LinearLayout dot = lxbench::layoutOf(lxbench::kDotOperandText, n);
    const LinearLayout shared = lxbench::layoutOf(lxbench::kSwizzledText, n);
    for (auto _ : state)
        benchmark::DoNotOptimize(dot.compose(*shared.invert()));
}
BENCHMARK(BM_ComposeInvertDotOperand)->Arg(128)->Arg(256);

// invertAndCompose on the same pair (Triton's cvt layout).
void BM_InvertAndComposeDotOperand(benchmark::State &state)
{
    const int n = int(state.range(0));
    const LinearLayout dot = lxbench::layoutOf(lxbench::kDotOperandText, n);
    const LinearLayout shared = lxbench::layoutOf(lxbench::kSwizzledText, n);
    for (auto _ : state)
        benchmark::DoNotOptimize(dot.invertAndCompose(shared));
}
BENCHMARK(BM_InvertAndComposeDotOperand)->Arg(128)->Arg(256);

void BM_Product(benchmark::State &state)
{
    const LinearLayout a = registerLayout(), b = *LinearLayout::identity1D(4, "register", "dim1");
    for (auto _ : state)
        benchmark::DoNotOptimize(a.product(b));
}
BENCHMARK(BM_Product);

void BM_ApplyFlatAll14(benchmark::State &state)
{
    const LinearLayout reg = registerLayout();
    for (auto _ : state) {
        uint64_t acc = 0;
        for (uint64_t x = 0; x < (uint64_t(1) << 14); ++x)
            acc ^= reg.applyFlat(x);
        benchmark::DoNotOptimize(acc);
    }
}
BENCHMARK(BM_ApplyFlatAll14);

} // namespace
