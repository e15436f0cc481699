#pragma once

// Bank views: the bank map of a shared tensor, the thread x element table of an LDS
// access with the bank of every element (the rocMLIR pull request's "T0 B0 | T1 B1" table), and
// a per-phase histogram of accesses per bank.
//
// Source of the access, from the view options:
//  - layouts: "shared" names the shared layout, "reg" the register layout (default: the view's
//    layout); "write" (bool), "instruction" (forced, else chosen from the vectorisation),
//    "broadcast" (bool, default true);
//  - rocMLIR kPack: "kpack": {"perfConfig": "v4:...", "operand": "A" | "B", "rotate": bool}.
// Common: "warp" (which wave, default 0). bank-table: "lanes" (first N lanes, default all),
// "instructionIndex" (-1 = every instruction of the wave). bank-histogram: "instructionIndex"
// (default 0). The dtype is the view's or its layout's.
//
// Every figure names the instruction, its phase table's confidence and source, and shows
// Triton's generic count beside ours, labelled as Triton's model.
//
// Cells the conflict explainer reads back (request/conflictatcell.h): in bank-map and bank-table
// a cell's elementId is row * columns + column of the tensor; in bank-histogram panel i is phase
// i of the instruction shown and column b is bank b.

#include "base/expected.h"
#include "render/diagram.h"
#include "request/analysisinputs.h"

#include <string>
#include <vector>

namespace lx {

// BankViewInput and resolveBankView are the request layer's (core/request/analysisinputs.h).

[[nodiscard]] Diagram bankMapDiagram(const BankViewInput &in);
// lanes < 0: all; instructionIndex < 0: every instruction of the wave.
[[nodiscard]] Diagram bankTableDiagram(const BankViewInput &in, int lanes, int instructionIndex);
[[nodiscard]] Diagram bankHistogramDiagram(const BankViewInput &in, int instructionIndex);

[[nodiscard]] Expected<Diagram> buildBankMapView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildBankTableView(const ViewRequest &request);
[[nodiscard]] Expected<Diagram> buildBankHistogramView(const ViewRequest &request);

} // namespace lx
