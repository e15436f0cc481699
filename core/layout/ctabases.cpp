#include "layout/ctabases.h"

#include "base/intmath.h"
#include "f2/f2reduce.h"

#include <algorithm>
#include <bit>
#include <string>
#include <utility>

namespace lx::buildinternal {

CtaBases::CtaBases(size_t rank, const IntList &outOrder) : m_rank(rank)
{
    // A rank the layouts cannot hold, or an order that is not a permutation (the validators
    // refuse both first): left to the composed formula.
    m_overflow = rank == 0 || rank > size_t(LinearLayout::kMaxDims) || outOrder.size() != rank;
    if (m_overflow)
        return;
    std::array<bool, LinearLayout::kMaxDims> seen{};
    for (size_t k = 0; k < rank; ++k) {
        const int32_t d = outOrder[k];
        if (d < 0 || size_t(d) >= rank || seen[size_t(d)]) {
            m_overflow = true;
            return;
        }
        seen[size_t(d)] = true;
        m_order[k] = d;
    }
    // A 256x256 tensor of one CTA has 16 bases in all: one allocation per in-dim.
    m_bases[Register].reserve(16);
    m_bases[Lane].reserve(8);
    m_bases[Warp].reserve(8);
}

void CtaBases::repeat(InDim in, int32_t size, size_t dim)
{
    if (m_overflow || dim >= m_rank || !isPow2(size)) {
        m_overflow = true;
        return;
    }
    const int grow = log2Exact(size);
    std::vector<LinearLayout::Basis> &bases = m_bases[in];
    if (m_sizeLog2[dim] + grow > LinearLayout::kMaxOutDimBits ||
        int(bases.size()) + grow > LinearLayout::kMaxOutDimBits) {
        m_overflow = true;
        return;
    }
    for (int i = 0; i < grow; ++i) {
        LinearLayout::Basis b(m_rank, 0);
        b[dim] = int32_t(1) << m_sizeLog2[dim]++;
        bases.push_back(std::move(b));
    }
}

void CtaBases::broadcast(InDim in, int32_t size)
{
    if (m_overflow || !isPow2(size)) {
        m_overflow = true;
        return;
    }
    const int grow = log2Exact(size);
    std::vector<LinearLayout::Basis> &bases = m_bases[in];
    if (int(bases.size()) + grow > LinearLayout::kMaxOutDimBits) {
        m_overflow = true;
        return;
    }
    for (int i = 0; i < grow; ++i)
        bases.emplace_back(m_rank, 0);
}

void CtaBases::appendScaled(InDim in, const LinearLayout::Basis &b)
{
    if (b.size() != m_rank) {
        m_overflow = true;
        return;
    }
    appendScaled(in, b.data());
}

void CtaBases::appendScaled(InDim in, const int32_t *b)
{
    std::vector<LinearLayout::Basis> &bases = m_bases[in];
    if (m_overflow || int(bases.size()) >= LinearLayout::kMaxOutDimBits) {
        m_overflow = true;
        return;
    }
    LinearLayout::Basis scaled(m_rank, 0);
    for (size_t d = 0; d < m_rank; ++d) {
        const int64_t v = int64_t(b[d]) << m_sizeLog2[d];
        if (b[d] < 0 || v >= (int64_t(1) << LinearLayout::kMaxOutDimBits)) {
            m_overflow = true;
            return;
        }
        scaled[d] = int32_t(v);
    }
    bases.push_back(std::move(scaled));
}

void CtaBases::grow(size_t dim, int sizeLog2)
{
    if (m_overflow || dim >= m_rank || sizeLog2 < 0 ||
        m_sizeLog2[dim] + sizeLog2 > LinearLayout::kMaxOutDimBits) {
        m_overflow = true;
        return;
    }
    m_sizeLog2[dim] += sizeLog2;
}

std::optional<LinearLayout> CtaBases::fittedToOneCta(const std::vector<int32_t> &shape) &&
{
    if (m_overflow || shape.size() != m_rank)
        return std::nullopt;
    std::array<int, LinearLayout::kMaxDims> shapeLog2{};
    int outBits = 0, grownOutBits = 0;
    for (size_t d = 0; d < m_rank; ++d) {
        if (!isPow2(shape[d]))
            return std::nullopt;
        shapeLog2[d] = log2Exact(shape[d]);
        outBits += shapeLog2[d];
        grownOutBits += std::max(shapeLog2[d], m_sizeLog2[d]);
    }
    // ensureLayoutNotSmallerThan: registers repeat the layout along each out-dim, in the layout's
    // out-dim order, up to the shape.
    std::vector<LinearLayout::Basis> &reg = m_bases[Register];
    for (size_t k = 0; k < m_rank; ++k) {
        const size_t d = size_t(m_order[k]);
        for (; m_sizeLog2[d] < shapeLog2[d]; ++m_sizeLog2[d]) {
            LinearLayout::Basis b(m_rank, 0);
            b[d] = int32_t(1) << m_sizeLog2[d];
            reg.push_back(std::move(b));
        }
    }
    const size_t inBits = reg.size() + m_bases[Lane].size() + m_bases[Warp].size();
    if (int(reg.size()) > LinearLayout::kMaxOutDimBits ||
        inBits > size_t(LinearLayout::kMaxTotalBits) || grownOutBits > LinearLayout::kMaxTotalBits)
        return std::nullopt;
    // ensureLayoutNotLargerThan: a component past the shape broadcasts.
    for (size_t d = 0; d < m_rank; ++d) {
        if (m_sizeLog2[d] <= shapeLog2[d])
            continue;
        for (auto &bases : m_bases)
            for (LinearLayout::Basis &b : bases)
                if (b[d] >= shape[d])
                    b[d] = 0;
    }
    // Surjectivity is required exactly when the fitted layout is surjective (what the one-CTA
    // product leaves): its rank, from the bases flattened dim0 first.
    std::array<uint64_t, LinearLayout::kMaxTotalBits> columns; // the first n are written
    size_t n = 0;
    for (const auto &bases : m_bases)
        for (const LinearLayout::Basis &b : bases) {
            uint64_t v = 0;
            int offset = 0;
            for (size_t d = 0; d < m_rank; ++d) {
                v |= uint64_t(uint32_t(b[d])) << offset;
                offset += shapeLog2[d];
            }
            columns[n++] = v;
        }
    // Bases of one bit each (every family here but a WMMA ctaLayout's): the rank is the number
    // of distinct bits they set.
    uint64_t bits = 0;
    bool singleBits = true;
    for (size_t k = 0; k < n; ++k) {
        singleBits = singleBits && (columns[k] & (columns[k] - 1)) == 0;
        bits |= columns[k];
    }
    const int rank = singleBits ? std::popcount(bits) : f2::rankOfWords(columns.data(), n);
    const bool surjective = rank == outBits;
    LinearLayout::BasesT out;
    out.reserve(4);
    out.emplace_back("register", std::move(m_bases[Register]));
    out.emplace_back("lane", std::move(m_bases[Lane]));
    out.emplace_back("warp", std::move(m_bases[Warp]));
    out.emplace_back("block", std::vector<LinearLayout::Basis>{});
    std::vector<LinearLayout::NamedSize> outDims;
    outDims.reserve(m_rank);
    for (size_t d = 0; d < m_rank; ++d)
        outDims.emplace_back(d < 10 ? std::string{'d', 'i', 'm', char('0' + d)}
                                    : "dim" + std::to_string(d),
                             shape[d]);
    Expected<LinearLayout> l =
        LinearLayout::tryCreate(std::move(out), std::move(outDims), surjective);
    if (!l)
        return std::nullopt;
    return std::move(*l);
}

} // namespace lx::buildinternal
