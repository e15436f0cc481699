#pragma once

// The accesses of `analyze banks` that are not a scene's view nor two layouts, for every face:
// one instruction given as each lane's byte offset (--addresses), and rocMLIR's kPack stores of a
// perf_config (--perf-config). The command line fills these from its options, Python from its
// arguments; the messages are the command's option names.

#include "request/analysisinputs.h"
#include "request/viewrequest.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

// Which of `analyze banks`' sources were given; the refusal when not exactly one, or when
// --addresses lacks --width or --arch (empty: accepted).
struct BankSources
{
    bool preset = false, scene = false, layouts = false, perfConfig = false, addresses = false;
    bool width = false, arch = false;
};
[[nodiscard]] std::string bankSourcesProblem(const BankSources &given);

// --addresses LIST|@FILE: the byte offset of each lane, lane 0 first, separated by commas or
// spaces ("-" or "null": an inactive lane; a JSON array is read the same); @FILE reads the list
// from a file of at most 1 MiB.
[[nodiscard]] Expected<std::vector<std::optional<int64_t>>>
parseAddressList(const std::string &arg);

// The access of one instruction of `width` bytes per lane (text, as --width takes it) reading (or
// writing) the addresses of `addresses` (as --addresses takes it) on the architecture `arch`.
// `message` is set when it is refused, `usage` then says the option itself is malformed.
struct AddressBankAnswer
{
    std::optional<BankViewInput> input;
    std::string message;
    bool usage = false;
};
[[nodiscard]] AddressBankAnswer addressBankAccess(const std::string &arch,
                                                  const std::string &addresses,
                                                  const std::string &width, bool isWrite);
// `analyze banks --addresses --json`: the report with each lane's address ("addresses") and, on
// NVIDIA, what its cycles count ("cyclesMeaning": "wavefronts").
[[nodiscard]] nlohmann::json addressBankJson(const BankViewInput &in);

// The bank-table request of `analyze banks --perf-config v4:...`: rocMLIR's kPack stores of
// `operand` ("A" or "B"), rotated when `rotate` is forced or as `rule` ("after-fix",
// "before-fix"; none: the default) decides.
struct KPackBankArgs
{
    std::string arch; // empty: the default architecture
    std::string dtype;
    int warp = 0;
    std::string perfConfig;
    std::string operand = "A";
    bool rotate = false;
    std::optional<std::string> rule; // --rule, when given
};
[[nodiscard]] ViewRequest kpackBankRequest(const KPackBankArgs &args);

} // namespace lx
