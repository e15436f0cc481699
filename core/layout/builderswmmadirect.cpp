// The AMD WMMA layouts with one CTA written basis by basis (ctabases.h): the instruction tile, the
// product with its ctaLayout and the fitting to the shape as one layout, where Triton's formula
// (buildersdistributed.cpp) makes the tile, the ctaLayout, their product, its transpose and the
// fitted layout one after the other.

#include "layout/buildersinternal.h"
#include "layout/ctabases.h"

#include <algorithm>
#include <array>
#include <bit>

namespace lx::buildinternal {

// The product with wmmaCtaLayout(reg, warp, rank), whose out sizes are inferred from its bases
// (per dim the smallest power of two above every component). For an operand, `kDim` < rank:
// movement along K is dropped first (warps that only moved along K broadcast, registers that
// only did are gone), as buildWmmaOperand does before the product.
void appendWmmaCtaLayout(CtaBases &cta, const Bases &reg, const Bases &warp, size_t kDim)
{
    const size_t rank = cta.rank();
    if (rank > size_t(LinearLayout::kMaxDims))
        return; // CtaBases refused the rank already
    std::array<int, LinearLayout::kMaxDims> sizeLog2{};
    std::array<int32_t, LinearLayout::kMaxDims> v{};
    auto read = [&](const LinearLayout::Basis &b) {
        bool moves = false;
        for (size_t d = 0; d < rank; ++d) {
            v[d] = d == kDim || d >= b.size() ? 0 : b[d];
            moves = moves || v[d] != 0;
        }
        return moves;
    };
    for (const Bases *bs : {&reg, &warp})
        for (const LinearLayout::Basis &b : *bs) {
            read(b);
            for (size_t d = 0; d < rank; ++d)
                sizeLog2[d] = std::max(sizeLog2[d], int(std::bit_width(uint32_t(v[d]))));
        }
    for (const LinearLayout::Basis &b : reg)
        if (read(b) || kDim >= rank)
            cta.appendScaled(CtaBases::Register, v.data());
    for (const LinearLayout::Basis &b : warp) {
        read(b);
        cta.appendScaled(CtaBases::Warp, v.data());
    }
    for (size_t d = 0; d < rank; ++d)
        cta.grow(d, sizeLog2[d]);
}

std::optional<LinearLayout> wmmaCtaDirect(const AmdWmmaAttr &a, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    IntList repOrder; // N, then M, then the batch (wmmaRepOrder)
    for (size_t d = rank; d-- > 0;)
        repOrder.push_back(int32_t(d));
    CtaBases cta(rank, repOrder);
    if (rank < 2 || rank > size_t(LinearLayout::kMaxDims))
        return std::nullopt;
    const TileBases2D t = wmmaTileBasesMN(a);
    std::array<int32_t, LinearLayout::kMaxDims> v{};
    auto append = [&](CtaBases::InDim in, const std::array<int32_t, 2> &mn) {
        v[rank - 2] = a.isTransposed ? mn[1] : mn[0];
        v[rank - 1] = a.isTransposed ? mn[0] : mn[1];
        cta.appendScaled(in, v.data());
    };
    for (size_t i = 0; i < t.numReg; ++i)
        append(CtaBases::Register, t.reg[i]);
    for (size_t i = 0; i < t.numLane; ++i)
        append(CtaBases::Lane, t.lane[i]);
    const auto [tileM, tileN] = wmmaTileExtent(a);
    cta.grow(rank - 2, std::countr_zero(uint32_t(tileM)));
    cta.grow(rank - 1, std::countr_zero(uint32_t(tileN)));
    appendWmmaCtaLayout(cta, a.ctaRegister, a.ctaWarp, rank);
    return std::move(cta).fittedToOneCta(shape);
}

std::optional<LinearLayout> wmmaOperandDirect(const AmdWmmaAttr &w, int32_t kWidth,
                                              int32_t nonKInstr, size_t kDim, const Bases &reg,
                                              const Bases &warp, const std::vector<int32_t> &shape)
{
    const size_t rank = shape.size();
    std::optional<WmmaOperandTile> t = wmmaOperandTileBases(w, kWidth, nonKInstr);
    if (rank != 2 || kDim > 1 || !t)
        return std::nullopt;
    const size_t nonKDim = 1 - kDim;
    CtaBases cta(rank, {int32_t(kDim), int32_t(nonKDim)}); // the tile's out-dims: K, then nonK
    int32_t v[2] = {0, 0};
    auto append = [&](CtaBases::InDim in, const std::array<int32_t, 2> &kn) {
        v[kDim] = kn[0];
        v[nonKDim] = kn[1];
        cta.appendScaled(in, v);
    };
    for (size_t i = 0; i < t->numReg; ++i)
        append(CtaBases::Register, t->reg[i]);
    for (size_t i = 0; i < t->numLane; ++i)
        append(CtaBases::Lane, t->lane[i]);
    cta.grow(kDim, std::countr_zero(uint32_t(t->sizeK)));
    cta.grow(nonKDim, std::countr_zero(uint32_t(t->sizeNonK)));
    appendWmmaCtaLayout(cta, reg, warp, kDim);
    return std::move(cta).fittedToOneCta(shape);
}

} // namespace lx::buildinternal
