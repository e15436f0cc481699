#pragma once

// What a tmem_load, tmem_store or tmem_alloc with a value lowers to: the tcgen05.ld / tcgen05.st
// messages Triton emits for the copy between a register layout and a tensor-memory layout
// (third_party/nvidia/lib/TritonNVIDIAGPUToLLVM/TensorMemoryToLLVM.cpp, lowerTMemLdSt;
// docs/nvidia-layouts.md §9.7):
//
//   cvt = reg.invertAndCompose(tmem)        (register, lane, warp) -> (TMEM row, 32-bit column)
//                                           with warps 1 and 2 at rows 32 and 64 (a warp reaches
//                                           its own quarter of the lanes); the CTA bits divided
//                                           out; repeated registers dropped.
//   narrow elements                         contiguous columns pack into one 32-bit register;
//                                           16-bit elements one to a column are "unpacked"
//                                           (.pack::16b / .unpack::16b), and a lone 16-bit
//                                           element is padded to 32 bits.
//   the atom                                the first of 32x32b and 16x256b whose tile the
//                                           register order can be brought to begin with (its
//                                           lanes and warps exactly, its registers first), else
//                                           16x32bx2 (16 lanes, the 17th lane's basis as the
//                                           second half's offset).
//   registers per message                   the tile times the most column repeats (a power
//                                           of two) that still divide cvt, at most half of
//                                           maxnreg (a quarter when maxnreg is 256 and one
//                                           message would not hold every register).
//
// A message is `tcgen05.{ld,st}.sync.aligned.ATOM.xN[.pack::16b|.unpack::16b].b32` with
// N = registers per message / the atom's registers per repeat (2x2 for 16x256b, else 1); a
// thread issues `registers / registers per message` of them.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>

namespace lx {

struct TmemMessage
{
    std::string atom;                   // "32x32b", "16x256b", "16x32bx2"
    int32_t repeats = 1;                // the .xN of the mnemonic
    bool unpacked = false;              // 16-bit elements one to a 32-bit column
    int32_t registersPerMessage = 1;    // 32-bit registers one message moves per thread
    int64_t messages = 0;               // per thread
    std::optional<uint32_t> secondHalf; // 16x32bx2: (row << 16) | column of the second half

    // "tcgen05.ld.sync.aligned.32x32b.x128.b32",
    // "tcgen05.st.sync.aligned.32x32b.x64.unpack::16b.b32"
    [[nodiscard]] std::string mnemonic(bool isStore) const;
};

// The messages moving a tensor of `elementBits`-bit elements between the register layout `reg`
// (register, lane, warp, block -> dim0, dim1) and the tensor-memory layout `tmem` (row, col ->
// dim0, dim1), with `maxRegisters` the register limit (the module's ttg.maxnreg, else 256).
// The Error is Triton's refusal (an unsupported register / TMEM pair, a layout neither packed nor
// unpacked, no atom that tiles it).
[[nodiscard]] Expected<TmemMessage> tmemLdStMessage(const LinearLayout &reg,
                                                    const LinearLayout &tmem, int elementBits,
                                                    int maxRegisters = 256);

} // namespace lx
