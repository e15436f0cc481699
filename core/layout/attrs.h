#pragma once

// The bespoke layouts of Triton and Gluon as plain values: what a person writes as
// `#ttg.blocked<...>`, `#ttg.amd_wmma<...>`, a Gluon constructor, or a conformance case's
// {"kind": ...}. core/io parses and prints them; core/layout/builders turns them into
// LinearLayouts for a tensor shape. Field names follow the MLIR attribute; comments name the
// Gluon keyword where it differs.

#include "layout/basis.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lx {

using IntList = std::vector<int32_t>;
using BasisList = std::vector<Basis>; // one basis per entry, one component per dim

// #ttg.blocked / gluon BlockedLayout
struct BlockedAttr
{
    IntList sizePerThread;  // size_per_thread
    IntList threadsPerWarp; // threads_per_warp
    IntList warpsPerCTA;    // warps_per_cta
    IntList order;
    BasisList cgaLayout; // cga_layout: block bases (empty for one CTA)
    bool operator==(const BlockedAttr &) const = default;
};

// #ttg.amd_wmma / gluon AMDWMMALayout. Both spellings are kept: the ctaLayout form (register
// and warp bases in instruction-tile units) is canonical; warpsPerCTA/tilesPerWarp is the
// legacy form, converted to ctaLayout by the builder (walk dims minor-first).
struct AmdWmmaAttr
{
    int32_t version = 3;
    bool isTransposed = false;           // MLIR key isTranspose; gluon transposed
    BasisList ctaRegister;               // ctaLayout.register; gluon reg_bases
    BasisList ctaWarp;                   // ctaLayout.warp; gluon warp_bases
    std::optional<IntList> warpsPerCTA;  // legacy form (gluon warps_per_cta)
    std::optional<IntList> tilesPerWarp; // legacy form (gluon tiles_per_warp)
    IntList instrShape = {16, 16, 16};   // [M, N, K]; default [16,16,16]
    BasisList cgaLayout;
    std::optional<int32_t> rank; // explicit rank when every basis is empty
    bool operator==(const AmdWmmaAttr &) const = default;
};

// #ttg.amd_mfma / gluon AMDMFMALayout
struct AmdMfmaAttr
{
    int32_t version = 3;
    IntList warpsPerCTA;
    IntList instrShape; // [M, N, K] (gluon instr_shape); MLIR also has it as instrShape
    bool isTransposed = false;
    int32_t elementBitWidth = 32; // gluon element_bitwidth (f64 -> 64)
    IntList tilesPerWarp;         // empty = all 1
    BasisList cgaLayout;
    bool operator==(const AmdMfmaAttr &) const = default;
};

// #ttg.nvidia_mma / gluon NVMMADistributedLayout: the accumulator of an NVIDIA tensor-core
// instruction (docs/nvidia-layouts.md). versionMajor 2 is Ampere's mma.sync (instrShape [16, 8],
// [1, 16, 8] at rank 3), 3 is Hopper's wgmma (instrShape [16, N, K], rank 2). Gluon spells the
// two versions as one list `version=[major, minor]`.
struct NvidiaMmaAttr
{
    int32_t versionMajor = 2;
    int32_t versionMinor = 0;
    IntList warpsPerCTA; // warps_per_cta
    IntList instrShape;  // instr_shape
    BasisList cgaLayout; // cga_layout
    bool operator==(const NvidiaMmaAttr &) const = default;
};

// #ttg.linear (distributed) / gluon DistributedLinearLayout. generic = #ttg.generic_linear.
struct DistributedLinearAttr
{
    BasisList registerBases, laneBases, warpBases, blockBases;
    bool generic = false;
    bool operator==(const DistributedLinearAttr &) const = default;
};

// #ttg.swizzled_shared / gluon SwizzledSharedLayout
struct SwizzledSharedAttr
{
    int32_t vec = 1, perPhase = 1, maxPhase = 1;
    IntList order;
    BasisList cgaLayout;
    bool operator==(const SwizzledSharedAttr &) const = default;
};

// #ttg.padded_shared / gluon PaddedSharedLayout. The linear component is either the short
// form (identity over `shape` walking `order`) or explicit offset/block bases.
struct PaddedSharedAttr
{
    std::vector<std::pair<int32_t, int32_t>> intervalPadding; // [interval, padding] pairs
    // Short form:
    IntList order;
    IntList shape;
    // Long form (used when offsetBases is non-empty):
    BasisList offsetBases;
    BasisList blockBases;
    bool operator==(const PaddedSharedAttr &) const = default;
};

// #ttg.nvmma_shared / gluon NVMMASharedLayout: the shared layout TMA and wgmma/tcgen05 read
// (docs/nvidia-layouts.md). 8 rows of one swizzle span are a core matrix whose 16-byte chunks
// are XORed with the row; `transposed` makes dim0 the contiguous dim; fp4Padded stores each 8
// bytes of packed fp4 data followed by 8 bytes of padding.
struct NvmmaSharedAttr
{
    int32_t swizzlingByteWidth = 0; // swizzle_byte_width: 0, 32, 64 or 128
    bool transposed = false;
    int32_t elementBitWidth = 16; // element_bitwidth
    bool fp4Padded = false;       // fp4_padded
    BasisList cgaLayout;          // cga_layout
    int32_t rank = 2;             // the tensor rank (the CGA bases show it when present)
    bool operator==(const NvmmaSharedAttr &) const = default;
};

// #ttg.shared_linear / gluon SharedLinearLayout
struct SharedLinearAttr
{
    BasisList offsetBases, blockBases;
    int32_t alignment = 16;
    bool operator==(const SharedLinearAttr &) const = default;
};

// #ttng.tensor_memory_encoding / gluon TensorMemoryLayout (Blackwell tensor memory,
// docs/nvidia-layouts.md §9): a tile of blockM rows (64 or 128) x blockN columns of 32-bit TMEM
// cells, each logical column colStride cells apart (1 packed, 32 / bitwidth unpacked). The older
// spelling `unpacked = true` is colStride 2 (16-bit data). In-dims row, col.
struct TensorMemoryAttr
{
    int32_t blockM = 128;
    int32_t blockN = 128;
    int32_t colStride = 1;                // col_stride
    int32_t ctaSplitM = 1, ctaSplitN = 1; // CTASplitM, CTASplitN; gluon cta_split_num
    bool twoCTAs = false;                 // two_ctas
    bool operator==(const TensorMemoryAttr &) const = default;
};

// #ttng.tensor_memory_scales_encoding / gluon TensorMemoryScalesLayout: the block scales of a
// tcgen05.mma with scale factors (docs/nvidia-layouts.md §9.2). In-dims row, col.
struct TensorMemoryScalesAttr
{
    int32_t ctaSplitM = 1, ctaSplitN = 1; // gluon cta_split_num
    bool operator==(const TensorMemoryScalesAttr &) const = default;
};

struct LayoutAttr;
using LayoutAttrPtr = std::shared_ptr<const LayoutAttr>;

// #ttg.dot_op / gluon DotOperandLayout
struct DotOperandAttr
{
    int32_t opIdx = 0; // operand_index: 0 = A [M, K], 1 = B [K, N]
    LayoutAttrPtr parent;
    int32_t kWidth = 0; // k_width
    bool operator==(const DotOperandAttr &o) const;
};

// #ttg.slice / gluon SliceLayout
struct SliceAttr
{
    int32_t dim = 0;
    LayoutAttrPtr parent;
    bool operator==(const SliceAttr &o) const;
};

// #ttg.partitioned_shared / gluon PartitionedSharedLayout
struct PartitionedSharedAttr
{
    int32_t numPartitions = 2;
    int32_t numGroups = 1;
    int32_t partitionDim = 0;
    LayoutAttrPtr partitionLayout; // a shared layout (padded or swizzled)
    bool operator==(const PartitionedSharedAttr &o) const;
};

// Any layout attribute.
struct LayoutAttr
{
    using Variant = std::variant<BlockedAttr, AmdWmmaAttr, AmdMfmaAttr, DistributedLinearAttr,
                                 DotOperandAttr, SliceAttr, SwizzledSharedAttr, PaddedSharedAttr,
                                 SharedLinearAttr, PartitionedSharedAttr, NvidiaMmaAttr,
                                 NvmmaSharedAttr, TensorMemoryAttr, TensorMemoryScalesAttr>;
    Variant value;

    template <typename T> const T *as() const { return std::get_if<T>(&value); }
    bool isShared() const
    {
        return as<SwizzledSharedAttr>() || as<PaddedSharedAttr>() || as<SharedLinearAttr>() ||
               as<PartitionedSharedAttr>() || as<NvmmaSharedAttr>();
    }
    // Blackwell tensor memory: neither registers nor shared memory (in-dims row, col).
    bool isTensorMemory() const { return as<TensorMemoryAttr>() || as<TensorMemoryScalesAttr>(); }
    bool isDistributed() const { return !isShared() && !isTensorMemory(); }
    bool operator==(const LayoutAttr &o) const { return value == o.value; }
};

template <typename T> LayoutAttrPtr makeAttr(T value)
{
    return std::make_shared<const LayoutAttr>(LayoutAttr{LayoutAttr::Variant(std::move(value))});
}

inline bool deepEqual(const LayoutAttrPtr &a, const LayoutAttrPtr &b)
{
    if (!a || !b)
        return !a && !b;
    return *a == *b;
}
inline bool DotOperandAttr::operator==(const DotOperandAttr &o) const
{
    return opIdx == o.opIdx && kWidth == o.kWidth && deepEqual(parent, o.parent);
}
inline bool SliceAttr::operator==(const SliceAttr &o) const
{
    return dim == o.dim && deepEqual(parent, o.parent);
}
inline bool PartitionedSharedAttr::operator==(const PartitionedSharedAttr &o) const
{
    return numPartitions == o.numPartitions && numGroups == o.numGroups &&
           partitionDim == o.partitionDim && deepEqual(partitionLayout, o.partitionLayout);
}

} // namespace lx
