#pragma once

// What one op of a kernel costs the LDS (analysis/kernel.h KernelOpReport::cyclesPerCta): the
// phase model of analysis/banks.h over every instruction of the access in every warp of the CTA,
// with the provenance of the phase table it read. An op that cannot be costed keeps no cycles
// and says why in cyclesNote.

#include "analysis/dsloadtr.h"
#include "analysis/kernel.h"

namespace lx {

struct SharedMemoryLayout;

// A plain read or write (r.instruction, the generic lowering's): the bank analysis of the
// registers `reg` against `shared`, every warp. Sets maxWays, the cycles and their provenance.
void costPlainAccess(KernelOpReport &r, const Architecture &arch, const LinearLayout &reg,
                     const SharedMemoryLayout &shared, bool isWrite);

// A transposed load: each instruction's lane addresses of the plan, every warp.
void costTransposedLoad(KernelOpReport &r, const Architecture &arch, const DsLoadTrPlan &plan);

// The report's totals from its ops (analysis/kerneltotals.cpp): instructions, bytes, the worst
// op and bank conflict, the lost transposed loads, the NVIDIA wavefronts.
void sumKernelTotals(KernelReport &report);

} // namespace lx
