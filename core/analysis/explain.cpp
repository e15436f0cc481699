#include "analysis/explain.h"

#include "analysis/tdm.h"

#include "io/ttgtext.h"
#include "layout/builders.h"

#include <algorithm>
#include <bit>
#include <set>

namespace lx {

namespace {

// The offset bases of an unpartitioned shared layout (offset -> tile coordinates).
std::vector<Basis> offsetBases(const SharedMemoryLayout &shared)
{
    const auto &L = shared.layout;
    return L.bases()[size_t(L.inDimIndex("offset"))].second;
}

int64_t allocationBytes(const LayoutAttr &attr, const std::vector<int32_t> &shape, int bits)
{
    auto b = sharedAllocationBytes(attr, shape, bits);
    return b ? *b : 0;
}

struct Scored
{
    int phaseWays = 0;
    int64_t cycles = 0;
};

// The named phase's ways and the cycles of the analysed warps with another shared attribute.
std::optional<Scored> scoreWith(const Architecture &arch, const BankAccessRequest &request,
                                const LayoutAttr &attr, const std::vector<int32_t> &shape,
                                const ConflictExplanation &e)
{
    auto sml = sharedMemoryLayout(attr, shape, request.elementBits);
    if (!sml)
        return std::nullopt;
    BankAccessRequest r = request;
    r.shared = *sml;
    r.maxWarps = e.warp + 1;
    r.collectElements = false;
    r.tritonModel = false;
    auto rep = analyzeBanks(arch, r);
    if (!rep)
        return std::nullopt;
    for (const auto &ir : rep->instructions) {
        if (ir.warp != e.warp || ir.index != e.instruction)
            continue;
        for (const auto &ph : ir.phases)
            if (ph.pass == e.pass && ph.phase == e.phase)
                return Scored{ph.ways, rep->totals.cycles};
    }
    return std::nullopt;
}

} // namespace

Expected<ConflictExplanation> describeConflict(const InstructionReport &irRef,
                                               const LdsInstruction &instruction,
                                               int bankWidthBytes, int waveSize,
                                               bool linearAddresses, const ConflictQuery &query)
{
    const InstructionReport *ir = &irRef;
    const PhaseReport *ph = nullptr;
    for (const auto &p : ir->phases) {
        if (p.pass != query.pass)
            continue;
        if (query.phase >= 0 ? p.phase == query.phase : (!ph || p.ways > ph->ways))
            ph = &p;
    }
    if (!ph)
        return makeError("no phase " + std::to_string(query.phase) + " in pass " +
                         std::to_string(query.pass));
    ConflictExplanation e;
    e.warp = ir->warp;
    e.instruction = ir->index;
    e.pass = query.pass;
    e.phase = ph->phase;
    e.phaseLanes = ph->lanes;
    e.instructionName = instruction.name;
    e.phaseTable = instruction.provenance;
    const int numBanks = instruction.numBanks;
    const int width = bankWidthBytes;
    const int dwordsPerLane = instruction.dwordsPerLane(width);
    e.bank = query.bank;
    if (e.bank < 0)
        e.bank = int(std::max_element(ph->accessesPerBank.begin(), ph->accessesPerBank.end()) -
                     ph->accessesPerBank.begin());
    if (e.bank >= numBanks)
        return makeError("bank " + std::to_string(e.bank) + " out of range");
    e.ways = ph->accessesPerBank[size_t(e.bank)];
    const auto &addrs = ir->addresses[size_t(e.pass)];
    std::set<int64_t> dwords;
    for (int l : ph->lanes) {
        if (!addrs[size_t(l)])
            continue;
        const int64_t first = *addrs[size_t(l)] / width;
        for (int d = 0; d < dwordsPerLane; ++d) {
            if ((first + d) % numBanks == e.bank) {
                e.lanes.push_back(l);
                e.addresses.push_back(*addrs[size_t(l)]);
                dwords.insert(first + d);
            }
        }
    }
    e.dwords.assign(dwords.begin(), dwords.end());

    // Kernel of the bank map over the lane bits that vary inside the phase.
    const bool linear = linearAddresses && std::has_single_bit(unsigned(numBanks));
    if (!linear) {
        e.kernelNote = "the addresses are not linear in the lane bits (padding, partitions, an "
                       "offset or an address model), so no kernel is computed";
    } else if (!ph->lanes.empty()) {
        const int l0 = ph->lanes.front();
        std::vector<int> bitsInPhase;
        for (int b = 0; (1 << b) < waveSize; ++b) {
            const bool varies = std::any_of(ph->lanes.begin(), ph->lanes.end(),
                                            [&](int l) { return ((l ^ l0) >> b) & 1; });
            if (varies)
                bitsInPhase.push_back(b);
        }
        const int64_t bankMask = int64_t(numBanks) * width - 1;
        const int n = int(bitsInPhase.size());
        for (int c = 1; c < (1 << n) && n <= 8; ++c) {
            int lane = l0;
            std::vector<int> laneBits;
            for (int i = 0; i < n; ++i)
                if ((c >> i) & 1) {
                    lane ^= 1 << bitsInPhase[size_t(i)];
                    laneBits.push_back(bitsInPhase[size_t(i)]);
                }
            if (lane >= int(addrs.size()) || !addrs[size_t(lane)] || !addrs[size_t(l0)])
                continue;
            const int64_t delta = *addrs[size_t(lane)] ^ *addrs[size_t(l0)];
            const bool sameBank = ((delta & bankMask) / width) == 0;
            const bool otherDword = (delta / width) / numBanks != 0 && (delta & ~bankMask) != 0;
            if (!sameBank || !otherDword)
                continue;
            // The simplest collisions: one or two lane bits.
            if (laneBits.size() <= 2 && e.collisions.size() < 8)
                e.collisions.push_back({laneBits, delta});
        }
    }

    return e;
}

namespace {

// The conflict of one instruction of one wave, described (no fix yet); `numBanks` is set to the
// instruction's bank count.
Expected<ConflictExplanation> describeQuery(const Architecture &arch,
                                            const BankAccessRequest &request,
                                            const ConflictQuery &query, int *numBanks)
{
    BankAccessRequest req = request;
    req.maxWarps = query.warp + 1;
    req.collectElements = false;
    req.tritonModel = false;
    auto report = analyzeBanks(arch, req);
    if (!report)
        return report.error();
    const InstructionReport *ir = nullptr;
    for (const auto &i : report->instructions)
        if (i.warp == query.warp && i.index == query.instruction)
            ir = &i;
    if (!ir)
        return makeError("no instruction " + std::to_string(query.instruction) + " in warp " +
                         std::to_string(query.warp));
    const bool linear = request.shared.padding.empty() &&
                        !request.shared.layout.hasInDim("partition") &&
                        request.shared.baseBytes == 0;
    auto described = describeConflict(*ir, report->instruction, arch.bankWidthBytes, arch.waveSize,
                                      linear, query);
    if (described)
        *numBanks = report->instruction.numBanks;
    return described;
}

} // namespace

namespace {

// The first basis of `dim` of a layout (the direction its lowest bit moves), or empty.
std::vector<int32_t> firstBasis(const LinearLayout &l, const std::string &dim)
{
    for (const auto &[name, bases] : l.bases())
        if (name == dim && !bases.empty())
            return bases.front();
    return {};
}

// When the registers and the shared layout are contiguous along different dims, the access is
// narrow whatever the bank fix, and the obvious cure -- a shared layout contiguous like the
// registers -- moves the cost to the copy that fills it: neither TDM nor async_copy reorders
// contiguity while copying from global memory (the MI450 LDS blog, Part I).
std::string contiguityNote(const BankAccessRequest &request)
{
    const std::vector<int32_t> reg = firstBasis(request.reg, "register");
    const std::vector<int32_t> off = firstBasis(request.shared.layout, "offset");
    const auto zero = [](const std::vector<int32_t> &b) {
        return std::all_of(b.begin(), b.end(), [](int32_t v) { return v == 0; });
    };
    if (reg.empty() || off.empty() || zero(reg) || zero(off) || reg == off)
        return {};
    return request.isWrite
               ? "no contiguity fix: the registers and the buffer are contiguous along different "
                 "dims, so these stores are narrow; neither TDM nor async_copy can reorder "
                 "contiguity while copying from global memory, which is why the data goes "
                 "through registers (the MI450 LDS blog); a transposed load from a buffer "
                 "contiguous like global memory avoids the narrow stores"
               : "no contiguity fix: the registers and the buffer are contiguous along different "
                 "dims, so this read is narrow; a buffer contiguous like the registers would "
                 "vectorise it, but neither TDM nor async_copy can reorder contiguity while "
                 "copying from global memory, so the data would go through registers and narrow "
                 "ds_store instead (the MI450 LDS blog); a transposed load (ds_load_tr), where "
                 "it applies, avoids both";
}

} // namespace

Expected<ConflictExplanation> explainConflict(const Architecture &arch,
                                              const BankAccessRequest &request,
                                              const LayoutAttr &sharedAttr,
                                              const std::vector<int32_t> &shape,
                                              const ConflictQuery &query)
{
    int numBanks = 0;
    auto described = describeQuery(arch, request, query, &numBanks);
    if (!described)
        return described.error();
    ConflictExplanation e = std::move(*described);
    const int width = arch.bankWidthBytes;

    // The smallest change: one XOR term, or one pad.
    if (e.ways <= 1 || request.shared.layout.hasInDim("partition"))
        return e;
    auto before = scoreWith(arch, request, sharedAttr, shape, e);
    if (!before)
        return e;
    const int64_t bytesBefore = allocationBytes(sharedAttr, shape, request.elementBits);
    const auto bases = offsetBases(request.shared);
    const int elementBytes = request.elementBits / 8;
    // Offset bits that select the bank: bytes [width, numBanks * width) of the address.
    const int lowBank =
        std::max(0, std::countr_zero(unsigned(width)) - std::countr_zero(unsigned(elementBytes)));
    const int highBank =
        std::countr_zero(unsigned(numBanks * width)) - std::countr_zero(unsigned(elementBytes));
    std::vector<ConflictFix> options;
    auto consider = [&](const std::string &kind, const std::string &what, LayoutAttrPtr attr) {
        // Only changes that print as valid #ttg text (padded_shared bases move along one dim).
        auto reparsed = parseTtg(printTtg(*attr));
        if (!reparsed || !(**reparsed == *attr))
            return;
        auto after = scoreWith(arch, request, *attr, shape, e);
        if (!after)
            return;
        ConflictFix f;
        f.kind = kind;
        f.description = what;
        f.attr = attr;
        f.text = printTtg(*attr);
        f.waysBefore = before->phaseWays;
        f.waysAfter = after->phaseWays;
        f.cyclesBefore = before->cycles;
        f.cyclesAfter = after->cycles;
        f.ldsBytesBefore = bytesBefore;
        f.ldsBytesAfter = allocationBytes(*attr, shape, request.elementBits);
        options.push_back(std::move(f));
    };
    if (std::string note = contiguityNote(request); !note.empty())
        e.fixNote += (e.fixNote.empty() ? "" : "; ") + note;
    const bool noXor = query.tdmFed && arch.tdm;
    if (noXor) {
        SharedLinearAttr xorAttr;
        xorAttr.offsetBases = bases;
        e.fixNote = "no XOR fix: " + tdmLayoutProblem(arch, *makeAttr(xorAttr)).value_or("");
    }
    if (request.shared.padding.empty()) {
        for (int h = highBank; h < int(bases.size()) && !noXor; ++h) {
            for (int j = std::max(0, lowBank); j < std::min(highBank, int(bases.size())); ++j) {
                SharedLinearAttr a;
                a.offsetBases = bases;
                for (size_t d = 0; d < a.offsetBases[size_t(h)].size(); ++d)
                    a.offsetBases[size_t(h)][d] ^= bases[size_t(j)][d];
                consider("xor",
                         "offset basis " + std::to_string(h) + " ^= offset basis " +
                             std::to_string(j) + " (offset bit " + std::to_string(h) +
                             " also flips bank bit " + std::to_string(j - lowBank) + ")",
                         makeAttr(a));
            }
        }
        const int total = int(bases.size());
        for (int iv = highBank; iv < total; ++iv) {
            for (int pad :
                 {std::max(1, width / elementBytes), 2 * std::max(1, width / elementBytes)}) {
                PaddedSharedAttr a;
                a.intervalPadding = {{int32_t(1) << iv, pad}};
                a.offsetBases = bases;
                consider("pad",
                         "[" + std::to_string(1 << iv) + ":+" + std::to_string(pad) + "] padding",
                         makeAttr(a));
            }
        }
    }
    auto key = [](const ConflictFix &f) {
        return std::make_tuple(f.waysAfter, f.ldsBytesAfter, f.cyclesAfter, f.kind != "xor");
    };
    auto best = std::min_element(options.begin(), options.end(),
                                 [&](const auto &a, const auto &b) { return key(a) < key(b); });
    if (best != options.end() && best->waysAfter < best->waysBefore)
        e.fix = *best;
    return e;
}

} // namespace lx
