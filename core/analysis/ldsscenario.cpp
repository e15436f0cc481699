#include "analysis/ldsscenario.h"

#include "hw/ldscapacity.h"
#include "io/scene.h"
#include "layout/builders.h"

#include <nlohmann/json.hpp>

namespace lx {

namespace {

const ResolvedLayout *findLayout(const std::vector<ResolvedLayout> &layouts,
                                 const std::string &name)
{
    for (const ResolvedLayout &l : layouts)
        if (l.name == name)
            return &l;
    return nullptr;
}

template <typename T>
Expected<T> field(const nlohmann::json &j, const char *key, T def, const std::string &where)
{
    if (!j.contains(key))
        return def;
    try {
        return j.at(key).get<T>();
    } catch (const nlohmann::json::exception &) {
        return makeError(where + ": '" + key + "' has the wrong type");
    }
}

} // namespace

Expected<MicrobenchSpec> microbenchSpecFromJson(const nlohmann::json &m)
{
    if (!m.is_object())
        return makeError("lds: 'microbenchmark' must be an object");
    MicrobenchSpec spec;
    auto warps = field<int>(m, "warps", spec.numWarps, "microbenchmark");
    auto bytes = field<int64_t>(m, "bytes", spec.totalBytes, "microbenchmark");
    // The request layer (core/request) fills in the default element type.
    if (!m.contains("dtype"))
        return makeError("microbenchmark: no 'dtype'");
    auto dtype = field<std::string>(m, "dtype", "", "microbenchmark");
    auto load = field<int>(m, "loadBits", spec.loadBits, "microbenchmark");
    auto part = field<bool>(m, "partitioned", spec.partitioned, "microbenchmark");
    for (const Error *e : {warps ? nullptr : &warps.error(), bytes ? nullptr : &bytes.error(),
                           dtype ? nullptr : &dtype.error(), load ? nullptr : &load.error(),
                           part ? nullptr : &part.error()})
        if (e)
            return *e;
    spec.numWarps = *warps;
    spec.totalBytes = *bytes;
    const Expected<int> elemBits = dtypeBits(*dtype);
    if (!elemBits)
        return makeError("microbenchmark: " + elemBits.message());
    spec.elemBits = *elemBits;
    spec.loadBits = *load;
    spec.partitioned = *part;
    return spec;
}

namespace {

Expected<LdsScenario> runMicro(const nlohmann::json &m, const CuModel &cu)
{
    Expected<MicrobenchSpec> parsed = microbenchSpecFromJson(m);
    if (!parsed)
        return parsed.error();
    const MicrobenchSpec &spec = *parsed;
    auto row = runMicrobenchmark(spec, cu);
    if (!row)
        return row.error();
    LdsScenario s;
    s.label = row->layout;
    AllocRequest req;
    req.name = "X";
    req.numPartitions = spec.partitioned ? cu.numPairs() : 1;
    req.bufferBytes = spec.totalBytes / req.numPartitions;
    s.requests = {req};
    s.allocation = row->allocation;
    s.hasRead = true;
    s.access = row->access;
    s.bandwidth = row->bandwidth;
    s.microbench = *row;
    s.warnings = capacityWarnings(s.requests, s.allocation, cu);
    return s;
}

} // namespace

std::vector<CapacityWarning> capacityWarnings(const std::vector<AllocRequest> &requests,
                                              const AllocationResult &allocation, const CuModel &cu)
{
    std::vector<CapacityWarning> out;
    const std::string has = cu.arch + " has " + std::to_string(cu.ldsPartitions) +
                            " LDS partitions (P0-P" + std::to_string(cu.ldsPartitions - 1) + ")";
    for (const AllocRequest &r : requests)
        if (cu.partitionBytes > 0 && r.numPartitions > cu.ldsPartitions) {
            CapacityWarning w{"partitions",
                              "layout '" + r.name + "' asks for " +
                                  std::to_string(r.numPartitions) + " partitions; " + has,
                              {}};
            for (int p = cu.ldsPartitions; p < r.numPartitions; ++p)
                w.partitions.push_back(p);
            out.push_back(std::move(w));
        }
    if (auto over = ldsOverflow(allocation.totalBytes, ldsLimit(cu.arch, cu.ldsBytes))) {
        CapacityWarning w{"capacity", "the allocation needs " + *over, {}};
        if (cu.partitionBytes > 0) {
            for (int64_t p = cu.ldsPartitions; p <= (allocation.totalBytes - 1) / cu.partitionBytes;
                 ++p)
                w.partitions.push_back(int(p));
            std::string names;
            for (int p : w.partitions)
                names += (names.empty() ? "P" : ", P") + std::to_string(p);
            w.message += "; buffers lie in " + names + ", which the LDS does not have";
        }
        out.push_back(std::move(w));
    }
    return out;
}

Expected<LdsScenario> runLdsScenario(const nlohmann::json &options,
                                     const std::vector<ResolvedLayout> &layouts, const CuModel &cu)
{
    if (!options.is_object())
        return makeError("lds: options must be an object");
    if (options.contains("microbenchmark"))
        return runMicro(options.at("microbenchmark"), cu);
    if (!options.contains("allocations") || !options.at("allocations").is_array())
        return makeError("lds: give 'microbenchmark' or an 'allocations' list");

    LdsScenario s;
    s.label = "allocations";
    std::vector<std::string> names;
    for (const auto &a : options.at("allocations")) {
        if (!a.is_object() || !a.contains("layout") || !a.at("layout").is_string())
            return makeError("lds: each allocation needs a 'layout' name");
        const std::string name = a.at("layout").get<std::string>();
        const ResolvedLayout *l = findLayout(layouts, name);
        if (!l)
            return makeError("lds: no layout named '" + name + "'");
        if (!l->attr || !l->attr->isShared())
            return makeError("lds: layout '" + name + "' is not a shared layout given as text");
        const Expected<int> knownBits = dtypeBits(l->dtype);
        if (!knownBits)
            return makeError("lds: layout '" + name +
                             "' needs a known dtype (e.g. \"f16\"): " + knownBits.message());
        const int bits = *knownBits;
        AllocRequest r;
        r.name = name;
        if (const auto *p = l->attr->as<PartitionedSharedAttr>()) {
            auto sizes = partitionedBufferSizes(*p, l->shape, bits);
            if (!sizes)
                return makeError("lds: layout '" + name + "': " + sizes.message());
            r.numPartitions = sizes->numBuffers;
            r.bufferBytes = sizes->bufferBytes;
        } else {
            auto bytes = sharedAllocationBytes(*l->attr, l->shape, bits);
            if (!bytes)
                return makeError("lds: layout '" + name + "': " + bytes.message());
            r.bufferBytes = *bytes;
        }
        if (a.contains("live")) {
            const auto &live = a.at("live");
            if (!live.is_array() || live.size() != 2 || !live[0].is_number_integer() ||
                !live[1].is_number_integer())
                return makeError("lds: allocation '" + name + "': 'live' must be [start, end]");
            r.liveStart = live[0].get<int64_t>();
            r.liveEnd = live[1].get<int64_t>();
        }
        s.requests.push_back(r);
        names.push_back(name);
    }
    auto alloc = allocateShared(s.requests, cu.partitionBytes);
    if (!alloc)
        return alloc.error();
    s.allocation = *alloc;
    s.warnings = capacityWarnings(s.requests, s.allocation, cu);

    if (options.contains("read")) {
        const auto &rd = options.at("read");
        auto dist = field<std::string>(rd, "distributed", "", "read");
        auto shared = field<std::string>(rd, "shared", "", "read");
        auto load = field<int>(rd, "loadBits", 128, "read");
        if (!dist || !shared || !load)
            return makeError("lds: 'read' needs 'distributed' and 'shared' layout names");
        const ResolvedLayout *d = findLayout(layouts, *dist);
        const ResolvedLayout *sh = findLayout(layouts, *shared);
        if (!d || !sh)
            return makeError("lds: 'read' names a layout the scene does not have");
        int request = -1;
        for (size_t i = 0; i < names.size(); ++i)
            if (names[i] == *shared)
                request = int(i);
        if (request < 0)
            return makeError("lds: the shared layout read must be one of the allocations");
        PartitionAccessSpec spec;
        spec.distributed = d->layout;
        spec.shared = sh->layout;
        const Expected<int> elemBits = dtypeBits(sh->dtype);
        if (!elemBits)
            return makeError("lds: layout '" + sh->name + "': " + elemBits.message());
        spec.elemBits = *elemBits;
        spec.loadBits = *load;
        for (const AllocBuffer *b : s.allocation.buffersOf(request))
            spec.bufferOffsets.push_back(b->offset);
        auto acc = analyzePartitionAccess(spec, cu);
        if (!acc)
            return acc.error();
        s.hasRead = true;
        s.access = *acc;
        s.bandwidth = estimateBandwidth(s.access, cu);
    }
    return s;
}

} // namespace lx
