#pragma once

// The MI450 compute unit exactly as the AMD blog "A Deep Dive into LDS Optimizations on AMD
// Instinct MI450 GPUs" describes it, for tests that must not depend on the architecture file:
// pair A holds SIMD 0 and SIMD 2, pair B SIMD 1 and SIMD 3; six 64 KiB hardware partitions, five
// of them LDS (320 KiB); two ports, L and C, of 256 B/cycle each (docs/lds-models.md §3). The
// fixed cost is left at 0 here: tst_bandwidth fits it to the blog's two measurements
// (docs/worked-cases.md P1).

#include "hw/arch.h"

inline lx::CuModel blogCuModel()
{
    lx::CuModel cu;
    cu.arch = "gfx1250";
    cu.ldsBytes = 320 * 1024;
    cu.lanesPerWarp = 32;
    cu.simds = 4;
    cu.pairNames = {"A", "B"};
    cu.pairSimds = {{0, 2}, {1, 3}};
    cu.partitionBytes = 64 * 1024;
    cu.ldsPartitions = 5;
    cu.l0Partitions = 1;
    cu.ports = 2;
    cu.portNames = {"L", "C"};
    cu.portBytesPerCycle.value = 256;
    cu.fixedCycles.value = 0;
    return cu;
}
