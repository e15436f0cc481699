// Fuzzes the architecture-description reader (resources/arch/*.json or a user's file).

#include "hw/arch.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)lx::parseArchitecture(std::string_view(reinterpret_cast<const char *>(data), size));
    return 0;
}
