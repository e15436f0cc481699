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
// The CTA's wavefronts of the access (analysis/nvwavefronts.h) and Triton's own count are set on
// r.accesses and the op's cycles (a wavefront is one cycle of the shared-memory pipe).
// A store whose value came from a global load vectorised along `packedDim` holds its 16- or 8-bit
// elements packed in 32-bit registers: a vector of those registers is stored as 32-bit words
// (st.shared.b32, .v2.b32) rather than element by element (.v2.b16, .v4.b16).
int64_t nvidiaAccessOf(const Architecture &arch, const LinearLayout &reg,
                       const LinearLayout &shared, bool isWrite, KernelOpReport &r,
                       std::optional<int> packedDim = std::nullopt);

// The tensor dim along which the value `op` stores (its first operand) is contiguous in global
// memory, when it comes straight from a tt.load whose pointers are a splat base plus a
// broadcast make_range along one dim (unmultiplied) and strided offsets along the others;
// nullopt otherwise.
[[nodiscard]] std::optional<int> globallyContiguousDim(const TtgirModule &module,
                                                       const TtgirOp &op);

// A convert_layout through shared memory on an NVIDIA architecture (analysis/nvswizzling.h): its
// store and its load by PTX mnemonic, per thread over every round, with their wavefronts.
void nvidiaRoundTrip(const Architecture &arch, const LinearLayout &src, const LinearLayout &dst,
                     KernelOpReport &r);

// The ops of an NVIDIA module that move data into or out of shared memory without a thread's
// ld.shared / st.shared (cp.async, TMA, wgmma and tcgen05 operands read through descriptors,
// tensor memory) get their path and why; an op of the ttg / ttng dialects that touches a memdesc
// and is not one of the known ones is "not modelled". Others are left alone.
void nvidiaOtherOp(const TtgirOp &op, KernelOpReport &r);

// ttng.tmem_load, ttng.tmem_store, ttng.tmem_alloc: the ops nvidiaTmemOp models.
[[nodiscard]] bool isTmemAccessOp(const std::string &name);
// A tmem_load, tmem_store or tmem_alloc with a value: its tcgen05.ld / tcgen05.st message
// (analysis/tmemlowering.h) by PTX mnemonic and its count per thread, under the module's
// ttg.maxnreg; r.problem with Triton's reason when the lowering refuses the layouts. A
// tmem_alloc without a value moves nothing.
void nvidiaTmemOp(const TtgirModule &module, const TtgirOp &op, KernelOpReport &r);

} // namespace lx
