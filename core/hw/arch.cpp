#include "hw/arch.h"
#include "hw/archinternal.h"

#include "base/boundedread.h"
#include "base/resources.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>

namespace lx {

using archinternal::lower;

namespace {

std::string joined(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &n : names) {
        if (!out.empty())
            out += ", ";
        out += n;
    }
    return out;
}

} // namespace

std::string Provenance::label() const
{
    std::string out = "confidence " + confidence;
    if (confidence == "L")
        out += " (low: extrapolated, no direct source)";
    else if (confidence == "inferred")
        out += " (low: inferred from a fit, not documented)";
    else if (confidence == "measured")
        out += " (read off hardware measurements)";
    return out;
}

int LdsInstruction::phaseOfLane(int lane) const
{
    for (size_t p = 0; p < phases.size(); ++p) {
        if (std::find(phases[p].begin(), phases[p].end(), lane) != phases[p].end())
            return int(p);
    }
    return -1;
}

int CuModel::pairOfSimd(int simd) const
{
    for (size_t p = 0; p < pairSimds.size(); ++p) {
        if (std::find(pairSimds[p].begin(), pairSimds[p].end(), simd) != pairSimds[p].end())
            return int(p);
    }
    return -1;
}

bool CuModel::pairsEverySimd() const
{
    if (simds <= 0)
        return false;
    for (int s = 0; s < simds; ++s) {
        if (pairOfSimd(s) < 0)
            return false;
    }
    return true;
}

int CuModel::partitionOfAddress(int64_t byteAddress) const
{
    if (byteAddress < 0 || partitionBytes <= 0 || byteAddress >= partitionBytes * ldsPartitions)
        return -1;
    return int(byteAddress / partitionBytes);
}

const LdsInstruction *Architecture::findInstruction(std::string_view insName) const
{
    const std::string key = lower(insName);
    for (const LdsInstruction &ins : instructions) {
        if (lower(ins.name) == key)
            return &ins;
    }
    return nullptr;
}

Expected<LdsInstruction> Architecture::instruction(std::string_view insName) const
{
    if (const LdsInstruction *ins = findInstruction(insName))
        return *ins;
    return makeError("unknown instruction '" + std::string(insName) + "' for " + name +
                     "; known: " + joined(instructionNames()));
}

std::vector<std::string> Architecture::instructionNames() const
{
    std::vector<std::string> names;
    for (const LdsInstruction &ins : instructions)
        names.push_back(ins.name);
    return names;
}

const LdsInstruction *Architecture::plainInstruction(int bytesPerLane, bool isWrite) const
{
    for (const LdsInstruction &ins : instructions) {
        // The plain form: one pass, not a transposing load (those carry "tr" in the name).
        if (ins.passes == 1 && ins.isWrite == isWrite && ins.bytesPerLane == bytesPerLane &&
            lower(ins.name).find("_tr") == std::string::npos)
            return &ins;
    }
    return nullptr;
}

std::vector<std::string> knownArchitectures()
{
    std::vector<std::string> names;
    for (const std::string &path : embeddedResourcePaths("arch/")) {
        std::string stem = path.substr(5);
        if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".json") == 0)
            names.push_back(stem.substr(0, stem.size() - 5));
    }
    return names;
}

namespace {

// An embedded architecture by name or alias (`key` is `request` lower-cased).
Expected<Architecture> loadEmbeddedArchitecture(const std::string &request, const std::string &key)
{
    const std::vector<std::string> known = knownArchitectures();
    for (const std::string &name : known) {
        auto text = embeddedResource("arch/" + name + ".json");
        if (!text)
            continue;
        if (lower(name) == key)
            return parseArchitecture(*text);
    }
    // Aliases ("MI300", "RDNA3") need the parsed files.
    for (const std::string &name : known) {
        auto arch = parseArchitecture(*embeddedResource("arch/" + name + ".json"));
        if (!arch)
            continue;
        for (const std::string &alias : arch->aliases) {
            if (lower(alias) == key)
                return arch;
        }
    }
    return makeError("unknown architecture '" + request + "'; known: " + joined(known));
}

} // namespace

Expected<Architecture> loadArchitecture(std::string_view nameOrPath)
{
    const std::string request(nameOrPath);
    const bool isPath =
        request.find('/') != std::string::npos ||
        (request.size() > 5 && lower(request.substr(request.size() - 5)) == ".json");
    if (isPath) {
        auto text = readBounded(request, kMaxInputFileBytes, "an architecture file");
        if (!text)
            return text.error();
        auto arch = parseArchitecture(*text);
        if (!arch)
            return makeError(request + ": " + arch.message());
        return arch;
    }
    // The embedded files never change: each name is parsed once (every view and analysis of the
    // window asks for its architecture on every edit). A copy is returned.
    static std::mutex mutex;
    static std::map<std::string, Architecture> parsed;
    const std::string key = lower(request);
    {
        const std::lock_guard lock(mutex);
        if (const auto it = parsed.find(key); it != parsed.end())
            return it->second;
    }
    Expected<Architecture> arch = loadEmbeddedArchitecture(request, key);
    if (arch) {
        const std::lock_guard lock(mutex);
        parsed.emplace(key, *arch);
    }
    return arch;
}

Expected<std::vector<int>> parseLaneList(std::string_view text)
{
    std::vector<int> lanes;
    size_t pos = 0;
    auto fail = [&](const std::string &why) -> Expected<std::vector<int>> {
        return makeError("lane list at column " + std::to_string(pos + 1) + ": " + why);
    };
    auto number = [&](int &out) -> bool {
        while (pos < text.size() && (text[pos] == ' ' || text[pos] == 'T'))
            ++pos;
        size_t start = pos;
        long v = 0;
        while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) {
            v = v * 10 + (text[pos] - '0');
            if (v > 4096)
                return false;
            ++pos;
        }
        out = int(v);
        return pos > start;
    };
    if (text.empty())
        return fail("empty");
    while (pos < text.size()) {
        int a = 0;
        if (!number(a))
            return fail("expected a lane number");
        int b = a;
        while (pos < text.size() && text[pos] == ' ')
            ++pos;
        if (pos < text.size() && text[pos] == '-') {
            ++pos;
            if (!number(b))
                return fail("expected the end of a range");
            if (b < a)
                return fail("range " + std::to_string(a) + "-" + std::to_string(b) +
                            " runs backwards");
        }
        for (int l = a; l <= b; ++l)
            lanes.push_back(l);
        while (pos < text.size() && text[pos] == ' ')
            ++pos;
        if (pos < text.size()) {
            if (text[pos] != ',')
                return fail(std::string("unexpected '") + text[pos] + "'");
            ++pos;
        }
    }
    return lanes;
}

std::string formatLaneList(const std::vector<int> &lanes, std::string_view prefix)
{
    std::string out;
    for (size_t i = 0; i < lanes.size();) {
        size_t j = i;
        while (j + 1 < lanes.size() && lanes[j + 1] == lanes[j] + 1)
            ++j;
        if (!out.empty())
            out += ",";
        out += std::string(prefix) + std::to_string(lanes[i]);
        if (j > i)
            out += "-" + std::to_string(lanes[j]);
        i = j + 1;
    }
    return out;
}

Expected<CuModel> cuModelOf(const Architecture &arch)
{
    if (!arch.cu)
        return makeError("architecture '" + arch.name +
                         "' describes no compute-unit model (SIMD pairs, LDS partitions, ports)");
    const CuModel &cu = *arch.cu;
    if (cu.simds <= 0)
        return makeError("architecture '" + arch.name + "': the SIMD count must be positive");
    for (int s = 0; s < cu.simds; ++s) {
        if (cu.pairOfSimd(s) < 0)
            return makeError("architecture '" + arch.name + "': SIMD " + std::to_string(s) +
                             " belongs to no pair");
    }
    return cu;
}

Expected<CuModel> cuModelOf(std::string_view nameOrPath)
{
    auto arch = loadArchitecture(nameOrPath);
    if (!arch)
        return arch.error();
    return cuModelOf(*arch);
}

} // namespace lx
