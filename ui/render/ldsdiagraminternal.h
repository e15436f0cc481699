#pragma once

// Internal to the LDS view sources (ldsdiagram.cpp: the datapath, allocator and partition views;
// microbenchdiagram.cpp: the microbenchmark table): the number texts they share. Not part of the
// interface: ldsdiagram.h is.

#include "hw/arch.h"

#include <QString>

#include <cstdint>

namespace lx::ldsdiagraminternal {

// "64 KiB", or "1000 B" when not a whole number of KiB.
QString kib(int64_t bytes);
// base/bytesText: "65536 B (64 KiB)".
QString bytesQ(int64_t bytes);
// "128 B/cycle".
QString rateText(double bytesPerCycle);
// "323 cycles".
QString cyclesText(double cycles);
// The tooltip of every modelled number: the model and where its constants come from.
QString modelText(const CuModel &cu);

} // namespace lx::ldsdiagraminternal
