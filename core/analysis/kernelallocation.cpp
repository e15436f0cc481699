#include "analysis/kernelallocation.h"

#include "analysis/allocator.h"

#include <algorithm>
#include <map>

namespace lx {

namespace {

constexpr int64_t kExplicitAlignment = 16;
constexpr int64_t kScratchAlignment = 128;

bool hasScratch(const KernelOpReport &r)
{
    return r.bytes > 0 && r.op != "ttg.local_alloc";
}

// The index of the last op inside the outermost loop that holds `use` but not `def`; `use` when
// there is none.
size_t extendOverLoops(const TtgirModule &m, size_t def, size_t use)
{
    const std::vector<TtgirRegion> &defRegions = m.ops[def].regions;
    const std::vector<TtgirRegion> &useRegions = m.ops[use].regions;
    for (size_t k = 0; k < useRegions.size(); ++k) {
        const TtgirRegion &g = useRegions[k];
        const bool loop = g.op == "scf.for" || g.op == "scf.while";
        const bool shared = k < defRegions.size() && defRegions[k].line == g.line;
        if (!loop || shared)
            continue;
        size_t last = use;
        for (size_t i = use; i < m.ops.size(); ++i)
            if (std::any_of(m.ops[i].regions.begin(), m.ops[i].regions.end(),
                            [&](const TtgirRegion &o) { return o.line == g.line; }))
                last = i;
        return last;
    }
    return use;
}

} // namespace

KernelAllocation kernelAllocation(const TtgirModule &module, const KernelReport &report)
{
    KernelAllocation out;
    std::vector<AllocRequest> requests;
    // The values that name an explicit buffer: its result and the memdesc views made from it.
    std::map<std::string, size_t> bufferOf;
    std::vector<int64_t> lastUse;
    std::vector<size_t> owner;
    for (size_t i = 0; i < module.ops.size() && i < report.ops.size(); ++i) {
        const TtgirOp &op = module.ops[i];
        const KernelOpReport &r = report.ops[i];
        for (const std::string &v : op.operands)
            if (const auto it = bufferOf.find(v); it != bufferOf.end()) {
                const size_t b = it->second;
                lastUse[b] =
                    std::max<int64_t>(lastUse[b], int64_t(extendOverLoops(module, owner[b], i)));
                if (op.name.rfind("ttg.memdesc_", 0) == 0)
                    for (const std::string &res : op.results)
                        bufferOf[res] = b;
            }
        if (op.name == "ttg.local_alloc" && r.bytes > 0) {
            for (const std::string &res : op.results)
                bufferOf[res] = requests.size();
            requests.push_back({"alloc@" + std::to_string(op.line), r.bytes, 1, kExplicitAlignment,
                                int64_t(i), int64_t(i) + 1});
            lastUse.push_back(int64_t(i));
            owner.push_back(i);
        } else if (hasScratch(r)) {
            requests.push_back({"scratch@" + std::to_string(op.line), r.bytes, 1, kScratchAlignment,
                                int64_t(i), int64_t(i) + 1});
            lastUse.push_back(-1);
            owner.push_back(i);
        }
    }
    for (size_t b = 0; b < requests.size(); ++b)
        if (lastUse[b] >= 0)
            requests[b].liveEnd = lastUse[b] + 1;
    out.buffers = int(requests.size());
    if (requests.empty())
        return out;
    Expected<AllocationResult> a = allocateShared(requests, 0);
    if (!a) {
        out.problem = a.message();
        return out;
    }
    out.bytes = a->totalBytes;
    return out;
}

} // namespace lx
