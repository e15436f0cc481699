#include "render/allocatorscale.h"

#include <algorithm>

namespace lx {

OffsetScale::OffsetScale(const std::vector<std::pair<int64_t, int64_t>> &covered, int64_t top,
                         double height, double minHeight)
{
    m_knots = {0, top};
    for (const auto &[b, e] : covered) {
        m_knots.push_back(std::clamp<int64_t>(b, 0, top));
        m_knots.push_back(std::clamp<int64_t>(e, 0, top));
    }
    std::sort(m_knots.begin(), m_knots.end());
    m_knots.erase(std::unique(m_knots.begin(), m_knots.end()), m_knots.end());
    // Each stretch between two knots: its height to scale, and whether a buffer covers it.
    const double unit = height / double(top);
    const size_t n = m_knots.size() - 1;
    std::vector<double> len(n);
    std::vector<bool> isCovered(n, false);
    double total = 0, free = 0;
    for (size_t k = 0; k < n; ++k) {
        len[k] = double(m_knots[k + 1] - m_knots[k]) * unit;
        // A stretch inside a buffer drawn shorter than minHeight grows by that buffer's factor,
        // so the buffer's stretches add up to minHeight; other buffers keep their scale.
        double grow = 1;
        for (const auto &[b, e] : covered)
            if (b <= m_knots[k] && e >= m_knots[k + 1]) {
                isCovered[k] = true;
                if (e > b)
                    grow = std::max(grow, minHeight / (double(e - b) * unit));
            }
        if (grow > 1) {
            len[k] *= grow;
            m_stretched = true;
        }
        if (!isCovered[k])
            free += len[k];
        total += len[k];
    }
    // The room the stretched buffers took comes out of the free stretches, in proportion.
    const double excess = total - height;
    if (excess > 0 && free > 0) {
        const double keep = std::max(0.0, free - excess) / free;
        total = 0;
        for (size_t k = 0; k < n; ++k) {
            if (!isCovered[k])
                len[k] *= keep;
            total += len[k];
        }
    }
    const double fit = total > height ? height / total : 1.0;
    m_heights.assign(m_knots.size(), 0.0);
    for (size_t k = 0; k < n; ++k)
        m_heights[k + 1] = m_heights[k] + len[k] * fit;
}

double OffsetScale::at(int64_t offset) const
{
    offset = std::clamp(offset, m_knots.front(), m_knots.back());
    const auto it = std::upper_bound(m_knots.begin(), m_knots.end(), offset);
    if (it == m_knots.end())
        return m_heights.back();
    const size_t k = size_t(it - m_knots.begin()) - 1;
    const double t = double(offset - m_knots[k]) / double(m_knots[k + 1] - m_knots[k]);
    return m_heights[k] + t * (m_heights[k + 1] - m_heights[k]);
}

std::vector<std::pair<int64_t, int64_t>> drawnPlacements(const AllocationResult &a)
{
    std::vector<std::pair<int64_t, int64_t>> covered;
    auto cover = [&](int id, int64_t off) {
        if (id >= 0 && size_t(id) < a.buffers.size() && off >= 0)
            covered.emplace_back(off, off + a.buffers[size_t(id)].size);
    };
    for (const AllocBuffer &b : a.buffers)
        cover(b.id, b.offset);
    for (const AllocStage1Step &st : a.stage1)
        cover(st.chosen, st.placedOffset);
    for (const AllocStage2Round &round : a.stage2)
        for (const AllocMove &m : round.moves) {
            cover(m.buffer, m.from);
            cover(m.buffer, m.to);
        }
    const std::vector<int64_t> first = a.stage1Offsets();
    for (size_t i = 0; i < first.size(); ++i)
        cover(int(i), first[i]);
    return covered;
}

} // namespace lx
