#pragma once

// Architecture data read by the LDS figures of docs/lds-models.md §3.1-§3.3 (the DS counter,
// a piece row's share of a cache line, the measured raw bandwidth), from the same file as the
// rest of the architecture (resources/arch/<name>.json, or the file --arch names), kept apart
// from Architecture so that the many users of hw/arch.h do not depend on them. Their public
// sources: LLVM's AMDGPUBaseInfo.cpp (getDscntBitWidth: 6 bits on GFX12) and the AMD blog "A Deep
// Dive into LDS Optimizations on AMD Instinct MI450 GPUs" (Figure 11, its measurement table):
//
//   "dsCounterLimit": {value, confidence, source}      the most LDS instructions a wave may have
//                                                       outstanding (DSCNT on GFX12), 1..2^20
//   "cu": {"cacheLineBytes": {value, confidence, source}, ...}   the global-memory cache line,
//                                                       1..2^20 bytes
//   "cu": {"measurements": [{..., "rawBytesPerCycle": x}]}       bytes / measured cycles as the
//                                                       source states it, finite and positive
//
// Each is optional; a present one out of range or without its provenance is an error naming it.

#include "hw/arch.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

struct ArchExtras
{
    std::optional<ModelConstant> dsCounterLimit;
    std::optional<ModelConstant> cacheLineBytes;
    // rawBytesPerCycle of cu.measurements[i], in the file's order (0 where it is not stated).
    std::vector<double> measuredRawBytesPerCycle;
};

// Reads the extras from the JSON text of an architecture file.
[[nodiscard]] Expected<ArchExtras> parseArchExtras(std::string_view jsonText);

// The extras of the architecture `nameOrPath` names, found as loadArchitecture finds it (an
// embedded file by name or alias, or a JSON file by path).
[[nodiscard]] Expected<ArchExtras> loadArchExtras(std::string_view nameOrPath);

// The raw B/cycle the file states for this measurement of cu (matched by its fields), or 0.
[[nodiscard]] double measuredRawBytesPerCycle(const ArchExtras &extras, const CuModel &cu,
                                              const LdsMeasurement &measurement);

} // namespace lx
