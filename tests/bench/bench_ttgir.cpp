// Reading TTGIR modules (io/ttgir.h) and analysing them (analysis/kernel.h). The modules are
// made here: the aliases and module header of a gfx950 attention kernel, then a block of ops as
// Triton prints them (loads, local_alloc / local_load with inline dot_op encodings, an scf.for
// with an scf.if, arith ops Triton emits by the dozen, loc references) repeated until the
// module has the wanted number of lines.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

const char *const kHeader =
    R"(#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#shared2 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [1, 0]}>
#smem = #ttg.shared_memory
#loc = loc("kernels.py":26:0)
#loc1 = loc("q"(#loc))
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @attn(%q_ptr: !tt.ptr<f16> loc("q_ptr"(#loc)), %n: i32 loc("n"(#loc))) attributes {noinline = false} {
)";

const char *const kBlock =
    R"(    %c0_i32 = arith.constant 0 : i32 loc(#loc)
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma> loc(#loc)
    %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> loc(#loc)
    %e = tt.expand_dims %offs {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked> loc(#loc)
    %p = tt.splat %q_ptr : !tt.ptr<f16> -> tensor<128x128x!tt.ptr<f16>, #blocked> loc(#loc)
    %x = tt.load %p : tensor<128x128x!tt.ptr<f16>, #blocked> loc(#loc1)
    %a = ttg.local_alloc %x : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem> loc(#loc1)
    %r:2 = scf.for %i = %c0_i32 to %n step %c0_i32 iter_args(%acc = %cst, %m = %cst) -> (tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma>)  : i32 {
      %l = ttg.local_load %a : !ttg.memdesc<128x128xf16, #shared, #smem> -> tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> loc(#loc1)
      %d = tt.dot %l, %l, %acc, inputPrecision = tf32 : tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<128x128xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> -> tensor<128x128xf32, #mma> loc(#loc)
      %s = arith.mulf %d, %d : tensor<128x128xf32, #mma> loc(#loc)
      %c = arith.cmpi slt, %i, %n : i32 loc(#loc)
      %y = scf.if %c -> (tensor<128x128xf32, #mma>) {
        scf.yield %s : tensor<128x128xf32, #mma> loc(#loc)
      } else {
        scf.yield %d : tensor<128x128xf32, #mma> loc(#loc)
      } loc(#loc)
      scf.yield %y, %s : tensor<128x128xf32, #mma>, tensor<128x128xf32, #mma> loc(#loc)
    } loc(#loc)
    %t = arith.truncf %r#0 : tensor<128x128xf32, #mma> to tensor<128x128xf16, #mma> loc(#loc)
    %v = ttg.convert_layout %t : tensor<128x128xf16, #mma> -> tensor<128x128xf16, #blocked> loc(#loc)
    tt.store %p, %v : tensor<128x128x!tt.ptr<f16>, #blocked> loc(#loc)
)";

std::string moduleOfLines(int lines)
{
    std::string text = kHeader;
    int n = 10;
    while (n < lines - 3) {
        text += kBlock;
        n += 22;
    }
    text += "    tt.return loc(#loc)\n  } loc(#loc)\n} loc(#loc)\n";
    return text;
}

void BM_ParseTtgir(benchmark::State &state)
{
    const std::string text = moduleOfLines(int(state.range(0)));
    int64_t ops = 0;
    for (auto _ : state) {
        lx::Expected<lx::TtgirModule> m = lx::parseTtgir(text);
        if (!m) {
            state.SkipWithError(m.message().c_str());
            break;
        }
        ops = int64_t(m->ops.size());
        benchmark::DoNotOptimize(m);
    }
    state.counters["lines"] = double(state.range(0));
    state.counters["ops"] = double(ops);
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(text.size()));
}
BENCHMARK(BM_ParseTtgir)->Arg(300)->Arg(10000)->Unit(benchmark::kMillisecond);

// Parse and analyse (every op's layouts, transposed-load decisions and bank conflicts).
void BM_AnalyzeKernel(benchmark::State &state)
{
    const std::string text = moduleOfLines(int(state.range(0)));
    for (auto _ : state) {
        lx::Expected<lx::TtgirModule> m = lx::parseTtgir(text);
        lx::Expected<lx::KernelReport> r = m ? lx::analyzeKernel(*m) : lx::makeError(m.message());
        if (!r) {
            state.SkipWithError(r.message().c_str());
            break;
        }
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_AnalyzeKernel)->Arg(300)->Unit(benchmark::kMillisecond);

} // namespace
