#include "io/ttgtext.h"

#include "io/basestext.h"
#include "io/ttgtextschema.h"

#include <functional>
#include <map>
#include <optional>

namespace lx {

namespace {

using ttgdetail::inferredShape;
using ttgdetail::ints;
using ttgdetail::rankOfBases;

std::string bases(const BasisList &l)
{
    return formatBasesText(l);
}

using AliasNames = std::map<const LayoutAttr *, std::string>;

std::string printMlir(const LayoutAttr &a, const AliasNames &aliases);

std::string nested(const LayoutAttrPtr &p, const AliasNames &aliases)
{
    if (!p)
        return "<null>";
    const auto it = aliases.find(p.get());
    return it != aliases.end() ? "#" + it->second : printMlir(*p, aliases);
}

std::string cgaSuffix(const BasisList &cga)
{
    return cga.empty() ? std::string() : ", CGALayout = " + bases(cga);
}

// The NVIDIA attributes (Triton's printers in Dialect.cpp of TritonGPU and TritonNvidiaGPU).
std::optional<std::string> printMlirNvidia(const LayoutAttr &attr)
{
    // NvidiaMmaEncodingAttr::print: the CGA between warpsPerCTA and instrShape.
    if (auto *a = attr.as<NvidiaMmaAttr>())
        return "#ttg.nvidia_mma<{versionMajor = " + std::to_string(a->versionMajor) +
               ", versionMinor = " + std::to_string(a->versionMinor) + ", warpsPerCTA = [" +
               ints(a->warpsPerCTA) + "]" + cgaSuffix(a->cgaLayout) + ", instrShape = [" +
               ints(a->instrShape) + "]}>";
    // NVMMASharedEncodingAttr::print: fp4Padded only when set; rank only when no CGA shows it
    // and it is not 2.
    if (auto *a = attr.as<NvmmaSharedAttr>())
        return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(a->swizzlingByteWidth) +
               ", transposed = " + (a->transposed ? "true" : "false") +
               ", elementBitWidth = " + std::to_string(a->elementBitWidth) +
               (a->fp4Padded ? ", fp4Padded = true" : "") +
               (a->cgaLayout.empty() && a->rank != 2 ? ", rank = " + std::to_string(a->rank)
                                                     : std::string()) +
               cgaSuffix(a->cgaLayout) + "}>";
    // The TMEM attributes print as a struct, default-valued parameters left out.
    if (auto *a = attr.as<TensorMemoryAttr>())
        return "#ttng.tensor_memory_encoding<blockM = " + std::to_string(a->blockM) +
               ", blockN = " + std::to_string(a->blockN) +
               ", colStride = " + std::to_string(a->colStride) +
               (a->ctaSplitM != 1 ? ", CTASplitM = " + std::to_string(a->ctaSplitM) : "") +
               (a->ctaSplitN != 1 ? ", CTASplitN = " + std::to_string(a->ctaSplitN) : "") +
               (a->twoCTAs ? ", twoCTAs = true" : "") + ">";
    if (auto *a = attr.as<TensorMemoryScalesAttr>()) {
        std::string params;
        if (a->ctaSplitM != 1)
            params = "CTASplitM = " + std::to_string(a->ctaSplitM);
        if (a->ctaSplitN != 1)
            params +=
                (params.empty() ? "" : ", ") + ("CTASplitN = " + std::to_string(a->ctaSplitN));
        return "#ttng.tensor_memory_scales_encoding<" + params + ">";
    }
    return std::nullopt;
}

std::string printMlir(const LayoutAttr &attr, const AliasNames &aliases)
{
    if (auto *a = attr.as<BlockedAttr>())
        return "#ttg.blocked<{sizePerThread = [" + ints(a->sizePerThread) +
               "], threadsPerWarp = [" + ints(a->threadsPerWarp) + "], warpsPerCTA = [" +
               ints(a->warpsPerCTA) + "], order = [" + ints(a->order) + "]" +
               cgaSuffix(a->cgaLayout) + "}>";
    if (auto *a = attr.as<DistributedLinearAttr>())
        return std::string(a->generic ? "#ttg.generic_linear" : "#ttg.linear") +
               "<{register = " + bases(a->registerBases) + ", lane = " + bases(a->laneBases) +
               ", warp = " + bases(a->warpBases) + ", block = " + bases(a->blockBases) + "}>";
    if (auto *a = attr.as<AmdWmmaAttr>()) {
        std::string s = "#ttg.amd_wmma<{version = " + std::to_string(a->version) +
                        ", isTranspose = " + (a->isTransposed ? "true" : "false");
        if (a->warpsPerCTA) {
            s += ", warpsPerCTA = [" + ints(*a->warpsPerCTA) + "]" + cgaSuffix(a->cgaLayout);
            if (a->tilesPerWarp && std::any_of(a->tilesPerWarp->begin(), a->tilesPerWarp->end(),
                                               [](int32_t x) { return x != 1; }))
                s += ", tilesPerWarp = [" + ints(*a->tilesPerWarp) + "]";
        } else {
            std::string cta;
            if (!a->ctaRegister.empty())
                cta += "register = " + bases(a->ctaRegister);
            if (!a->ctaWarp.empty())
                cta += (cta.empty() ? "" : ", ") + std::string("warp = ") + bases(a->ctaWarp);
            s += ", ctaLayout = {" + cta + "}";
            if (a->rank && *a->rank != 2 && a->ctaRegister.empty() && a->ctaWarp.empty() &&
                a->cgaLayout.empty())
                s += ", rank = " + std::to_string(*a->rank);
            s += cgaSuffix(a->cgaLayout);
        }
        if (a->instrShape != IntList{16, 16, 16})
            s += ", instrShape = [" + ints(a->instrShape) + "]";
        return s + "}>";
    }
    if (auto *a = attr.as<AmdMfmaAttr>()) {
        std::string s =
            "#ttg.amd_mfma<{version = " + std::to_string(a->version) + ", warpsPerCTA = [" +
            ints(a->warpsPerCTA) + "], instrShape = [" + ints(a->instrShape) +
            "], isTransposed = " + (a->isTransposed ? "true" : "false") + cgaSuffix(a->cgaLayout);
        if (std::any_of(a->tilesPerWarp.begin(), a->tilesPerWarp.end(),
                        [](int32_t x) { return x != 1; }))
            s += ", tilesPerWarp = [" + ints(a->tilesPerWarp) + "]";
        if (a->elementBitWidth != 32)
            s += ", elementBitWidth = " + std::to_string(a->elementBitWidth);
        return s + "}>";
    }
    if (auto *a = attr.as<DotOperandAttr>())
        return "#ttg.dot_op<{opIdx = " + std::to_string(a->opIdx) +
               ", parent = " + nested(a->parent, aliases) +
               (a->kWidth != 0 ? ", kWidth = " + std::to_string(a->kWidth) : std::string()) + "}>";
    if (auto *a = attr.as<SliceAttr>())
        return "#ttg.slice<{dim = " + std::to_string(a->dim) +
               ", parent = " + nested(a->parent, aliases) + "}>";
    if (auto *a = attr.as<SwizzledSharedAttr>())
        return "#ttg.swizzled_shared<{vec = " + std::to_string(a->vec) +
               ", perPhase = " + std::to_string(a->perPhase) +
               ", maxPhase = " + std::to_string(a->maxPhase) + ", order = [" + ints(a->order) +
               "]" + cgaSuffix(a->cgaLayout) + "}>";
    if (auto *a = attr.as<PaddedSharedAttr>()) {
        std::string s = "#ttg.padded_shared<[";
        for (size_t i = 0; i < a->intervalPadding.size(); ++i)
            s += (i ? ", " : "") + std::to_string(a->intervalPadding[i].first) + ":+" +
                 std::to_string(a->intervalPadding[i].second);
        s += "] {";
        if (a->offsetBases.empty())
            s += "order = [" + ints(a->order) + "], shape = [" + ints(a->shape) + "]";
        else
            s += "offset = " + bases(a->offsetBases) + ", block = " + bases(a->blockBases);
        return s + "}>";
    }
    if (auto *a = attr.as<SharedLinearAttr>())
        return "#ttg.shared_linear<{offset = " + bases(a->offsetBases) +
               (a->blockBases.empty() ? std::string() : ", block = " + bases(a->blockBases)) +
               "}, alignment = " + std::to_string(a->alignment) + ">";
    if (auto *a = attr.as<PartitionedSharedAttr>())
        return "#ttg.partitioned_shared<{numPartitions = " + std::to_string(a->numPartitions) +
               ", numGroups = " + std::to_string(a->numGroups) +
               ", partitionDim = " + std::to_string(a->partitionDim) +
               ", partitionLayout = " + nested(a->partitionLayout, aliases) + "}>";
    if (auto nvidia = printMlirNvidia(attr))
        return *nvidia;
    return "<unknown layout>";
}

// The alias Triton's TritonGPUOpAsmInterface gives an attribute, or "" for none (slice and
// dot_op print inline).
std::string aliasBase(const LayoutAttr &a)
{
    if (a.as<AmdWmmaAttr>() || a.as<AmdMfmaAttr>() || a.as<NvidiaMmaAttr>())
        return "mma";
    if (a.isShared())
        return "shared";
    if (a.as<TensorMemoryAttr>())
        return "tmem";
    if (a.as<TensorMemoryScalesAttr>())
        return "tmem_scales";
    if (a.as<BlockedAttr>())
        return "blocked";
    if (auto *l = a.as<DistributedLinearAttr>())
        return l->generic ? "generic_linear" : "linear";
    return "";
}

// --- Gluon -------------------------------------------------------------------------------------

std::string pyBool(bool b)
{
    return b ? "True" : "False";
}

// The NVIDIA classes of Gluon (ttgl and ttgl.nvidia.blackwell).
std::optional<std::string> printPythonNvidia(const LayoutAttr &attr)
{
    if (auto *a = attr.as<NvidiaMmaAttr>())
        return "ttgl.NVMMADistributedLayout(version=[" + std::to_string(a->versionMajor) + ", " +
               std::to_string(a->versionMinor) + "], warps_per_cta=[" + ints(a->warpsPerCTA) +
               "], instr_shape=[" + ints(a->instrShape) + "]" +
               (a->cgaLayout.empty() ? "" : ", cga_layout=" + bases(a->cgaLayout)) + ")";
    if (auto *a = attr.as<NvmmaSharedAttr>())
        return "ttgl.NVMMASharedLayout(swizzle_byte_width=" +
               std::to_string(a->swizzlingByteWidth) +
               ", element_bitwidth=" + std::to_string(a->elementBitWidth) +
               ", rank=" + std::to_string(a->rank) + ", transposed=" + pyBool(a->transposed) +
               ", fp4_padded=" + pyBool(a->fp4Padded) +
               (a->cgaLayout.empty() ? "" : ", cga_layout=" + bases(a->cgaLayout)) + ")";
    if (auto *a = attr.as<TensorMemoryAttr>())
        return "ttgl.nvidia.blackwell.TensorMemoryLayout(block=(" + std::to_string(a->blockM) +
               ", " + std::to_string(a->blockN) + "), col_stride=" + std::to_string(a->colStride) +
               (a->ctaSplitM != 1 || a->ctaSplitN != 1
                    ? ", cta_split_num=(" + std::to_string(a->ctaSplitM) + ", " +
                          std::to_string(a->ctaSplitN) + ")"
                    : "") +
               (a->twoCTAs ? ", two_ctas=True" : "") + ")";
    if (auto *a = attr.as<TensorMemoryScalesAttr>())
        return "ttgl.nvidia.blackwell.TensorMemoryScalesLayout(" +
               (a->ctaSplitM != 1 || a->ctaSplitN != 1
                    ? "cta_split_num=(" + std::to_string(a->ctaSplitM) + ", " +
                          std::to_string(a->ctaSplitN) + ")"
                    : std::string()) +
               ")";
    return std::nullopt;
}

std::string printPython(const LayoutAttr &attr)
{
    if (auto *a = attr.as<BlockedAttr>())
        return "ttgl.BlockedLayout(size_per_thread=[" + ints(a->sizePerThread) +
               "], threads_per_warp=[" + ints(a->threadsPerWarp) + "], warps_per_cta=[" +
               ints(a->warpsPerCTA) + "], order=[" + ints(a->order) + "]" +
               (a->cgaLayout.empty() ? "" : ", cga_layout=" + bases(a->cgaLayout)) + ")";
    if (auto *a = attr.as<DistributedLinearAttr>()) {
        const int rank =
            rankOfBases({&a->registerBases, &a->laneBases, &a->warpBases, &a->blockBases});
        const IntList shape =
            inferredShape({&a->registerBases, &a->laneBases, &a->warpBases, &a->blockBases}, rank);
        return "ttgl.DistributedLinearLayout(reg_bases=" + bases(a->registerBases) +
               ", lane_bases=" + bases(a->laneBases) + ", warp_bases=" + bases(a->warpBases) +
               ", block_bases=" + bases(a->blockBases) + ", shape=[" + ints(shape) + "])";
    }
    if (auto *a = attr.as<AmdWmmaAttr>()) {
        std::string s = "ttgl.amd.AMDWMMALayout(version=" + std::to_string(a->version) +
                        ", transposed=" + pyBool(a->isTransposed);
        if (a->warpsPerCTA) {
            s += ", warps_per_cta=[" + ints(*a->warpsPerCTA) + "]";
            if (a->instrShape != IntList{16, 16, 16})
                s += ", instr_shape=[" + ints(a->instrShape) + "]";
            if (a->tilesPerWarp)
                s += ", tiles_per_warp=[" + ints(*a->tilesPerWarp) + "]";
        } else {
            s += ", warp_bases=" + bases(a->ctaWarp);
            if (!a->ctaRegister.empty())
                s += ", reg_bases=" + bases(a->ctaRegister);
            if (a->instrShape != IntList{16, 16, 16})
                s += ", instr_shape=[" + ints(a->instrShape) + "]";
        }
        if (!a->cgaLayout.empty())
            s += ", cga_layout=" + bases(a->cgaLayout);
        if (a->rank)
            s += ", rank=" + std::to_string(*a->rank);
        return s + ")";
    }
    if (auto *a = attr.as<AmdMfmaAttr>()) {
        std::string s = "ttgl.amd.AMDMFMALayout(version=" + std::to_string(a->version) +
                        ", instr_shape=[" + ints(a->instrShape) +
                        "], transposed=" + pyBool(a->isTransposed) + ", warps_per_cta=[" +
                        ints(a->warpsPerCTA) + "]";
        if (a->elementBitWidth != 32)
            s += ", element_bitwidth=" + std::to_string(a->elementBitWidth);
        if (!a->tilesPerWarp.empty())
            s += ", tiles_per_warp=[" + ints(a->tilesPerWarp) + "]";
        if (!a->cgaLayout.empty())
            s += ", cga_layout=" + bases(a->cgaLayout);
        return s + ")";
    }
    if (auto *a = attr.as<DotOperandAttr>())
        return "ttgl.DotOperandLayout(operand_index=" + std::to_string(a->opIdx) +
               ", parent=" + (a->parent ? printPython(*a->parent) : "None") +
               ", k_width=" + std::to_string(a->kWidth) + ")";
    if (auto *a = attr.as<SliceAttr>())
        return "ttgl.SliceLayout(dim=" + std::to_string(a->dim) +
               ", parent=" + (a->parent ? printPython(*a->parent) : "None") + ")";
    if (auto *a = attr.as<SwizzledSharedAttr>())
        return "ttgl.SwizzledSharedLayout(vec=" + std::to_string(a->vec) +
               ", per_phase=" + std::to_string(a->perPhase) +
               ", max_phase=" + std::to_string(a->maxPhase) + ", order=[" + ints(a->order) + "]" +
               (a->cgaLayout.empty() ? "" : ", cga_layout=" + bases(a->cgaLayout)) + ")";
    if (auto *a = attr.as<PaddedSharedAttr>()) {
        std::string pairs = "[";
        for (size_t i = 0; i < a->intervalPadding.size(); ++i)
            pairs += (i ? ", [" : "[") + std::to_string(a->intervalPadding[i].first) + ", " +
                     std::to_string(a->intervalPadding[i].second) + "]";
        pairs += "]";
        if (a->offsetBases.empty())
            return "ttgl.PaddedSharedLayout.with_identity_for(interval_padding_pairs=" + pairs +
                   ", shape=[" + ints(a->shape) + "], order=[" + ints(a->order) + "])";
        const int rank = rankOfBases({&a->offsetBases, &a->blockBases});
        return "ttgl.PaddedSharedLayout(interval_padding_pairs=" + pairs +
               ", offset_bases=" + bases(a->offsetBases) + ", cga_layout=" + bases(a->blockBases) +
               ", shape=[" + ints(inferredShape({&a->offsetBases, &a->blockBases}, rank)) + "])";
    }
    if (auto *a = attr.as<SharedLinearAttr>())
        return "ttgl.SharedLinearLayout(offset_bases=" + bases(a->offsetBases) +
               (a->blockBases.empty() ? "" : ", block_bases=" + bases(a->blockBases)) +
               (a->alignment != 16 ? ", alignment=" + std::to_string(a->alignment) : "") + ")";
    if (auto nvidia = printPythonNvidia(attr))
        return *nvidia;
    if (auto *a = attr.as<PartitionedSharedAttr>())
        return "ttgl.amd.cdna5.PartitionedSharedLayout(num_partitions=" +
               std::to_string(a->numPartitions) + ", num_groups=" + std::to_string(a->numGroups) +
               ", partition_dim=" + std::to_string(a->partitionDim) + ", partition_layout=" +
               (a->partitionLayout ? printPython(*a->partitionLayout) : "None") + ")";
    return "None";
}

} // namespace

std::string printTtg(const LayoutAttr &attr)
{
    return printMlir(attr, {});
}

std::string printTtgWithAliases(const LayoutAttr &attr)
{
    // Nested attributes in post-order, each named once (#mma, #mma1, ... as MLIR numbers them).
    std::vector<const LayoutAttr *> order;
    std::function<void(const LayoutAttr &, bool)> visit = [&](const LayoutAttr &a, bool top) {
        const LayoutAttrPtr *child = nullptr;
        if (auto *d = a.as<DotOperandAttr>())
            child = &d->parent;
        else if (auto *s = a.as<SliceAttr>())
            child = &s->parent;
        else if (auto *p = a.as<PartitionedSharedAttr>())
            child = &p->partitionLayout;
        if (child && *child)
            visit(**child, false);
        if (!top && !aliasBase(a).empty())
            order.push_back(&a);
    };
    visit(attr, true);
    AliasNames names;
    std::map<std::string, int> used;
    std::string text;
    for (const LayoutAttr *a : order) {
        const std::string base = aliasBase(*a);
        const int n = used[base]++;
        const std::string name = n == 0 ? base : base + std::to_string(n);
        text += "#" + name + " = " + printMlir(*a, names) + "\n";
        names[a] = name;
    }
    return text + printMlir(attr, names);
}

std::string printGluon(const LayoutAttr &attr)
{
    return printPython(attr);
}

std::string ttgMnemonic(const LayoutAttr &attr)
{
    if (attr.as<BlockedAttr>())
        return "blocked";
    if (auto *l = attr.as<DistributedLinearAttr>())
        return l->generic ? "generic_linear" : "linear";
    if (attr.as<AmdWmmaAttr>())
        return "amd_wmma";
    if (attr.as<AmdMfmaAttr>())
        return "amd_mfma";
    if (attr.as<DotOperandAttr>())
        return "dot_op";
    if (attr.as<SliceAttr>())
        return "slice";
    if (attr.as<SwizzledSharedAttr>())
        return "swizzled_shared";
    if (attr.as<PaddedSharedAttr>())
        return "padded_shared";
    if (attr.as<SharedLinearAttr>())
        return "shared_linear";
    if (attr.as<NvidiaMmaAttr>())
        return "nvidia_mma";
    if (attr.as<NvmmaSharedAttr>())
        return "nvmma_shared";
    if (attr.as<TensorMemoryAttr>())
        return "tensor_memory_encoding";
    if (attr.as<TensorMemoryScalesAttr>())
        return "tensor_memory_scales_encoding";
    return "partitioned_shared";
}

} // namespace lx
