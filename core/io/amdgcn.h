#pragma once

// What the compiler's final assembly says about a kernel: the AMDGCN text Triton writes as
// NAME.amdgcn (the `.s` LLVM's AMDGPU backend prints). Read, not assembled:
//   - the LDS instruction mix: every instruction line whose mnemonic starts with `ds_`, counted
//     per mnemonic as it is written (static counts: a loop body counts once per copy LLVM left);
//   - the resources from the kernel's metadata (the `amdhsa.kernels` YAML at the end):
//     `.vgpr_count` (VGPRs and AGPRs together, as the hardware allocates them),
//     `.vgpr_spill_count`, `.sgpr_count`, `.sgpr_spill_count`, `.group_segment_fixed_size`
//     (the LDS bytes the kernel declares statically: 0 for Triton, which asks for its shared
//     memory at launch), `.private_segment_fixed_size` (scratch bytes per lane), `.wavefront_size`
//     and `.symbol` (NAME.kd, one per kernel); from the comment block after the code, `; NumVgprs`,
//     `; NumAgprs` and
//     `; Occupancy` (waves per SIMD);
//   - the target: `.amdgcn_target "amdgcn-amd-amdhsa--gfx950"` -> "gfx950" (features after
//     ':' dropped).
// A value the text does not state stays unset. Text without an `.amdgcn_target` and without
// any instruction is refused as not AMDGCN; a NUL byte is refused as binary (a code object is
// not its assembly). Limit: kMaxAmdgcnBytes.

#include "base/expected.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace lx {

// The largest assembly read (Triton's largest in tests/data is ~650 KiB).
inline constexpr int64_t kMaxAmdgcnBytes = int64_t(64) << 20;

struct AmdgcnKernel
{
    std::string name;                  // the metadata's first .symbol without ".kd" ("matmul")
    std::string target;                // "gfx950"
    std::map<std::string, int64_t> ds; // mnemonic -> static count ("ds_read_b128" -> 16)
    int64_t instructions = 0;          // every instruction line, for scale
    std::optional<int64_t> vgprs;      // .vgpr_count: architectural + accumulation VGPRs
    std::optional<int64_t> archVgprs;  // ; NumVgprs
    std::optional<int64_t> agprs;      // ; NumAgprs (absent where the target has none)
    std::optional<int64_t> vgprSpills; // .vgpr_spill_count
    std::optional<int64_t> sgprs;      // .sgpr_count
    std::optional<int64_t> sgprSpills; // .sgpr_spill_count
    std::optional<int64_t> groupSegmentBytes; // .group_segment_fixed_size (static LDS)
    std::optional<int64_t> scratchBytes;      // .private_segment_fixed_size
    std::optional<int64_t> occupancy;         // ; Occupancy
    std::optional<int64_t> wavefrontSize;     // .wavefront_size
    int kernels = 0; // kernels described in the metadata (Triton writes one)
};

[[nodiscard]] Expected<AmdgcnKernel> parseAmdgcn(std::string_view text);

} // namespace lx
