#include "request/checkinput.h"

#include "base/boundedread.h"

#include <algorithm>
#include <charconv>

namespace lx {

namespace {

template <typename T> std::optional<T> checkNumber(const std::string &text)
{
    T v{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return v;
}

} // namespace

Expected<CheckConfig> checkConfigOf(const CheckFlags &flags)
{
    CheckConfig config;
    if (flags.budgetsFile) {
        Expected<std::string> text =
            readBounded(*flags.budgetsFile, kMaxInputFileBytes, "a budgets file");
        if (!text)
            return text.error();
        Expected<CheckConfig> c = parseCheckConfig(*text);
        if (!c)
            return makeError(*flags.budgetsFile + ": " + c.message());
        config = std::move(*c);
    }
    CheckBudgets given;
    if (flags.maxWays) {
        const std::optional<int> n = checkNumber<int>(*flags.maxWays);
        if (!n || *n < 1 || *n > 64)
            return makeError("--max-ways: a whole number from 1 to 64, not '" + *flags.maxWays +
                             "'");
        given.maxWays = *n;
    }
    if (flags.maxLds) {
        const std::optional<int64_t> n = checkNumber<int64_t>(*flags.maxLds);
        if (!n || *n < 0 || *n > (int64_t(1) << 40))
            return makeError("--max-lds: a number of bytes from 0 to 2^40, not '" + *flags.maxLds +
                             "'");
        given.maxLds = *n;
    }
    if (flags.noFallback)
        given.noFallback = true;
    if (flags.noPartitionConflicts)
        given.noPartitionConflicts = true;
    config.budgets = given.over(config.budgets);
    const bool anyBudget = config.budgets.any() ||
                           std::any_of(config.kernels.begin(), config.kernels.end(),
                                       [](const CheckKernelBudgets &k) { return k.budgets.any(); });
    if (!anyBudget)
        return makeError("no budget given (--max-ways, --no-fallback, --max-lds, "
                         "--no-partition-conflicts or --budgets FILE)");
    return config;
}

std::vector<std::string> checkErrorLines(const CheckResult &result)
{
    std::vector<std::string> lines;
    for (const CheckKernel &k : result.kernels)
        if (!k.error.empty())
            lines.push_back(k.path + ": " + k.error);
    for (const std::string &e : result.errors)
        lines.push_back(e);
    return lines;
}

} // namespace lx
