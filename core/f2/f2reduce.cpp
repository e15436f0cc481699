#include "f2/f2reduce.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <utility>

namespace lx::f2 {

int reduceRows(uint64_t *rows, int nRows, int nCols, int stride, int *pivots)
{
    const auto rowAt = [&](int r) { return rows + size_t(r) * size_t(stride); };
    int row = 0;
    for (int c = 0; c < nCols && row < nRows; ++c) {
        const size_t w = size_t(c / 64);
        // Skip to the lowest column >= c that is set in a row not yet holding a pivot: the columns
        // passed over are zero below `row`, so they are no pivots (the result is the same as
        // testing them one by one, only faster on sparse rows).
        uint64_t any = 0;
        for (int p = row; p < nRows; ++p)
            any |= rowAt(p)[w];
        any &= ~uint64_t(0) << (c % 64);
        if (!any) {
            c = int(w) * 64 + 63;
            continue;
        }
        c = int(w) * 64 + std::countr_zero(any);
        if (c >= nCols)
            break;
        const uint64_t bit = uint64_t(1) << (c % 64);
        int p = row;
        while (!(rowAt(p)[w] & bit))
            ++p;
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
        if (pivots)
            pivots[row] = c;
        ++row;
    }
    return row;
}

std::vector<int> rref(uint64_t *rows, int nRows, int nCols, int stride)
{
    std::vector<int> pivots(size_t(std::max(0, std::min(nRows, nCols))));
    pivots.resize(size_t(reduceRows(rows, nRows, nCols, stride, pivots.data())));
    return pivots;
}

int rank(std::vector<uint64_t> rows)
{
    return reduceRows(rows.data(), int(rows.size()), 64, 1, nullptr);
}

int rankOfWords(const uint64_t *rows, size_t nRows)
{
    SingleWordBasis basis;
    for (size_t i = 0; i < nRows; ++i)
        basis.insert(rows[i], 0);
    return basis.rank;
}

bool SingleWordBasis::insert(uint64_t v, uint64_t combination)
{
    while (v) {
        const int top = 63 - std::countl_zero(v);
        if (!byTop[top]) {
            byTop[top] = v;
            mask[top] = combination;
            ++rank;
            return true;
        }
        v ^= byTop[top];
        combination ^= mask[top];
    }
    return false;
}

std::optional<uint64_t> SingleWordBasis::express(uint64_t v) const
{
    uint64_t combination = 0;
    while (v) {
        const int top = 63 - std::countl_zero(v);
        if (!byTop[top])
            return std::nullopt;
        v ^= byTop[top];
        combination ^= mask[top];
    }
    return combination;
}

uint64_t SingleWordBasis::reduce(uint64_t v, uint64_t &combination) const
{
    combination = 0;
    uint64_t left = 0;
    while (v) {
        const int top = 63 - std::countl_zero(v);
        if (byTop[top]) {
            v ^= byTop[top];
            combination ^= mask[top];
        } else {
            left |= uint64_t(1) << top;
            v ^= uint64_t(1) << top;
        }
    }
    return left;
}

} // namespace lx::f2
