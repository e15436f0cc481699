#pragma once

// `analyze kernel` and the window's kernel dock through the request layer: one policy for the
// architecture of a TTGIR module (the one asked for, else the module's ttg.target; a module
// without a target and no architecture asked for is refused, an unknown architecture is refused
// naming it) and the kernel's totals as figures, so the two faces report the same numbers.

#include "analysis/kernel.h"
#include "base/expected.h"
#include "io/ttgir.h"
#include "request/figures.h"

#include <string>
#include <vector>

namespace lx {

// `arch`: the architecture asked for (empty: the module's own target).
[[nodiscard]] Expected<KernelReport> resolveKernel(const TtgirModule &module,
                                                   const std::string &arch = {});

// "ops", "ldsBytes", "worstWays", and "instructions:NAME" per LDS instruction.
[[nodiscard]] std::vector<Figure> kernelFigures(const KernelReport &report);

} // namespace lx
