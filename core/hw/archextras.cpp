#include "hw/archextras.h"

#include "base/boundedread.h"
#include "base/jsoninput.h"
#include "base/resources.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>
#include <mutex>

namespace lx {

namespace {

using json = nlohmann::json;

constexpr double kMaxExtra = double(1 << 20);

Expected<std::optional<ModelConstant>> constantOf(const json &obj, const char *key,
                                                  const std::string &where, bool whole)
{
    const auto it = obj.find(key);
    if (it == obj.end())
        return std::optional<ModelConstant>{};
    const std::string w = where + "." + key;
    if (!it->is_object() || !it->contains("value") || !(*it)["value"].is_number() ||
        !it->contains("confidence") || !(*it)["confidence"].is_string() ||
        !it->contains("source") || !(*it)["source"].is_string())
        return makeError(w + ": expected {value, confidence, source}");
    const double v = (*it)["value"].get<double>();
    if (!std::isfinite(v) || v < 1 || v > kMaxExtra || (whole && v != std::floor(v)))
        return makeError(w + ": value must be a whole number in [1, 2^20]");
    const auto conf = (*it)["confidence"].get<std::string>();
    if (conf != "H" && conf != "M" && conf != "L" && conf != "inferred" && conf != "measured")
        return makeError(w + ": confidence \"" + conf +
                         "\" is not one of H, M, L, inferred, measured");
    return std::optional<ModelConstant>{
        ModelConstant{v, Provenance{conf, (*it)["source"].get<std::string>()}}};
}

} // namespace

Expected<ArchExtras> parseArchExtras(std::string_view jsonText)
{
    Expected<json> doc = parseJson(jsonText);
    if (!doc)
        return makeError("architecture JSON: " + doc.message());
    if (!doc->is_object())
        return makeError("architecture JSON: the top level must be an object");
    const std::string name = doc->value("name", std::string("architecture"));
    ArchExtras out;
    auto limit = constantOf(*doc, "dsCounterLimit", name, true);
    if (!limit)
        return limit.error();
    out.dsCounterLimit = *limit;
    const auto cu = doc->find("cu");
    if (cu == doc->end() || !cu->is_object())
        return out;
    auto line = constantOf(*cu, "cacheLineBytes", name + " cu", true);
    if (!line)
        return line.error();
    out.cacheLineBytes = *line;
    if (const auto m = cu->find("measurements"); m != cu->end() && m->is_array())
        for (const json &e : *m) {
            double raw = 0;
            if (e.is_object() && e.contains("rawBytesPerCycle")) {
                const json &r = e["rawBytesPerCycle"];
                if (!r.is_number() || !std::isfinite(r.get<double>()) || r.get<double>() <= 0 ||
                    r.get<double>() > kMaxExtra)
                    return makeError(name + " cu measurement: \"rawBytesPerCycle\" must be a "
                                            "positive number");
                raw = r.get<double>();
            }
            out.measuredRawBytesPerCycle.push_back(raw);
        }
    return out;
}

Expected<ArchExtras> loadArchExtras(std::string_view nameOrPath)
{
    const std::string request(nameOrPath);
    if (request.find('/') != std::string::npos ||
        (request.size() > 5 && request.substr(request.size() - 5) == ".json")) {
        auto text = readBounded(request, kMaxInputFileBytes, "an architecture file");
        if (!text)
            return text.error();
        auto extras = parseArchExtras(*text);
        if (!extras)
            return makeError(request + ": " + extras.message());
        return extras;
    }
    // An embedded file never changes: each is read once.
    static std::mutex mutex;
    static std::map<std::string, ArchExtras> parsed;
    auto arch = loadArchitecture(request);
    if (!arch)
        return arch.error();
    {
        const std::lock_guard lock(mutex);
        if (const auto it = parsed.find(arch->name); it != parsed.end())
            return it->second;
    }
    const auto text = embeddedResource("arch/" + arch->name + ".json");
    if (!text)
        return ArchExtras{};
    auto extras = parseArchExtras(*text);
    if (extras) {
        const std::lock_guard lock(mutex);
        parsed.emplace(arch->name, *extras);
    }
    return extras;
}

double measuredRawBytesPerCycle(const ArchExtras &extras, const CuModel &cu,
                                const LdsMeasurement &measurement)
{
    for (size_t i = 0; i < cu.measurements.size() && i < extras.measuredRawBytesPerCycle.size();
         ++i)
        if (cu.measurements[i] == measurement)
            return extras.measuredRawBytesPerCycle[i];
    return 0;
}

} // namespace lx
