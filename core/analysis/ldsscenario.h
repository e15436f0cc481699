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

// A layout or an allocation that needs more than the architecture has (its `cu` entry: LDS
// partitions and capacity). The analysis still runs, so the views can show where it overflows;
// every face flags it (the figure "capacity", `analyze lds` exits 1 with a `warnings` list).
struct CapacityWarning
{
    std::string kind;            // "partitions" (a layout asks for more) or "capacity" (bytes)
    std::string message;         // "layout 'A' asks for 8 partitions; gfx1250 has 5 (P0-P4)"
    std::vector<int> partitions; // the partitions that do not exist (P5, P6, ...), when known
    bool operator==(const CapacityWarning &) const = default;
};

struct LdsScenario
{
    std::string label; // "plain", "partitioned", or a description of the allocations
    std::vector<AllocRequest> requests;
    AllocationResult allocation;
    bool hasRead = false;
    PartitionAccessReport access;
    BandwidthEstimate bandwidth;
    std::optional<MicrobenchRow> microbench;
    std::vector<CapacityWarning> warnings; // empty when everything fits
};

// What of `allocation` the architecture cannot hold: requests with more partitions than the LDS
// has, and bytes past its capacity (with the partitions that would hold them).
[[nodiscard]] std::vector<CapacityWarning>
capacityWarnings(const std::vector<AllocRequest> &requests, const AllocationResult &allocation,
                 const CuModel &cu);

// The microbenchmark's parameters from its JSON object (see above; "dtype" required).
[[nodiscard]] Expected<MicrobenchSpec> microbenchSpecFromJson(const nlohmann::json &m);

[[nodiscard]] Expected<LdsScenario> runLdsScenario(const nlohmann::json &options,
                                                   const std::vector<ResolvedLayout> &layouts,
                                                   const CuModel &cu);

} // namespace lx
