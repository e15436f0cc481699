#pragma once

// The bank conflicts and cycles of an op's own scratch buffer (a reduction's, a scan's, a
// histogram's): the op's lowering names each LDS instruction it issues and, for every warp of the
// CTA, the byte address each lane reads or writes (nullopt for a lane the lowering masks off).
// Each instruction of each warp is costed by the phase model of analysis/banks.h
// (analyzeAddresses), the same model every other op's cycles come from, and summed over the CTA.

#include "analysis/kernel.h"
#include "hw/arch.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

struct ScratchInstruction
{
    std::string name; // the instruction ("ds_store_b32", "ds_add_u32")
    bool isWrite = false;
    // lanes[warp][lane]: the byte address in the scratch buffer, nullopt for a masked-off lane.
    std::vector<std::vector<std::optional<int64_t>>> lanes;
    // The architecture file's instruction whose phase table costs it, when `name` has none (an
    // LDS atomic); empty: `name` itself. The cycles' provenance then says it was inferred.
    std::string costedAs;
};

// The instruction moving `elements` x `bits` per lane: the architecture file's single-address one
// (AMD), the PTX mnemonic Triton's NVIDIA lowering emits (NVIDIA); nullopt when the file has none.
[[nodiscard]] std::optional<std::string> scratchInstruction(const Architecture &arch, int elements,
                                                            int bits, bool isWrite);

// The instructions of a vectorised access through `map` ((register, lane, warp) -> "offset", the
// element offset in the buffer): one per value of the non-zero register bases outside
// `vectorRegs`, each lane at the byte address of its vector's first element.
[[nodiscard]] std::vector<ScratchInstruction>
vectorAccessInstructions(const std::string &name, bool isWrite, const LinearLayout &map,
                         const std::vector<int> &vectorRegs, int64_t bytesPerElement);

// Sets r.maxWays, r.cyclesPerCta, r.idealCyclesPerCta and r.cyclesProvenance from every
// instruction of every warp; on a failure of the bank analysis r.cyclesNote says why and no
// cycles are set.
void costScratchInstructions(KernelOpReport &r, const Architecture &arch,
                             const std::vector<ScratchInstruction> &instructions);

// The per-thread access counts of `instructions`, one KernelLdsAccess per instruction kind and
// direction, in order of first use.
[[nodiscard]] std::vector<KernelLdsAccess>
scratchAccessCounts(const std::vector<ScratchInstruction> &instructions);

} // namespace lx
