#pragma once

// The one GF(2) elimination of the engine (the idea of Triton's f2reduce): rows packed in 64-bit
// words, column c of a row at bit c % 64 of word c / 64 (little-endian, as Triton packs them).
// F2Matrix (rank, RREF, solve, inverse, null space) and every other rank, independence test or
// solve of the engine, the analyses and the window go through `reduceRows`; nothing else in the
// tree eliminates.

#include <cstddef>
#include <cstdint>
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
// layout value caches its rank): the rows are reduced in blocks on the stack.
int rankOfWords(const uint64_t *rows, size_t nRows);

} // namespace lx::f2
