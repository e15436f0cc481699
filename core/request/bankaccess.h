#pragma once

// One access's bank conflicts for many shared layouts (an autotuner's candidates, Python's
// bank_conflicts_many): the request of a bank view resolved once (the architecture, held by
// reference; the options; the register layout without its broadcast registers; the
// architecture's transposed loads and whether the register layout may be their destination),
// then per shared layout only what depends on it (its buffer, the transposed-load plan, the bank
// analysis, the record's text). resolveBankView and resolveBankAccess take the same path with
// the request's own shared layout, so a candidate's record is the single call's, field for field.

#include "request/analysisinputs.h"

#include <memory>
#include <optional>
#include <string>

namespace lx {

class BankAccessBatch
{
public:
    // A bank view's request (view kind, options, layouts) with a register layout; `drawn` false
    // leaves out what only a picture needs (resolveBankAccess). A kPack view is not a batch.
    [[nodiscard]] static Expected<BankAccessBatch> prepare(const ViewRequest &request, bool drawn);

    // The access with the request's own shared layout.
    [[nodiscard]] Expected<BankViewInput> resolve() const;
    // The access with `shared` in place of the request's shared layout (its name is the one the
    // request gives it).
    [[nodiscard]] Expected<BankViewInput> resolve(const ResolvedLayout &shared) const;
    // resolve(shared) for a record's summary (its scalars and totals, bankReportJson without the
    // per-instruction arrays): where every instruction's bank counts are the first's under a bank
    // permutation (which changes no phase's ways or cycles), report.instructions holds one
    // instruction standing for the wave's, with the wave's totals; resolve(shared) gives them all.
    [[nodiscard]] Expected<BankViewInput> resolveSummary(const ResolvedLayout &shared) const;

    BankAccessBatch(BankAccessBatch &&) noexcept;
    BankAccessBatch &operator=(BankAccessBatch &&) noexcept;
    ~BankAccessBatch();

private:
    struct State;
    explicit BankAccessBatch(std::unique_ptr<State> state);
    std::unique_ptr<State> m_state;
};

} // namespace lx
