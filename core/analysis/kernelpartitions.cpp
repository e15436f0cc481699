#include "analysis/kernelpartitions.h"

#include "analysis/partitioncount.h"

namespace lx {

std::optional<int> accessPartitionConflicts(const Architecture &arch, const LinearLayout &reg,
                                            const SharedMemoryLayout &shared, int elementBits,
                                            int accessBits)
{
    if (!arch.cu ||
        (elementBits != 8 && elementBits != 16 && elementBits != 32 && elementBits != 64))
        return std::nullopt;
    if (accessBits < elementBits || accessBits % elementBits != 0)
        return std::nullopt;
    PartitionAccessSpec spec;
    spec.distributed = reg;
    spec.shared = shared.layout;
    spec.elemBits = elementBits;
    spec.loadBits = accessBits;
    const int parts =
        shared.layout.hasInDim("partition") ? shared.layout.inDimSize("partition") : 1;
    const int64_t stride = sharedPartitionStride(shared, elementBits / 8, arch.cu->partitionBytes);
    for (int p = 0; p < parts; ++p)
        spec.bufferOffsets.push_back(int64_t(p) * stride);
    const Expected<int> conflicts = countPartitionConflicts(spec, *arch.cu);
    if (!conflicts)
        return std::nullopt;
    return *conflicts;
}

} // namespace lx
