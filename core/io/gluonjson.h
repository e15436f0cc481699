#pragma once

// Gluon layouts as JSON objects: {"kind": <Gluon class name>, <its constructor's keyword
// arguments>}, a `parent` / `partition_layout` nested the same way. This is the form of the
// conformance cases (tests/data/conformance/README.md, op toLinear) and of a scene's Gluon text
// once parsed.
//
// Kinds and keywords (defaults in parentheses):
//   BlockedLayout        size_per_thread, threads_per_warp, warps_per_cta, order, cga_layout ([])
//   SliceLayout          dim, parent
//   DistributedLinearLayout  reg_bases, lane_bases, warp_bases, block_bases, shape
//   DotOperandLayout     operand_index, parent, k_width
//   AMDMFMALayout        version, instr_shape, transposed, warps_per_cta, element_bitwidth (32),
//                        tiles_per_warp ([1, ...]), cga_layout ([])
//   AMDWMMALayout        version, transposed, then either the Triton 3.6 form warps_per_cta,
//                        instr_shape ([16,16,16]), tiles_per_warp ([1, ...]) or the ctaLayout form
//                        warp_bases, reg_bases ([]), instr_shape ([16,16,16]), rank; cga_layout
//                        ([])
//   SwizzledSharedLayout vec, per_phase, max_phase, order, cga_layout ([])
//   PaddedSharedLayout   interval_padding_pairs, then offset_bases, cga_layout ([]), shape, or the
//                        with_identity_for form shape, order, cga_layout ([])
//   SharedLinearLayout   offset_bases, block_bases ([]), alignment (16)
//   PartitionedSharedLayout  num_partitions, num_groups, partition_dim, partition_layout
//   NVMMADistributedLayout   version ([major, minor]), warps_per_cta, instr_shape, cga_layout ([])
//   NVMMASharedLayout    swizzle_byte_width, element_bitwidth, rank (2), transposed (false),
//                        fp4_padded (false), cga_layout ([])
// A missing required key, a key of the wrong type, or an unknown key gives an Error naming the
// kind and the key; nothing throws.

#include "base/expected.h"
#include "layout/attrs.h"

#include <nlohmann/json_fwd.hpp>

namespace lx {

[[nodiscard]] Expected<LayoutAttrPtr> attrFromGluonJson(const nlohmann::json &j);
// The inverse of attrFromGluonJson (the WMMA form printed is the one the attribute holds).
[[nodiscard]] nlohmann::json attrToGluonJson(const LayoutAttr &attr);

} // namespace lx
