#pragma once

// The one GF(2) elimination of the engine (the idea of Triton's f2reduce): rows packed in 64-bit
// words, column c of a row at bit c % 64 of word c / 64 (little-endian, as Triton packs them).
// Rank, RREF, solve, inverse and kernel (F2Matrix) and the analyses' ranks all go through it.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lx::f2 {

// Reduces the nRows rows of `rows` (each `stride` words, stride * 64 >= nCols) in place to reduced
// row echelon form: pivots in increasing column order (each pivot column is the first column
// independent of all earlier ones), the nonzero rows first, zero rows last. Returns the pivot
// column of each nonzero row, in row order; their count is the rank.
std::vector<int> rref(uint64_t *rows, int nRows, int nCols, int stride);

// Rank of single-word rows (at most 64 columns); `rows` is taken by value and reduced.
int rank(std::vector<uint64_t> rows);

// The same rank without touching `rows` and without allocating (the engine's hot path: every
// layout value caches its rank): each row is reduced against the kept ones, indexed by top bit.
int rankOfWords(const uint64_t *rows, size_t nRows);

} // namespace lx::f2
