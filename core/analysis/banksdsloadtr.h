#pragma once

// Bank conflicts of a transposed LDS load (ds_load_tr16_b128, ds_load_tr8_b64, ... on gfx1250;
// ds_read_b64_tr_b16, ... on gfx950) on the source addresses.
//
// The cross-lane exchange of a transposed load only decides which destination register receives
// which element; the LDS sees an ordinary vector load: every source lane s reads
// instBits / 8 contiguous bytes at its own address (DsLoadTrPlan::laneOffsets). So the count is
// the phase model of banks.h on those source addresses, with the instruction's own phase table
// from the architecture file (gfx1250: lanes 0-15 then 16-31, two 8-lane shuffle groups per
// cycle; docs/lds-models.md §3).
//
// Worked example (fig2a: a 32x16 f16 tile, N contiguous, row = 32 B, read as the WMMA B operand):
// source lane s of instruction 0 reads row k = s % 8 + 8 * (s / 16) at column 8 * ((s / 8) % 2),
// so lanes 0-15 cover bytes 0-255 exactly once: 64 banks, 1-way; lanes 16-31 bytes 256-511.
// With 128 columns (row = 256 B) every row starts in bank 0 and the same lanes are 8-way.
//
// Every destination element is reported (ElementAccess) with the source lane that read it, so
// the bank views colour a destination element by the phase and bank of its source lane.

#include "analysis/banks.h"
#include "analysis/dsloadtr.h"

namespace lx {

// The bank report of an eligible plan: one InstructionReport per (warp, transposed load), every
// destination element of `dst` with its address, bank and the ways of its source lane's phase.
// `shared` supplies the base, padding and partition stride (sharedMemoryLayout of the same
// attribute the plan was computed from); the instruction's phase table comes from `arch`.
// Requires: plan.eligible and plan.instruction.arch == arch.name (else an Error).
[[nodiscard]] Expected<BankConflictReport>
analyzeDsLoadTrBanks(const Architecture &arch, const DsLoadTrPlan &plan, const LinearLayout &dst,
                     const SharedMemoryLayout &shared, const BankOptions &options = {},
                     int maxWarps = 0, bool collectElements = true);

} // namespace lx
