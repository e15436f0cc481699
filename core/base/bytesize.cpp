#include "base/bytesize.h"

namespace lx {

std::string byteSizeText(int64_t bytes)
{
    constexpr int64_t kib = int64_t(1) << 10, mib = int64_t(1) << 20;
    if (bytes >= mib && bytes % mib == 0)
        return std::to_string(bytes / mib) + " MiB";
    if (bytes >= kib && bytes % kib == 0)
        return std::to_string(bytes / kib) + " KiB";
    return std::to_string(bytes) + " B";
}

std::string bytesText(int64_t bytes)
{
    constexpr int64_t kib = int64_t(1) << 10;
    return bytes >= kib && bytes % kib == 0
               ? std::to_string(bytes) + " B (" + std::to_string(bytes / kib) + " KiB)"
               : std::to_string(bytes) + " B";
}

} // namespace lx
