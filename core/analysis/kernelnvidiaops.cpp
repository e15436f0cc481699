// The NVIDIA ops of a kernel other than local_load / local_store / local_alloc
// (analysis/kernelnvidia.h): convert_layout through shared memory, and the asynchronous copies and
// tensor-core ops that reach shared memory without a thread's ld.shared / st.shared.

#include "analysis/kernelnvidia.h"

#include "analysis/nvswizzling.h"
#include "analysis/nvwavefronts.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace lx {

namespace {

// Ops whose shared-memory traffic is no thread's ld/st.shared, with what moves it.
const std::map<std::string, std::pair<std::string, std::string>> &asyncOps()
{
    static const std::map<std::string, std::pair<std::string, std::string>> ops = {
        {"ttg.async_copy_global_to_local",
         {"cp.async", "cp.async.cg.shared.global: the copy writes shared memory from global "
                      "memory; no ld.shared / st.shared by the threads"}},
        {"ttng.async_tma_copy_global_to_local",
         {"TMA", "cp.async.bulk.tensor: the Tensor Memory Accelerator writes the box into shared "
                 "memory in the buffer's swizzle mode; no ld.shared / st.shared by the threads"}},
        {"ttng.async_tma_copy_local_to_global",
         {"TMA", "cp.async.bulk.tensor: the Tensor Memory Accelerator reads the box from shared "
                 "memory; no ld.shared / st.shared by the threads"}},
        {"ttng.warp_group_dot",
         {"wgmma", "wgmma.mma_async reads its shared-memory operands through matrix descriptors "
                   "(no ld.shared); an A operand in registers is the dot_op layout's"}},
        {"ttng.tc_gen5_mma",
         {"tcgen05.mma", "tcgen05.mma reads its shared-memory operands through descriptors and "
                         "accumulates in tensor memory (no ld.shared)"}},
        {"ttng.tc_gen5_mma_scaled",
         {"tcgen05.mma", "tcgen05.mma.block_scale reads its shared-memory operands through "
                         "descriptors and its scales from tensor memory (no ld.shared)"}},
        {"ttng.tmem_copy",
         {"tcgen05.cp", "tcgen05.cp copies shared memory into tensor memory through a matrix "
                        "descriptor; no ld.shared by the threads"}},
        {"ttng.tmem_load", {"tcgen05.ld", "tensor memory to registers: no shared memory"}},
        {"ttng.tmem_store", {"tcgen05.st", "registers to tensor memory: no shared memory"}},
        {"ttng.tmem_alloc", {"tensor memory", "a tensor-memory allocation: no shared memory"}},
    };
    return ops;
}

// Ops that touch a memdesc without moving its data (views, waits, barriers, fences, frees).
bool movesNoData(const std::string &name)
{
    static const char *const names[] = {"ttg.local_dealloc",         "ttg.memdesc_index",
                                        "ttg.memdesc_subslice",      "ttg.memdesc_subview",
                                        "ttg.memdesc_trans",         "ttg.memdesc_reshape",
                                        "ttg.memdesc_reinterpret",   "ttg.async_wait",
                                        "ttg.async_commit_group",    "ttng.warp_group_dot_wait",
                                        "ttng.fence_async_shared",   "ttng.init_barrier",
                                        "ttng.inval_barrier",        "ttng.wait_barrier",
                                        "ttng.barrier_expect",       "ttng.arrive_barrier",
                                        "ttng.async_tma_store_wait", "ttng.tc_gen5_commit",
                                        "ttng.tmem_subslice"};
    return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

void setWavefronts(const Architecture &arch, const LinearLayout &cvt, const NvSharedAccess &a,
                   int bits, bool isWrite, KernelLdsAccess &out, KernelOpReport &r)
{
    Expected<NvWavefronts> w = nvidiaWavefronts(arch, cvt, a, bits, isWrite);
    if (!w) {
        r.cyclesNote = "wavefronts not analysed: " + w.message();
        return;
    }
    out.wavefronts = w->measured;
    out.textbookWavefronts = w->textbook;
    out.idealWavefronts = w->ideal;
    out.ways = w->maxWays;
    r.maxWays = std::max(r.maxWays, w->maxWays);
    r.cyclesPerCta = r.cyclesPerCta.value_or(0) + w->measured;
    r.idealCyclesPerCta += w->ideal;
}

} // namespace

void nvidiaRoundTrip(const Architecture &arch, const LinearLayout &src, const LinearLayout &dst,
                     KernelOpReport &r)
{
    Expected<NvSwizzledConversion> c =
        nvidiaSwizzledConversion(src, dst, r.elementBits, nvMatrixFeaturesOf(arch));
    if (!c) {
        r.problem = c.message();
        return;
    }
    r.path = "round trip";
    r.pathReason = "Triton's swizzled scratch: " + c->choice;
    r.accesses.clear();
    const int bits = std::max(8, r.elementBits);
    for (const bool isWrite : {true, false}) {
        const NvSharedAccess &a = isWrite ? c->store : c->load;
        KernelLdsAccess access{a.mnemonic, a.count, a.count, isWrite};
        access.tritonExtraWavefronts = isWrite ? c->writeConflicts : c->readConflicts;
        setWavefronts(arch, isWrite ? c->storeCvt : c->loadCvt, a, bits, isWrite, access, r);
        r.accesses.push_back(std::move(access));
    }
    r.cyclesNote.clear();
}

namespace {

// The op whose result is `value` ("%a" or "%a#0"), or null.
const TtgirOp *producer(const TtgirModule &m, const std::string &value)
{
    const std::string name = value.substr(0, value.find('#'));
    for (const std::vector<TtgirOp> *ops : {&m.ops, &m.addressOps})
        for (const TtgirOp &op : *ops)
            for (const std::string &r : op.results)
                if (r == name || r.substr(0, r.find(':')) == name)
                    return &op;
    return nullptr;
}

int nvAxisOf(const TtgirOp &op)
{
    const size_t at = op.text.find("axis = ");
    return at == std::string::npos ? -1 : std::atoi(op.text.c_str() + at + 7);
}

// The dims along which the offsets `value` step by one element: a make_range expanded into a 2-D
// tensor (its dim is the one not expanded), through broadcasts and additions; a multiplied range
// steps by more and counts as none.
void unitStrideDims(const TtgirModule &m, const std::string &value, std::set<int> &dims, int depth)
{
    const TtgirOp *op = producer(m, value);
    if (!op || depth > 16)
        return;
    if (op->name == "tt.broadcast" && !op->operands.empty())
        unitStrideDims(m, op->operands[0], dims, depth + 1);
    else if (op->name == "arith.addi")
        for (const std::string &o : op->operands)
            unitStrideDims(m, o, dims, depth + 1);
    else if (op->name == "tt.expand_dims" && !op->operands.empty()) {
        const TtgirOp *range = producer(m, op->operands[0]);
        const int axis = nvAxisOf(*op);
        if (range && range->name == "tt.make_range" && (axis == 0 || axis == 1))
            dims.insert(1 - axis);
    }
}

// The pointer tensor's unit-stride dims: a splat base plus offsets, through broadcasts.
void pointerDims(const TtgirModule &m, const std::string &ptr, std::set<int> &dims, int depth)
{
    const TtgirOp *op = producer(m, ptr);
    if (!op || depth > 16)
        return;
    if (op->name == "tt.addptr" && op->operands.size() >= 2) {
        pointerDims(m, op->operands[0], dims, depth + 1);
        unitStrideDims(m, op->operands[1], dims, depth + 1);
    } else if (op->name == "tt.broadcast" && !op->operands.empty()) {
        pointerDims(m, op->operands[0], dims, depth + 1);
    }
}

} // namespace

std::optional<int> globallyContiguousDim(const TtgirModule &module, const TtgirOp &op)
{
    if ((op.name != "ttg.local_alloc" && op.name != "ttg.local_store") || op.operands.empty())
        return std::nullopt;
    const TtgirOp *load = producer(module, op.operands[0]);
    if (!load || load->name != "tt.load" || load->operands.empty())
        return std::nullopt;
    std::set<int> dims;
    pointerDims(module, load->operands[0], dims, 0);
    if (dims.size() != 1)
        return std::nullopt;
    return *dims.begin();
}

void nvidiaOtherOp(const TtgirOp &op, KernelOpReport &r)
{
    if (const auto it = asyncOps().find(op.name); it != asyncOps().end()) {
        r.path = it->second.first;
        r.pathReason = it->second.second;
        return;
    }
    const bool dialect = op.name.rfind("ttg.", 0) == 0 || op.name.rfind("ttng.", 0) == 0;
    const bool touchesShared =
        std::any_of(op.types.begin(), op.types.end(),
                    [](const TtgirType &t) { return t.kind == TtgirType::Kind::MemDesc; });
    if (dialect && touchesShared && !movesNoData(op.name)) {
        r.path = "not modelled";
        r.pathReason = "what " + op.name + " moves through shared memory is not modelled";
    }
}

} // namespace lx
