#include "analysis/tdm.h"

namespace lx {

std::optional<std::string> tdmLayoutProblem(const Architecture &arch, const LayoutAttr &attr)
{
    if (!arch.tdm)
        return std::nullopt;
    if (attr.as<PaddedSharedAttr>())
        return std::nullopt;
    if (const auto *p = attr.as<PartitionedSharedAttr>()) {
        if (!p->partitionLayout)
            return "a partitioned layout without a partition_layout";
        if (auto inner = tdmLayoutProblem(arch, *p->partitionLayout))
            return "its pieces: " + *inner;
        return std::nullopt;
    }
    const std::string why = " changes the position of the columns from row to row, and the "
                            "Tensor Data Mover writes each row at linear addresses (with a padding "
                            "every interval at most): use a padded layout or maxPhase " +
                            std::to_string(arch.tdm->maxSwizzlePhase);
    if (const auto *s = attr.as<SwizzledSharedAttr>()) {
        if (s->maxPhase <= arch.tdm->maxSwizzlePhase)
            return std::nullopt;
        return "an XOR swizzle with maxPhase " + std::to_string(s->maxPhase) + why;
    }
    if (attr.as<SharedLinearAttr>())
        return "a #ttg.shared_linear layout (an XOR of the offset bits)" + why;
    return "not a shared layout the Tensor Data Mover writes (padded, swizzled with maxPhase " +
           std::to_string(arch.tdm->maxSwizzlePhase) + ", or partitioned of those)";
}

bool isTdmWrite(const std::string &opName)
{
    return opName == "amdg.async_tdm_copy_global_to_local" ||
           opName == "amdg.async_tdm_fused_copy_global_to_local" ||
           opName == "amdg.async_tdm_gather";
}

} // namespace lx
