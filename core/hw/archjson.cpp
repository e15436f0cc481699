// Reading an architecture file (resources/arch/<name>.json, arch.h): every member checked for its
// type and range, the file refused with the field named.

#include "hw/arch.h"
#include "hw/archinternal.h"

#include "base/jsoninput.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lx {

using archinternal::lower;

namespace {

using json = nlohmann::json;

// Ranges of the model constants (see the table in arch.h).
constexpr double kMaxBytesPerCycle = 1 << 20;
constexpr double kMaxFixedCycles = 1e6;
constexpr double kMaxRateScale = 1e3;
constexpr double kMaxCountConstant = 1 << 20; // dsCounterLimit, cacheLineBytes

// Reads a required or optional member with a message naming `where` on a type mismatch.
template <typename T>
Expected<T> member(const json &obj, const char *key, const std::string &where,
                   std::optional<T> fallback = std::nullopt)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (fallback)
            return *fallback;
        return makeError(where + ": missing \"" + key + "\"");
    }
    try {
        return it->template get<T>();
    } catch (const json::exception &) {
        return makeError(where + ": \"" + key + "\" has the wrong type");
    }
}

// Reads a whole-number member as a checked 64-bit value in [lo, hi] (never truncated to int).
template <typename T = int>
Expected<T> intMember(const json &obj, const char *key, const std::string &where, int64_t lo,
                      int64_t hi, std::optional<T> fallback = std::nullopt)
{
    auto it = obj.find(key);
    if (it == obj.end()) {
        if (fallback)
            return *fallback;
        return makeError(where + ": missing \"" + key + "\"");
    }
    auto v = jsonInteger(*it, lo, hi, where + ": \"" + std::string(key) + "\"");
    if (!v)
        return v.error();
    return T(*v);
}

Expected<Provenance> provenance(const json &obj, const std::string &where)
{
    auto conf = member<std::string>(obj, "confidence", where);
    if (!conf)
        return conf.error();
    static const std::set<std::string> known = {"H", "M", "L", "inferred", "measured"};
    if (!known.count(*conf))
        return makeError(where + ": confidence \"" + *conf +
                         "\" is not one of H, M, L, inferred, measured");
    auto src = member<std::string>(obj, "source", where);
    if (!src)
        return src.error();
    return Provenance{*conf, *src};
}

// A model constant {value, confidence, source}; value finite and in [lo, hi] (lo excluded
// when openLow: a rate of 0 bytes per cycle would divide by zero).
Expected<ModelConstant> modelConstant(const json &obj, const char *key, const std::string &where,
                                      double lo, double hi, bool openLow)
{
    auto it = obj.find(key);
    if (it == obj.end() || !it->is_object())
        return makeError(where + ": missing object \"" + key + "\" {value, confidence, source}");
    const std::string w = where + "." + key;
    auto v = member<double>(*it, "value", w);
    if (!v)
        return v.error();
    if (!std::isfinite(*v) || *v < lo || (openLow && *v <= lo) || *v > hi)
        return makeError(w + ": value " + jsonExcerpt((*it)["value"]) + " is outside " +
                         (openLow ? "(" : "[") + jsonExcerpt(lo) + ", " + jsonExcerpt(hi) + "]");
    auto p = provenance(*it, w);
    if (!p)
        return p.error();
    return ModelConstant{*v, *p};
}

// An optional model constant that counts something (dsCounterLimit, loadCounterExcessPerWarp,
// cacheLineBytes): absent is
// nothing; present, a whole number in [1, 2^20] with its provenance.
Expected<std::optional<ModelConstant>> optionalCount(const json &obj, const char *key,
                                                     const std::string &where)
{
    if (!obj.contains(key))
        return std::optional<ModelConstant>{};
    auto c = modelConstant(obj, key, where, 1, kMaxCountConstant, false);
    if (!c)
        return c.error();
    if (c->value != std::floor(c->value))
        return makeError(where + "." + key + ": value " + jsonExcerpt(c->value) +
                         " is not a whole number");
    return std::optional<ModelConstant>{*c};
}

Expected<LdsInstruction> parseInstruction(const json &obj, int waveSize,
                                          const std::string &archName)
{
    auto name = member<std::string>(obj, "name", archName + " instruction");
    if (!name)
        return name.error();
    const std::string where = archName + " " + *name;
    LdsInstruction ins;
    ins.name = *name;
    auto dir = member<std::string>(obj, "access", where);
    if (!dir)
        return dir.error();
    if (*dir != "read" && *dir != "write")
        return makeError(where + ": \"access\" must be \"read\" or \"write\"");
    ins.isWrite = *dir == "write";
    auto bytes = intMember(obj, "bytesPerLane", where, 1, 64);
    auto banks = intMember(obj, "banks", where, 1, 1024);
    auto passes = intMember(obj, "passes", where, 1, 2, std::optional<int>(1));
    if (!bytes)
        return bytes.error();
    if (!banks)
        return banks.error();
    if (!passes)
        return passes.error();
    if (*bytes <= 0 || *bytes > 64 || *banks <= 0 || *banks > 1024 || *passes < 1 || *passes > 2)
        return makeError(where + ": bytesPerLane, banks or passes out of range");
    ins.bytesPerLane = *bytes;
    ins.numBanks = *banks;
    ins.passes = *passes;
    auto phases = member<std::vector<std::string>>(obj, "phases", where);
    if (!phases)
        return phases.error();
    std::vector<int> seen(size_t(waveSize), 0);
    for (const std::string &text : *phases) {
        auto lanes = parseLaneList(text);
        if (!lanes)
            return makeError(where + ": phase \"" + text + "\": " + lanes.message());
        for (int l : *lanes) {
            if (l >= waveSize)
                return makeError(where + ": phase \"" + text + "\" names lane " +
                                 std::to_string(l) + " of a " + std::to_string(waveSize) +
                                 "-lane wave");
            if (seen[size_t(l)]++)
                return makeError(where + ": lane " + std::to_string(l) + " is in two phases");
        }
        ins.phases.push_back(*lanes);
    }
    for (int l = 0; l < waveSize; ++l) {
        if (!seen[size_t(l)])
            return makeError(where + ": lane " + std::to_string(l) + " is in no phase");
    }
    auto prov = provenance(obj, where);
    if (!prov)
        return prov.error();
    ins.provenance = *prov;
    return ins;
}

Expected<TransposedLoad> parseTransposedLoad(const json &obj, const std::string &archName)
{
    if (!obj.is_object())
        return makeError(archName + ": every transposed load must be an object");
    auto name = member<std::string>(obj, "name", archName + " transposed load");
    if (!name)
        return name.error();
    const std::string where = archName + " " + *name;
    TransposedLoad t;
    t.name = *name;
    auto intrinsic = member<std::string>(obj, "intrinsic", where);
    if (!intrinsic)
        return intrinsic.error();
    t.intrinsic = *intrinsic;
    struct I
    {
        const char *key;
        int *target;
        int lo, hi;
    };
    for (I i :
         {I{"elementBits", &t.elementBits, 1, 64}, I{"instructionBits", &t.instructionBits, 8, 512},
          I{"leadingRegisterBases", &t.leadingRegisterBases, 0, 8},
          I{"leadingLaneBases", &t.leadingLaneBases, 0, 8}}) {
        // Checked 64-bit read: 2^32 + 8 is out of range, not 8.
        auto v = intMember(obj, i.key, where, i.lo, i.hi);
        if (!v)
            return v.error();
        *i.target = *v;
    }
    if (t.instructionBits % t.elementBits != 0)
        return makeError(where + ": instructionBits must be a multiple of elementBits");
    auto prov = provenance(obj, where);
    if (!prov)
        return prov.error();
    t.provenance = *prov;
    return t;
}

Expected<std::vector<LdsMeasurement>> parseMeasurements(const json &arr, const std::string &where)
{
    if (!arr.is_array() || arr.size() > 64)
        return makeError(where + ": \"measurements\" must be an array of at most 64 entries");
    std::vector<LdsMeasurement> out;
    for (const json &obj : arr) {
        if (!obj.is_object())
            return makeError(where + ": every measurement must be an object");
        const std::string w = where + " measurement";
        LdsMeasurement m;
        auto layout = member<std::string>(obj, "layout", w);
        if (!layout)
            return layout.error();
        if (*layout != "plain" && *layout != "partitioned")
            return makeError(w + ": \"layout\" must be \"plain\" or \"partitioned\"");
        m.layout = *layout;
        auto warps = intMember(obj, "warps", w, 1, 64);
        auto bytes = intMember<int64_t>(obj, "bytes", w, 1, int64_t(1) << 30);
        auto bits = intMember(obj, "elementBits", w, 1, 64);
        auto load = intMember(obj, "loadBits", w, 8, 512);
        for (const Error *e : {warps ? nullptr : &warps.error(), bytes ? nullptr : &bytes.error(),
                               bits ? nullptr : &bits.error(), load ? nullptr : &load.error()})
            if (e)
                return *e;
        m.warps = *warps;
        m.bytes = *bytes;
        m.elementBits = *bits;
        m.loadBits = *load;
        for (auto [key, target] : {std::pair{"cycles", &m.cycles},
                                   std::pair{"steadyBytesPerCycle", &m.steadyBytesPerCycle}}) {
            auto v = member<double>(obj, key, w);
            if (!v)
                return v.error();
            if (!std::isfinite(*v) || *v <= 0 || *v > kMaxFixedCycles * 1000)
                return makeError(w + ": \"" + key + "\" must be a positive number");
            *target = *v;
        }
        if (obj.contains("rawBytesPerCycle")) {
            auto raw = member<double>(obj, "rawBytesPerCycle", w);
            if (!raw)
                return raw.error();
            if (!std::isfinite(*raw) || *raw <= 0 || *raw > kMaxBytesPerCycle)
                return makeError(w + ": \"rawBytesPerCycle\" must be a positive number of at most "
                                     "2^20 bytes per cycle");
            m.rawBytesPerCycle = *raw;
        }
        auto prov = provenance(obj, w);
        if (!prov)
            return prov.error();
        m.provenance = *prov;
        out.push_back(std::move(m));
    }
    return out;
}

Expected<CuModel> parseCu(const json &obj, const std::string &archName)
{
    const std::string where = archName + " cu";
    CuModel cu;
    auto lanes = intMember(obj, "lanesPerWarp", where, 1, 128);
    auto simds = intMember(obj, "simds", where, 1, 64);
    auto partBytes = intMember<int64_t>(obj, "partitionBytes", where, 1, int64_t(1) << 30);
    auto ldsParts = intMember(obj, "ldsPartitions", where, 1, 64);
    auto l0Parts = intMember(obj, "l0Partitions", where, 0, 64, std::optional<int>(0));
    auto ports = intMember(obj, "ports", where, 1, 64);
    for (const Error *e :
         {lanes ? nullptr : &lanes.error(), simds ? nullptr : &simds.error(),
          partBytes ? nullptr : &partBytes.error(), ldsParts ? nullptr : &ldsParts.error(),
          l0Parts ? nullptr : &l0Parts.error(), ports ? nullptr : &ports.error()}) {
        if (e)
            return *e;
    }
    if (*lanes <= 0 || *simds <= 0 || *partBytes <= 0 || *ldsParts <= 0 || *ports <= 0)
        return makeError(
            where +
            ": lanesPerWarp, simds, partitionBytes, ldsPartitions and ports must be positive");
    cu.lanesPerWarp = *lanes;
    cu.simds = *simds;
    cu.partitionBytes = *partBytes;
    cu.ldsPartitions = *ldsParts;
    cu.l0Partitions = *l0Parts;
    cu.ports = *ports;
    auto pairs = obj.find("pairs");
    if (pairs == obj.end() || !pairs->is_object())
        return makeError(where + ": missing object \"pairs\" {name: [simd, ...]}");
    std::set<int> seenSimds;
    for (auto it = pairs->begin(); it != pairs->end(); ++it) {
        std::vector<int> simdList;
        if (!it.value().is_array() || it.value().size() > 64)
            return makeError(where + ": pair \"" + it.key() + "\" is not a list of SIMD indices");
        for (const json &simd : it.value()) {
            auto index = jsonInteger(simd, 0, cu.simds - 1,
                                     where + ": pair \"" + it.key() + "\" SIMD index");
            if (!index)
                return index.error();
            simdList.push_back(int(*index));
        }
        for (int s : simdList) {
            if (s < 0 || s >= cu.simds || !seenSimds.insert(s).second)
                return makeError(where + ": pair \"" + it.key() + "\" names SIMD " +
                                 std::to_string(s) + " out of range or twice");
        }
        cu.pairNames.push_back(it.key());
        cu.pairSimds.push_back(simdList);
    }
    auto portNames = member<std::vector<std::string>>(obj, "portNames", where);
    if (!portNames)
        return portNames.error();
    if (int(portNames->size()) != cu.ports)
        return makeError(where + ": \"portNames\" must name each of the " +
                         std::to_string(cu.ports) + " ports");
    cu.portNames = *portNames;
    // Rates in bytes per cycle: (0, 2^20]; fixedCycles: [0, 10^6].
    for (auto [key, target] : {std::pair{"portBytesPerCycle", &cu.portBytesPerCycle},
                               std::pair{"fixedCycles", &cu.fixedCycles}}) {
        const bool isRate = std::string_view(key) != "fixedCycles";
        auto c = isRate ? modelConstant(obj, key, where, 0, kMaxBytesPerCycle, true)
                        : modelConstant(obj, key, where, 0, kMaxFixedCycles, false);
        if (!c)
            return c.error();
        *target = *c;
    }
    auto line = optionalCount(obj, "cacheLineBytes", where);
    if (!line)
        return line.error();
    cu.cacheLineBytes = *line;
    auto prov = provenance(obj, where);
    if (!prov)
        return prov.error();
    cu.provenance = *prov;
    if (auto m = obj.find("measurements"); m != obj.end()) {
        auto list = parseMeasurements(*m, where);
        if (!list)
            return list.error();
        cu.measurements = std::move(*list);
    }
    return cu;
}

Expected<std::vector<PhaseMergeRule>> parsePhaseMergeRules(const json &arr, int waveSize,
                                                           const std::string &archName)
{
    if (!arr.is_array())
        return makeError(archName + ": \"phaseMergeRules\" must be an array");
    std::vector<PhaseMergeRule> rules;
    for (const json &obj : arr) {
        if (!obj.is_object())
            return makeError(archName + ": every phase-merge rule must be an object");
        auto name = member<std::string>(obj, "name", archName + " phase-merge rule");
        if (!name)
            return name.error();
        const std::string where = archName + " rule " + *name;
        auto dir = member<std::string>(obj, "access", where);
        auto minBytes = member<int>(obj, "minBytesPerLane", where, 1);
        auto masks = member<std::vector<int>>(obj, "laneMasks", where);
        auto factor = member<int>(obj, "factor", where);
        for (const Error *e :
             {dir ? nullptr : &dir.error(), minBytes ? nullptr : &minBytes.error(),
              masks ? nullptr : &masks.error(), factor ? nullptr : &factor.error()}) {
            if (e)
                return *e;
        }
        if (*dir != "read" && *dir != "write")
            return makeError(where + ": \"access\" must be \"read\" or \"write\"");
        if (*factor < 2 || *factor > waveSize || masks->empty())
            return makeError(where +
                             ": needs a factor in [2, waveSize] and at least one lane mask");
        for (int m : *masks) {
            if (m <= 0 || m >= waveSize)
                return makeError(where + ": lane mask " + std::to_string(m) + " out of range");
        }
        auto prov = provenance(obj, where);
        if (!prov)
            return prov.error();
        PhaseMergeRule r;
        r.name = *name;
        r.isWrite = *dir == "write";
        r.minBytesPerLane = *minBytes;
        r.laneMasks = *masks;
        r.factor = *factor;
        r.provenance = *prov;
        rules.push_back(std::move(r));
    }
    return rules;
}

} // namespace

namespace {

// The architecture's headline facts (product, vendor, wave size, banks, LDS bytes) and their
// provenance, into `arch`; `arch.name` is set.
Expected<bool> readHeadline(const json &doc, Architecture &arch)
{
    const std::string &w = arch.name;
    auto product = member<std::string>(doc, "product", w, std::string());
    auto vendor = member<std::string>(doc, "vendor", w);
    auto desc = member<std::string>(doc, "description", w, std::string());
    auto aliases = member<std::vector<std::string>>(doc, "aliases", w, std::vector<std::string>());
    auto wave = intMember(doc, "waveSize", w, 1, 128);
    auto bankWidth = intMember(doc, "bankWidthBytes", w, 1, 64);
    auto banks = intMember(doc, "banks", w, 1, 1024);
    auto lds = intMember<int64_t>(doc, "ldsBytes", w, 1, int64_t(1) << 30);
    for (const Error *e : {product ? nullptr : &product.error(), vendor ? nullptr : &vendor.error(),
                           desc ? nullptr : &desc.error(), aliases ? nullptr : &aliases.error(),
                           wave ? nullptr : &wave.error(), bankWidth ? nullptr : &bankWidth.error(),
                           banks ? nullptr : &banks.error(), lds ? nullptr : &lds.error()}) {
        if (e)
            return *e;
    }
    if (*wave <= 0 || *wave > 128 || *bankWidth <= 0 || *banks <= 0 || *lds <= 0)
        return makeError(
            w + ": waveSize, bankWidthBytes, banks and ldsBytes must be positive (wave <= 128)");
    arch.product = *product;
    arch.vendor = *vendor;
    arch.description = *desc;
    arch.aliases = *aliases;
    arch.waveSize = *wave;
    arch.bankWidthBytes = *bankWidth;
    arch.numBanks = *banks;
    arch.ldsBytes = *lds;
    struct P
    {
        const char *key;
        Provenance *target;
    };
    for (P p :
         {P{"waveProvenance", &arch.waveProvenance}, P{"bankProvenance", &arch.bankProvenance},
          P{"capacityProvenance", &arch.capacityProvenance}}) {
        auto it = doc.find(p.key);
        if (it == doc.end() || !it->is_object())
            return makeError(w + ": missing object \"" + p.key + "\" {confidence, source}");
        auto prov = provenance(*it, w + "." + p.key);
        if (!prov)
            return prov.error();
        *p.target = *prov;
    }
    return true;
}

} // namespace

Expected<Architecture> parseArchitecture(std::string_view jsonText)
{
    Expected<json> parsedDoc = parseJson(jsonText);
    if (!parsedDoc)
        return makeError("architecture JSON: " + parsedDoc.message());
    const json &doc = *parsedDoc;
    if (!doc.is_object())
        return makeError("architecture JSON: the top level must be an object");
    auto format = member<std::string>(doc, "format", "architecture", std::string());
    if (format && !format->empty() && *format != "layout-explorer-arch")
        return makeError("architecture JSON: format \"" + *format +
                         "\" is not layout-explorer-arch");
    Architecture arch;
    auto name = member<std::string>(doc, "name", "architecture");
    if (!name)
        return name.error();
    arch.name = *name;
    const std::string &w = arch.name;
    if (Expected<bool> ok = readHeadline(doc, arch); !ok)
        return ok.error();
    if (doc.contains("bankConflictRateScale")) {
        auto c = modelConstant(doc, "bankConflictRateScale", w, 0, kMaxRateScale, true);
        if (!c)
            return c.error();
        arch.bankConflictRateScale = *c;
    }
    auto dsLimit = optionalCount(doc, "dsCounterLimit", w);
    if (!dsLimit)
        return dsLimit.error();
    arch.dsCounterLimit = *dsLimit;
    auto loadExcess = optionalCount(doc, "loadCounterExcessPerWarp", w);
    if (!loadExcess)
        return loadExcess.error();
    arch.loadCounterExcessPerWarp = *loadExcess;
    if (auto tl = doc.find("transposedLoads"); tl != doc.end()) {
        if (!tl->is_array())
            return makeError(w + ": \"transposedLoads\" must be an array");
        for (const json &obj : *tl) {
            auto load = parseTransposedLoad(obj, w);
            if (!load)
                return load.error();
            arch.transposedLoads.push_back(std::move(*load));
        }
    }
    auto ins = doc.find("instructions");
    if (ins == doc.end() || !ins->is_array() || ins->empty())
        return makeError(w + ": missing non-empty array \"instructions\"");
    std::set<std::string> names;
    for (const json &obj : *ins) {
        if (!obj.is_object())
            return makeError(w + ": every instruction must be an object");
        auto parsed = parseInstruction(obj, arch.waveSize, w);
        if (!parsed)
            return parsed.error();
        if (!names.insert(lower(parsed->name)).second)
            return makeError(w + ": instruction " + parsed->name + " is defined twice");
        arch.instructions.push_back(std::move(*parsed));
    }
    if (doc.contains("phaseMergeRules")) {
        auto rules = parsePhaseMergeRules(doc["phaseMergeRules"], arch.waveSize, w);
        if (!rules)
            return rules.error();
        arch.phaseMergeRules = std::move(*rules);
    }
    if (doc.contains("tensorDataMover")) {
        const json &t = doc["tensorDataMover"];
        const std::string where = w + " tensorDataMover";
        if (!t.is_object())
            return makeError(where + ": expected an object");
        auto phase = intMember(t, "maxSwizzlePhase", where, 1, 1 << 20);
        if (!phase)
            return phase.error();
        auto prov = provenance(t, where);
        if (!prov)
            return prov.error();
        arch.tdm = TdmRule{*phase, *prov};
    }
    if (doc.contains("cu")) {
        auto cu = parseCu(doc["cu"], w);
        if (!cu)
            return cu.error();
        arch.cu = std::move(*cu);
        arch.cu->arch = arch.name;
        arch.cu->ldsBytes = arch.ldsBytes;
    }
    return arch;
}

} // namespace lx
