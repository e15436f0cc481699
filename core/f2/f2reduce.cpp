#include "f2/f2reduce.h"

#include <bit>
#include <cstddef>
#include <utility>

namespace lx::f2 {

std::vector<int> rref(uint64_t *rows, int nRows, int nCols, int stride)
{
    std::vector<int> pivots;
    const auto rowAt = [&](int r) { return rows + size_t(r) * size_t(stride); };
    int row = 0;
    for (int c = 0; c < nCols && row < nRows; ++c) {
        const size_t w = size_t(c / 64);
        const uint64_t bit = uint64_t(1) << (c % 64);
        int p = row;
        while (p < nRows && !(rowAt(p)[w] & bit))
            ++p;
        if (p == nRows)
            continue;
        uint64_t *pr = rowAt(row);
        if (p != row) {
            uint64_t *q = rowAt(p);
            for (size_t k = 0; k < size_t(stride); ++k)
                std::swap(pr[k], q[k]);
        }
        // Words below w are zero in the pivot row (earlier columns are eliminated or pivots of
        // earlier rows), so only words from w on take part.
        for (int r = 0; r < nRows; ++r) {
            uint64_t *d = rowAt(r);
            if (r != row && (d[w] & bit))
                for (size_t k = w; k < size_t(stride); ++k)
                    d[k] ^= pr[k];
        }
        pivots.push_back(c);
        ++row;
    }
    return pivots;
}

int rank(std::vector<uint64_t> rows)
{
    return rankOfWords(rows.data(), rows.size());
}

int rankOfWords(const uint64_t *rows, size_t nRows)
{
    uint64_t byTop[64] = {};
    int r = 0;
    for (size_t i = 0; i < nRows; ++i) {
        uint64_t v = rows[i];
        while (v) {
            const int top = 63 - std::countl_zero(v);
            if (!byTop[top]) {
                byTop[top] = v;
                ++r;
                break;
            }
            v ^= byTop[top];
        }
    }
    return r;
}

} // namespace lx::f2
