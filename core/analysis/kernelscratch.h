#pragma once

// The ops of a kernel that lower through a scratch buffer of their own (analysis/kernel.h):
// tt.reduce (analysis/reducescratch.h), tt.scan (analysis/scanscratch.h) and tt.histogram
// (analysis/histogramscratch.h), and tt.gather (in registers when its layouts are marked
// warp-local, else named as not modelled). Each sets the op's path and why, its LDS instructions
// per thread, the scratch bytes Triton allocates for it (`bytes`) and the bank conflicts and cycles
// of every instruction in every warp (analysis/scratchcost.h).

#include "analysis/kernel.h"
#include "analysis/ldslowering.h"
#include "hw/arch.h"
#include "io/ttgir.h"
#include "layout/linearlayout.h"

namespace lx {

// Requires: r.elementBits set; `src`, `dst` the op's operand and result layouts, `srcType` the
// operand's type. An op that cannot be analysed gets r.problem.
void analyzeScratchOp(const TtgirOp &op, const TtgirType &srcType, const LinearLayout &src,
                      const LinearLayout &dst, const Architecture &arch, KernelOpReport &r);

// The cycles of a convert_layout's round trip through its scratch (analysis/ldslowering.h): every
// store and load of both sides, each lane at its element's address in the scratch layout Triton
// chose, through the bank analysis. Sets r's cycles, or r.cyclesNote where a side's map onto
// the scratch is not known.
void costRoundTrip(KernelOpReport &r, const Architecture &arch, const LdsRoundTrip &trip);

} // namespace lx
