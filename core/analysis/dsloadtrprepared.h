#pragma once

// The transposed-load analysis of dsloadtr.h given the map it starts from, for a caller that
// computes that map anyway (the bank access of request/bankaccess.h, whose bank analysis reads the
// same map without the broadcast registers).

#include "analysis/dsloadtr.h"

namespace lx {

// analyzeDsLoadTr(shared, dst, elementBits, arch, options), given `composed` =
// dst.invertAndCompose(shared) (the value or its error; nullptr: computed here).
[[nodiscard]] Expected<DsLoadTrPlan>
analyzeDsLoadTrComposed(const LinearLayout &shared, const LinearLayout &dst,
                        const Expected<LinearLayout> *composed, int elementBits,
                        const Architecture &arch, const DsLoadTrOptions &options = {});

} // namespace lx
