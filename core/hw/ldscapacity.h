#pragma once

// The one rule for "does it fit the LDS": the bytes a search or an analysis may use (a user's
// bound, else the architecture file's capacity) and the message when something does not fit.
// The allocator's scenario, the shared-layout search, the kernel analysis and the bank analysis's
// address check all ask here.

#include <cstdint>
#include <optional>
#include <string>

namespace lx {

struct LdsLimit
{
    int64_t bytes = 0;
    std::string owner; // what sets it: "gfx1250" (its capacity) or "the limit" (a user's bound)
};

// `bound` when positive (e.g. `suggest --max-lds`), else `capacity`, the ldsBytes of the
// architecture file of `archName`.
[[nodiscard]] LdsLimit ldsLimit(const std::string &archName, int64_t capacity, int64_t bound = 0);

// What sets the limit, in words: "gfx1250 has 65536 B of LDS" or "the limit is 65536 B".
[[nodiscard]] std::string ldsLimitText(const LdsLimit &limit);

// Nothing when `bytes` fit `limit`; else why not: "81920 B; gfx1250 has 65536 B of LDS" or
// "81920 B; the limit is 65536 B".
[[nodiscard]] std::optional<std::string> ldsOverflow(int64_t bytes, const LdsLimit &limit);

} // namespace lx
