#pragma once

// LinearLayout: a linear map over GF(2) from named hardware indices to named tensor coordinates.
//
// What it means
// -------------
// A layout has ordered *in-dims* (register, lane, warp, block for a distributed layout; offset,
// block, partition for a shared one) and ordered *out-dims* (dim0, dim1, ...). An in-dim of size
// 2^k has k basis vectors; basis i is the image of the input where that dim is 2^i and every other
// dim is 0. Every basis has one integer component per out-dim, in out-dim order. The image of any
// input is the XOR, component by component, of the bases of its set bits:
//
//     L(x) = XOR over in-dims d, over bits i of x_d : bases[d][i]
//
// Worked example. register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]] over
// (dim0: 4, dim1: 2). Warp 3 has bits 0 and 1 set, so it lands on [2,1] XOR [1,0] = [3,1].
// Lane 2, register 1 lands on [2,0] XOR [0,1] = [2,1]: that element has two owners (broadcast),
// which is why layouts are usually not injective.
//
// Order is observable: it decides equality, the matrix, reshapes, which preimage
// invertAndCompose picks and the text of toString(). Dims are minor to major: the first in-dim
// holds the least significant bits of the flattened input, and likewise for out-dims.
//
// Invariants (checked by tryCreate; a LinearLayout value always satisfies them)
//  - every component is >= 0 and smaller than the size of its out-dim;
//  - every basis has exactly outDims().size() components;
//  - every out-dim size is a power of two >= 1, at most 2^30;
//  - in-dim and out-dim names are unique;
//  - the total in-bits and out-bits are each at most 64 (Triton's matrix limit), and there are
//    at most kMaxDims in-dims and kMaxDims out-dims;
//  - when surjectivity was required, rank == total out-bits.
//
// Operations follow Triton's LinearLayout (lib/Tools/LinearLayout.cpp) result for result,
// dimension order included; docs/linear-layouts.md is the specification
// and tests/data/conformance the acceptance test. Operations whose preconditions a person can
// violate return Expected<...> and never abort.

#include "base/expected.h"

#include "layout/basis.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lx {

class F2Matrix;

class LinearLayout
{
public:
    using Basis = lx::Basis;
    using DimBases = std::pair<std::string, std::vector<Basis>>;
    using BasesT = std::vector<DimBases>;
    using NamedSize = std::pair<std::string, int32_t>;
    using NamedValue = std::pair<std::string, int32_t>;

    // Limits that keep every operation small and exact (Triton's own matrix limit is 64 bits).
    static constexpr int kMaxOutDimBits = 30;
    static constexpr int kMaxTotalBits = 64;
    // At most this many in-dims and this many out-dims (size-1 dims cost no bits, so the bit
    // limits alone would not bound them).
    static constexpr int kMaxDims = 32;

    // The empty layout: no in-dims, no out-dims. Identity of operator*.
    LinearLayout() = default;
    [[nodiscard]] static LinearLayout empty() { return {}; }

    // Explicit out-dim sizes. Postcondition: the invariants above, and rank == total out-bits
    // when requireSurjective.
    [[nodiscard]] static Expected<LinearLayout>
    tryCreate(BasesT bases, std::vector<NamedSize> outDims, bool requireSurjective);
    // Out sizes inferred: per out-dim the smallest power of two strictly greater than every
    // component (minimum 1). Always requires surjectivity, like Triton's constructor.
    [[nodiscard]] static Expected<LinearLayout>
    tryCreateInferred(BasesT bases, const std::vector<std::string> &outDimNames);

    // Requires: size a power of two (or 0, which gives empty()), stride a power of two.
    [[nodiscard]] static Expected<LinearLayout> identity1D(int32_t size, const std::string &inDim,
                                                           const std::string &outDim);
    [[nodiscard]] static Expected<LinearLayout>
    strided1D(int32_t size, int32_t stride, const std::string &inDim, const std::string &outDim);
    [[nodiscard]] static Expected<LinearLayout> zeros1D(int32_t size, const std::string &inDim,
                                                        const std::string &outDim,
                                                        int32_t outDimSize = 1);

    // ---- accessors -------------------------------------------------------------------------
    const BasesT &bases() const { return m_bases; }
    const std::vector<NamedSize> &outDims() const { return m_outDims; }
    std::vector<std::string> inDimNames() const;
    std::vector<std::string> outDimNames() const;
    // (name, size) in order.
    std::vector<NamedSize> inDims() const;

    bool hasInDim(const std::string &name) const { return inDimIndex(name) >= 0; }
    bool hasOutDim(const std::string &name) const { return outDimIndex(name) >= 0; }
    // -1 when absent.
    int inDimIndex(const std::string &name) const;
    int outDimIndex(const std::string &name) const;

    // 0 for an absent dim.
    int inDimSizeLog2(const std::string &name) const;
    int32_t inDimSize(const std::string &name) const { return int32_t(1) << inDimSizeLog2(name); }
    int outDimSizeLog2(const std::string &name) const;
    int32_t outDimSize(const std::string &name) const { return int32_t(1) << outDimSizeLog2(name); }
    int totalInDimSizeLog2() const;
    int totalOutDimSizeLog2() const;
    int64_t totalInDimSize() const { return int64_t(1) << totalInDimSizeLog2(); }
    int64_t totalOutDimSize() const { return int64_t(1) << totalOutDimSizeLog2(); }
    int numInDims() const { return int(m_bases.size()); }
    int numOutDims() const { return int(m_outDims.size()); }
    // Requires: the dim exists and i < its size log2.
    const Basis &basis(const std::string &inDim, int i) const;

    int rank() const { return m_rank; }
    bool isSurjective() const { return m_rank == totalOutDimSizeLog2(); }
    bool isInjective() const { return m_rank == totalInDimSizeLog2(); }
    bool isInvertible() const
    {
        return isSurjective() && totalInDimSizeLog2() == totalOutDimSizeLog2();
    }
    // Whether surjectivity was required when this value was made (Triton carries the flag).
    bool surjectivityRequired() const { return m_requireSurjective; }

    // ---- evaluation --------------------------------------------------------------------------
    // Requires: the names are exactly the in-dims (any order). Bits above a dim's size are
    // ignored. Postcondition: one value per out-dim, in out-dim order.
    [[nodiscard]] Expected<std::vector<NamedValue>> apply(const std::vector<NamedValue> &ins) const;
    // Fast path: one value per in-dim in in-dim order; returns one value per out-dim.
    [[nodiscard]] std::vector<int32_t> applyOrdered(const std::vector<int32_t> &ins) const;
    // Flattened form: input bits in matrix column order, output as the flattened out index.
    [[nodiscard]] uint64_t applyFlat(uint64_t in) const;
    // The image of each in-bit as a flattened out index, in matrix column order.
    const std::vector<uint64_t> &flatColumns() const { return m_columns; }
    // Splits a flattened out index into one value per out-dim.
    [[nodiscard]] std::vector<int32_t> unflattenOut(uint64_t flat) const;

    // Rows = out bits (out-dims in order, low bit first), columns = in bits (in-dims in order).
    [[nodiscard]] F2Matrix matrix() const;
    // For each in-dim in order, a mask of the bases that are linear combinations of earlier ones.
    [[nodiscard]] std::vector<NamedValue> getFreeVariableMasks() const;

    // ---- algebra -----------------------------------------------------------------------------
    // outer(this(x)). Requires: outDims of this == inDims of outer as sets and
    // outSize(o) <= outer.inSize(o). Postcondition: this layout's in-dims, outer's out-dims.
    [[nodiscard]] Expected<LinearLayout> compose(const LinearLayout &outer) const;
    // C with outer(C(x)) = this(x): the smallest preimage, identity dims passed through.
    // Requires: same out-dim names, outer.outSize >= this.outSize, Im(this) in Im(outer).
    [[nodiscard]] Expected<LinearLayout> invertAndCompose(const LinearLayout &outer) const;
    // Requires: isInvertible().
    [[nodiscard]] Expected<LinearLayout> invert() const;
    // Right inverse. Requires: isSurjective().
    [[nodiscard]] Expected<LinearLayout> pseudoinvert() const;
    // The direct sum with this minor and outer major (Triton's operator*). Never fails for valid
    // layouts except when a combined dim exceeds the size limits.
    [[nodiscard]] Expected<LinearLayout> product(const LinearLayout &outer) const;
    // C with A == B * C (divideLeft) or A == C * B (divideRight); nullopt when there is none.
    [[nodiscard]] static std::optional<LinearLayout> divideLeft(const LinearLayout &a,
                                                                const LinearLayout &b);
    [[nodiscard]] static std::optional<LinearLayout> divideRight(const LinearLayout &a,
                                                                 const LinearLayout &b);

    // ---- structure ---------------------------------------------------------------------------
    // Requires: the names are dims of this layout. Order follows this layout, not the arguments.
    [[nodiscard]] Expected<LinearLayout> sublayout(const std::vector<std::string> &ins,
                                                   const std::vector<std::string> &outs) const;
    [[nodiscard]] Expected<bool> sublayoutIsZero(const std::vector<std::string> &ins,
                                                 const std::vector<std::string> &outs) const;
    // Requires: a permutation of the existing names.
    [[nodiscard]] Expected<LinearLayout> transposeIns(const std::vector<std::string> &order) const;
    [[nodiscard]] Expected<LinearLayout>
    transposeOuts(const std::vector<std::string> &order) const &;
    // The same on a value about to be dropped: its bases are permuted in place, not copied.
    [[nodiscard]] Expected<LinearLayout> transposeOuts(const std::vector<std::string> &order) &&;
    // Requires: power-of-two sizes whose product is the total size.
    [[nodiscard]] Expected<LinearLayout> reshapeIns(const std::vector<NamedSize> &newInDims) const;
    [[nodiscard]] Expected<LinearLayout>
    reshapeOuts(const std::vector<NamedSize> &newOutDims) const;
    [[nodiscard]] LinearLayout flattenIns() const;
    [[nodiscard]] LinearLayout flattenOuts() const;
    // Requires: the dim has size 1.
    [[nodiscard]] Expected<LinearLayout> squeezeIns(const std::string &dim) const;
    [[nodiscard]] Expected<LinearLayout> squeezeOuts(const std::string &dim) const;
    // Requires: newSize a power of two <= current size. resizeOutDim zeroes out-of-range
    // components.
    [[nodiscard]] Expected<LinearLayout> resizeInDim(const std::string &dim, int32_t newSize) const;
    [[nodiscard]] Expected<LinearLayout> resizeOutDim(const std::string &dim,
                                                      int32_t newSize) const;
    // The renamed dim moves to the end of the in-dim order (Triton erases and re-inserts it).
    [[nodiscard]] Expected<LinearLayout> renameInDim(const std::string &from,
                                                     const std::string &to) const;
    [[nodiscard]] Expected<LinearLayout> concatIns(const LinearLayout &other) const;
    [[nodiscard]] Expected<LinearLayout> concatOuts(const LinearLayout &other) const;
    [[nodiscard]] LinearLayout removeZeroBasesAlongDim(const std::string &dim) const;
    // Moves the bases out (in-dims in order, as bases() gives them) and leaves the empty layout:
    // for building a changed layout from this one without copying every basis.
    [[nodiscard]] BasesT takeBases() &&;
    // Same dims and sizes, every component 0, not required to be surjective.
    [[nodiscard]] LinearLayout zerosLike() const;

    [[nodiscard]] int getNumConsecutiveInOut() const;
    [[nodiscard]] Expected<bool> isTrivialOver(const std::vector<std::string> &dims) const;
    [[nodiscard]] Expected<bool>
    squareSublayoutIsIdentity(const std::vector<std::string> &dims) const;
    [[nodiscard]] std::optional<LinearLayout> quotient(const std::vector<std::string> &dims) const;

    bool operator==(const LinearLayout &other) const;
    bool operator!=(const LinearLayout &other) const { return !(*this == other); }
    bool equalIgnoringOutDimSizes(const LinearLayout &other) const;

    // Triton's LinearLayout::toString(), byte for byte.
    [[nodiscard]] std::string toString() const;

private:
    // Builds without checks beyond computing the rank; for internal use on values that satisfy
    // the invariants by construction.
    static LinearLayout makeUnchecked(BasesT bases, std::vector<NamedSize> outDims,
                                      bool requireSurjective);
    // The same with the rank known by construction (rank < 0: compute it).
    static LinearLayout makeWithRank(BasesT bases, std::vector<NamedSize> outDims,
                                     bool requireSurjective, int rank);
    void computeCaches();

    BasesT m_bases;
    std::vector<NamedSize> m_outDims;
    // Derived caches (not part of the value): each in-bit's image as a flattened out index
    // (first out-dim least significant), in matrix column order, and each out-dim's bit offset.
    std::vector<uint64_t> m_columns;
    std::array<uint8_t, kMaxDims> m_outOffsets{};
    int m_rank = 0;
    bool m_requireSurjective = true;
};

// Triton's LayoutUtils `supremum`: merge two ordered name lists without duplicates.
[[nodiscard]] std::vector<std::string> supremum(const std::vector<std::string> &x,
                                                const std::vector<std::string> &y);

} // namespace lx
