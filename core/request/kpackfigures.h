#pragma once

// The figures of a kPack view beyond its bank numbers (docs/lds-models.md §4.6): rocMLIR's
// decision between vectorising along D and rotating, before and after pull request #2196, which
// of them the stores shown follow, the pull request's published bank rows checked against the
// address formula, and the numbers the pull request measured, quoted with their source.
//
// The view's kpack option may carry, besides {perfConfig, operand, dtype}:
//   "rule": "after-fix" | "before-fix"   the rotation is the rule's (the default when "rotate"
//                                          is absent: after the fix, what rocMLIR does today)
//   "rotate": true | false                the rotation forced, whatever the rule says
//   "published": {"rows": {"M": [bank at k = 0, bank at k = 2], ...}, "source": text}
//                                          the pull request's table, row M = d, unrotated
//   "measured": {"bankConflictRate": [before, after], "instruction": [before, after],
//                "tflops": [before, after], "source": text}   each optional

#include "request/figures.h"
#include "request/viewrequest.h"

#include <vector>

namespace lx {

// Nothing when the request has no kpack option; an error for a malformed one.
[[nodiscard]] Expected<std::vector<Figure>> kpackFigures(const ViewRequest &request);

// The rotation the view's kpack option asks for: forced by "rotate", else rocMLIR's rule
// ("rule", default after the fix) for this perf_config on `waveSize`-lane waves.
[[nodiscard]] Expected<bool> kpackRotation(const nlohmann::json &kpack, const PerfConfigV4 &config,
                                           KPackOperand operand, int elementBits, int waveSize);

} // namespace lx
