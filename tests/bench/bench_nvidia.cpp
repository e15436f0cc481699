// NVIDIA layout benchmarks: the NVMMA shared layout to its linear layout (the build alone, and
// the `#ttg` text parsed and built), at 64x64 (one 128-byte-swizzle TMA box of fp16), 128x128 (two
// boxes) and 256x256 (four), and a Hopper MMA accumulator for comparison.
//   BM_NvmmaSharedBuild/N: toLinearLayout of a parsed #ttg.nvmma_shared (128 B, fp16), N x N
//   BM_NvmmaSharedBuildTransposed/N: the same, transposed (the box rotated back)
//   BM_NvmmaSharedTtg/N: parse + build
//   BM_NvidiaMmaBuild/N: a Hopper accumulator (8 warps, instr [16, 128, 16]), N x N

#include "io/ttgtext.h"
#include "layout/builders.h"

#include <benchmark/benchmark.h>

#include <stdexcept>

namespace {

constexpr const char *kNvmmaShared =
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
constexpr const char *kNvmmaSharedTransposed =
    "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>";
constexpr const char *kHopperMma = "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, "
                                   "warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>";

lx::LayoutAttrPtr attrOf(const char *text)
{
    const auto attr = lx::parseTtg(text);
    if (!attr)
        throw std::runtime_error(attr.message());
    return *attr;
}

void buildLoop(benchmark::State &state, const char *text)
{
    const int n = int(state.range(0));
    const lx::LayoutAttrPtr attr = attrOf(text);
    for (auto _ : state) {
        auto layout = lx::toLinearLayout(*attr, {n, n});
        benchmark::DoNotOptimize(layout);
    }
}

void BM_NvmmaSharedBuild(benchmark::State &state)
{
    buildLoop(state, kNvmmaShared);
}
BENCHMARK(BM_NvmmaSharedBuild)->Arg(64)->Arg(128)->Arg(256)->Unit(benchmark::kMicrosecond);

void BM_NvmmaSharedBuildTransposed(benchmark::State &state)
{
    buildLoop(state, kNvmmaSharedTransposed);
}
BENCHMARK(BM_NvmmaSharedBuildTransposed)->Arg(128)->Unit(benchmark::kMicrosecond);

void BM_NvmmaSharedTtg(benchmark::State &state)
{
    const int n = int(state.range(0));
    for (auto _ : state) {
        const auto attr = lx::parseTtg(kNvmmaShared);
        auto layout = lx::toLinearLayout(**attr, {n, n});
        benchmark::DoNotOptimize(layout);
    }
}
BENCHMARK(BM_NvmmaSharedTtg)->Arg(128)->Unit(benchmark::kMicrosecond);

void BM_NvidiaMmaBuild(benchmark::State &state)
{
    buildLoop(state, kHopperMma);
}
BENCHMARK(BM_NvidiaMmaBuild)->Arg(128)->Arg(256)->Unit(benchmark::kMicrosecond);

} // namespace
