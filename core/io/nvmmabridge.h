#pragma once

// The swizzle and descriptor bridge of an NVIDIA shared layout: one 2-D shared layout (its F2
// bases, offset -> (dim0, dim1)) read as every form the NVIDIA tools name it by.
//
//   NVMMA attribute   the #ttg.nvmma_shared (Gluon NVMMASharedLayout) whose layout over the same
//                     shape is exactly this one (layout/builders.h, Triton's
//                     nvmmaSharedToLinearLayout), tried for every swizzle width and both
//                     contiguous dims; "canonical" means one matches. Otherwise the first offset
//                     basis that differs from the closest one is named, with what it would be.
//   CuTe              Sw<B,M,3> o 0 o layout in elements (CUTLASS include/cute/swizzle.hpp; the
//                     byte form is Sw<B,4,3>): B = log2(swizzle / 16) bits of the row XOR the
//                     16-byte chunk (M = log2(16 / element bytes) elements), the layout one TMA
//                     box of (rows, swizzle / element bytes) after another along the contiguous
//                     dim. 128 B over 16-bit elements is CUTLASS's Layout_K_SW128_Atom,
//                     Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1).
//   TMA               the CUtensorMapSwizzle mode (CU_TENSOR_MAP_SWIZZLE_NONE/32B/64B/128B) and
//                     the box (rows, contiguous elements) Triton's getTMABlockShape gives.
//   wgmma descriptor  the PTX ISA's shared-memory matrix descriptor (Asynchronous Warpgroup
//                     Level Matrix Shared Memory Layout, "Matrix Descriptor Format"): layout type
//                     (sm90 encoding: 0 interleave = no swizzle, 1 = 128B, 2 = 64B, 3 = 32B),
//                     leading and stride byte offsets (the fields hold them >> 4). Read off the
//                     layout, in bytes, as CUTLASS's canonical GMMA layouts define them
//                     (include/cute/atom/mma_traits_sm90_gmma.hpp, make_gmma_desc):
//                       K-major, no swizzle   LBO = the next 8x16-byte core matrix along K,
//                                             SBO = the next 8 rows (M or N);
//                       K-major, swizzled     SBO = the next 8 rows; LBO unused (1 by convention);
//                     a field whose step leaves the tile (one swizzle span covers the dim) is
//                     unused as well.
//                       MN-major, no swizzle  LBO = the next 8 along K, SBO = the next 16 bytes
//                                             along M or N;
//                       MN-major, swizzled    LBO = the next swizzle span along M or N, SBO = the
//                                             next 8 along K.
//                     The operand decides K- or MN-major: A is M x K (dim1 = K), B is K x N
//                     (dim0 = K); both readings are given.

#include "base/expected.h"
#include "layout/attrs.h"
#include "layout/linearlayout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace lx {

struct WgmmaDescriptor
{
    std::string operand;    // "A (M x K)" or "B (K x N)"
    std::string major;      // "K" or "MN"
    int layoutType = 0;     // sm90 encoding of bits 62-63
    std::string layoutName; // "SWIZZLE_128B", "INTERLEAVE"
    int64_t lboBytes = 0, sboBytes = 0;
    bool lboUsed = true;
    // Why no descriptor describes the tile (without a swizzle a core matrix's 8 rows of 16 bytes
    // must follow one another); empty when one does.
    std::string problem;
    [[nodiscard]] int64_t lboField() const { return lboUsed ? lboBytes >> 4 : 1; }
    [[nodiscard]] int64_t sboField() const { return sboBytes >> 4; }
};

struct NvSharedBridge
{
    int elementBits = 16;
    std::vector<int32_t> shape; // dim0, dim1
    bool canonical = false;
    std::string whyNot;          // the offset basis that breaks it, and what NVMMA needs there
    NvmmaSharedAttr nvmma;       // the matching (or closest) attribute
    std::string nvmmaText;       // #ttg.nvmma_shared<{...}>
    std::string gluon;           // NVMMASharedLayout(...)
    std::string cute;            // Sw<B,M,3> o 0 o layout, elements
    std::string cuteBytes;       // the same in bytes
    std::string tmaSwizzle;      // CU_TENSOR_MAP_SWIZZLE_128B
    std::vector<int32_t> tmaBox; // dim0, dim1 of one TMA box
    std::vector<WgmmaDescriptor> descriptors; // as A and as B (canonical layouts only)
};

// Requires: `shared` maps offset (and optionally a block of size 1) to dim0, dim1 of a 2-D tile
// of `elementBits`-bit elements (8, 16, 32 or 64).
[[nodiscard]] Expected<NvSharedBridge> nvSharedBridge(const LinearLayout &shared, int elementBits);

// The bridge as text, one form a line (what `convert --to descriptor` prints); a layout that is
// not canonical gets the NVMMA line and the basis that breaks it.
[[nodiscard]] std::string bridgeText(const NvSharedBridge &b);
// One descriptor in words: "K-major, layout type 1 (SWIZZLE_128B), LBO unused (1), SBO 1024 B
// (field 64)".
[[nodiscard]] std::string descriptorText(const WgmmaDescriptor &d);

} // namespace lx
