#pragma once

// Shared-memory wavefronts of one NVIDIA access (analysis/nvsharedaccess.h) over a whole CTA:
// every warp issues every instruction of the access once, and each instruction is served in
// wavefronts of at most 128 bytes (32 banks of 4 bytes):
//
//   ld.shared / st.shared  the architecture file's instruction of that width (LDS.32, STS.128...)
//                          and its phase table: 32-bit and narrower accesses one phase of 32
//                          lanes, 64-bit two of 16, 128-bit four of 8; in a phase the wavefronts
//                          are the most distinct 4-byte words any bank serves (same word: one
//                          broadcast). "textbook" is that count; "measured" applies the
//                          architecture's measured phase-merge rules as well (sm90.json: 64- and
//                          128-bit loads whose lane pairs repeat an address merge phases).
//   ldmatrix / stmatrix    one phase per 8x16-byte matrix: lane 8i + r gives row r of matrix i;
//                          the wavefronts of a phase are the most distinct words a bank serves
//                          among its eight rows (no measured rule departs from this).
//
// The rows of a matrix, the matrices of an instruction and the instructions are the bases of the
// map (register, lane, warp) -> offset: not transposed, lanes 2, 3, 4 pick the row and the
// registers after the tile's pick the matrix; transposed, the first register outside the tile and
// lanes 0, 1 pick the row. Registers left over number the instructions.

#include "analysis/nvsharedaccess.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <string>

namespace lx {

struct NvWavefronts
{
    int64_t instructions = 0; // executed by the CTA (every warp)
    int64_t measured = 0;     // wavefronts, the architecture's measured rules applied
    int64_t textbook = 0;     // wavefronts of the phase tables alone
    int64_t ideal = 0;        // wavefronts without any bank conflict
    int maxWays = 1;          // the worst phase, measured rule applied
    std::string rule;         // the measured rule that changed some instruction ("" = none)
};

// Requires: cvt maps (register, lane [, warp]) to the single out-dim "offset" (elements of
// `elementBits`), register bases without replicas, and `access` was decided on it.
[[nodiscard]] Expected<NvWavefronts> nvidiaWavefronts(const Architecture &arch,
                                                      const LinearLayout &cvt,
                                                      const NvSharedAccess &access, int elementBits,
                                                      bool isWrite);

} // namespace lx
