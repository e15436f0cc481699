#pragma once

// The NVIDIA side of the per-op kernel analysis (analysis/kernel.h): a local_load, local_store or
// local_alloc with a value on an NVIDIA architecture becomes ldmatrix / stmatrix or a plain
// ld.shared / st.shared (analysis/nvsharedaccess.h), named by its PTX mnemonic.

#include "analysis/kernel.h"
#include "analysis/nvsharedaccess.h"
#include "hw/arch.h"

namespace lx {

// The matrix instructions the architecture file lists (an instruction named ldmatrix... or
// stmatrix...; 8-bit transposed forms where one is named with `.b8`).
[[nodiscard]] NvMatrixFeatures nvMatrixFeaturesOf(const Architecture &arch);

// Whether `name` is a shared-memory instruction of either vendor (ds_*, ld/st.shared, ldmatrix,
// stmatrix): the instructions a kernel's totals sum.
[[nodiscard]] bool isSharedMemoryInstruction(const std::string &name);

// Fills r's instruction, counts, access, path and reason for the access of `reg` to `shared` on
// an NVIDIA architecture; r.problem on failure. Returns the elements per instruction.
int64_t nvidiaAccessOf(const Architecture &arch, const LinearLayout &reg,
                       const LinearLayout &shared, bool isWrite, KernelOpReport &r);

} // namespace lx
