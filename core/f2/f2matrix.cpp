#include "f2/f2matrix.h"

#include "f2/f2reduce.h"

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
        for (int r = 0; r < rows; ++r)
            if ((columns[size_t(c)] >> r) & 1u)
                m.set(r, c, true);
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

std::optional<F2Matrix> F2Matrix::solve(const F2Matrix &b) const
{
    if (b.rows() != m_rows)
        return std::nullopt;
    const int n = m_cols;
    F2Matrix aug(m_rows, n + b.cols());
    for (int r = 0; r < m_rows; ++r) {
        for (int c = 0; c < n; ++c)
            if (at(r, c))
                aug.set(r, c, true);
        for (int c = 0; c < b.cols(); ++c)
            if (b.at(r, c))
                aug.set(r, n + c, true);
    }
    std::vector<int> pivots = aug.reduce();
    F2Matrix x(n, b.cols());
    for (size_t i = 0; i < pivots.size(); ++i) {
        const int pc = pivots[i];
        if (pc >= n)
            return std::nullopt; // a column of B is outside the image of A
        for (int c = 0; c < b.cols(); ++c)
            if (aug.at(int(i), n + c))
                x.set(pc, c, true);
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
    std::vector<int> pivots = r.reduce();
    std::vector<int> free = freeColumns();
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
