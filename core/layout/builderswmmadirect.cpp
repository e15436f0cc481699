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
// (per dim the smallest power of two above every component).
void appendWmmaCtaLayout(CtaBases &cta, const Bases &reg, const Bases &warp, size_t rank)
{
    if (rank > size_t(LinearLayout::kMaxDims))
        return; // CtaBases refused the rank already
    std::array<int, LinearLayout::kMaxDims> sizeLog2{};
    for (const Bases *bs : {&reg, &warp})
        for (const LinearLayout::Basis &b : *bs)
            for (size_t d = 0; d < rank && d < b.size(); ++d)
                sizeLog2[d] = std::max(sizeLog2[d], int(std::bit_width(uint32_t(b[d]))));
    for (const LinearLayout::Basis &b : reg)
        cta.appendScaled(CtaBases::Register, b);
    for (const LinearLayout::Basis &b : warp)
        cta.appendScaled(CtaBases::Warp, b);
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
    const auto [regs, lanes] = wmmaTileBases(a, rank);
    for (const LinearLayout::Basis &b : regs)
        cta.appendScaled(CtaBases::Register, b);
    for (const LinearLayout::Basis &b : lanes)
        cta.appendScaled(CtaBases::Lane, b);
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
    if (rank != 2 || !t)
        return std::nullopt;
    const size_t nonKDim = 1 - kDim;
    CtaBases cta(rank, {int32_t(kDim), int32_t(nonKDim)}); // the tile's out-dims: K, then nonK
    auto place = [&](const LinearLayout::Basis &kn) {
        LinearLayout::Basis b(rank, 0);
        b[kDim] = kn[0];
        b[nonKDim] = kn[1];
        return b;
    };
    for (const LinearLayout::Basis &b : t->reg)
        cta.appendScaled(CtaBases::Register, place(b));
    for (const LinearLayout::Basis &b : t->lane)
        cta.appendScaled(CtaBases::Lane, place(b));
    cta.grow(kDim, std::countr_zero(uint32_t(t->sizeK)));
    cta.grow(nonKDim, std::countr_zero(uint32_t(t->sizeNonK)));
    appendWmmaCtaLayout(cta, reg, warp, rank);
    return std::move(cta).fittedToOneCta(shape);
}

} // namespace lx::buildinternal
