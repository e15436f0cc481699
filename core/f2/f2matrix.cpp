#include "f2/f2matrix.h"

#include "f2/f2reduce.h"

#include <bit>
#include <utility>

namespace lx {

F2Matrix::F2Matrix(int rows, int cols)
    : m_rows(rows), m_cols(cols), m_words((cols + 63) / 64),
      m_data(size_t(rows) * size_t((cols + 63) / 64), 0)
{
}

F2Matrix F2Matrix::identity(int n)
{
    F2Matrix m(n, n);
    for (int i = 0; i < n; ++i)
        m.set(i, i, true);
    return m;
}

F2Matrix F2Matrix::fromColumns(const std::vector<uint64_t> &columns, int rows)
{
    F2Matrix m(rows, int(columns.size()));
    for (int c = 0; c < int(columns.size()); ++c)
        for (uint64_t v = columns[size_t(c)]; v; v &= v - 1)
            m.flip(std::countr_zero(v), c);
    return m;
}

void F2Matrix::set(int r, int c, bool v)
{
    const uint64_t bit = uint64_t(1) << (c % 64);
    if (v)
        m_data[index(r, c)] |= bit;
    else
        m_data[index(r, c)] &= ~bit;
}

uint64_t F2Matrix::column(int c) const
{
    uint64_t v = 0;
    for (int r = 0; r < m_rows; ++r)
        if (at(r, c))
            v |= uint64_t(1) << r;
    return v;
}

std::vector<int> F2Matrix::reduce()
{
    return f2::rref(m_data.data(), m_rows, m_cols, m_words);
}

namespace {

// ORs the first `n` columns of a packed row into `dst` from column `offset` on.
void placeBits(uint64_t *dst, int offset, const uint64_t *src, int n)
{
    for (int w = 0; w * 64 < n; ++w)
        for (uint64_t v = src[w]; v; v &= v - 1) {
            const int c = offset + w * 64 + std::countr_zero(v);
            dst[c / 64] |= uint64_t(1) << (c % 64);
        }
}

} // namespace

F2Matrix F2Matrix::rref() const
{
    F2Matrix m = *this;
    m.reduce();
    return m;
}

int F2Matrix::rank() const
{
    return int(pivotColumns().size());
}

std::vector<int> F2Matrix::pivotColumns() const
{
    F2Matrix m = *this;
    return m.reduce();
}

std::vector<int> F2Matrix::freeColumns() const
{
    std::vector<int> pivots = pivotColumns();
    std::vector<int> free;
    size_t k = 0;
    for (int c = 0; c < m_cols; ++c) {
        if (k < pivots.size() && pivots[k] == c)
            ++k;
        else
            free.push_back(c);
    }
    return free;
}

std::optional<F2Matrix> F2Matrix::solve(const F2Matrix &b, int *outside) const
{
    if (outside)
        *outside = -1;
    if (b.rows() != m_rows)
        return std::nullopt;
    const int n = m_cols;
    F2Matrix aug(m_rows, n + b.cols());
    for (int r = 0; r < m_rows; ++r) {
        uint64_t *row = &aug.m_data[size_t(r) * size_t(aug.m_words)];
        placeBits(row, 0, &m_data[size_t(r) * size_t(m_words)], n);
        placeBits(row, n, &b.m_data[size_t(r) * size_t(b.m_words)], b.cols());
    }
    const std::vector<int> pivots = aug.reduce();
    F2Matrix x(n, b.cols());
    for (size_t i = 0; i < pivots.size(); ++i) {
        const int pc = pivots[i];
        if (pc >= n) {
            // The first pivot right of A is the first column of B outside Im(A): every earlier
            // column of B is in Im(A), so independence of A and of them means outside Im(A).
            if (outside)
                *outside = pc - n;
            return std::nullopt;
        }
        for (int c = 0; c < b.cols(); ++c)
            if (aug.at(int(i), n + c))
                x.set(pc, c, true);
    }
    return x;
}

std::optional<std::vector<uint64_t>> F2Matrix::solveColumns(const std::vector<uint64_t> &a,
                                                            const std::vector<uint64_t> &b,
                                                            int rows, int *outside)
{
    if (outside)
        *outside = -1;
    if (rows > 64 || a.size() > 64)
        return std::nullopt;
    // A's columns in order: the independent ones (the pivot columns) enter the basis, each with
    // its own bit, so a combination names pivot columns only -- solve()'s answer.
    f2::SingleWordBasis basis;
    for (size_t c = 0; c < a.size(); ++c)
        basis.insert(a[c], uint64_t(1) << c);
    std::vector<uint64_t> x(b.size(), 0);
    for (size_t j = 0; j < b.size(); ++j) {
        const std::optional<uint64_t> m = basis.express(b[j]);
        if (!m) {
            if (outside)
                *outside = int(j);
            return std::nullopt;
        }
        x[j] = *m;
    }
    return x;
}

std::optional<F2Matrix> F2Matrix::inverse() const
{
    if (m_rows != m_cols || rank() != m_rows)
        return std::nullopt;
    return solve(identity(m_rows));
}

F2Matrix F2Matrix::kernel() const
{
    F2Matrix r = *this;
    const std::vector<int> pivots = r.reduce();
    std::vector<int> free;
    for (int c = 0, k = 0; c < m_cols; ++c) {
        if (size_t(k) < pivots.size() && pivots[size_t(k)] == c)
            ++k;
        else
            free.push_back(c);
    }
    F2Matrix k(m_cols, int(free.size()));
    for (size_t j = 0; j < free.size(); ++j) {
        const int f = free[j];
        k.set(f, int(j), true);
        for (size_t i = 0; i < pivots.size(); ++i)
            if (r.at(int(i), f))
                k.set(pivots[i], int(j), true);
    }
    return k;
}

F2Matrix F2Matrix::operator*(const F2Matrix &other) const
{
    F2Matrix out(m_rows, other.m_cols);
    for (int r = 0; r < m_rows; ++r)
        for (int k = 0; k < m_cols; ++k)
            if (at(r, k))
                for (int w = 0; w < other.m_words; ++w)
                    out.m_data[size_t(r) * size_t(out.m_words) + size_t(w)] ^=
                        other.m_data[size_t(k) * size_t(other.m_words) + size_t(w)];
    return out;
}

F2Matrix F2Matrix::transposed() const
{
    F2Matrix t(m_cols, m_rows);
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c)
            if (at(r, c))
                t.set(c, r, true);
    return t;
}

std::string F2Matrix::toString() const
{
    std::string s;
    for (int r = 0; r < m_rows; ++r) {
        for (int c = 0; c < m_cols; ++c)
            s += at(r, c) ? '1' : '0';
        s += '\n';
    }
    return s;
}

} // namespace lx
