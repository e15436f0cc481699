#pragma once

// Internal to the CuTe sources (cute.cpp: text, memory layouts and the text entry points;
// cutetv.cpp: thread-value layouts): the bit helpers both readings share. Not part of the
// interface: cute.h is.

#include "base/expected.h"
#include "io/cute.h"
#include "layout/linearlayout.h"

#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace lx::cuteinternal {

// Offsets and tile indices stay below 2^30 (the engine's out-dim limit).
constexpr int kMaxBits = LinearLayout::kMaxOutDimBits;

inline bool isPow2U64(uint64_t v)
{
    return v != 0 && (v & (v - 1)) == 0;
}

inline int log2u(uint64_t v)
{
    return std::countr_zero(v);
}

// The top-level (shape, stride) modes of a layout; a leaf layout is one mode.
std::vector<std::pair<CuteTuple, CuteTuple>> topModes(const CuteLayout &layout);

// Per top-level mode, the images of its bits (XOR strides combine by XOR; plain ones must not
// overlap).
Expected<std::vector<std::vector<uint64_t>>> allModeBits(const CuteLayout &layout);

// "dim<k>".
std::string dimName(size_t k);

// The layout of one mode from the images of its bits: runs of doubling strides (or of zeros)
// coalesce into one leaf; the strides are XOR strides (F2) when isXor.
std::pair<CuteTuple, CuteTuple> modeOf(const std::vector<uint64_t> &images, bool isXor = false);

// An error unless the out-dims are dim0, dim1, ... in that order.
Expected<bool> checkStandardOutDims(const LinearLayout &layout);

} // namespace lx::cuteinternal
