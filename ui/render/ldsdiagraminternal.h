#pragma once

// Internal to the LDS view sources (ldsdiagram.cpp: the datapath, allocator and partition views;
// microbenchdiagram.cpp: the microbenchmark table): the size text they share. Not part of the
// interface: ldsdiagram.h is.

#include "hw/arch.h"

#include <QString>

#include <cstdint>

namespace lx::ldsdiagraminternal {

// base/bytesize.h byteSizeText as a QString: "64 KiB", "1052 B".
QString kib(int64_t bytes);

} // namespace lx::ldsdiagraminternal
