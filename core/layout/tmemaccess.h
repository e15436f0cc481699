#pragma once

// Blackwell tensor memory (docs/nvidia-layouts.md §9): the tcgen05.ld/st access atoms and the
// register layout a tcgen05.ld/st of a TMEM descriptor gives, as Triton 3.6 computes them
// (lib/Dialect/TritonNvidiaGPU/IR/Dialect.cpp getTileLayout and getDistributedLayoutForTmemLdSt,
// behind Gluon's get_tmem_reg_layout). The TMEM layouts themselves (in-dims row, col) are built
// by toLinearLayout (core/layout/builders.h) from TensorMemoryAttr / TensorMemoryScalesAttr.

#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// Triton's TensorMemoryEncodingAttr::verify (and Gluon's col_stride check): the reason the
// attribute is refused, or nullopt when it is valid.
[[nodiscard]] std::optional<std::string> tensorMemoryAttrError(const TensorMemoryAttr &a);
[[nodiscard]] std::optional<std::string>
tensorMemoryScalesAttrError(const TensorMemoryScalesAttr &a);

// The shapes of tcgen05.ld/st: 32 lanes x 32 bits, 16 lanes x 64/128/256 bits, and 16 lanes x 32
// bits twice (the second half of the warp at a column offset).
enum class TmemAtom
{
    I32x32b,
    I16x64b,
    I16x128b,
    I16x256b,
    I16x32bx2
};

// "32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2"; nullopt for another name.
[[nodiscard]] std::optional<TmemAtom> tmemAtomFromName(std::string_view name);
[[nodiscard]] std::string tmemAtomName(TmemAtom atom);
// Every atom, in the order above.
[[nodiscard]] const std::vector<TmemAtom> &tmemAtoms();

// Triton's getTileLayout: what one warpgroup's tcgen05.ld/st of `atom` touches, in-dims
// register, lane, warp (warps 1 and 2 at rows 32 and 64: a warp reaches only its own 32 lanes of
// TMEM) and out-dims row (128), col (the atom's 32-bit columns; twice as many when unpacked).
[[nodiscard]] LinearLayout tmemAtomTile(TmemAtom atom, bool unpacked = false);

// What Gluon's get_tmem_reg_layout asks: the TMEM descriptor (its layout, shape and element
// width), the warps of the access, the instruction variant ("32x32b", "16x64b", "16x128b",
// "16x256b" or "32x32b_splitn") and the register layout's CGA (block bases; empty for one CTA).
struct TmemRegRequest
{
    LayoutAttrPtr memory; // a TensorMemoryAttr or TensorMemoryScalesAttr
    std::vector<int32_t> shape;
    int32_t elementBits = 32;
    int32_t numWarps = 4;
    std::string variant = "32x32b";
    BasisList cgaLayout;
};

// The register layout (in-dims register, lane, warp, block; out-dims dim0, dim1) of a
// tcgen05.ld/st of the request, or Triton's refusal (an atom too wide for the layout, a variant
// Gluon refuses, a bad warp count) as the Error's message.
[[nodiscard]] Expected<LinearLayout> tmemRegisterLayout(const TmemRegRequest &request);

// The same as a #ttg.linear attribute (what a Gluon get_tmem_reg_layout(...) call reads as).
[[nodiscard]] Expected<DistributedLinearAttr> tmemRegisterAttr(const TmemRegRequest &request);

} // namespace lx
