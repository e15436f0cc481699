#pragma once

// The GF(2) elimination of the engine, in core/f2 only (the idea of Triton's f2reduce): rows
// packed in 64-bit words, column c of a row at bit c % 64 of word c / 64 (little-endian, as
// Triton packs them). Two forms of one Gaussian elimination: `reduceRows`, the batch RREF of
// any width behind F2Matrix; and SingleWordBasis, the same elimination done one vector at a time
// for vectors of at most 64 bits, which the hot paths need (every layout value caches its rank;
// invertAndCompose solves on every edit) and which allocates nothing. F2Matrix, f2::rank and
// rankOfWords are the interface; nothing outside core/f2 eliminates.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace lx::f2 {

// Reduces the nRows rows of `rows` (each `stride` words, stride * 64 >= nCols) in place to reduced
// row echelon form: pivots in increasing column order (each pivot column is the first column
// independent of all earlier ones), the nonzero rows first, zero rows last. Writes the pivot
// column of each nonzero row, in row order, to `pivots` (room for min(nRows, nCols) entries) when
// it is not null, and returns their count, the rank. Allocates nothing.
int reduceRows(uint64_t *rows, int nRows, int nCols, int stride, int *pivots);

// reduceRows returning the pivot columns.
std::vector<int> rref(uint64_t *rows, int nRows, int nCols, int stride);

// Rank of single-word rows (at most 64 columns); `rows` is taken by value and reduced.
int rank(std::vector<uint64_t> rows);

// The same rank without touching `rows` and without allocating (the engine's hot path: every
// layout value caches its rank), through SingleWordBasis.
int rankOfWords(const uint64_t *rows, size_t nRows);

// An echelon basis of vectors of at most 64 bits, kept by leading (top) bit, each with the
// combination of inserted vectors that makes it (bit i: the i-th inserted vector, as the caller
// numbers them).
struct SingleWordBasis
{
    uint64_t byTop[64] = {};
    uint64_t mask[64] = {};
    int rank = 0;
    // Reduces v against the basis; keeps it (with `combination`) and returns true when it is
    // independent of the vectors kept so far.
    bool insert(uint64_t v, uint64_t combination);
    // The combination of kept vectors that makes v, or nullopt when v is outside their span.
    [[nodiscard]] std::optional<uint64_t> express(uint64_t v) const;
    // v reduced by every kept vector whose leading bit it holds, from the top bit down: returns
    // what is left (zero exactly when v is in the span) and sets `combination` to the kept vectors
    // used. Unlike express it goes on past a bit no kept vector leads, so both results are linear
    // in v (a table over a few bits of v adds up to v's).
    [[nodiscard]] uint64_t reduce(uint64_t v, uint64_t &combination) const;
};

} // namespace lx::f2
