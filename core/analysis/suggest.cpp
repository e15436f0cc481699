#include "analysis/suggest.h"
#include "analysis/suggestnvidia.h"
#include "analysis/suggestxor.h"
#include "base/intmath.h"

#include "analysis/tdm.h"

#include "analysis/allocator.h"
#include "analysis/banks.h"
#include "analysis/banksprepared.h"
#include "analysis/dsloadtr.h"
#include "analysis/partitioncount.h"
#include "analysis/partitions.h"
#include "f2/f2reduce.h"
#include "hw/arch.h"
#include "hw/ldscapacity.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <tuple>

namespace lx {

namespace {

std::string attrText(const LayoutAttr &attr)
{
    std::string text = printTtgWithAliases(attr);
    // One line: aliases joined by "; ".
    for (char &c : text)
        if (c == '\n')
            c = ' ';
    return text;
}

int64_t ldsSpan(const LayoutAttr &attr, const std::vector<int32_t> &shape, int bits,
                int64_t partitionBytes, std::string *error)
{
    if (const auto *p = attr.as<PartitionedSharedAttr>()) {
        auto sizes = partitionedBufferSizes(*p, shape, bits);
        if (!sizes) {
            *error = sizes.message();
            return -1;
        }
        AllocRequest req;
        req.name = "X";
        req.numPartitions = sizes->numBuffers;
        req.bufferBytes = sizes->bufferBytes;
        auto alloc = allocateShared({req}, partitionBytes);
        if (!alloc) {
            *error = alloc.message();
            return -1;
        }
        return alloc->totalBytes;
    }
    auto bytes = sharedAllocationBytes(attr, shape, bits);
    if (!bytes) {
        *error = bytes.message();
        return -1;
    }
    return *bytes;
}

} // namespace

// ---- scoring ---------------------------------------------------------------------------------

// Sets c.dsLoadTr, or c.dsLoadTrError where the analysis itself fails: a failure is never
// read as "not eligible".
static void scoreDsLoadTr(const SuggestSharedRequest &request, const LayoutAttr &attr,
                          const LinearLayout &shared, SharedCandidate &c)
{
    c.dsLoadTr = false;
    c.dsLoadTrError.clear();
    if (!dsLoadTrInstruction(request.arch, request.elementBits))
        return;
    auto plan = analyzeDsLoadTr(shared, request.read, request.elementBits, request.arch,
                                dsLoadTrOptionsFor(&attr));
    if (!plan)
        c.dsLoadTrError = plan.message();
    else
        c.dsLoadTr = plan->eligible;
}

Expected<SharedCandidate> scoreSharedCandidate(const SuggestSharedRequest &request,
                                               const LayoutAttrPtr &attr, const std::string &family,
                                               bool withDsLoadTr)
{
    if (!attr)
        return makeError("no layout to score");
    const Architecture &arch = request.arch;
    const int bits = request.elementBits;
    const int64_t partBytes = arch.cu ? arch.cu->partitionBytes : 0;
    auto sml = sharedMemoryLayout(*attr, request.shape, bits, partBytes);
    if (!sml)
        return sml.error();
    SharedCandidate c;
    c.family = family;
    c.attr = attr;
    c.text = attrText(*attr);
    std::string error;
    if (isNvidiaSearch(arch)) {
        if (Expected<bool> scored = scoreNvidiaAccesses(request, sml->layout, c); !scored)
            return scored.error();
        c.ldsBytes = ldsSpan(*attr, request.shape, bits, partBytes, &error);
        if (c.ldsBytes < 0)
            return makeError(error);
        return c;
    }

    BankAccessRequest br;
    br.reg = request.read;
    br.shared = *sml;
    br.elementBits = bits;
    br.instruction = request.instruction;
    br.maxWarps = request.warp + 1;
    br.collectElements = false;
    br.tritonModel = false;
    auto rd = analyzeBanksWithoutPhases(arch, br);
    if (!rd)
        return makeError("read: " + rd.message());
    const BankTotals readTotals = waveTotals(*rd, request.warp);
    c.readWays = readTotals.maxWays;
    c.readCycles = int(readTotals.cycles);
    c.readCyclesProvenance =
        rd->measuredRule.empty() ? rd->instruction.provenance : rd->measuredRuleProvenance;
    c.vectorBits = rd->vectorElements * bits;
    if (!rd->measuredRule.empty())
        c.note = "read: measured rule '" + rd->measuredRule + "' (" +
                 std::to_string(readTotals.modelCycles) + " cycles in the textbook model)";
    if (request.write) {
        br.reg = *request.write;
        br.isWrite = true;
        auto wr = analyzeBanksWithoutPhases(arch, br);
        if (!wr)
            return makeError("write: " + wr.message());
        const BankTotals writeTotals = waveTotals(*wr, request.warp);
        c.writeWays = writeTotals.maxWays;
        c.writeCycles = int(writeTotals.cycles);
        c.writeCyclesProvenance =
            wr->measuredRule.empty() ? wr->instruction.provenance : wr->measuredRuleProvenance;
    }
    if (withDsLoadTr)
        scoreDsLoadTr(request, *attr, sml->layout, c);
    c.ldsBytes = ldsSpan(*attr, request.shape, bits, partBytes, &error);
    if (c.ldsBytes < 0)
        return makeError(error);
    if (arch.cu) {
        auto cu = cuModelOf(arch);
        if (!cu)
            return cu.error();
        PartitionAccessSpec spec;
        spec.distributed = request.read;
        spec.shared = sml->layout;
        spec.elemBits = bits;
        spec.loadBits = std::max(bits, c.vectorBits);
        const int parts =
            sml->layout.hasInDim("partition") ? sml->layout.inDimSize("partition") : 1;
        for (int p = 0; p < parts; ++p)
            spec.bufferOffsets.push_back(int64_t(p) * sml->partitionStrideBytes);
        const Expected<int> conflicts = countPartitionConflicts(spec, *cu);
        if (!conflicts)
            return makeError("partition analysis: " + conflicts.message());
        c.partitionConflicts = *conflicts;
    }
    return c;
}

bool dominates(const SharedCandidate &a, const SharedCandidate &b)
{
    const bool all = a.readCycles <= b.readCycles && a.writeCycles <= b.writeCycles &&
                     a.ldsBytes <= b.ldsBytes && a.partitionConflicts <= b.partitionConflicts &&
                     a.vectorBits >= b.vectorBits && a.dsLoadTr >= b.dsLoadTr &&
                     a.readMatrix >= b.readMatrix && a.writeMatrix >= b.writeMatrix;
    const bool some = a.readCycles < b.readCycles || a.writeCycles < b.writeCycles ||
                      a.ldsBytes < b.ldsBytes || a.partitionConflicts < b.partitionConflicts ||
                      a.vectorBits > b.vectorBits || (a.dsLoadTr && !b.dsLoadTr) ||
                      (a.readMatrix && !b.readMatrix) || (a.writeMatrix && !b.writeMatrix);
    return all && some;
}

namespace {

auto scoreKey(const SharedCandidate &c)
{
    // The matrix instructions first (always false on AMD, so its order is unchanged).
    return std::make_tuple(!c.readMatrix, !c.writeMatrix, c.readCycles, c.writeCycles,
                           c.partitionConflicts, c.ldsBytes, -c.vectorBits, !c.dsLoadTr);
}

struct Search
{
    const SuggestSharedRequest &req;
    SuggestSharedResult result;
    std::map<std::string, int64_t> prunedCounts;            // "family\treason" -> count
    std::vector<std::pair<LinearLayout, std::string>> seen; // unpadded layouts scored, by family
    bool stopped = false;                                   // req.cancelled said so

    void prune(const std::string &family, const std::string &reason)
    {
        prunedCounts[family + "\t" + reason] += 1;
    }

    // Scores and keeps one candidate; false when it was pruned.
    bool consider(const LayoutAttrPtr &attr, const std::string &family)
    {
        if (stopped || (req.cancelled && (stopped = req.cancelled())))
            return false;
        result.enumerated += 1;
        if (req.tdmFed)
            if (auto problem = tdmLayoutProblem(req.arch, *attr)) {
                prune(family, "the Tensor Data Mover writes this buffer: " + *problem);
                return false;
            }
        if (req.descriptorFed)
            if (auto problem = descriptorLayoutProblem(*attr)) {
                prune(family, *problem);
                return false;
            }
        const LdsLimit cap = ldsLimit(req.arch.name, req.arch.ldsBytes, req.maxLdsBytes);
        const bool plainLinear = attr->as<SwizzledSharedAttr>() || attr->as<SharedLinearAttr>() ||
                                 attr->as<NvmmaSharedAttr>();
        if (plainLinear) {
            auto ll = toLinearLayout(*attr, req.shape);
            if (!ll) {
                prune(family, "does not build for the tile: " + ll.message());
                return false;
            }
            for (const auto &[other, fam] : seen) {
                if (other == *ll) {
                    prune(family, "the same linear layout as an earlier " + fam + " candidate");
                    return false;
                }
            }
            seen.emplace_back(*ll, family);
        }
        auto c = scoreSharedCandidate(req, attr, family, false);
        if (!c) {
            prune(family, c.message());
            return false;
        }
        result.scored += 1;
        if (ldsOverflow(c->ldsBytes, cap)) {
            // One reason for the whole group: the limit, not each candidate's bytes.
            prune(family, "more LDS than it may use (" + ldsLimitText(cap) + ")");
            return false;
        }
        result.candidates.push_back(std::move(*c));
        return true;
    }

    const SharedCandidate *bestOf(const std::string &family) const
    {
        const SharedCandidate *best = nullptr;
        for (const auto &c : result.candidates)
            if (c.family == family && (!best || scoreKey(c) < scoreKey(*best)))
                best = &c;
        return best;
    }

    void swizzled(const std::vector<int32_t> &order)
    {
        const int inner = req.shape[size_t(order[0])], outer = req.shape[size_t(order[1])];
        const int maxVec = std::max(1, 128 / req.elementBits);
        for (int vec = 1; vec <= std::min(inner, maxVec); vec *= 2) {
            for (int perPhase = 1; perPhase <= 16; perPhase *= 2) {
                for (int maxPhase = 1; maxPhase <= 64; maxPhase *= 2) {
                    if (maxPhase == 1 && (vec > 1 || perPhase > 1)) {
                        prune("swizzled", "maxPhase 1: vec and perPhase change nothing");
                        continue;
                    }
                    if (vec * maxPhase > inner) {
                        prune("swizzled", "vec x maxPhase beyond the inner dimension");
                        continue;
                    }
                    if (perPhase * maxPhase > 2 * outer && maxPhase > 1) {
                        prune("swizzled", "perPhase x maxPhase beyond the rows: phases unused");
                        continue;
                    }
                    SwizzledSharedAttr a;
                    a.vec = vec;
                    a.perPhase = perPhase;
                    a.maxPhase = maxPhase;
                    a.order = order;
                    consider(makeAttr(a), "swizzled");
                }
            }
        }
    }

    // NVIDIA: the NVMMA layouts of the element width, before the swizzled ones, so that a
    // swizzled layout equal to one of them is the repeat.
    void nvmma()
    {
        for (const LayoutAttrPtr &attr : nvmmaCandidates(req.elementBits))
            consider(attr, "nvmma");
    }

    void padded(const std::vector<int32_t> &order)
    {
        const int inner = req.shape[size_t(order[0])];
        const int64_t n = int64_t(req.shape[0]) * req.shape[1];
        for (int64_t interval = std::max(8, inner / 2);
             interval <= std::min<int64_t>(n / 2, 4 * inner); interval *= 2) {
            for (int pad = 1; pad * req.elementBits <= 256; pad *= 2) {
                PaddedSharedAttr a;
                a.intervalPadding = {{int32_t(interval), pad}};
                a.order = order;
                a.shape = req.shape;
                consider(makeAttr(a), "padded");
            }
        }
    }

    void partitioned()
    {
        if (!req.arch.cu) {
            prune("partitioned", req.arch.name + " has no LDS partitions");
            return;
        }
        std::vector<LayoutAttrPtr> inners;
        SwizzledSharedAttr plain;
        plain.order = {1, 0};
        inners.push_back(makeAttr(plain));
        for (const char *fam : {"swizzled", "padded", "xor"}) {
            const SharedCandidate *b = bestOf(fam);
            if (b && !b->attr->as<SharedLinearAttr>())
                inners.push_back(b->attr);
        }
        for (const auto &inner : inners) {
            for (int parts : {2, 4}) {
                for (int groups : {1, 2, 4}) {
                    for (int dim : {0, 1}) {
                        if (req.shape[size_t(dim)] % (parts * groups) != 0) {
                            prune("partitioned", "numPartitions x numGroups does not divide the "
                                                 "partition dimension");
                            continue;
                        }
                        PartitionedSharedAttr a;
                        a.numPartitions = parts;
                        a.numGroups = groups;
                        a.partitionDim = dim;
                        a.partitionLayout = inner;
                        // A padded inner layout describes one piece.
                        if (const auto *p = inner->as<PaddedSharedAttr>(); p && !p->shape.empty()) {
                            PaddedSharedAttr piece = *p;
                            piece.shape = req.shape;
                            piece.shape[size_t(dim)] /= parts * groups;
                            a.partitionLayout = makeAttr(piece);
                        }
                        consider(makeAttr(a), "partitioned");
                    }
                }
            }
        }
    }

    void xorLayouts()
    {
        const int maxVec = std::max(1, 128 / req.elementBits);
        std::vector<std::pair<const LinearLayout *, bool>> accesses = {{&req.read, false}};
        if (req.write)
            accesses.push_back({&*req.write, true});
        for (const auto &[reg, isWrite] : accesses) {
            for (int vec = maxVec; vec >= 1; vec /= 2) {
                auto attr = xorLayoutFor(*reg, req.arch, req.shape, req.elementBits, isWrite, vec);
                if (!attr) {
                    prune("xor", attr.message());
                    continue;
                }
                consider(*attr, "xor");
            }
        }
    }

    // ds_load_tr is the costliest score: it is computed only for candidates that would be on the
    // front if they were eligible (an ineligible candidate dominated on the other scores stays
    // dominated whatever its eligibility).
    void addDsLoadTr()
    {
        auto &cs = result.candidates;
        if (cs.empty() || !dsLoadTrInstruction(req.arch, req.elementBits))
            return;
        std::vector<bool> need(cs.size(), false);
        for (size_t i = 0; i < cs.size(); ++i) {
            SharedCandidate optimistic = cs[i];
            optimistic.dsLoadTr = true;
            need[i] = std::none_of(cs.begin(), cs.end(), [&](const SharedCandidate &o) {
                SharedCandidate other = o;
                other.dsLoadTr = false;
                return dominates(other, optimistic);
            });
        }
        for (size_t i = 0; i < cs.size(); ++i) {
            if (!need[i])
                continue;
            auto sml = sharedMemoryLayout(*cs[i].attr, req.shape, req.elementBits,
                                          req.arch.cu ? req.arch.cu->partitionBytes : 0);
            if (sml)
                scoreDsLoadTr(req, *cs[i].attr, sml->layout, cs[i]);
            else
                cs[i].dsLoadTrError = sml.message();
        }
    }

    void markPareto()
    {
        addDsLoadTr();
        auto &cs = result.candidates;
        // Drop candidates whose scores repeat an earlier one (keep the first, the simplest).
        std::set<decltype(scoreKey(cs.front()))> keys;
        std::vector<SharedCandidate> unique;
        std::stable_sort(cs.begin(), cs.end(),
                         [](const auto &a, const auto &b) { return scoreKey(a) < scoreKey(b); });
        for (auto &c : cs) {
            if (keys.insert(scoreKey(c)).second)
                unique.push_back(std::move(c));
            else
                prune(c.family, "the same scores as a better-ranked candidate");
        }
        cs = std::move(unique);
        for (auto &c : cs) {
            c.pareto = std::none_of(cs.begin(), cs.end(),
                                    [&](const SharedCandidate &o) { return dominates(o, c); });
        }
        std::stable_partition(cs.begin(), cs.end(), [](const auto &c) { return c.pareto; });
    }
};

// The Triton pick for the request, when the read layout is an MFMA dot operand.
// Scores Triton's pick (or records why it is not scored) into result.triton.
void scoreTritonPick(const SuggestSharedRequest &req, const LayoutAttrPtr &attr,
                     SuggestSharedResult &result)
{
    auto c = scoreSharedCandidate(req, attr, "triton", true);
    if (!c) {
        result.tritonRule += "; scoring failed: " + c.message();
        return;
    }
    c->pareto = std::none_of(result.candidates.begin(), result.candidates.end(),
                             [&](const SharedCandidate &o) { return dominates(o, *c); });
    result.triton = std::move(*c);
}

// NVIDIA: Gluon's NVMMASharedLayout.get_default_for in the write's order.
void addNvidiaPick(const SuggestSharedRequest &req, const std::vector<int32_t> &order,
                   SuggestSharedResult &result)
{
    auto pick = nvidiaSharedPick(req.shape, req.elementBits, order);
    if (!pick) {
        result.tritonRule = pick.message();
        return;
    }
    result.tritonRule = pick->rule;
    scoreTritonPick(req, pick->attr, result);
}

void addTritonPick(const SuggestSharedRequest &req, SuggestSharedResult &result)
{
    const auto *dot = req.readAttr ? req.readAttr->as<DotOperandAttr>() : nullptr;
    const auto *mfma = dot && dot->parent ? dot->parent->as<AmdMfmaAttr>() : nullptr;
    TritonPickInput in;
    in.shape = req.shape;
    in.elementBits = req.elementBits;
    in.order = !req.order.empty() ? req.order
               : req.write        ? layoutOrder(*req.write)
                                  : std::vector<int32_t>{1, 0};
    if (isNvidiaSearch(req.arch)) {
        addNvidiaPick(req, in.order, result);
        return;
    }
    if (mfma) {
        in.opIdx = dot->opIdx;
        in.kWidth = dot->kWidth;
        in.mfmaVersion = mfma->version;
    }
    auto pick = tritonSharedPick(in);
    if (!pick) {
        result.tritonRule = pick.message();
        return;
    }
    result.tritonRule = pick->rule;
    if (req.tdmFed && pick->attr)
        if (auto problem = tdmLayoutProblem(req.arch, *pick->attr)) {
            result.tritonRule +=
                "; not for this buffer, which the Tensor Data Mover writes: " + *problem;
            return;
        }
    if (!pick->attr) {
        result.tritonRule += "; " + pick->text() + " is not a linear layout, so it is not scored";
        return;
    }
    scoreTritonPick(req, pick->attr, result);
}

} // namespace

Expected<SuggestSharedResult> suggestShared(const SuggestSharedRequest &request)
{
    if (request.shape.size() != 2 || !isPow2(request.shape[0]) || !isPow2(request.shape[1]))
        return makeError("the shared-layout search takes a rank-2 tile with power-of-two sizes");
    const int bits = request.elementBits;
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
        return makeError("element width " + std::to_string(bits) + ": expected 8, 16, 32 or 64");
    if (!request.read.hasInDim("lane"))
        return makeError("the read layout needs a 'lane' in-dim");
    // Every candidate holds the whole tile: a tile larger than the LDS limit has none, said
    // before any is built.
    const LdsLimit limit = ldsLimit(request.arch.name, request.arch.ldsBytes, request.maxLdsBytes);
    const int64_t tileBytes = int64_t(request.shape[0]) * request.shape[1] * bits / 8;
    if (limit.bytes > 0 && ldsOverflow(tileBytes, limit))
        return makeError("a " + std::to_string(request.shape[0]) + "x" +
                         std::to_string(request.shape[1]) + " tile of " + std::to_string(bits) +
                         "-bit elements needs " + std::to_string(tileBytes) +
                         " B of LDS, more LDS than it may use (" + ldsLimitText(limit) +
                         "): no layout fits");
    Search s{request, {}, {}, {}, false};
    const bool nvidia = isNvidiaSearch(request.arch);
    if (nvidia)
        s.nvmma();
    for (const std::vector<int32_t> &order : {std::vector<int32_t>{1, 0}, {0, 1}}) {
        s.swizzled(order);
        if (!nvidia)
            s.padded(order);
    }
    if (!nvidia) {
        s.xorLayouts();
        s.partitioned();
    }
    if (s.stopped)
        return makeError(kSearchCancelled);
    if (s.result.candidates.empty()) {
        // Say why: the reasons of the most frequent prunes (a failed analysis among them).
        std::string why;
        for (const auto &[key, count] : s.prunedCounts) {
            const std::string reason = key.substr(key.find('\t') + 1);
            if (why.find(reason) == std::string::npos)
                why += (why.empty() ? "" : "; ") + reason;
        }
        return makeError("no candidate could be scored for this access" +
                         (why.empty() ? std::string() : ": " + why));
    }
    s.markPareto();
    for (const auto &[key, count] : s.prunedCounts) {
        const auto tab = key.find('\t');
        s.result.pruned.push_back({key.substr(0, tab), count, key.substr(tab + 1)});
    }
    addTritonPick(request, s.result);
    if (request.limit > 0 && int(s.result.candidates.size()) > request.limit)
        s.result.candidates.resize(size_t(request.limit));
    return std::move(s.result);
}

} // namespace lx
