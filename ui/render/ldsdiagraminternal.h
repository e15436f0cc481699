#pragma once

// Internal to the LDS view sources (ldsdiagram.cpp: the datapath, allocator and partition views;
// microbenchdiagram.cpp and microbenchsweepdiagram.cpp: the microbenchmark table and sweep): the
// size text and the microbenchmark's options they share. Not part of the interface: ldsdiagram.h
// is.

#include "analysis/bandwidth.h"
#include "hw/arch.h"
#include "request/viewrequest.h"

#include <QString>

#include <cstdint>
#include <string>

namespace lx::ldsdiagraminternal {

// base/bytesize.h byteSizeText as a QString: "64 KiB", "1052 B".
QString kib(int64_t bytes);

// The microbenchmark a view reads (options "warps" 4, "bytes" 64 KiB, "loadBits" 128 and the
// element type by the defaults policy) and the element type's name.
struct MicrobenchViewSpec
{
    MicrobenchSpec spec;
    std::string dtype;
};
[[nodiscard]] Expected<MicrobenchViewSpec> microbenchViewSpec(const ViewRequest &request);

} // namespace lx::ldsdiagraminternal
