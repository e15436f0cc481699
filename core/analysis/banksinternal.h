#pragma once

// Internal to the bank analysis sources (banks.cpp: the conflict analysis of an access;
// banksshared.cpp: the shared-memory buffer and its bank map). Not part of the interface: banks.h
// is.

#include "analysis/banks.h"
#include "base/expected.h"
#include "layout/builders.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace lx::banksinternal {

// The distinct dwords of one phase: an open-addressed set, cleared by moving to a new stamp.
class DwordSet
{
public:
    // Prepares the set for at most `n` dwords.
    void reset(size_t n);
    // Adds `dword`; whether it was not there yet.
    bool insert(int64_t dword)
    {
        size_t h = size_t((uint64_t(dword) * 0x9E3779B97F4A7C15ull) >> m_shift) & m_mask;
        while (m_stamps[h] == m_stamp) {
            if (m_values[h] == dword)
                return false;
            h = (h + 1) & m_mask;
        }
        m_stamps[h] = m_stamp;
        m_values[h] = dword;
        return true;
    }

private:
    std::vector<int64_t> m_values;
    std::vector<uint32_t> m_stamps;
    uint32_t m_stamp = 0;
    size_t m_mask = 0;
    int m_shift = 64;
};

// The scratch of one analysis' phases, owned by the caller and reused from one instruction to the
// next (an access analyses tens of instructions, a batch thousands): nothing is allocated per
// phase once it has grown.
struct PhaseScratch
{
    std::vector<int> counts; // the textbook phases' counts under a measured rule
    DwordSet distinct;
};

// Triton requires power-of-two intervals and paddings (PaddedSharedEncodingAttr).
std::optional<Error> checkPadding(const IntervalPadding &padding);

// analyzeAddresses of addresses the report may keep (moved into InstructionReport::addresses
// rather than copied), counted in `scratch`.
Expected<InstructionReport>
analyzeOwnAddresses(const Architecture &arch, const LdsInstruction &instruction,
                    std::vector<std::vector<std::optional<int64_t>>> &&addresses,
                    const BankOptions &options, PhaseScratch &scratch);

// What Triton's count starts from, as tritonBankConflicts computes it: the register layout
// without broadcast registers, its map into the shared layout and the widest vector of that map.
struct TritonCountInputs
{
    const LinearLayout &noBroadcast;
    const LinearLayout &cvt;
    int vec = 1;
};

// Triton's generic count beside ours in `report`, or why it does not apply. `inputs`: what
// analyzeBanks already computed for this access (the same register layout without broadcast, the
// same map and, the shared layout being unpadded, the same widest vector).
void addTritonCount(const BankAccessRequest &request, const TritonCountInputs &inputs,
                    BankConflictReport &report);

// The report of an instruction whose lanes' dwords are those of `first` (an instruction of the
// same access, analysed) XOR one constant per pass, with `addresses` its own: its phases are
// first's with each bank count moved to bank b XOR (the constant's bank), and its cycles, ways
// and measured rule are first's. The caller guarantees that relation (bankShiftApplies in
// banks.cpp); analyzeBanksEveryInstruction (banksprepared.h) counts every instruction instead.
InstructionReport shiftedInstruction(const Architecture &arch, const LdsInstruction &instruction,
                                     const InstructionReport &first,
                                     std::vector<std::vector<std::optional<int64_t>>> &&addresses);

} // namespace lx::banksinternal
