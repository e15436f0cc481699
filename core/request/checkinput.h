#pragma once

// What `check` is asked, for every face: the budgets file and the budgets given directly, read
// and checked into a CheckConfig (request/check.h), and the lines that name a result's bad input.
// The command line fills CheckFlags from its options, Python (layout_explorer.testing) from its
// arguments; the messages name the command's options.

#include "request/check.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

struct CheckFlags
{
    std::optional<std::string> budgetsFile; // --budgets FILE
    std::optional<std::string> maxWays;     // --max-ways N, as text
    std::optional<std::string> maxLds;      // --max-lds BYTES, as text
    bool noFallback = false;
    bool noPartitionConflicts = false;
};

// The budgets file under the budgets given directly (those win); refused when a value is out of
// range, the file cannot be read, or no budget is given at all.
[[nodiscard]] Expected<CheckConfig> checkConfigOf(const CheckFlags &flags);

// Each input of `result` that could not be read, "PATH: why" (a kernel) or the error as it is.
[[nodiscard]] std::vector<std::string> checkErrorLines(const CheckResult &result);

} // namespace lx
