#pragma once

// The phases of an ldmatrix / stmatrix access (analysis/nvsharedaccess.h), as the PTX ISA's
// ldmatrix figure draws them: one instruction moves one to four 8x8 matrices of 16-bit words
// (.x1, .x2, .x4); each matrix is eight rows of 16 contiguous bytes, and lane 8i + r supplies the
// shared-memory address of row r of matrix i. Each thread then holds, for each matrix, the
// elements its registers name in the register -> offset map `cvt`: not transposed, thread t holds
// row t / 4, elements 2 (t mod 4) and 2 (t mod 4) + 1 (16-bit); transposed, the same positions
// of the transposed matrix.
//
// The rows, the matrices and the instructions are bases of cvt (the decomposition nvwavefronts.h
// describes): not transposed, lanes 2, 3, 4 pick the row and the registers after the tile's pick
// the matrix; transposed, the first register outside the tile and lanes 0, 1 pick the row. The
// registers left over number a thread's instructions, the warp bases the warps. A phase is one
// matrix of one instruction of one warp; its wavefronts are the most distinct 4-byte words one
// bank serves among its eight rows (a row covers 16 / bankWidth banks).

#include "analysis/nvsharedaccess.h"
#include "base/expected.h"
#include "hw/arch.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <vector>

namespace lx {

// A thread's register: lane and register index of cvt (replicated registers already removed).
struct NvMatrixSlot
{
    int lane = -1;
    int64_t reg = -1;
    bool operator==(const NvMatrixSlot &) const = default;
};

struct NvMatrixRow
{
    int lane = 0;       // the lane that supplies the row's address
    int64_t offset = 0; // of the row's first element, in elements
    // Who holds each element of the row (16 / element bytes of them), in address order; empty
    // when the phases were asked without elements.
    std::vector<NvMatrixSlot> elements;
};

struct NvMatrixPhase
{
    int warp = 0;
    int64_t instruction = 0;       // of the thread, 0 .. instructionsPerWarp - 1
    int matrix = 0;                // within the instruction, 0 .. matrices - 1
    std::vector<NvMatrixRow> rows; // eight
    int ways = 1;                  // wavefronts of the phase
};

struct NvMatrixPhases
{
    int rowElements = 8; // elements of one 16-byte row
    int matrices = 1;    // per instruction
    int64_t instructionsPerWarp = 0;
    int warps = 1;
    std::vector<NvMatrixPhase> phases; // warp-major, then instruction, then matrix
};

// Requires: `access` is a matrix access decided on `cvt` (nvidiaSharedAccessOfCvt), cvt maps
// (register, lane [, warp]) to the single out-dim "offset" in elements of `elementBits`.
// `withElements` false leaves NvMatrixRow::elements empty (the wavefront count needs no more).
[[nodiscard]] Expected<NvMatrixPhases> nvidiaMatrixPhases(const Architecture &arch,
                                                          const LinearLayout &cvt,
                                                          const NvSharedAccess &access,
                                                          int elementBits, bool withElements);

} // namespace lx
