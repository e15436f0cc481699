#pragma once

// The conflict explainer reached from a view: a click on a cell of a bank view (bank-map,
// bank-table, bank-histogram), or on an element of another view of the same tensor, located in
// the bank view's own analysis, then explained (core/analysis/explain.h) with the smallest fix.
//
// What a cell means:
//  - bank-histogram: panel p is phase p of the view's instruction, column c is bank c;
//  - bank-table and bank-map: the element (row, col) of the tensor; of the accesses that touch
//    it, the one with the most ways;
//  - any other view: the element with the given coordinates, looked up the same way.

#include "analysis/explain.h"
#include "base/expected.h"
#include "request/analysisinputs.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

// Where a click landed in a bank analysis; ways > 1 when it is a conflict.
struct ConflictAtCell
{
    ConflictQuery query; // warp, instruction, pass, phase and bank (all set)
    int ways = 1;
};

// The conflict a cell of a bank view shows, or nullopt when the cell shows no access (an empty
// cell, a header, a bank no lane of the phase touches). `instructionIndex` is the view's option
// (bank-histogram: the instruction shown; bank-table: -1 for every instruction); `elementId` the
// cell's (bank-map and bank-table: row * columns + column of the tensor).
[[nodiscard]] std::optional<ConflictAtCell> conflictAtCell(const BankViewInput &in,
                                                           const std::string &viewKind,
                                                           int instructionIndex, int panel, int row,
                                                           int col, int64_t elementId);

// The access of the element at tensor coordinates `coords` with the most ways, if any (of
// instruction `instructionIndex` only when it is >= 0).
[[nodiscard]] std::optional<ConflictAtCell> conflictAtElement(const BankViewInput &in,
                                                              const std::vector<int32_t> &coords,
                                                              int instructionIndex = -1);

// How a fix is applied to the scene.
struct ViewConflictExplanation
{
    ConflictExplanation explanation;
    bool kpack = false;         // the fix is a kPack option (rotation) of the scene's views
    std::string sharedName;     // else: the scene layout the fix replaces
    std::vector<int32_t> shape; // of that layout
    std::string dtype;          // the access's element type (request layer's policy)
};

// Explains `at` in the access of the bank view `request` resolved to `in`.
[[nodiscard]] Expected<ViewConflictExplanation>
explainViewConflict(const ViewRequest &request, const BankViewInput &in, const ConflictQuery &at);

} // namespace lx
