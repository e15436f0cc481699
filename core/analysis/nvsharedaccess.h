#pragma once

// What a shared-memory load or store between registers and a shared layout becomes on an NVIDIA
// GPU, as Triton 3.6's NVIDIA lowering decides it (third_party/nvidia/lib/TritonNVIDIAGPUToLLVM:
// MemoryOpToLLVM.cpp lowerLdStMatrix, Utility.cpp lowerLdStMatrix; the generic fallback
// lib/Conversion/TritonGPUToLLVM/Utility.cpp lowerLdStShared). docs/nvidia-shared-memory.md says
// it in prose; in short:
//
//   cvt = reg.invertAndCompose(shared) over (register, lane, warp) -> offset, after the register
//   bases that are zero (replicas) are removed, and only when the map is local to the CTA.
//
//   1. ldmatrix / stmatrix, not transposed (elements of at most 32 bits, ldmatrix from sm75,
//      stmatrix from sm90): one 16-byte row of a matrix is 32/bits registers of one lane (any
//      register bases may be chosen: the lowering permutes registers) followed by lanes 0 and 1;
//      lanes 2, 3, 4 pick the eight rows. The tile divides cvt on the left when the chosen
//      register bases are offsets 1, 2, ..., lanes 0 and 1 the next two offset bits, and every
//      other basis leaves those low offset bits alone.
//   2. Transposed (16-bit elements; 8-bit ones from sm100, `.b8`): lanes 2, 3, 4 give eight
//      consecutive elements (one 16-byte column of the matrix), 8-bit elements add one register
//      basis above them; every other basis leaves those bits alone, and a thread must hold at
//      least the registers of one matrix (2 for 16-bit; 4 for an 8-bit store, 8 for an 8-bit
//      load).
//   3. Otherwise plain vectorised ld.shared / st.shared: the largest vector of registers
//      contiguous in offset (analysis/ldslowering.h largestVectorisation), at most 128 bits.
//
// Count: a matrix instruction moves min(128 / bits, registers) elements per thread (`.x1`,
// `.x2`, `.x4`: one, two or four matrices), so a thread issues registers / that many; a plain
// access issues registers / vector. Names are the PTX mnemonics Triton emits:
// `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`, `st.shared.v4.b32` (a store of more than four
// elements narrower than 32 bits, and a load of 32 bits or more, move 32-bit words),
// `ld.shared.b16`.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

// The instructions an NVIDIA architecture has for shared memory (the architecture file's
// "matrixInstructions"; every field false means plain ld.shared / st.shared only).
struct NvMatrixFeatures
{
    bool ldmatrix = false; // sm75 and later
    bool stmatrix = false; // sm90 and later
    bool matrixB8 = false; // transposed 8-bit forms, sm100 and later
};

enum class NvAccessKind
{
    Matrix,
    MatrixTransposed,
    Plain
};

struct NvSharedAccess
{
    NvAccessKind kind = NvAccessKind::Plain;
    std::string mnemonic; // the PTX instruction, as Triton's lowering emits it
    int64_t count = 0;    // instructions per thread
    int elementsPerInstruction = 1;
    int matrices = 0;      // 1, 2 or 4 for a matrix instruction (.x1, .x2, .x4)
    int64_t registers = 0; // distinct registers the thread moves (replicas removed)
    // Register bases (indices into the map's register bases) inside one access: the vector of a
    // plain access, the registers that start a matrix row (not transposed; the 8-bit transposed
    // register); the others select matrices, rows or instructions.
    std::vector<int> tileRegisters;
    // Why the matrix instruction (non-transposed, then transposed) was not used, naming the
    // basis or the condition that failed; empty for a matrix access.
    std::string whyNotMatrix;
    std::string whyNotTransposed;
};

// Requires: `reg` a distributed layout (register, lane, warp [, block]) and `shared` a shared
// layout (offset [, block]) of the same tensor; elementBits 8, 16, 32 or 64.
[[nodiscard]] Expected<NvSharedAccess> nvidiaSharedAccess(const LinearLayout &reg,
                                                          const LinearLayout &shared,
                                                          int elementBits, bool isWrite,
                                                          const NvMatrixFeatures &features);

// The map (register, lane [, warp]) -> offset of an access of `reg` to `shared`: replicated
// registers removed, local to the CTA (the block dims quotiented out).
[[nodiscard]] Expected<LinearLayout> nvidiaLocalCvt(const LinearLayout &reg,
                                                    const LinearLayout &shared);

// The same decision on the register -> offset map itself (replicas already removed). With
// `only`, that instruction kind alone (a conversion's scratch was built for it); nullopt when it
// does not fit.
[[nodiscard]] NvSharedAccess nvidiaSharedAccessOfCvt(const LinearLayout &cvt, int elementBits,
                                                     bool isWrite,
                                                     const NvMatrixFeatures &features);
[[nodiscard]] std::optional<NvSharedAccess>
nvidiaSharedAccessAs(const LinearLayout &cvt, int elementBits, bool isWrite, NvAccessKind only);

// The PTX mnemonic of a plain access of `elements` elements of `bits` bits.
// `packed`: the registers already hold the elements two (or four) to a 32-bit word, so a store
// of 32 bits or more moves words too.
[[nodiscard]] std::string nvidiaPlainMnemonic(int elements, int bits, bool isWrite,
                                              bool packed = false);

} // namespace lx
