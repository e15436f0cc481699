#pragma once

// An LDS scenario: what a scene's `lds` analysis or LDS views (datapath, allocator chart, Fig 13
// table, microbenchmark table) are computed from. It is given as JSON options, parameters only:
//
//   {"microbenchmark": {"warps": 4, "bytes": 65536, "dtype": "f16", "loadBits": 128,
//                       "partitioned": true}}
//
// rebuilds the blog's microbenchmark (bandwidth.h; "dtype" is required here, the request layer
// fills in the default); or
//
//   {"allocations": [{"layout": "A", "live": [0, 2]}, {"layout": "B"}],
//    "read": {"distributed": "DA", "shared": "A", "loadBits": 128}}
//
// allocates the named shared layouts of the scene (their shapes and dtypes; partitioned layouts
// become one buffer per partition) and, with "read", analyses one distributed layout reading one
// of them: partitions per load, conflicts and the bandwidth model.

#include "analysis/allocator.h"
#include "analysis/bandwidth.h"
#include "analysis/partitions.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lx {

struct ResolvedLayout; // io/scene.h

struct LdsScenario
{
    std::string label; // "plain", "partitioned", or a description of the allocations
    std::vector<AllocRequest> requests;
    AllocationResult allocation;
    bool hasRead = false;
    PartitionAccessReport access;
    BandwidthEstimate bandwidth;
    std::optional<MicrobenchRow> microbench;
};

// The microbenchmark's parameters from its JSON object (see above; "dtype" required).
[[nodiscard]] Expected<MicrobenchSpec> microbenchSpecFromJson(const nlohmann::json &m);

[[nodiscard]] Expected<LdsScenario> runLdsScenario(const nlohmann::json &options,
                                                   const std::vector<ResolvedLayout> &layouts,
                                                   const CuModel &cu);

} // namespace lx
