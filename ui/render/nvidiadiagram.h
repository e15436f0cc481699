#pragma once

// Diagrams of NVIDIA shared memory (docs/nvidia-shared-memory.md, docs/nvidia-layouts.md):
//
//  - ldmatrix-panels  the NVIDIA counterpart of the ds_load_tr panels, as the PTX ISA's ldmatrix
//                     figure draws one instruction: per 8x8 matrix a panel of its eight 16-byte
//                     rows in address order; the row header names the lane that supplies the
//                     row's address (lane 8i + r: row r of matrix i), its byte address and the
//                     tensor element there; each cell names the thread and register that hold
//                     the element (T<lane>:R<register>, registers of the register -> offset map,
//                     replicas removed), coloured by thread quad (lane / 4). A phase (one matrix)
//                     whose rows conflict in the banks is outlined with its n-way. An access that
//                     stays a plain ld.shared / st.shared shows why instead.
//                     Options: "reg", "shared", "write", "dtype" (request/nvidiainputs.h),
//                     "warp" (default 0), "first" (default 0) and "count" (default 2)
//                     instructions.
//  - swizzle-atom     the first eight lines of a shared layout in 16-byte chunks: each cell the
//                     chunk's index in its row (fill by that index), so an NVMMA swizzle shows
//                     its XOR pattern (CUTLASS's Swizzle<B,M,S> pictures); a table of the
//                     wavefronts of reading one chunk of the eight rows, and the layout as the
//                     NVIDIA tools name it (NVMMA, CuTe, TMA, wgmma descriptors as A and B).
//                     Options: "shared", "dtype".
//
// Both take their inputs, analyses and figures from the request layer and only draw.

#include "base/expected.h"
#include "render/diagram.h"

namespace lx {

struct ViewRequest;

[[nodiscard]] Expected<Diagram> buildLdMatrixPanelsView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildSwizzleAtomView(const ViewRequest &request);

} // namespace lx
