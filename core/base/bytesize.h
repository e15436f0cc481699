#pragma once

// Byte counts as people read them. Every message, figure, table and label that shows a size
// formats it here, so a size reads the same in every face.

#include <cstdint>
#include <string>

namespace lx {

// The largest binary unit that divides `bytes` exactly: "100 B", "64 KiB", "4 MiB". A size that is
// not a whole number of KiB stays exact ("1052 B"): a rounded KiB would hide a few bytes of
// padding.
[[nodiscard]] std::string byteSizeText(int64_t bytes);

// The exact count, then the whole KiB when there is a whole number of them: "65536 B (64 KiB)",
// "100 B".
[[nodiscard]] std::string bytesText(int64_t bytes);

} // namespace lx
