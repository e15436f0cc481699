#pragma once

// Internal to the bank analysis sources (banks.cpp: the conflict analysis of an access;
// banksshared.cpp: the shared-memory buffer and its bank map). Not part of the interface: banks.h
// is.

#include "analysis/banks.h"
#include "base/expected.h"
#include "layout/builders.h"

#include <optional>

namespace lx::banksinternal {

// Triton requires power-of-two intervals and paddings (PaddedSharedEncodingAttr).
std::optional<Error> checkPadding(const IntervalPadding &padding);

// analyzeAddresses of addresses the report may keep (moved into InstructionReport::addresses
// rather than copied).
Expected<InstructionReport>
analyzeOwnAddresses(const Architecture &arch, const LdsInstruction &instruction,
                    std::vector<std::vector<std::optional<int64_t>>> &&addresses,
                    const BankOptions &options);

} // namespace lx::banksinternal
