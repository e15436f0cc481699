#pragma once

// The bank analysis of banks.h for many shared layouts of one access (an autotuner's candidates,
// a search): what depends on the register layout alone is computed once by the caller and
// passed in, and a shared layout whose LinearLayout is already built is not built again from its
// attribute. The results are analyzeBanks' and sharedMemoryLayout's, field for field.

#include "analysis/banks.h"

#include <optional>

namespace lx {

// The register layout without its all-zero register bases (Triton's
// actionRemoveBroadcastedRegs): what analyzeBanks maps into the shared layout.
[[nodiscard]] Expected<LinearLayout> registersWithoutBroadcast(const LinearLayout &reg);

// registersWithoutBroadcast(reg).invertAndCompose(shared), given `composed` =
// reg.invertAndCompose(shared): a register basis that is zero in reg is zero in composed (each
// basis is solved on its own), and dropping those gives the map of the other bases. Returns
// `composed` itself when reg has no broadcast register, else that map built in `storage`; null
// when it cannot (no register in-dim).
[[nodiscard]] const LinearLayout *composedWithoutBroadcast(const LinearLayout &composed,
                                                           const LinearLayout &reg,
                                                           std::optional<LinearLayout> &storage);

// analyzeBanks(arch, request), given registersWithoutBroadcast(request.reg) and, when not null,
// `composed` = that layout's invertAndCompose(request.shared.layout). `derived`, when given, is
// set to the number of instructions derived from the first rather than counted (see
// analyzeBanksEveryInstruction).
[[nodiscard]] Expected<BankConflictReport>
analyzeBanksPrepared(const Architecture &arch, const BankAccessRequest &request,
                     const LinearLayout &noBroadcast, int *derived = nullptr,
                     const LinearLayout *composed = nullptr);

// analyzeBanksPrepared for a summary: where every instruction after the first would be derived
// from it (a bank permutation, which changes no phase's ways or cycles), `instructions` holds the
// first alone, the totals count it alone, and `perWave` is set to the instructions of each wave,
// each with the first's figures; otherwise `perWave` is 0 and the report is analyzeBanksPrepared's.
[[nodiscard]] Expected<BankConflictReport>
analyzeBanksSummary(const Architecture &arch, const BankAccessRequest &request,
                    const LinearLayout &noBroadcast, int &perWave,
                    const LinearLayout *composed = nullptr);

// analyzeBanks counting every instruction from its own addresses. analyzeBanks derives an
// instruction from the access's first one when their dwords differ by a constant XOR (an
// unpadded, unpartitioned buffer: the addresses are linear over GF(2)); this is the reference
// that shortcut is tested against, field for field.
[[nodiscard]] Expected<BankConflictReport>
analyzeBanksEveryInstruction(const Architecture &arch, const BankAccessRequest &request);

// analyzeBanks(arch, request) without each instruction's addresses and phases (left empty,
// unless request.collectElements, which needs them): the totals, every instruction's cycles,
// ways and measured rule, the vector and the instruction are the same. For a search that reads
// the totals of hundreds of candidate layouts.
[[nodiscard]] Expected<BankConflictReport>
analyzeBanksWithoutPhases(const Architecture &arch, const BankAccessRequest &request);

// analyzeAddresses(arch, instruction, addresses, options) without the report's addresses and
// phases (both left empty): the cycles, ideal cycles, ways, model cycles and measured rule are
// the same. For analyses that sum many instructions' cycles.
[[nodiscard]] Expected<InstructionReport>
analyzeAddressesWithoutPhases(const Architecture &arch, const LdsInstruction &instruction,
                              const std::vector<std::vector<std::optional<int64_t>>> &addresses,
                              const BankOptions &options = {});

// sharedMemoryLayout(attr, shape, elementBits, partitionAlignBytes), given `layout` =
// toLinearLayout(attr, shape): the padding and partition stride from the attribute, the layout
// moved in rather than built again.
[[nodiscard]] Expected<SharedMemoryLayout>
sharedMemoryLayoutOf(const LayoutAttr &attr, LinearLayout layout, const std::vector<int32_t> &shape,
                     int elementBits, int64_t partitionAlignBytes = 0);

} // namespace lx
