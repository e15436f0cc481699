#pragma once

// A convert_layout through shared memory on an NVIDIA GPU, as Triton 3.6's NVIDIA lowering does it
// (third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/ConvertLayoutOpToLLVM.cpp
// transferWithinBlockSwizzling; lib/Tools/GenericSwizzling.cpp optimalSwizzling with the tiles of
// lib/Conversion/TritonGPUToLLVM/Utility.cpp getSrcDstTiles). docs/nvidia-shared-memory.md says it
// in prose; in short:
//
//   Both layouts lose their replicated registers and are read as flat tensor indices. The
//   instructions each side may use are tiles: ld.shared / st.shared (lanes 0, 1, 2 address the
//   rows), ldmatrix / stmatrix for elements of at most 32 bits (lanes 0, 1 continue a 16-byte row,
//   lanes 2, 3, 4 pick rows: from sm75 to load, sm90 to store) and their .trans forms for 16-bit
//   elements (lanes 2, 3, 4 contiguous). For every (store tile, load tile) pair the scratch's low
//   offset bits must be registers of both sides, then lanes that match the other side's tile
//   (optimalSwizzlingTile); a pair that fits builds a scratch layout (vector, bank, segment and
//   reps bases) and Triton's own count of its bank conflicts. The pair with the fewest conflicts
//   wins (ties: the most rounds, then the first pair). With no pair the plain ld/st scratch of
//   analysis/ldslowering.h ldsRoundTrip is used.
//   Each side then lowers its map onto one round of the scratch like a local_load / local_store
//   (analysis/nvsharedaccess.h), once per round ("reps").
//
// Worked example (an sm90 epilogue, 64x64 f16): #nvidia_mma v3 instrShape [16, 64, 16] -> blocked
// sizePerThread [1, 8], threadsPerWarp [4, 8]: the only pairs that fit are (st.shared, ldmatrix)
// and (stmatrix, ld.shared), both conflict-free in one round; the first wins: 4 x
// st.shared.v4.b32 and 4 x ldmatrix.sync.aligned.m8n8.x4.shared.b16 per thread.

#include "analysis/nvsharedaccess.h"
#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

struct NvSwizzledConversion
{
    NvSharedAccess store, load; // per thread, over every round
    int rounds = 1;             // the scratch's reps: a barrier-separated store/load per round
    // The scratch: the flat tensor index (the first out-dim the least significant) held by each
    // offset bit, low to high (vector, bank, segment bases, then the rounds' bases).
    std::vector<int64_t> scratch;
    int vectorBases = 0, bankBases = 0, segmentBases = 0;
    // Triton's count of the chosen pair (GenericSwizzling.cpp bankConflicts): extra wavefronts.
    int readConflicts = 0, writeConflicts = 0;
    // Each side's (register, lane, warp) -> offset map onto the scratch (rounds as the top bits).
    LinearLayout storeCvt, loadCvt;
    std::string choice; // which pair won and why, in one sentence
};

// Requires: src and dst distributed layouts (register, lane [, warp] [, block]) of one tensor,
// local to the CTA; elementBits 8..64.
[[nodiscard]] Expected<NvSwizzledConversion>
nvidiaSwizzledConversion(const LinearLayout &src, const LinearLayout &dst, int elementBits,
                         const NvMatrixFeatures &features);

} // namespace lx
