#pragma once

// Outstanding LDS instructions against the DS counter (docs/lds-models.md §3.2). A wave counts
// the LDS instructions it has issued and not yet completed in its DS counter (DSCNT on GFX12);
// the counter holds at most the architecture file's dsCounterLimit. The lowering of one op
// emits its loads back to back, so an op with more LDS instructions per thread than the limit
// fills the counter, and each instruction past it waits for an earlier one to complete. A
// model (the scheduler may interleave other work), labelled as one.

#include "request/figures.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

// The limit as a figure ("dsCounterLimit"), computed from the architecture file; nothing when
// the file states none.
[[nodiscard]] std::vector<Figure> dsCounterLimitFigures(const std::optional<ModelConstant> &limit);

// "dsCounter<suffix>": `instructions` LDS instructions per thread of one op (named `what`)
// against the limit: within it, or how many wait (model). Nothing without a limit.
[[nodiscard]] std::optional<Figure> dsCounterFigure(const std::optional<ModelConstant> &limit,
                                                    int64_t instructions, const std::string &what,
                                                    const std::string &suffix);

// Whether `instructions` back-to-back LDS instructions exhaust the counter.
[[nodiscard]] bool exhaustsDsCounter(const std::optional<ModelConstant> &limit,
                                     int64_t instructions);

} // namespace lx
