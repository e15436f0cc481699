#pragma once

// CuLdsModel: the few facts about one compute unit (an MI450 Workgroup Processor) that the
// ctaLayout, partition, allocator and bandwidth analyses need, as plain values.
//
// The analyses never assume gfx1250: they read every number from a CuLdsModel. Fill it from the
// architecture description (resources/arch/*.json, read by core/hw) so an edited description
// changes every answer; tests build their own from the blog's numbers.
//
// The warp -> SIMD -> pair mapping is the blog's (Part II): warp w runs on SIMD w mod numSimds,
// and SIMD s belongs to pair simdPair[s] (gfx1250: SIMD 0, 2 -> pair A = 0; SIMD 1, 3 -> pair B
// = 1). It is partly inferred (docs/gfx1250-layouts.md §6), which is why it is data, not code.

#include "layout/expected.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

struct CuLdsModel
{
    std::string arch;                   // e.g. "gfx1250"
    int lanesPerWarp = 0;               // 32 on gfx1250
    int numSimds = 0;                   // SIMDs per compute unit
    std::vector<int> simdPair;          // pair of each SIMD, numSimds entries
    std::vector<std::string> pairNames; // "A", "B"
    int64_t ldsBytes = 0;               // LDS capacity (320 KiB)
    int64_t partitionBytes = 0;         // one hardware partition (64 KiB); 0 = not partitioned
    int numLdsPartitions = 0;           // partitions that hold LDS (5)
    int numHwPartitions = 0;            // all hardware partitions, the L0 one included (6)
    int numPorts = 0;                   // arbiter ports (2: L and C)
    std::vector<std::string> portNames;
    double portBytesPerCycle = 0; // one port (256 B/cycle)
    double fixedCycles = 0;       // fixed start/drain cost of a timed LDS burst (model)

    [[nodiscard]] int numPairs() const { return int(pairNames.size()); }
    // Requires: warp >= 0 and numSimds > 0.
    [[nodiscard]] int simdOfWarp(int warp) const { return warp % numSimds; }
    [[nodiscard]] int pairOfWarp(int warp) const { return simdPair.at(size_t(simdOfWarp(warp))); }
    // Inclusive range of partitions touched by the byte range [offset, offset + size).
    [[nodiscard]] int partitionOf(int64_t byteOffset) const
    {
        return partitionBytes > 0 ? int(byteOffset / partitionBytes) : 0;
    }
    // The peak bandwidth when `ports` ports run in the same cycle.
    [[nodiscard]] double peakBytesPerCycle(int ports) const { return portBytesPerCycle * ports; }
};

struct Architecture;

// The model of an architecture description (resources/arch/*.json via core/hw): every number
// comes from its `cu` entry. Requires: the architecture has one (gfx1250 does); else an Error.
[[nodiscard]] Expected<CuLdsModel> cuLdsModelFromArchitecture(const Architecture &arch);
// loadArchitecture(nameOrPath) then the above.
[[nodiscard]] Expected<CuLdsModel> loadCuLdsModel(const std::string &nameOrPath);

} // namespace lx
