#pragma once

// Small integer helpers shared by every floor.

#include <bit>
#include <cstdint>
#include <string>

namespace lx {

// True for 1, 2, 4, ...; false for zero and negative values.
[[nodiscard]] constexpr bool isPow2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

// log2 of a power of two (its trailing zeros); 0 for values below 1.
[[nodiscard]] constexpr int log2Exact(int64_t v)
{
    return v > 0 ? std::countr_zero(uint64_t(v)) : 0;
}

// The largest k with 2^k <= v; 0 for values below 2.
[[nodiscard]] constexpr int floorLog2(int64_t v)
{
    return v <= 1 ? 0 : int(std::bit_width(uint64_t(v))) - 1;
}

// The integer as decimal text (a figure's text, a count in a message).
[[nodiscard]] inline std::string intText(int64_t v)
{
    return std::to_string(v);
}

} // namespace lx
