// Text and evaluation benchmarks of the engine, on the layouts Triton's own engine was measured
// with: the A dot operand of a WMMA v3 layout (2×2 warps, so every element has two owners) and
// a swizzled shared layout, at 256×256 and 512×512.
//   BM_TritonTextDistributed/N, BM_TritonTextShared/N: Triton's tensor text views
//   BM_ApplyNamed: apply() of one point with named in-dims
//   BM_TtgToLayout/N: `#ttg` text → linear layout (parse + build); BM_TtgBuildOnly/N the build

#include "benchlayouts.h"
#include "io/tritontext.h"

#include <benchmark/benchmark.h>

namespace {

using lxbench::kDotOperandText;
using lxbench::kSwizzledText;
using lxbench::layoutOf;

void BM_TritonTextDistributed(benchmark::State &state)
{
    const auto layout = layoutOf(kDotOperandText, int(state.range(0)));
    size_t bytes = 0;
    for (auto _ : state) {
        std::string text = lx::tritonDistributedView(layout, false);
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}
BENCHMARK(BM_TritonTextDistributed)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

void BM_TritonTextShared(benchmark::State &state)
{
    const auto layout = layoutOf(kSwizzledText, int(state.range(0)));
    size_t bytes = 0;
    for (auto _ : state) {
        std::string text = lx::tritonSharedView(layout, false);
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(bytes));
}
BENCHMARK(BM_TritonTextShared)->Arg(256)->Unit(benchmark::kMillisecond);

void BM_ApplyNamed(benchmark::State &state)
{
    const auto layout = layoutOf(kDotOperandText, 256);
    const std::vector<lx::LinearLayout::NamedValue> in = {
        {"register", 5}, {"lane", 17}, {"warp", 3}, {"block", 0}};
    for (auto _ : state) {
        auto out = layout.apply(in);
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_ApplyNamed)->Unit(benchmark::kNanosecond);

void BM_TtgToLayout(benchmark::State &state)
{
    const int n = int(state.range(0));
    for (auto _ : state) {
        const auto attr = lx::parseTtg(kDotOperandText);
        auto layout = lx::toLinearLayout(**attr, {n, n});
        benchmark::DoNotOptimize(layout);
    }
}
BENCHMARK(BM_TtgToLayout)->Arg(256)->Unit(benchmark::kMicrosecond);

// The build alone (the attribute parsed once): where BM_TtgToLayout's time goes.
void BM_TtgBuildOnly(benchmark::State &state)
{
    const int n = int(state.range(0));
    const auto attr = lx::parseTtg(kDotOperandText);
    for (auto _ : state) {
        auto layout = lx::toLinearLayout(**attr, {n, n});
        benchmark::DoNotOptimize(layout);
    }
}
BENCHMARK(BM_TtgBuildOnly)->Arg(256)->Unit(benchmark::kMicrosecond);

} // namespace
