#include "analysis/culdsmodel.h"

#include "hw/arch.h"

namespace lx {

Expected<CuLdsModel> cuLdsModelFromArchitecture(const Architecture &arch)
{
    if (!arch.cu)
        return makeError("architecture '" + arch.name +
                         "' describes no compute-unit model (SIMD pairs, LDS partitions, ports)");
    const CuModel &cu = *arch.cu;
    CuLdsModel m;
    m.arch = arch.name;
    m.lanesPerWarp = cu.lanesPerWarp;
    m.numSimds = cu.simds;
    if (m.numSimds <= 0)
        return makeError("architecture '" + arch.name + "': the SIMD count must be positive");
    for (int s = 0; s < m.numSimds; ++s) {
        const int pair = cu.pairOfSimd(s);
        if (pair < 0)
            return makeError("architecture '" + arch.name + "': SIMD " + std::to_string(s) +
                             " belongs to no pair");
        m.simdPair.push_back(pair);
    }
    m.pairNames = cu.pairNames;
    m.ldsBytes = arch.ldsBytes;
    m.partitionBytes = cu.partitionBytes;
    m.numLdsPartitions = cu.ldsPartitions;
    m.numHwPartitions = cu.ldsPartitions + cu.l0Partitions;
    m.numPorts = cu.ports;
    m.portNames = cu.portNames;
    m.portBytesPerCycle = cu.portBytesPerCycle.value;
    m.fixedCycles = cu.fixedCycles.value;
    return m;
}

Expected<CuLdsModel> loadCuLdsModel(const std::string &nameOrPath)
{
    auto arch = loadArchitecture(nameOrPath);
    if (!arch)
        return arch.error();
    return cuLdsModelFromArchitecture(*arch);
}

} // namespace lx
