#include "analysis/nvmatrixphases.h"

#include "analysis/banks.h"
#include "analysis/nvoffsetbases.h"

#include <algorithm>
#include <bit>
#include <unordered_map>

namespace lx {

namespace {

using nvbases::combine;
using nvbases::pick;

// The register bits of cvt split by role: the row register (transposed only), the matrix
// selectors and the instruction bits, each as register basis indices.
struct RegisterRoles
{
    std::vector<int> rowRegs, selectors, instrRegs;
};

RegisterRoles registerRoles(int registerBits, const NvSharedAccess &a)
{
    std::vector<int> free;
    for (int i = 0; i < registerBits; ++i)
        if (std::find(a.tileRegisters.begin(), a.tileRegisters.end(), i) == a.tileRegisters.end())
            free.push_back(i);
    RegisterRoles roles;
    size_t next = 0;
    if (a.kind == NvAccessKind::MatrixTransposed && next < free.size())
        roles.rowRegs.push_back(free[next++]);
    const int selectorBits = std::countr_zero(unsigned(std::max(1, a.matrices)));
    for (; next < free.size(); ++next)
        (int(roles.selectors.size()) < selectorBits ? roles.selectors : roles.instrRegs)
            .push_back(free[next]);
    return roles;
}

// The register index whose bits `which` are `value`'s bits (others zero).
int64_t scatter(const std::vector<int> &which, uint64_t value)
{
    int64_t r = 0;
    for (size_t i = 0; i < which.size(); ++i)
        if ((value >> i) & 1)
            r |= int64_t(1) << which[i];
    return r;
}

} // namespace

Expected<NvMatrixPhases> nvidiaMatrixPhases(const Architecture &arch, const LinearLayout &cvt,
                                            const NvSharedAccess &access, int elementBits,
                                            bool withElements)
{
    if (access.kind == NvAccessKind::Plain)
        return makeError("a plain ld.shared / st.shared has no matrix phases");
    if (cvt.outDimIndex("offset") < 0)
        return makeError("the access has no shared-memory offsets");
    const int bytes = std::max(1, elementBits / 8);
    const std::vector<int64_t> reg = nvbases::offsetsOf(cvt, "register"),
                               lane = nvbases::offsetsOf(cvt, "lane"),
                               warp = nvbases::offsetsOf(cvt, "warp");
    const RegisterRoles roles = registerRoles(int(reg.size()), access);
    // Row bases: the row register and lanes 0, 1 (transposed), else lanes 2, 3, 4.
    std::vector<int64_t> rows = pick(reg, roles.rowRegs);
    for (int l : access.kind == NvAccessKind::MatrixTransposed ? std::vector<int>{0, 1}
                                                               : std::vector<int>{2, 3, 4})
        if (l < int(lane.size()))
            rows.push_back(lane[size_t(l)]);
    const std::vector<int64_t> selectors = pick(reg, roles.selectors);
    const std::vector<int64_t> instrBases = pick(reg, roles.instrRegs);

    NvMatrixPhases out;
    out.rowElements = std::max(1, 16 / bytes);
    out.matrices = 1 << selectors.size();
    out.instructionsPerWarp = int64_t(1) << instrBases.size();
    out.warps = 1 << warp.size();
    const int dwords = 16 / std::max(1, arch.bankWidthBytes);
    const uint64_t registers = uint64_t(1) << reg.size();
    const uint64_t lanes = uint64_t(1) << lane.size();
    for (int w = 0; w < out.warps; ++w)
        for (int64_t k = 0; k < out.instructionsPerWarp; ++k) {
            const int64_t base = combine(warp, uint64_t(w)) ^ combine(instrBases, uint64_t(k));
            // Who holds each offset this instruction moves: every register of the instruction
            // (its instruction bits are k) of every lane.
            std::unordered_map<int64_t, NvMatrixSlot> holder;
            if (withElements) {
                const int64_t fixed = scatter(roles.instrRegs, uint64_t(k));
                int64_t instrMask = 0;
                for (int i : roles.instrRegs)
                    instrMask |= int64_t(1) << i;
                for (uint64_t r = 0; r < registers; ++r) {
                    if ((int64_t(r) & instrMask) != fixed)
                        continue;
                    for (uint64_t l = 0; l < lanes; ++l)
                        holder.emplace(combine(warp, uint64_t(w)) ^ combine(reg, r) ^
                                           combine(lane, l),
                                       NvMatrixSlot{int(l), int64_t(r)});
                }
            }
            for (int m = 0; m < out.matrices; ++m) {
                NvMatrixPhase phase;
                phase.warp = w;
                phase.instruction = k;
                phase.matrix = m;
                std::vector<int64_t> addresses;
                for (uint64_t r = 0; r < (uint64_t(1) << rows.size()); ++r) {
                    NvMatrixRow row;
                    row.lane = 8 * m + int(r);
                    row.offset = base ^ combine(selectors, uint64_t(m)) ^ combine(rows, r);
                    addresses.push_back(row.offset * bytes);
                    if (withElements)
                        for (int e = 0; e < out.rowElements; ++e) {
                            const auto it = holder.find(row.offset + e);
                            row.elements.push_back(it == holder.end() ? NvMatrixSlot{}
                                                                      : it->second);
                        }
                    phase.rows.push_back(std::move(row));
                }
                const std::vector<int> counts =
                    bankCounts(addresses, dwords, arch.bankWidthBytes, arch.numBanks, true);
                phase.ways = std::max(1, *std::max_element(counts.begin(), counts.end()));
                out.phases.push_back(std::move(phase));
            }
        }
    return out;
}

} // namespace lx
