#pragma once

// CuTe layouts (NVIDIA CUTLASS, include/cute/layout.hpp and swizzle.hpp) read and written as
// linear layouts.
//
// What a CuTe layout means
// ------------------------
// A CuTe layout is a pair of congruent integer trees `shape:stride`, for example
// `((2,4),(8,2)):((1,16),(2,64))`. It maps a coordinate to an integer. Coordinates are taken in
// *colexicographic* order: with the leaves of the shape listed depth first (s0, s1, ...), a flat
// index i is the coordinate (i mod s0, (i / s0) mod s1, ...): the FIRST leaf varies fastest. The
// value is the sum of coordinate * stride over the leaves. `Sw<B,M,S> o 0 o L` composes a swizzle
// after L: Sw(x) = x XOR ((x & yyy) >> S), yyy being B bits starting at bit M + max(S, 0); the
// bits it XORs into start at bit M - min(S, 0).
//
// When it is a linear layout
// --------------------------
// Over GF(2) addition is XOR, so `L` is linear exactly when every leaf size is a power of two,
// every stride is zero or a power of two, and no two non-zero contributions share a bit (then the
// sum never carries and equals the XOR). The swizzle is always linear. Anything else is refused
// with the reason (a stride of 3, a mode of size 6, two modes reaching the same bit, an offset
// that is not 0).
//
// Two readings
// ------------
//  - A *memory* layout maps the coordinate of a tensor element to its offset in memory. Its
//    top-level modes are the tensor dims (mode k is dimk, as in Triton, where dim0 is the row of a
//    2-D tile). As a linear layout it is Triton's shared-memory form, `offset -> (dim0, dim1,
//    ...)`: the inverse of the CuTe map, so the CuTe layout must be a bijection onto 0..size-1.
//    Example: the row-major 4x8 tile `(4,8):(8,1)` is offset = [[0,1],[0,2],[0,4],[1,0],[2,0]].
//  - A *thread-value* (TV) layout `(T, V)` maps (thread, value) to the column-major index of an
//    element of an M x N (x ...) tile, the way CUTLASS writes its MMA atoms (index = m + M*n). As a
//    linear layout it is Triton's distributed form: `register` = the value bits, `lane` = the
//    first log2(warpSize) thread bits, `warp` = the rest, `block` of size 1, out-dims over the
//    tile. Example: CUTLASS's SM80 16x8 accumulator `((4,8),(2,2)):((32,1),(16,8))`.
//
// Units. A memory layout is in elements unless said otherwise. In bytes (CuteUnits::Bytes and an
// element size) the same tile is the recast: `Sw<3,4,3> o 0 o (64,128):(128,1)` in bytes over f16
// is `Sw<3,3,3> o 0 o (64,64):(64,1)` in elements. Reading bytes removes the byte-within-element
// bits (they must be the lowest bits of one dim, reached by offsets 1, 2, ...), writing adds them.
//
// XOR strides
// -----------
// NVIDIA's pure-Python CuTe also writes strides in GF(2), `F2(d)`: a mode of size 2^k with stride
// F2(d) sends coordinate c to the carry-less product c * d, i.e. bit j of c to d << j, and
// contributions combine by XOR. `Layout((8,8),(F2(9),F2(1)))` is the 8x8 tile whose row r starts
// at 8r and whose column c lands at c XOR r: bit j of the row reaches 9 << j = (8 << j) XOR
// (1 << j). Any non-negative d is linear; plain strides keep CuTe's addition, so they must still
// be powers of two reaching bits no other plain stride reaches. The F2 contributions are XORed
// into their sum.
//
// Text. Integers may carry CuTe's static prefix (`_64`); `Swizzle<B,M,S>` is read like `Sw<B,M,S>`,
// and so are the Python forms `Swizzle(B, M, S)` and `Layout(shape, stride)`; the offset between
// the swizzle and the layout (`o _0 o`) may be omitted. printCute writes what CuTe's print()
// writes for a dynamic layout: `(4,8):(8,1)`, `Sw<3,3,3> o 0 o (64,64):(64,1)`, and F2(d) for an
// XOR stride. Reading is bounded: nesting depth 16, 256 leaves, integers below 2^31.

#include "base/expected.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// An integer or a tuple of CuteTuples.
struct CuteTuple
{
    int64_t value = 0;            // a leaf's integer
    std::vector<CuteTuple> items; // a tuple's children
    bool isLeaf = true;
    bool xorStride = false; // a stride leaf written F2(value): an XOR stride (see above)

    [[nodiscard]] static CuteTuple leaf(int64_t v, bool isXor = false)
    {
        return CuteTuple{v, {}, true, isXor};
    }
    [[nodiscard]] static CuteTuple tuple(std::vector<CuteTuple> children)
    {
        return CuteTuple{0, std::move(children), false, false};
    }
    // The leaves depth first (colexicographic order: the first one varies fastest).
    [[nodiscard]] std::vector<int64_t> leaves() const;
    // Calls f(leaf) for each leaf, depth first.
    template <typename F> void forEachLeaf(F &&f) const
    {
        if (isLeaf)
            f(*this);
        else
            for (const CuteTuple &t : items)
                t.forEachLeaf(f);
    }
    // The product of the leaves (a shape's size).
    [[nodiscard]] int64_t product() const;
    bool operator==(const CuteTuple &) const = default;
};

struct CuteSwizzle
{
    int bits = 0;  // B
    int base = 0;  // M
    int shift = 0; // S
    bool operator==(const CuteSwizzle &) const = default;
    // Sw(x) as CuTe defines it.
    [[nodiscard]] uint64_t apply(uint64_t x) const;
};

struct CuteLayout
{
    CuteTuple shape;
    CuteTuple stride;
    std::optional<CuteSwizzle> swizzle; // composed after the layout
    bool operator==(const CuteLayout &) const = default;
};

enum class CuteUnits
{
    Elements,
    Bytes,
};

enum class CuteKind
{
    Memory,      // coordinate -> offset; Triton's offset -> (dim0, ...) form
    ThreadValue, // (thread, value) -> column-major tile index; register / lane / warp form
};

// Reads CuTe's printed form. Errors name the column (1-based) and what was expected.
[[nodiscard]] Expected<CuteLayout> parseCute(std::string_view text);
// CuTe's print() of a dynamic layout (no `_` prefixes).
[[nodiscard]] std::string printCute(const CuteLayout &layout);
// Whether text reads as CuTe rather than #ttg or Gluon: it starts (after blanks) with `(`, a
// digit, `_`, `Sw<`, `Swizzle<`, `Swizzle(` or `Layout(`.
[[nodiscard]] bool looksLikeCute(std::string_view text);

// The memory reading as Triton's shared form: in-dim `offset`, out-dims dim0.. (one per top-level
// mode). Bytes: elementBytes (a power of two) is the size of one element.
[[nodiscard]] Expected<LinearLayout> cuteMemoryToLinear(const CuteLayout &layout,
                                                        CuteUnits units = CuteUnits::Elements,
                                                        int elementBytes = 1);
// The TV reading over a tile of `tileShape` (powers of two; index = colexicographic).
[[nodiscard]] Expected<LinearLayout>
cuteTvToLinear(const CuteLayout &layout, const std::vector<int32_t> &tileShape, int warpSize = 32);
// Chooses the reading: a swizzle, no tile shape or a tile shape equal to the top-level mode
// sizes mean memory; otherwise thread-value over tileShape.
[[nodiscard]] CuteKind guessCuteKind(const CuteLayout &layout,
                                     const std::vector<int32_t> &tileShape);

// The CuTe layout of a shared-form linear layout (in-dim `offset`, optionally a `block` of size
// 1; out-dims dim0.. in order): the inverse map, factored as a swizzle after a layout whose
// strides are powers of two when one Sw<B,M,S> does it, else with XOR strides F2(d). Refused
// with the reason when it is not a bijection.
[[nodiscard]] Expected<CuteLayout> linearToCuteMemory(const LinearLayout &layout,
                                                      CuteUnits units = CuteUnits::Elements,
                                                      int elementBytes = 1);
// The TV layout of a distributed linear layout (in-dims among register, lane, warp, block with
// block of size 1; out-dims dim0.. in order). Every basis must land on one power-of-two tile
// index (a single non-zero component) or be zero.
[[nodiscard]] Expected<CuteLayout> linearToCuteTv(const LinearLayout &layout);

// Reads CuTe text into a linear layout (the reading as guessCuteKind chooses unless `kind` is
// given). The one entry point of the paste box, `convert` and scene files.
[[nodiscard]] Expected<LinearLayout> cuteTextToLinear(std::string_view text,
                                                      const std::vector<int32_t> &tileShape,
                                                      std::optional<CuteKind> kind = std::nullopt,
                                                      CuteUnits units = CuteUnits::Elements,
                                                      int elementBytes = 1, int warpSize = 32);
// What the paste box and scene files keep of CuTe text: the linear layout, the text in elements
// (byte text is rewritten in elements, so that a saved scene reads back the same) and the shape.
struct CuteLayoutText
{
    LinearLayout layout;
    std::string elementText;
    std::vector<int32_t> shape;
};
// Reads CuTe text over tileShape (may be empty for a memory layout); bytes: offsets count bytes of
// `dtype` (f16, f32, ...).
[[nodiscard]] Expected<CuteLayoutText> readCuteLayoutText(std::string_view text,
                                                          const std::vector<int32_t> &tileShape,
                                                          std::string_view dtype, bool bytes);

// Writes a linear layout as CuTe text: the memory reading for an `offset` layout, the TV reading
// for a distributed one.
[[nodiscard]] Expected<std::string> linearToCuteText(const LinearLayout &layout,
                                                     CuteUnits units = CuteUnits::Elements,
                                                     int elementBytes = 1);

} // namespace lx
