#pragma once

// Ownership: which hardware indices own each tensor element, and why.
//
// For a distributed layout L (in-dims register, lane, warp, block; out-dims dim0, dim1, ...) an
// element e is owned by every input x with L(x) = e. A layout that is not injective has several
// owners per element (broadcast / replicas); every one of them is reported, never only the first.
// For a shared layout (in-dims offset, block, ...) the owners of an element are its offsets.
//
// The enumeration visits every input once in increasing order of the flattened input (first
// in-dim least significant). Going from x-1 to x flips the trailing ones of x-1, so the output
// changes by the XOR of the images of those bits: one precomputed XOR per input, the same cost
// as a Gray-code walk, and the owners of each element come out sorted.
//
// Element ids. Views that show the same tensor element share an id so that hover and selection
// are synchronised between them: elementId(coords, sizes) is the flattened tensor index with
// the first out-dim least significant (the engine's flattening order, see linearlayout.h).
//
// Worked example (linearlayout.h): register = [[0,1]], lane = [[1,0],[2,0]], warp = [[2,1],[1,0]]
// over (dim0: 4, dim1: 2). decomposeXor(warp = 3) = "warp=3 → [2,1] ⊕ [1,0] = [3,1]".

#include "base/expected.h"
#include "base/largebuffer.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace lx {

// The flattened tensor index of `coords` (one per out-dim, in out-dim order), the first out-dim
// least significant. Requires: coords.size() == sizes.size().
[[nodiscard]] int64_t elementId(const std::vector<int32_t> &coords,
                                const std::vector<LinearLayout::NamedSize> &sizes);

// A 2-D slice of the out-space: rows run along out-dim `rowDim`, columns along `colDim`; every
// other out-dim d is fixed at fixed[d] (fixed may be empty: all zero). rowDim == colDim is
// invalid; a layout with one out-dim is shown with colDim == -1 (one column).
struct OwnershipSlice
{
    int rowDim = 0;
    int colDim = 1;
    std::vector<int32_t> fixed;

    bool operator==(const OwnershipSlice &) const = default;
};

// Every owner of every element of a slice, in compressed rows (CSR) over the elements.
class OwnershipMap
{
public:
    // The largest input space enumerated (2^26 inputs, 256 MiB of owners at worst).
    static constexpr int kMaxInputBits = 26;
    static_assert(kMaxInputBits <= 32);

    // A flattened input: kMaxInputBits fit in 32 bits, which halves the map's memory traffic.
    using Input = uint32_t;

    OwnershipMap() = default;

    int rows() const { return m_rows; }
    int columns() const { return m_cols; }
    const std::vector<std::string> &inDimNames() const { return m_inDimNames; }
    const std::vector<int> &inDimBits() const { return m_inDimBits; }

    // Flattened inputs (first in-dim least significant) owning element (row, col), ascending.
    std::span<const Input> owners(int row, int col) const
    {
        const size_t e = size_t(row) * size_t(m_cols) + size_t(col);
        if (m_uniformLog2 >= 0) // every element has 2^m_uniformLog2 owners: no offset table
            return {m_owners.data() + (e << m_uniformLog2), size_t(1) << m_uniformLog2};
        return {m_owners.data() + m_offsets[e], size_t(m_offsets[e + 1] - m_offsets[e])};
    }
    size_t ownerCount(int row, int col) const { return owners(row, col).size(); }
    // Whether every element of the slice has maxOwnerCount() owners (then the owners of element
    // (row, col) start at (row * columns() + col) * maxOwnerCount()).
    bool uniformOwnerCount() const { return m_uniformLog2 >= 0; }
    // The largest number of owners of any element of the slice.
    size_t maxOwnerCount() const { return m_maxOwners; }
    // The element id of (row, col) in the layout's out-space (see elementId()).
    int64_t elementIdAt(int row, int col) const
    {
        return m_idBase | (int64_t(row) << m_idRowShift) |
               (m_colDim >= 0 ? int64_t(col) << m_idColShift : 0);
    }
    // One value per in-dim, in in-dim order.
    [[nodiscard]] std::vector<int32_t> decode(uint64_t flatInput) const;

    friend Expected<OwnershipMap> computeOwnership(const LinearLayout &layout,
                                                   const OwnershipSlice &slice);

private:
    int m_rows = 0;
    int m_cols = 0;
    std::vector<std::string> m_inDimNames;
    std::vector<int> m_inDimBits;
    std::vector<LinearLayout::NamedSize> m_outDims;
    int m_rowDim = 0;
    int m_colDim = -1;
    std::vector<int32_t> m_fixed;
    int64_t m_idBase = 0; // element id bits of the fixed dims
    int m_idRowShift = 0;
    int m_idColShift = 0;
    // rows*cols + 1 (at most 2^kMaxInputBits owners); empty when m_uniformLog2 >= 0. Large
    // buffers (base/largebuffer.h): the map of the next edit reuses the pages of the last one.
    LargeBuffer<uint32_t> m_offsets;
    LargeBuffer<Input> m_owners;
    int m_uniformLog2 = -1;
    size_t m_maxOwners = 0;
};

// Requires: 0 <= rowDim, colDim < numOutDims (colDim may be -1 for a 1-D layout), rowDim !=
// colDim, fixed values inside their out-dims, at most kMaxInputBits input bits.
[[nodiscard]] Expected<OwnershipMap> computeOwnership(const LinearLayout &layout,
                                                      const OwnershipSlice &slice);

// One term of an XOR decomposition: bit `bit` of in-dim `inDim` is set and contributes `basis`.
struct XorTerm
{
    std::string inDim;
    int bit = 0;
    std::vector<int32_t> basis;

    bool operator==(const XorTerm &) const = default;
};

// Why an input lands where it does: the bases of its set bits and their XOR.
struct XorDecomposition
{
    std::vector<LinearLayout::NamedValue> input; // every in-dim, in in-dim order
    std::vector<XorTerm> terms;                  // in-dim order, then bit order
    std::vector<int32_t> result;                 // one value per out-dim

    bool operator==(const XorDecomposition &) const = default;
    // "warp=3 → [2,1] ⊕ [1,0] = [3,1]": the non-zero inputs, the terms and the result (UTF-8).
    // With one term, "lane=2 → [2,0]"; with none, "register=0, ... → [0,0]".
    [[nodiscard]] std::string toString() const;
};

// Requires: `input` names exactly the in-dims of `layout` (any order) with values inside them.
[[nodiscard]] Expected<XorDecomposition>
decomposeXor(const LinearLayout &layout, const std::vector<LinearLayout::NamedValue> &input);

} // namespace lx
