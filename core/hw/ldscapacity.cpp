#include "hw/ldscapacity.h"

namespace lx {

LdsLimit ldsLimit(const std::string &archName, int64_t capacity, int64_t bound)
{
    if (bound > 0)
        return {bound, "the limit"};
    return {capacity, archName};
}

std::optional<std::string> ldsOverflow(int64_t bytes, const LdsLimit &limit)
{
    if (bytes <= limit.bytes)
        return std::nullopt;
    const std::string b = std::to_string(limit.bytes) + " B";
    return std::to_string(bytes) + " B; " +
           (limit.owner == "the limit" ? "the limit is " + b
                                       : limit.owner + " has " + b + " of LDS");
}

} // namespace lx
