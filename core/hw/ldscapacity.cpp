#include "hw/ldscapacity.h"

namespace lx {

LdsLimit ldsLimit(const std::string &archName, int64_t capacity, int64_t bound)
{
    if (bound > 0)
        return {bound, "the limit"};
    return {capacity, archName};
}

std::string ldsLimitText(const LdsLimit &limit)
{
    const std::string b = std::to_string(limit.bytes) + " B";
    return limit.owner == "the limit" ? "the limit is " + b : limit.owner + " has " + b + " of LDS";
}

std::optional<std::string> ldsOverflow(int64_t bytes, const LdsLimit &limit)
{
    if (bytes <= limit.bytes)
        return std::nullopt;
    return std::to_string(bytes) + " B; " + ldsLimitText(limit);
}

} // namespace lx
