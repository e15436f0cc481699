// Scene load: reading a scene file and resolving every layout it names (parse the #ttg text,
// build the linear layout), as opening a file or a preset does.

#include "base/resources.h"
#include "io/scene.h"

#include <benchmark/benchmark.h>

namespace {

void BM_LoadPresetScene(benchmark::State &state, const char *path)
{
    const std::string text(*lx::embeddedResource(path));
    for (auto _ : state) {
        lx::Expected<lx::Scene> scene = lx::parseScene(text);
        for (const lx::SceneLayout &l : scene->layouts)
            benchmark::DoNotOptimize(lx::resolveLayout(l));
    }
}
BENCHMARK_CAPTURE(BM_LoadPresetScene, fig10, "presets/fig10.lxscene")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LoadPresetScene, attention_v, "presets/attention-v.lxscene")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LoadPresetScene, rocmlir_kpack_before, "presets/rocmlir-kpack-before.lxscene")
    ->Unit(benchmark::kMicrosecond);

} // namespace
