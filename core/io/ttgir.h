#pragma once

// Reading a TTGIR module: the text Triton prints for a kernel after its TritonGPU passes
// (`triton.compile(...).asm["ttgir"]`, MLIR_ENABLE_DUMP=1, TRITON_KERNEL_DUMP=1, a .ttgir file).
//
//     #blocked = #ttg.blocked<{sizePerThread = [1, 8], ..., order = [1, 0]}>
//     #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//     #smem = #ttg.shared_memory
//     module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", ...} {
//       tt.func public @matmul(...) {
//         %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<...> loc(#loc3)
//         %acc = scf.for %k = %c0 to %n step %c1 iter_args(...) -> (...) {
//           %b = ttg.local_load %a : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<...>
//     ...
//     #loc3 = loc("a_smem"(#loc1))
//
// What is read: every alias line (layouts through the #ttg reader of ttgtext.h, the rest kept as
// text), the module attributes (target, warps, threads per warp, CTAs), and the operations that
// place data (ttg.local_alloc / local_load / local_store / convert_layout / memdesc_*,
// ttg.async_copy_global_to_local, tt.dot / load / store, amdgpu.*, amdg.* and ttng.*) with their
// line,
// SSA results and operands, the name in their `loc(...)` (a NameLoc, followed through #loc
// aliases), their tensor / memdesc types and the scf.for / scf.if / scf.while regions around
// them.
//
// How: one lexer (mlirlexer.h) and a reader that knows the *structure* of MLIR's printed form,
// not each op's grammar: an operation is its results, its name, then everything up to the end
// of its line at bracket depth 0, where a '{' that ends a line opens a region of operations and
// `}` closes it. Ops it does not need are skipped by that structure, never refused. Text it
// cannot read (an unclosed bracket, a stray '}', an undefined alias in a type, a character
// MLIR does not have) is an Error "LINE:COLUMN: message". A layout alias whose attribute the
// #ttg reader refuses is kept with the reason (`TtgirAlias::error`); types using it carry no
// layout, and the analysis says why. Limits: 32 MiB of text, 256 nested brackets or regions.
//
// `#ttg.amd_rotating_shared` is read as a swizzled_shared with the same vec / perPhase /
// maxPhase / order (its per-block rotation of the phase is not modelled), and says so in
// TtgirAlias::note.

#include "base/expected.h"
#include "layout/attrs.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace lx {

// tensor<128x64xf16, #enc> or !ttg.memdesc<2x128x64xf16, #shared, #smem, mutable[, 1x128x64]>.
struct TtgirType
{
    enum class Kind
    {
        Tensor,
        MemDesc
    };
    Kind kind = Kind::Tensor;
    std::vector<int32_t> shape;
    std::string elementType;         // as printed: f16, bf16, f8E4M3FN, i32, !tt.ptr<f16>
    std::string encodingText;        // "#blocked", or the inline attribute text
    LayoutAttrPtr encoding;          // null when there is none or it could not be read
    std::string encodingError;       // why `encoding` is null although encodingText is not empty
    std::string memorySpace;         // MemDesc: "#smem"
    bool isMutable = false;          // MemDesc
    std::vector<int32_t> allocShape; // MemDesc: the allocation's shape when printed
    std::string text;                // the type as printed

    [[nodiscard]] bool isTensor() const { return kind == Kind::Tensor; }
    [[nodiscard]] bool isMemDesc() const { return kind == Kind::MemDesc; }
};

// One region around an op: "scf.for" with the line it starts on and its first result.
struct TtgirRegion
{
    std::string op;
    int line = 0;
    std::string result;
};

struct TtgirOp
{
    int line = 0;
    int column = 0;
    std::string name;                  // "ttg.local_load"
    std::vector<std::string> results;  // "%b"
    std::vector<std::string> operands; // SSA operands in order
    std::vector<TtgirType> types;      // every tensor / memdesc type after the op's ':'
    int arrowIndex = -1;               // types[arrowIndex...] follow the '->'; -1 without one
    std::string locName;               // name of its NameLoc, "" without one
    std::vector<TtgirRegion> regions;  // enclosing regions, outermost first (tt.func excluded)
    std::string text;                  // the op's first line as printed, trimmed
};

struct TtgirAlias
{
    std::string name; // without '#'
    std::string text; // the value as printed
    int line = 0;
    LayoutAttrPtr attr; // a layout the #ttg reader accepted
    std::string error;  // for a #ttg layout it refused: why
    std::string note;   // a reading with a caveat (amd_rotating_shared)
};

struct TtgirModule
{
    std::string target; // "hip:gfx950"
    std::string arch;   // "gfx950", "sm90" (the target without "hip:"; "cuda:90" reads "sm90")
    int numWarps = 0;
    int threadsPerWarp = 0;
    int numCtas = 1;
    int maxRegisters = 0;            // ttg.maxnreg: the registers a thread may use (0: not set)
    std::vector<TtgirAlias> aliases; // in the order of the text
    std::vector<TtgirOp> ops;        // the data-placing ops, in the order of the text
    // The ops that compute pointers and offsets (isTtgirAddressOp), in the order of the text,
    // without regions or loc names: where a loaded value's addresses come from.
    std::vector<TtgirOp> addressOps;
    int lines = 0;

    // The layout aliases only (attr != null or error not empty).
    [[nodiscard]] std::vector<const TtgirAlias *> layoutAliases() const;
    [[nodiscard]] const TtgirAlias *alias(std::string_view name) const;
    // `text` (an op's encoding, e.g. "#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>" or
    // "#blocked1") preceded by the definition lines, in module order, of every alias it refers
    // to directly or through another alias: text that reads on its own, with the module's names.
    [[nodiscard]] std::string selfContained(std::string_view text) const;
};

inline constexpr size_t kMaxTtgirBytes = size_t(32) << 20;

[[nodiscard]] Expected<TtgirModule> parseTtgir(std::string_view text);

// True for the op names the reader records (see above).
[[nodiscard]] bool isTtgirDataOp(std::string_view name);
// True for the address arithmetic the reader keeps in TtgirModule::addressOps.
[[nodiscard]] bool isTtgirAddressOp(std::string_view name);

} // namespace lx
