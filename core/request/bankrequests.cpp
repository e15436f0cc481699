#include "request/bankrequests.h"

#include "request/defaults.h"
#include "request/reportjson.h"

#include "analysis/banks.h"
#include "base/boundedread.h"
#include "hw/arch.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

namespace lx {

std::string bankSourcesProblem(const BankSources &given)
{
    const int modes = int(given.preset) + int(given.scene) + int(given.layouts) +
                      int(given.perfConfig) + int(given.addresses);
    if (modes != 1)
        return "give exactly one of --preset, --scene, --reg/--shared, --perf-config or "
               "--addresses";
    if (given.addresses && !given.width)
        return "--addresses needs --width";
    if (given.addresses && !given.arch)
        return "--addresses needs --arch";
    return {};
}

namespace {

// A token of an address list as a byte offset: a C integer (0x.. hexadecimal, 0.. octal).
std::optional<int64_t> addressToken(const std::string &token)
{
    errno = 0;
    char *end = nullptr;
    const long long v = std::strtoll(token.c_str(), &end, 0);
    if (errno != 0 || end == token.c_str() || *end != '\0')
        return std::nullopt;
    return int64_t(v);
}

bool addressSeparator(char c)
{
    return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

} // namespace

Expected<std::vector<std::optional<int64_t>>> parseAddressList(const std::string &arg)
{
    std::string text = arg;
    if (!arg.empty() && arg.front() == '@') {
        Expected<std::string> read =
            readBounded(arg.substr(1), kMaxInputFileBytes, "an address file");
        if (!read)
            return read.error();
        text = std::move(*read);
    }
    const size_t first = text.find_first_not_of(" \t\r\n\v\f");
    const size_t last = text.find_last_not_of(" \t\r\n\v\f");
    text = first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    if (text.size() >= 2 && text.front() == '[' && text.back() == ']')
        text = text.substr(1, text.size() - 2);
    std::vector<std::optional<int64_t>> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && addressSeparator(text[i]))
            ++i;
        size_t j = i;
        while (j < text.size() && !addressSeparator(text[j]))
            ++j;
        if (j == i)
            break;
        const std::string token = text.substr(i, j - i);
        i = j;
        if (token == "-" || token == "null") {
            out.emplace_back();
            continue;
        }
        const std::optional<int64_t> v = addressToken(token);
        if (!v || *v < 0)
            return makeError("address '" + token +
                             "' is not a non-negative byte offset (or '-' for an inactive "
                             "lane)");
        out.emplace_back(*v);
    }
    if (out.empty())
        return makeError("no addresses given");
    return out;
}

namespace {

AddressBankAnswer addressRefused(std::string message, bool usage = false)
{
    AddressBankAnswer a;
    a.message = std::move(message);
    a.usage = usage;
    return a;
}

} // namespace

AddressBankAnswer addressBankAccess(const std::string &archName, const std::string &addresses,
                                    const std::string &widthText, bool isWrite)
{
    auto arch = loadArchitecture(archName);
    if (!arch)
        return addressRefused(arch.message());
    char *end = nullptr;
    errno = 0;
    const long parsedWidth = std::strtol(widthText.c_str(), &end, 10);
    if (widthText.empty() || errno != 0 || *end != '\0' || parsedWidth <= 0 ||
        parsedWidth > INT32_MAX)
        return addressRefused("--width expects a positive number of bytes", true);
    const int width = int(parsedWidth);
    const LdsInstruction *ins = arch->plainInstruction(width, isWrite);
    if (!ins)
        return addressRefused(arch->name + " has no " + (isWrite ? "write" : "read") +
                              " instruction of " + std::to_string(width) + " bytes per lane");
    auto lanes = parseAddressList(addresses);
    if (!lanes)
        return addressRefused("--addresses: " + lanes.message());
    if (int(lanes->size()) > arch->waveSize)
        return addressRefused("--addresses: " + std::to_string(lanes->size()) +
                              " addresses for a wave of " + std::to_string(arch->waveSize) +
                              " lanes");
    for (size_t l = 0; l < lanes->size(); ++l) {
        const auto &a = (*lanes)[l];
        if (a && *a % width != 0)
            return addressRefused("--addresses: lane " + std::to_string(l) + " reads byte " +
                                  std::to_string(*a) + ", not aligned to the width " +
                                  std::to_string(width));
    }
    lanes->resize(size_t(arch->waveSize));
    auto ir = analyzeAddresses(*arch, *ins, {*lanes});
    if (!ir)
        return addressRefused(ir.message());
    AddressBankAnswer answer;
    BankViewInput &in = answer.input.emplace();
    in.arch = *arch;
    const auto activeLanes =
        std::count_if(lanes->begin(), lanes->end(), [](const auto &a) { return a.has_value(); });
    in.sourceText = "addresses of " + std::to_string(activeLanes) + " active lanes, " +
                    std::to_string(width) + " B each";
    BankConflictReport &r = in.report;
    r.arch = arch->name;
    r.instruction = *ins;
    // Raw addresses carry no element type: the widest of 8, 4, 2, 1 bytes that divides the width
    // (a 12-byte ds_read_b96 is 3 x 32-bit, not 1 x 64-bit).
    int elementBytes = 8;
    while (width % elementBytes != 0)
        elementBytes /= 2;
    r.elementBits = 8 * elementBytes;
    r.vectorElements = width / elementBytes;
    r.maxVectorElements = r.vectorElements;
    r.bankWidthBytes = arch->bankWidthBytes;
    r.totals.instructions = 1;
    r.totals.cycles = ir->cycles;
    r.totals.idealCycles = ir->idealCycles;
    r.totals.maxWays = ir->maxWays;
    noteMeasuredRule(*arch, *ir, r);
    r.instructions.push_back(std::move(*ir));
    r.tritonNote = "Triton's count needs layouts, not raw addresses";
    in.mapBanks = ins->numBanks;
    return answer;
}

nlohmann::json addressBankJson(const BankViewInput &in)
{
    nlohmann::json j = bankReportJson(in);
    j["addresses"] = nlohmann::json::array();
    for (const auto &a : in.report.instructions.front().addresses.front())
        j["addresses"].push_back(a ? nlohmann::json(*a) : nlohmann::json(nullptr));
    if (in.arch->vendor == "nvidia")
        j["cyclesMeaning"] = "wavefronts";
    return j;
}

ViewRequest kpackBankRequest(const KPackBankArgs &args)
{
    ViewRequest req;
    req.arch = args.arch.empty() ? std::string(kDefaultArch) : args.arch;
    req.dtype = args.dtype;
    req.kind = "bank-table";
    req.options["warp"] = args.warp;
    req.options["kpack"] = {{"perfConfig", args.perfConfig}, {"operand", args.operand}};
    if (args.rotate)
        req.options["kpack"]["rotate"] = true;
    if (args.rule)
        req.options["kpack"]["rule"] = *args.rule;
    return req;
}

} // namespace lx
