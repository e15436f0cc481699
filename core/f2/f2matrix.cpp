#include "f2/f2matrix.h"

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

void F2Matrix::xorRow(int dst, int src)
{
    uint64_t *d = &m_data[size_t(dst) * size_t(m_words)];
    const uint64_t *s = &m_data[size_t(src) * size_t(m_words)];
    for (int w = 0; w < m_words; ++w)
        d[w] ^= s[w];
}

void F2Matrix::swapRows(int a, int b)
{
    if (a == b)
        return;
    for (int w = 0; w < m_words; ++w)
        std::swap(m_data[size_t(a) * size_t(m_words) + size_t(w)],
                  m_data[size_t(b) * size_t(m_words) + size_t(w)]);
}

std::vector<int> F2Matrix::reduce()
{
    std::vector<int> pivots;
    int row = 0;
    for (int c = 0; c < m_cols && row < m_rows; ++c) {
        int p = -1;
        for (int r = row; r < m_rows; ++r)
            if (at(r, c)) {
                p = r;
                break;
            }
        if (p < 0)
            continue;
        swapRows(row, p);
        for (int r = 0; r < m_rows; ++r)
            if (r != row && at(r, c))
                xorRow(r, row);
        pivots.push_back(c);
        ++row;
    }
    return pivots;
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

Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic> F2Matrix::toEigen() const
{
    Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic> m(m_rows, m_cols);
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c)
            m(r, c) = at(r, c) ? 1 : 0;
    return m;
}

F2Matrix F2Matrix::fromEigen(const Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic> &m)
{
    F2Matrix out(int(m.rows()), int(m.cols()));
    for (int r = 0; r < int(m.rows()); ++r)
        for (int c = 0; c < int(m.cols()); ++c)
            if (m(r, c) & 1)
                out.set(r, c, true);
    return out;
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
