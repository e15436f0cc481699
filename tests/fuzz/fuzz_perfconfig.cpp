// Fuzzes the rocMLIR perf_config reader (v4 fields) used by the kPack bank analysis, and the
// plan derived from a parsed config: its sizes are products of fields up to 10^8, which must be
// checked in 64 bits before use (a block size that overflowed to zero once divided by zero).

#include "analysis/kpack.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const auto config =
        lx::parsePerfConfig(std::string_view(reinterpret_cast<const char *>(data), size));
    if (!config)
        return 0;
    for (const lx::KPackOperand operand : {lx::KPackOperand::A, lx::KPackOperand::B})
        for (const int bits : {8, 16})
            (void)lx::kpackStorePlan(*config, operand, bits, 64, true);
    return 0;
}
