#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

// A dense matrix over GF(2). Rows are packed in 64-bit words, column c of a row at bit c % 64 of
// word c / 64 (f2reduce's little-endian convention, which Triton uses), so a row of up to 64
// columns is one uint64_t.
//
// The one matrix class of the engine (the idea of Triton's GF2Matrix in
// lib/Tools/GF2LinearAlgebra): a rank, an independence test, a solve or a null space anywhere in
// the tree is asked of an F2Matrix, and every elimination behind it is f2::reduceRows
// (f2/f2reduce.h). Pivots are always chosen in increasing column order: the pivot columns are the
// greedy set of columns independent of all earlier ones, which is what makes the solutions
// Triton's.
class F2Matrix
{
public:
    F2Matrix() = default;
    F2Matrix(int rows, int cols);

    [[nodiscard]] static F2Matrix identity(int n);
    // Columns given as bit vectors: bit r of columns[c] is entry (r, c). Requires rows <= 64.
    [[nodiscard]] static F2Matrix fromColumns(const std::vector<uint64_t> &columns, int rows);

    int rows() const { return m_rows; }
    int cols() const { return m_cols; }

    bool at(int r, int c) const { return (m_data[index(r, c)] >> (c % 64)) & 1u; }
    void set(int r, int c, bool v);
    void flip(int r, int c) { m_data[index(r, c)] ^= uint64_t(1) << (c % 64); }

    // Column c as a bit vector over the rows. Requires rows() <= 64.
    [[nodiscard]] uint64_t column(int c) const;
    // Row r as a bit vector over the columns. Requires cols() <= 64.
    [[nodiscard]] uint64_t rowBits(int r) const { return m_data[size_t(r) * size_t(m_words)]; }

    // Reduced row echelon form, pivots in increasing column order, zero rows last.
    [[nodiscard]] F2Matrix rref() const;
    [[nodiscard]] int rank() const;
    // Columns that are pivots of the RREF (independent of all earlier columns), increasing.
    [[nodiscard]] std::vector<int> pivotColumns() const;
    // Columns that are linear combinations of earlier ones (non-pivots), increasing.
    [[nodiscard]] std::vector<int> freeColumns() const;

    // Least-squares solve of A X = B with free variables set to 0 (Triton's lstsq): column j of X
    // writes column j of B in the pivot columns of A. Returns nullopt when rows() != b.rows() or
    // some column of B is not in Im(A); then `outside`, when given, receives the first such column
    // of B (-1 for a row-count mismatch).
    [[nodiscard]] std::optional<F2Matrix> solve(const F2Matrix &b, int *outside = nullptr) const;
    // solve() for matrices given by their columns as bit vectors over at most 64 rows (A with at
    // most 64 columns): column j of the result is the mask over A's columns that writes b[j].
    // The hot path of invertAndCompose; it allocates only the result.
    [[nodiscard]] static std::optional<std::vector<uint64_t>>
    solveColumns(const std::vector<uint64_t> &a, const std::vector<uint64_t> &b, int rows,
                 int *outside = nullptr);
    // Inverse of a square invertible matrix, nullopt otherwise.
    [[nodiscard]] std::optional<F2Matrix> inverse() const;
    // A basis of the null space {x : A x = 0}, one vector per free column, as columns of the
    // result (cols() rows, #free columns): the vector of free column f is e_f plus the pivot
    // columns that write column f.
    [[nodiscard]] F2Matrix kernel() const;
    [[nodiscard]] F2Matrix nullspace() const { return kernel(); }

    [[nodiscard]] F2Matrix operator*(const F2Matrix &other) const;
    [[nodiscard]] F2Matrix transposed() const;
    bool operator==(const F2Matrix &other) const = default;

    // Rows of 0/1 characters, one line per row.
    [[nodiscard]] std::string toString() const;

private:
    size_t index(int r, int c) const { return size_t(r) * size_t(m_words) + size_t(c / 64); }
    // Row-reduces in place (f2::rref); returns the pivot column of each nonzero row.
    std::vector<int> reduce();

    int m_rows = 0;
    int m_cols = 0;
    int m_words = 0;
    std::vector<uint64_t> m_data;
};

} // namespace lx
