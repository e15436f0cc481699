// Fuzzes the rocMLIR perf_config reader (v4 fields) used by the kPack bank analysis.

#include "analysis/kpack.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)lx::parsePerfConfig(std::string_view(reinterpret_cast<const char *>(data), size));
    return 0;
}
