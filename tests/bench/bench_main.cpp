// lx_bench's main: the program's memory settings (sys/processmemory.h), as layout-explorer's main
// applies them, then Google Benchmark's own main.

#include "sys/processmemory.h"

#include <benchmark/benchmark.h>

int main(int argc, char **argv)
{
    lx::configureProcessMemory(argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
