#pragma once

// The compute unit exactly as the seed describes it (Part II), for tests that must not depend on
// the architecture file: "Pair A holds SIMD 0 and SIMD 2; Pair B holds SIMD 1 and SIMD 3",
// "six 64 KiB hardware memory partitions ... five belong to LDS, giving its 320 KiB", "two ports,
// L and C, each running at 256 B/cycle". The fixed cost is left at 0 here: tst_bandwidth derives
// it from the seed's measurements (lds-cases.md P1).

#include "analysis/culdsmodel.h"

inline lx::CuLdsModel seedCuLdsModel()
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
