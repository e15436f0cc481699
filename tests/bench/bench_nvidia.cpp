// NVIDIA layout benchmarks: the NVMMA shared layout to its linear layout (the build alone, and
// the `#ttg` text parsed and built), at 64x64 (one 128-byte-swizzle TMA box of fp16), 128x128 (two
// boxes) and 256x256 (four), and a Hopper MMA accumulator for comparison.
//   BM_NvmmaSharedBuild/N: toLinearLayout of a parsed #ttg.nvmma_shared (128 B, fp16), N x N
//   BM_NvmmaSharedBuildTransposed/N: the same, transposed (the box rotated back)
//   BM_NvmmaSharedTtg/N: parse + build
//   BM_NvidiaMmaBuild/N: a Hopper accumulator (8 warps, instr [16, 128, 16]), N x N
//   BM_NvmmaSharedSwizzle/S/B: the build at 128 x 128 for swizzle S bytes (0, 32, 64, 128) and
//     B-bit elements (8, 16, 32)
//   BM_Sm90ModuleRead / BM_Sm90ModuleAnalysis: an sm90 matmul of tests/data/kernels/nvidia
//     (sm90_fp16_128x128x64_w4_s3_am_bn: TMA copies, wgmma, a convert_layout through shared
//     memory) read, and analysed in full (analyzeKernel: every op's lowering, wavefronts,
//     allocation and totals)

#include "analysis/kernel.h"
#include "io/ttgir.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

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

void BM_NvmmaSharedSwizzle(benchmark::State &state)
{
    lx::NvmmaSharedAttr a;
    a.swizzlingByteWidth = int32_t(state.range(0));
    a.elementBitWidth = int32_t(state.range(1));
    const lx::LayoutAttrPtr attr = lx::makeAttr(a);
    if (!lx::toLinearLayout(*attr, {128, 128}))
        throw std::runtime_error("NVMMA layout does not build");
    for (auto _ : state) {
        auto layout = lx::toLinearLayout(*attr, {128, 128});
        benchmark::DoNotOptimize(layout);
    }
}
BENCHMARK(BM_NvmmaSharedSwizzle)
    ->ArgsProduct({{0, 32, 64, 128}, {8, 16, 32}})
    ->Unit(benchmark::kMicrosecond);

std::string sm90Module()
{
    std::ifstream in(LX_TEST_DATA_DIR "/kernels/nvidia/sm90_fp16_128x128x64_w4_s3_am_bn.ttgir");
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().empty())
        throw std::runtime_error("cannot read the sm90 module");
    return text.str();
}

void BM_Sm90ModuleRead(benchmark::State &state)
{
    const std::string text = sm90Module();
    for (auto _ : state) {
        auto module = lx::parseTtgir(text);
        benchmark::DoNotOptimize(module);
    }
}
BENCHMARK(BM_Sm90ModuleRead)->Unit(benchmark::kMicrosecond);

void BM_Sm90ModuleAnalysis(benchmark::State &state)
{
    const auto module = lx::parseTtgir(sm90Module());
    if (!module)
        throw std::runtime_error(module.message());
    for (auto _ : state) {
        auto report = lx::analyzeKernel(*module);
        benchmark::DoNotOptimize(report);
    }
}
BENCHMARK(BM_Sm90ModuleAnalysis)->Unit(benchmark::kMicrosecond);

} // namespace
