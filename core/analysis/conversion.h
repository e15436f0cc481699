#pragma once

// What a ttg.convert_layout between two distributed layouts lowers to.
//
// Triton decides it with the engine (Analysis/Utility.cpp `minimalCvtLayout`, used by
// TritonGPUToLLVM/ConvertLayoutOpToLLVM.cpp): the conversion is
//
//   cvt = dst.invertAndCompose(src)      (dst's register, lane, warp, block) -> src's
//
// i.e. for every hardware index of the destination, the hardware index of the source that holds
// the same element. Then, slowest dimension first (block, warp, lane, register, as far as both
// layouts list the same in-dims at the end), cvt is quotiented by each dimension it is trivial
// over (identity on that dim, and the dim neither feeds nor is fed by the others). The dims left
// are the ones data must move across:
//
//   nothing left          no-op            the two layouts are the same map
//   register only         register permutation inside each thread (no instruction moves data)
//   lane (no warp/block)  intra-warp shuffle, unless the exchange mixes register and lane bits
//                         in two or more places, where Triton gives up on shuffles and goes
//                         through LDS (its `getWarpLayoutConvertDecomposition` counts those
//                         "mixed transpositions"; here their number is the larger rank of
//                         the register part of cvt's lane bases and the lane part of its
//                         register bases, an approximation of that count)
//   warp                  a round trip through LDS (store, barrier, load)
//   block                 data crosses CTAs: Triton refuses these conversions
//
// Worked example: src = blocked sizePerThread [1, 2], dst the same with the two register bases
// swapped: cvt maps register bit 0 to register bit 1 and back, is the identity on lane and warp,
// so only `register` is left: a register permutation.
//
// LDS bytes of a round trip: every distinct element one CTA holds (replicas counted once), at
// the element width. Triton may split the scratch buffer into several rounds when both layouts
// share register repetitions; that split is not modelled, so this is the size of one full tile.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lx {

enum class ConversionKind
{
    NoOp,
    RegisterPermutation,
    WarpShuffle,
    LdsRoundTrip,
    CrossCta,
};

// "no-op", "register permutation", "intra-warp shuffle", "LDS round trip", "cross-CTA".
[[nodiscard]] std::string conversionKindName(ConversionKind kind);

struct ConversionPlan
{
    ConversionKind kind = ConversionKind::NoOp;
    LinearLayout minimal;               // cvt after the quotients (in-dims == out-dims)
    std::vector<std::string> movedDims; // in-dims of `minimal`, e.g. {"register", "lane"}
    int mixedTranspositions = 0;        // register/lane exchanges (see above)
    int64_t ldsBytes = 0;               // LdsRoundTrip only: bytes of the scratch tile
    std::string reason;                 // one sentence: which dims move and why this kind
};

// Classifies convert_layout(src) -> dst for `elementBits`-bit elements.
// Requires (else an Error): both layouts distributed (in-dims among register, lane, warp,
// block, no offset), the same out-dims with the same sizes, elementBits > 0, and every element
// of dst held somewhere in src.
[[nodiscard]] Expected<ConversionPlan> classifyConversion(const LinearLayout &src,
                                                          const LinearLayout &dst, int elementBits);

} // namespace lx
