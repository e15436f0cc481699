#pragma once

// What an LDS mnemonic of AMDGCN assembly is, for comparing the compiler's instruction mix with
// the per-op prediction (analysis/compilercheck.h). The assembly names some accesses that the
// prediction counts separately:
//   - the backend merges two single-address accesses into one dual-address instruction:
//     ds_read2_b64 / ds_read2st64_b64 (gfx9), ds_load_2addr_b64 / ds_load_2addr_stride64_b64
//     (gfx12), ds_write2_* / ds_write2st64_* / ds_store_2addr_* / ds_store_2addr_stride64_*;
//     each counts as two of the single access of the same width;
//   - a *_d16_hi store writes the high half of a packed register: the plain store of its width.
// Transposed loads are the mnemonics with "_tr" (ds_read_b64_tr_b16, ds_load_tr16_b128, ...).
// An atomic add on LDS (ds_add_u32, a histogram's counters) is a write of its own name. Anything
// else of the ds_ family (ds_bpermute_b32, ds_swizzle_b32, other atomics) is Other and not
// compared.

#include <string>
#include <string_view>

namespace lx {

struct LdsMnemonic
{
    enum class Kind
    {
        Read,
        Write,
        Other
    };
    std::string single; // the single-address access it stands for ("ds_read_b64")
    int accesses = 0;   // how many of `single` it counts as (2 for a merged pair; 0 for Other)
    Kind kind = Kind::Other;
    bool transposed = false;
};

[[nodiscard]] LdsMnemonic classifyLdsMnemonic(std::string_view mnemonic);

// Whether an instruction name (assembly or architecture file) is a transposed load.
[[nodiscard]] bool isTransposedLoadName(std::string_view name);

} // namespace lx
