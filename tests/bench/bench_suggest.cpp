// The design assistant's searches (core/analysis/suggest.h, suggestcta.h): a 128x128 f16 operand
// (meant to stay well under 200 ms, a search while the user waits) and the fig8 ctaLayout search.

#include "analysis/suggest.h"
#include "analysis/suggestcta.h"
#include "hw/arch.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <benchmark/benchmark.h>

namespace {

lx::LinearLayout layoutOf(const char *text, const std::vector<int32_t> &shape)
{
    return *lx::toLinearLayout(**lx::parseTtg(text), shape);
}

// gfx950 A operand of a 128x128x128 f16 GEMM tile: MFMA v4 dot operand read, 16-byte global
// loads written.
void BM_SuggestShared(benchmark::State &state)
{
    lx::SuggestSharedRequest req;
    req.arch = *lx::loadArchitecture("gfx950");
    req.shape = {128, 128};
    req.elementBits = 16;
    req.readAttr = *lx::parseTtg(
        "#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], "
        "instrShape = [32, 32, 16], isTransposed = true}>, kWidth = 8}>");
    req.read = *lx::toLinearLayout(*req.readAttr, req.shape);
    req.write = layoutOf("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], "
                         "warpsPerCTA = [4, 1], order = [1, 0]}>",
                         req.shape);
    int64_t scored = 0;
    for (auto _ : state) {
        auto r = lx::suggestShared(req);
        if (!r) {
            state.SkipWithError(r.message().c_str());
            return;
        }
        scored = r->scored;
        benchmark::DoNotOptimize(r->candidates.data());
    }
    state.counters["candidates"] = double(scored);
}
BENCHMARK(BM_SuggestShared)->Unit(benchmark::kMillisecond);

void BM_SuggestCta(benchmark::State &state)
{
    const auto cu = *lx::cuModelOf("gfx1250");
    lx::CtaSuggestRequest req;
    req.shape = {128, 128};
    req.warps = 8;
    req.instrShape = {16, 16, 32};
    for (auto _ : state) {
        auto r = lx::suggestCtaLayouts(req, cu);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_SuggestCta)->Unit(benchmark::kMillisecond);

} // namespace
