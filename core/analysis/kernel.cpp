#include "analysis/kernel.h"

#include "analysis/banks.h"
#include "analysis/conversion.h"
#include "analysis/dsloadtr.h"
#include "analysis/kerneladvice.h"
#include "analysis/kernelallocation.h"
#include "analysis/kernelcost.h"
#include "analysis/kernelnvidia.h"
#include "analysis/kernelpartitions.h"
#include "analysis/kernelscratch.h"
#include "analysis/ldslowering.h"
#include "analysis/tdm.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "hw/ldscapacity.h"
#include "layout/builders.h"

#include <algorithm>
#include <bit>
#include <map>
#include <optional>

namespace lx {

namespace {

// The bits an element occupies in LDS: Triton stores a boolean (i1) as a byte and a pointer as
// a 64-bit integer (its convert_layout and reduction lowerings, Allocation.cpp's scratch sizes).
Expected<int> sharedMemoryElementBits(const std::string &dtype)
{
    if (dtype == "i1")
        return 8;
    if (dtype.rfind("!tt.ptr", 0) == 0)
        return 64;
    return dtypeBits(dtype);
}

// The dims of a memdesc that its encoding describes (a multi-buffered memdesc<2x128x64>
// carries a rank-2 encoding; the leading dims count buffers).
std::vector<int32_t> encodedShape(const TtgirType &type, int64_t *buffers)
{
    std::vector<int32_t> shape = type.shape;
    int rank = int(shape.size());
    if (type.encoding) {
        if (auto *s = type.encoding->as<SwizzledSharedAttr>())
            rank = int(s->order.size());
        else if (auto *p = type.encoding->as<PaddedSharedAttr>())
            rank = p->order.empty() ? rank : int(p->order.size());
        else if (auto *n = type.encoding->as<NvmmaSharedAttr>())
            rank = n->rank;
    }
    int64_t b = 1;
    while (int(shape.size()) > rank && shape.size() > 1) {
        b *= shape.front();
        shape.erase(shape.begin());
    }
    if (buffers)
        *buffers = b;
    return shape;
}

// The shape a memdesc's shared layout is built over: a view (memdesc_subslice, printed with the
// allocation's shape last) is addressed through the layout of the whole allocation, as Triton
// does -- a padded layout's padding depends on the allocation's rows, not the view's.
std::vector<int32_t> layoutShape(const TtgirType &t)
{
    std::vector<int32_t> shape = encodedShape(t, nullptr);
    if (t.allocShape.size() < shape.size())
        return shape;
    const std::vector<int32_t> alloc(t.allocShape.end() - std::ptrdiff_t(shape.size()),
                                     t.allocShape.end());
    for (size_t i = 0; i < shape.size(); ++i)
        if (alloc[i] < shape[i])
            return shape;
    return alloc;
}

Expected<LinearLayout> distributedOf(const TtgirType &t)
{
    if (!t.encoding)
        return makeError(t.encodingError.empty() ? "the type " + t.text + " has no layout"
                                                 : t.encodingError);
    if (t.encoding->isShared())
        return makeError(t.encodingText + " is a shared layout where a distributed one is needed");
    Expected<LinearLayout> l = toLinearLayout(*t.encoding, t.shape);
    if (!l)
        return makeError(t.encodingText + " does not fit " + t.text + ": " + l.message());
    return l;
}

Expected<SharedMemoryLayout> sharedOf(const TtgirType &t, int bits, const Architecture &arch)
{
    if (!t.encoding)
        return makeError(t.encodingError.empty() ? "the type " + t.text + " has no layout"
                                                 : t.encodingError);
    if (!t.encoding->isShared())
        return makeError(t.encodingText + " is not a shared layout");
    const int64_t align = arch.cu ? arch.cu->partitionBytes : 0;
    Expected<SharedMemoryLayout> s = sharedMemoryLayout(*t.encoding, layoutShape(t), bits, align);
    if (!s)
        return makeError(t.encodingText + " does not fit " + t.text + ": " + s.message());
    return s;
}

const TtgirType *firstOf(const TtgirOp &op, TtgirType::Kind kind)
{
    for (const TtgirType &t : op.types)
        if (t.kind == kind)
            return &t;
    return nullptr;
}

const TtgirType *lastOf(const TtgirOp &op, TtgirType::Kind kind)
{
    for (auto it = op.types.rbegin(); it != op.types.rend(); ++it)
        if (it->kind == kind)
            return &*it;
    return nullptr;
}

class KernelAnalyzer
{
public:
    KernelAnalyzer(const TtgirModule &module, Architecture arch)
        : m_module(module), m_arch(std::move(arch))
    {
    }

    KernelReport run()
    {
        KernelReport report;
        report.arch = m_arch.name;
        report.numWarps = m_module.numWarps;
        report.threadsPerWarp = m_module.threadsPerWarp;
        for (const TtgirAlias *a : m_module.layoutAliases()) {
            if (!a->error.empty())
                report.notes.push_back("line " + std::to_string(a->line) + ": #" + a->name +
                                       " is not read: " + a->error);
            if (!a->note.empty())
                report.notes.push_back("#" + a->name + " " + a->note);
        }
        for (size_t i = 0; i < m_module.ops.size(); ++i)
            report.ops.push_back(analyzeOp(int(i)));
        for (const KernelOpReport &r : report.ops)
            if (r.path == "not modelled")
                report.notes.push_back("line " + std::to_string(r.line) + ": " + r.op +
                                       " is not modelled: its LDS traffic is not counted");
        sumKernelTotals(report);
        const KernelAllocation allocation = kernelAllocation(m_module, report);
        report.totals.ldsBytesAllocated = allocation.bytes;
        if (!allocation.problem.empty())
            report.notes.push_back("the allocation is not modelled: " + allocation.problem);
        // The architecture file's capacity (the allocations' footprint, liveness ignored).
        if (auto over =
                ldsOverflow(report.totals.ldsBytesEndToEnd, ldsLimit(m_arch.name, m_arch.ldsBytes)))
            report.warnings.push_back("the allocations take " + *over +
                                      " (one after another; liveness is ignored: the compiler "
                                      "may reuse some of it)");
        return report;
    }

private:
    KernelOpReport analyzeOp(int index)
    {
        const TtgirOp &op = m_module.ops[size_t(index)];
        KernelOpReport r;
        r.opIndex = index;
        r.line = op.line;
        r.op = op.name;
        r.name = !op.locName.empty()    ? op.locName
                 : !op.results.empty()  ? op.results.front()
                 : !op.operands.empty() ? op.operands.back()
                                        : std::string();
        const TtgirType *shapeType = resultType(op);
        if (shapeType) {
            r.shape = formatShape(shapeType->shape);
            r.dtype = shapeType->elementType;
            Expected<int> bits = sharedMemoryElementBits(r.dtype);
            r.elementBits = bits ? *bits : 0;
        }
        // Ops with the same name and types cost the same (a pipelined loop repeats them): the
        // first one's analysis is reused, only its place in the module differs.
        std::string key = op.name;
        for (const TtgirType &t : op.types)
            key += '\n' + t.text;
        if (m_arch.vendor == "nvidia")
            if (const std::optional<int> d = globallyContiguousDim(m_module, op))
                key += "\ncontiguous " + std::to_string(*d);
        if (const auto it = m_cache.find(key); it != m_cache.end()) {
            KernelOpReport copy = it->second;
            copy.opIndex = r.opIndex;
            copy.line = r.line;
            copy.name = r.name;
            if (op.name == "ttg.local_alloc")
                placeAllocation(copy);
            return copy;
        }
        if (op.name == "ttg.local_load")
            localLoad(op, r);
        else if (isPackedTransposedLoad(op.name))
            packedLoad(op, r);
        else if (isTdmWrite(op.name))
            tdmWrite(op, r);
        else if (op.name == "ttg.local_store")
            write(op, r);
        else if (op.name == "ttg.local_alloc")
            localAlloc(op, r);
        else if (op.name == "ttg.convert_layout")
            convert(op, r);
        else if (m_arch.vendor == "nvidia" && isTmemAccessOp(op.name))
            nvidiaTmemOp(m_module, op, r);
        else if (op.name == "tt.reduce" || op.name == "tt.scan" || op.name == "tt.histogram" ||
                 op.name == "tt.gather")
            scratchOp(op, r);
        else {
            describeOnly(op, r);
            if (m_arch.vendor == "nvidia")
                nvidiaOtherOp(op, r);
        }
        m_cache.emplace(std::move(key), r);
        return r;
    }

    // The partitions an allocation spans when allocations follow one another (gfx1250).
    void placeAllocation(KernelOpReport &r)
    {
        r.partitions.clear();
        if (r.bytes <= 0)
            return;
        if (m_arch.cu && m_arch.cu->partitionBytes > 0) {
            const int64_t p = m_arch.cu->partitionBytes;
            const int64_t first = m_nextOffset / p, last = (m_nextOffset + r.bytes - 1) / p;
            r.partitions = first == last ? std::to_string(first)
                                         : std::to_string(first) + "-" + std::to_string(last);
        }
        m_nextOffset += r.bytes;
    }

    bool needBits(KernelOpReport &r)
    {
        if (r.elementBits > 0)
            return true;
        r.problem = "unknown element type '" + r.dtype + "'";
        return false;
    }

    void describeOnly(const TtgirOp &op, KernelOpReport &r)
    {
        if (const TtgirType *src = op.types.empty() ? nullptr : &op.types.front()) {
            r.src = src->encodingText;
            r.srcAttr = src->encoding;
        }
        if (const TtgirType *dst = resultType(op)) {
            r.dst = dst->encodingText;
            r.dstAttr = dst->encoding;
        }
    }

    // The type an op's shape and destination are read from: its last type (after a '->', a
    // result's). Without a '->', several types are values the op passes through unchanged
    // (ttng.warp_group_dot_wait's), each its own source and result: the first stands for them,
    // not the last one's shape beside the first one's layout.
    static const TtgirType *resultType(const TtgirOp &op)
    {
        if (op.types.empty())
            return nullptr;
        return op.arrowIndex < 0 && op.types.size() > 1 ? &op.types.front() : &op.types.back();
    }

    // The source and result types of an op moving data from a `from` to a `to` type, copied into
    // the report with the element width; false (r.problem set) when they are not there.
    bool endpoints(const TtgirOp &op, TtgirType::Kind from, TtgirType::Kind to,
                   const char *expected, KernelOpReport &r, const TtgirType *&src,
                   const TtgirType *&dst)
    {
        src = firstOf(op, from);
        dst = lastOf(op, to);
        if (!src || !dst || src == dst) {
            r.problem = std::string("expected `") + expected + "` types";
            return false;
        }
        r.src = src->encodingText;
        r.dst = dst->encodingText;
        r.srcAttr = src->encoding;
        r.dstAttr = dst->encoding;
        return needBits(r);
    }

    // Both sides of an LDS access: the op's source and result types, the shared layout of the
    // memdesc and the registers of the tensor.
    struct LdsSides
    {
        const TtgirType *src = nullptr, *dst = nullptr;
        SharedMemoryLayout shared;
        LinearLayout reg;
    };
    // The sides of a load (memdesc -> tensor) or a write (tensor -> memdesc); nullopt, with
    // r.problem set, when the op does not have them.
    std::optional<LdsSides> ldsSides(const TtgirOp &op, bool isWrite, KernelOpReport &r)
    {
        using Kind = TtgirType::Kind;
        const TtgirType *src = nullptr, *dst = nullptr;
        const bool found = isWrite ? endpoints(op, Kind::Tensor, Kind::MemDesc,
                                               "tensor<...> -> !ttg.memdesc<...>", r, src, dst)
                                   : endpoints(op, Kind::MemDesc, Kind::Tensor,
                                               "!ttg.memdesc<...> -> tensor<...>", r, src, dst);
        if (!found)
            return std::nullopt;
        const TtgirType &mem = isWrite ? *dst : *src, &tensor = isWrite ? *src : *dst;
        Expected<SharedMemoryLayout> shared = sharedOf(mem, r.elementBits, m_arch);
        Expected<LinearLayout> reg = distributedOf(tensor);
        if (!shared || !reg) {
            r.problem = !shared ? shared.message() : reg.message();
            return std::nullopt;
        }
        return LdsSides{src, dst, std::move(*shared), std::move(*reg)};
    }

    // The plain LDS read or write of both sides (analysis/dsloadtr.h plainAccess, the rule every
    // face uses): the widest vector the layouts allow, how many and their banks. Returns the
    // vector's width in elements.
    int64_t plainAccessOf(const LdsSides &sides, bool isWrite, KernelOpReport &r) const
    {
        if (m_arch.vendor == "nvidia")
            return nvidiaAccessOf(m_arch, sides.reg, sides.shared.layout, isWrite, r);
        Expected<LinearLayout> cvt = sides.reg.invertAndCompose(sides.shared.layout);
        if (!cvt) {
            r.problem = "cannot map the registers onto shared memory: " + cvt.message();
            return 1;
        }
        const PlainAccess a =
            plainAccess(m_arch, *cvt, r.elementBits, isWrite, sides.shared.padding);
        if (a.instruction.empty()) {
            r.problem = m_arch.name + " has no single-address " + std::to_string(a.bits) + "-bit " +
                        (isWrite ? "write" : "read") + " in its architecture file";
            return a.vectorElements;
        }
        r.instruction = a.instruction;
        r.count = a.count.distinct;
        r.issued = a.count.issued;
        r.accesses = {{a.instruction, r.count, r.issued, isWrite}};
        r.path = "generic";
        r.pathReason = genericReason(a, sides.shared.padding.empty());
        r.advice =
            vectorAdvice(sides.reg, sides.shared, *cvt, a.vectorElements, r.elementBits, isWrite)
                .text;
        costPlainAccess(r, m_arch, sides.reg, sides.shared, isWrite);
        r.partitionConflicts =
            accessPartitionConflicts(m_arch, sides.reg, sides.shared, r.elementBits, a.bits);
        return a.vectorElements;
    }

    // Why the generic lowering chose its vector, in one sentence.
    static std::string genericReason(const PlainAccess &a, bool unpadded)
    {
        std::string s = std::to_string(a.vectorElements) + " register" +
                        (a.vectorElements == 1 ? "" : "s") + " contiguous in LDS per access";
        if (a.vectorElements > 1 && a.permuted)
            s += " (not the leading registers: Triton permutes them to the front)";
        if (!unpadded)
            s += ", at most the padding interval, registers in order";
        if (a.broadcastBases > 0)
            s += "; " + std::to_string(a.broadcastBases) +
                 " replicating register bases removed first";
        return s;
    }

    void localLoad(const TtgirOp &op, KernelOpReport &r)
    {
        std::optional<LdsSides> sides = ldsSides(op, false, r);
        if (!sides)
            return;
        Expected<DsLoadTrInstruction> tr = dsLoadTrInstruction(m_arch, r.elementBits);
        if (tr) {
            Expected<DsLoadTrPlan> plan =
                analyzeDsLoadTr(sides->shared.layout, sides->reg, r.elementBits, m_arch,
                                dsLoadTrOptionsFor(sides->src->encoding.get()));
            if (plan && plan->eligible) {
                r.eligible = true;
                r.instruction = plan->instruction.name;
                r.count = plan->distinctInstructions;
                r.issued = plan->instructions;
                r.accesses = {{r.instruction, r.count, r.issued, false}};
                r.path = "transposed";
                r.pathReason = "the destination's lanes and registers divide by the " +
                               r.instruction + " tile (analysis/dsloadtr.h)";
                costTransposedLoad(r, m_arch, *plan);
                return;
            }
            r.eligible = false;
            r.reason = plan ? plan->reason : plan.message();
            if (auto problem = dsLoadTrDestinationProblem(sides->dst->encoding.get()))
                r.reason = *problem;
        } else {
            r.reason = "no transposed load on " + m_arch.name + " for " +
                       std::to_string(r.elementBits) + "-bit elements";
        }
        const int64_t vec = plainAccessOf(*sides, false, r);
        r.lostTransposed = tr && vec * r.elementBits < tr->instBits;
        if (!r.pathReason.empty())
            r.pathReason =
                (tr ? "not transposed (" + r.reason + "): " : r.reason + ": ") + r.pathReason;
    }

    // amdg.local_load_packed_transposed (and the older amdgpu.local_load_packed_tranposed):
    // fp4 packed two to an i8, read with the 4-bit transposed load or not at all -- Triton has
    // no fallback for this op, so a plan that is not eligible is a problem at the op.
    void packedLoad(const TtgirOp &op, KernelOpReport &r)
    {
        std::optional<LdsSides> sides = ldsSides(op, false, r);
        if (!sides)
            return;
        r.path = "packed transposed";
        Expected<DsLoadTrPlan> plan =
            analyzePackedFp4DsLoadTr(sides->shared.layout, sides->reg, m_arch,
                                     dsLoadTrOptionsFor(sides->src->encoding.get()));
        if (!plan || !plan->eligible || !plan->hasInstruction()) {
            r.eligible = false;
            r.reason = !plan ? plan.message() : plan->reason;
            r.problem = "Triton cannot lower this packed fp4 load: " + r.reason;
            return;
        }
        r.eligible = true;
        r.instruction = plan->instruction.name;
        r.count = plan->distinctInstructions;
        r.issued = plan->instructions;
        r.accesses = {{r.instruction, r.count, r.issued, false}};
        r.pathReason = "fp4 packed two to a byte: both layouts lifted to 4-bit elements divide by "
                       "the " +
                       r.instruction + " tile (analysis/dsloadtr.h)";
        costTransposedLoad(r, m_arch, *plan);
    }

    // A copy by the Tensor Data Mover: no per-thread LDS instruction, but the buffer's layout
    // must be one the TDM can write (analysis/tdm.h).
    void tdmWrite(const TtgirOp &op, KernelOpReport &r)
    {
        describeOnly(op, r);
        const TtgirType *mem = lastOf(op, TtgirType::Kind::MemDesc);
        if (!mem || !mem->encoding)
            return;
        r.dst = mem->encodingText;
        r.dstAttr = mem->encoding;
        r.path = "TDM";
        r.pathReason = "the Tensor Data Mover writes the buffer (tensor_load_to_lds): no LDS "
                       "instruction per thread";
        if (auto problem = tdmLayoutProblem(m_arch, *mem->encoding))
            r.problem = "the Tensor Data Mover cannot write " + r.dst + ": " + *problem;
    }

    static bool isPackedTransposedLoad(const std::string &name)
    {
        return name == "amdg.local_load_packed_transposed" ||
               name == "amdgpu.local_load_packed_tranposed" ||
               name == "amdg.local_load_packed_tranposed" ||
               name == "amdgpu.local_load_packed_transposed";
    }

    // local_store, or local_alloc with a value: tensor -> memdesc.
    void write(const TtgirOp &op, KernelOpReport &r)
    {
        std::optional<LdsSides> sides = ldsSides(op, true, r);
        if (sides && m_arch.vendor == "nvidia")
            nvidiaAccessOf(m_arch, sides->reg, sides->shared.layout, true, r,
                           globallyContiguousDim(m_module, op));
        else if (sides)
            plainAccessOf(*sides, true, r);
    }

    void localAlloc(const TtgirOp &op, KernelOpReport &r)
    {
        const TtgirType *mem = lastOf(op, TtgirType::Kind::MemDesc);
        if (!mem) {
            r.problem = "expected a `!ttg.memdesc<...>` result";
            return;
        }
        if (firstOf(op, TtgirType::Kind::Tensor))
            write(op, r);
        r.dst = mem->encodingText;
        r.dstAttr = mem->encoding;
        if (!needBits(r) || !mem->encoding) {
            if (r.problem.empty())
                r.problem = mem->encodingError.empty() ? "no layout" : mem->encodingError;
            return;
        }
        int64_t buffers = 1;
        const std::vector<int32_t> shape = encodedShape(*mem, &buffers);
        Expected<int64_t> bytes = sharedAllocationBytes(*mem->encoding, shape, r.elementBits);
        if (!bytes) {
            if (r.problem.empty())
                r.problem = bytes.message();
            return;
        }
        r.bytes = *bytes * buffers;
        placeAllocation(r);
    }

    void convert(const TtgirOp &op, KernelOpReport &r)
    {
        const TtgirType *src = nullptr, *dst = nullptr;
        if (!endpoints(op, TtgirType::Kind::Tensor, TtgirType::Kind::Tensor,
                       "tensor<...> -> tensor<...>", r, src, dst))
            return;
        Expected<LinearLayout> a = distributedOf(*src);
        Expected<LinearLayout> b = distributedOf(*dst);
        if (!a || !b) {
            r.problem = !a ? a.message() : b.message();
            return;
        }
        Expected<ConversionPlan> plan = classifyConversion(*a, *b, r.elementBits);
        if (!plan) {
            r.problem = plan.message();
            return;
        }
        r.instruction = conversionKindName(plan->kind);
        r.reason = plan->reason;
        r.bytes = plan->ldsBytes;
        if (plan->kind == ConversionKind::LdsRoundTrip)
            roundTrip(*a, *b, r);
    }

    // An op with a scratch buffer of its own: a reduction or a scan across warps, a histogram
    // (analysis/kernelscratch.h).
    void scratchOp(const TtgirOp &op, KernelOpReport &r)
    {
        const TtgirType *src = nullptr, *dst = nullptr;
        if (!endpoints(op, TtgirType::Kind::Tensor, TtgirType::Kind::Tensor,
                       "tensor<...> -> tensor<...>", r, src, dst))
            return;
        Expected<LinearLayout> a = distributedOf(*src), b = distributedOf(*dst);
        if (!a || !b) {
            r.problem = !a ? a.message() : b.message();
            return;
        }
        analyzeScratchOp(op, *src, *a, *b, m_arch, r);
    }

    // The store and the load of a conversion through LDS (roundTripAccesses).
    void roundTrip(const LinearLayout &src, const LinearLayout &dst, KernelOpReport &r)
    {
        // The scratch holds one round of the tensor at a time; its size is Triton's common
        // allocation rule, the same for every vendor.
        Expected<LdsRoundTrip> t = ldsRoundTrip(src, dst, r.elementBits);
        if (t)
            r.bytes /= t->reps;
        if (m_arch.vendor == "nvidia") {
            nvidiaRoundTrip(m_arch, src, dst, r);
            return;
        }
        if (!t) {
            r.problem = t.message();
            return;
        }
        r.path = "round trip";
        r.pathReason = "the scratch buffer's low offsets hold registers of both layouts: " +
                       std::to_string(t->storeElements) + " per store, " +
                       std::to_string(t->loadElements) + " per load";
        Expected<std::vector<KernelLdsAccess>> accesses =
            roundTripAccesses(m_arch, src, dst, r.elementBits);
        if (!accesses) {
            r.problem = accesses.message();
            r.accesses.clear();
            return;
        }
        r.accesses.insert(r.accesses.end(), accesses->begin(), accesses->end());
        costRoundTrip(r, m_arch, *t);
    }

    const TtgirModule &m_module;
    Architecture m_arch;
    int64_t m_nextOffset = 0;
    std::map<std::string, KernelOpReport> m_cache;
};

} // namespace

Expected<KernelReport> analyzeKernel(const TtgirModule &module, const std::string &arch)
{
    const std::string name = arch.empty() ? module.arch : arch;
    if (name.empty())
        return makeError("the module names no target (ttg.target) and no architecture was given");
    Expected<Architecture> a = loadArchitecture(name);
    if (!a)
        return makeError("architecture '" + name + "': " + a.message());
    KernelReport report = KernelAnalyzer(module, *a).run();
    report.dsCounterLimit = a->dsCounterLimit;
    report.loadCounterExcessPerWarp = a->loadCounterExcessPerWarp;
    if (!arch.empty() && !module.arch.empty() && arch != module.arch)
        report.notes.push_back("analysed for " + arch + " although the module targets " +
                               module.arch);
    return report;
}

} // namespace lx
