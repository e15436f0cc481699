#pragma once

// The MI450 compute unit exactly as the AMD blog "A Deep Dive into LDS Optimizations on AMD
// Instinct MI450 GPUs" describes it, for tests that must not depend on the architecture file:
// pair A holds SIMD 0 and SIMD 2, pair B SIMD 1 and SIMD 3; six 64 KiB hardware partitions, five
// of them LDS (320 KiB); two ports, L and C, of 256 B/cycle each (docs/lds-models.md §3). The
// fixed cost is left at 0 here: tst_bandwidth fits it to the blog's two measurements
// (docs/worked-cases.md P1).

#include "analysis/culdsmodel.h"

inline lx::CuLdsModel blogCuLdsModel()
{
    lx::CuLdsModel cu;
    cu.arch = "gfx1250";
    cu.lanesPerWarp = 32;
    cu.numSimds = 4;
    cu.simdPair = {0, 1, 0, 1};
    cu.pairNames = {"A", "B"};
    cu.ldsBytes = 320 * 1024;
    cu.partitionBytes = 64 * 1024;
    cu.numLdsPartitions = 5;
    cu.numHwPartitions = 6;
    cu.numPorts = 2;
    cu.portNames = {"L", "C"};
    cu.portBytesPerCycle = 256;
    cu.fixedCycles = 0;
    return cu;
}
