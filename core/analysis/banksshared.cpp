// The shared-memory side of the bank analysis (banks.h): the padded, partitioned buffer of a
// shared layout, the byte address and bank of each of its elements.

#include "analysis/banks.h"
#include "analysis/banksinternal.h"
#include "analysis/banksprepared.h"

#include "layout/builders.h"

#include <string>
#include <utility>
#include <vector>

namespace lx {

namespace banksinternal {

// Triton requires power-of-two intervals and paddings (PaddedSharedEncodingAttr).
std::optional<Error> checkPadding(const IntervalPadding &padding)
{
    auto ok = validateIntervalPadding(padding);
    if (!ok)
        return makeError("padding: " + ok.message());
    return std::nullopt;
}

} // namespace banksinternal

using banksinternal::checkPadding;

namespace {

// Bytes of the padded buffer of one partition.
int64_t bufferBytes(const SharedMemoryLayout &shared, int elementBytes)
{
    const int64_t n = shared.layout.hasInDim("offset") ? shared.layout.inDimSize("offset") : 1;
    return (paddedOffset(n - 1, shared.padding) + 1) * elementBytes;
}

int64_t partitionStride(const SharedMemoryLayout &shared, int elementBytes,
                        int64_t archPartitionBytes)
{
    if (shared.partitionStrideBytes > 0)
        return shared.partitionStrideBytes;
    const int64_t align = archPartitionBytes > 0 ? archPartitionBytes : 256;
    const int64_t bytes = bufferBytes(shared, elementBytes);
    return (bytes + align - 1) / align * align;
}

} // namespace

int64_t sharedPartitionStride(const SharedMemoryLayout &shared, int elementBytes,
                              int64_t archPartitionBytes)
{
    return partitionStride(shared, elementBytes, archPartitionBytes);
}

Expected<std::vector<SharedElementBank>> sharedBankMap(const SharedMemoryLayout &shared,
                                                       int elementBits, int numBanks,
                                                       int bankWidthBytes,
                                                       int64_t partitionStrideBytes)
{
    if (elementBits % 8 != 0 || elementBits <= 0 || elementBits > 64)
        return makeError("element width " + std::to_string(elementBits) +
                         " bits: expected 8, 16, 32 or 64");
    if (numBanks <= 0 || bankWidthBytes <= 0)
        return makeError("the bank count and width must be positive");
    if (auto pe = checkPadding(shared.padding))
        return *pe;
    const LinearLayout &L = shared.layout;
    if (!L.hasInDim("offset"))
        return makeError("the shared layout has no 'offset' in-dim");
    for (const auto &[dim, size] : L.inDims()) {
        if (dim != "offset" && dim != "block" && dim != "partition")
            return makeError("the shared layout has an unexpected in-dim '" + dim + "'");
    }
    const int elementBytes = elementBits / 8;
    SharedMemoryLayout s = shared;
    if (partitionStrideBytes > 0)
        s.partitionStrideBytes = partitionStrideBytes;
    const int64_t stride = partitionStride(s, elementBytes, 0);
    const int nParts = L.hasInDim("partition") ? L.inDimSize("partition") : 1;
    const int32_t nOffsets = L.inDimSize("offset");
    std::vector<SharedElementBank> out;
    out.reserve(size_t(nParts) * size_t(nOffsets));
    // The in-dims' positions, found once: the loop sets offset and partition, the rest stay 0.
    const int offsetSlot = L.inDimIndex("offset");
    const int partitionSlot = L.inDimIndex("partition");
    std::vector<int32_t> ins(size_t(L.numInDims()), 0);
    for (int p = 0; p < nParts; ++p) {
        if (partitionSlot >= 0)
            ins[size_t(partitionSlot)] = p;
        for (int32_t o = 0; o < nOffsets; ++o) {
            ins[size_t(offsetSlot)] = o;
            SharedElementBank e;
            e.coords = L.applyOrdered(ins);
            e.offset = o;
            e.partition = p;
            e.byteAddress =
                shared.baseBytes + p * stride + paddedOffset(o, shared.padding) * elementBytes;
            e.bank = bankOf(e.byteAddress, bankWidthBytes, numBanks);
            out.push_back(std::move(e));
        }
    }
    return out;
}

Expected<SharedMemoryLayout> sharedMemoryLayout(const LayoutAttr &attr,
                                                const std::vector<int32_t> &shape, int elementBits,
                                                int64_t partitionAlignBytes)
{
    if (!attr.isShared())
        return sharedMemoryLayoutOf(attr, LinearLayout(), shape, elementBits, partitionAlignBytes);
    auto ll = toLinearLayout(attr, shape);
    if (!ll)
        return ll.error();
    return sharedMemoryLayoutOf(attr, std::move(*ll), shape, elementBits, partitionAlignBytes);
}

Expected<SharedMemoryLayout> sharedMemoryLayoutOf(const LayoutAttr &attr, LinearLayout layout,
                                                  const std::vector<int32_t> &shape,
                                                  int elementBits, int64_t partitionAlignBytes)
{
    if (!attr.isShared())
        return makeError("not a shared layout (swizzled_shared, padded_shared, shared_linear or "
                         "partitioned_shared)");
    SharedMemoryLayout out;
    out.layout = std::move(layout);
    const LayoutAttr *inner = &attr;
    if (const auto *part = attr.as<PartitionedSharedAttr>()) {
        auto sizes = partitionedBufferSizes(*part, shape, elementBits);
        if (!sizes)
            return sizes.error();
        const int64_t align = partitionAlignBytes > 0 ? partitionAlignBytes : 256;
        out.partitionStrideBytes = (sizes->bufferBytes + align - 1) / align * align;
        inner = part->partitionLayout.get();
    }
    if (inner)
        if (const auto *padded = inner->as<PaddedSharedAttr>())
            out.padding = padded->intervalPadding;
    return out;
}

} // namespace lx
