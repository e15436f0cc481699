#pragma once

// A distributed CTA layout written basis by basis (internal to the builder sources), for the
// families whose Triton formula is a product of 1D identities, broadcasts and small explicit
// layouts (blocked, NVIDIA MMA and its operands, the AMD WMMA tiles and their ctaLayout): each
// factor appends its bases to the in-dim it names, scaled by the size the out-dim has reached, as
// LinearLayout::product does, and fittedToOneCta writes what
// combineCtaCgaWithShape makes of the product with one CTA (grown to the shape along 'register',
// clipped to it, an empty 'block' in-dim, out-dims dim0, dim1, ...) as one layout. No
// intermediate layout is made; the composed formula stays the builders' path for several CTAs and
// the reference the tests compare this one with.

#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace lx::buildinternal {

class CtaBases
{
public:
    enum InDim
    {
        Register,
        Lane,
        Warp
    };

    // Out-dims dim<outOrder[0]>, dim<outOrder[1]>, ... (outOrder a permutation of 0..rank-1), each
    // of size 1, and the in-dims register, lane, warp without bases.
    CtaBases(size_t rank, const IntList &outOrder);

    // The product with identity1D(size, in, dim<dim>): size a power of two >= 1.
    void repeat(InDim in, int32_t size, size_t dim);
    // The product with zeros1D(size, in, any out-dim): size a power of two >= 1.
    void broadcast(InDim in, int32_t size);
    // The product with a layout of explicit bases (one component per tensor dim, in dim order)
    // and out-dim sizes 2^sizeLog2[d]: appendScaled each of its bases to the in-dim it belongs
    // to (component d moves past this layout's extent along d), then grow by its sizes.
    void appendScaled(InDim in, const LinearLayout::Basis &b);
    // The same for a basis of rank() components at `b`.
    void appendScaled(InDim in, const int32_t *b);
    size_t rank() const { return m_rank; }
    void grow(size_t dim, int sizeLog2);

    // combineCtaCgaWithShape(this layout, the CGA layout of one CTA, shape), the layout's bases
    // moved into the result. nullopt where the composed formula would meet a size limit (the
    // builders then run it and report what it reports).
    [[nodiscard]] std::optional<LinearLayout> fittedToOneCta(const std::vector<int32_t> &shape) &&;

private:
    size_t m_rank;
    std::array<int, LinearLayout::kMaxDims> m_order{};
    std::array<int, LinearLayout::kMaxDims> m_sizeLog2{};
    std::array<std::vector<LinearLayout::Basis>, 3> m_bases;
    bool m_overflow = false;
};

} // namespace lx::buildinternal
