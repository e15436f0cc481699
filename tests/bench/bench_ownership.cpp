// Ownership enumeration (core/analysis/ownership.h): every owner of every element.

#include "analysis/ownership.h"
#include "benchlayouts.h"
#include "layout/linearlayout.h"

#include <benchmark/benchmark.h>

namespace {

// A surjective, injective layout over (n × n), n = 2^k with k in {8, 10}: register, lane (5 bits)
// and warp (3 bits) bases interleaved over both dims, like a blocked layout with repetitions.
lx::LinearLayout squareLayout(int log2n)
{
    std::vector<std::vector<int32_t>> dim0Bits, dim1Bits;
    for (int b = 0; b < log2n; ++b) {
        dim0Bits.push_back({1 << b, 0});
        dim1Bits.push_back({0, 1 << b});
    }
    // Consume bits alternately: register gets the low 4 of each dim, lane 5, warp 3, register the
    // rest.
    std::vector<std::vector<int32_t>> order;
    for (int b = 0; b < log2n; ++b) {
        order.push_back(dim1Bits[size_t(b)]);
        order.push_back(dim0Bits[size_t(b)]);
    }
    lx::LinearLayout::BasesT bases = {{"register", {}}, {"lane", {}}, {"warp", {}}};
    for (size_t i = 0; i < order.size(); ++i) {
        const size_t dim = i < 8 ? 0 : i < 13 ? 1 : i < 16 ? 2 : 0;
        bases[dim].second.push_back(order[i]);
    }
    return *lx::LinearLayout::tryCreate(bases, {{"dim0", 1 << log2n}, {"dim1", 1 << log2n}}, true);
}

void BM_OwnershipEnumeration(benchmark::State &state)
{
    const auto layout = squareLayout(int(state.range(0)));
    for (auto _ : state) {
        auto map = lx::computeOwnership(layout, {});
        benchmark::DoNotOptimize(map);
    }
    state.SetItemsProcessed(state.iterations() * layout.totalInDimSize());
    state.SetLabel(std::to_string(1 << state.range(0)) + "x" + std::to_string(1 << state.range(0)));
}

// The same with a broadcast: an extra in-dim bit mapping to zero gives every element two owners
// and takes the general (count, then scatter) path.
void BM_OwnershipEnumerationReplicated(benchmark::State &state)
{
    const auto square = squareLayout(int(state.range(0)));
    auto bases = square.bases();
    bases.push_back({"block", {{0, 0}}});
    const auto layout = *lx::LinearLayout::tryCreate(bases, square.outDims(), false);
    for (auto _ : state) {
        auto map = lx::computeOwnership(layout, {});
        benchmark::DoNotOptimize(map);
    }
    state.SetItemsProcessed(state.iterations() * layout.totalInDimSize());
}

// The full ownership map of the 256×256 A dot operand of a WMMA v3 layout with 2×2 warps: two
// owners per element (the "2 owners per element" row of the comparison with Triton).
void BM_OwnershipReplicated(benchmark::State &state)
{
    const auto layout = lxbench::layoutOf(lxbench::kDotOperandText, int(state.range(0)));
    for (auto _ : state) {
        auto map = lx::computeOwnership(layout, {});
        benchmark::DoNotOptimize(map);
    }
    state.SetItemsProcessed(state.iterations() * layout.totalOutDimSize());
    state.counters["s/element"] = benchmark::Counter(double(layout.totalOutDimSize()),
                                                     benchmark::Counter::kIsIterationInvariantRate |
                                                         benchmark::Counter::kInvert);
}

// The largest request computeOwnership accepts: 2^26 inputs (the dot operand over 4096×8192,
// two owners per element). Run alone under /usr/bin/time for its peak memory.
void BM_Ownership2pow26(benchmark::State &state)
{
    const auto layout = lxbench::layoutOf(lxbench::kDotOperandText, 4096, 8192);
    for (auto _ : state) {
        auto map = lx::computeOwnership(layout, {});
        benchmark::DoNotOptimize(map);
    }
    state.SetItemsProcessed(state.iterations() * layout.totalInDimSize());
}

} // namespace

BENCHMARK(BM_Ownership2pow26)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_OwnershipReplicated)
    ->Arg(64)
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Arg(2048)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OwnershipEnumerationReplicated)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OwnershipEnumeration)->Arg(8)->Arg(10)->Unit(benchmark::kMillisecond);
