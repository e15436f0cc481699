#pragma once

// "Suggest for this op" on a TTGIR module: the shared layout to put back into the kernel for one
// op's buffer, judged on every op of the module that uses that layout, not on the op alone.
//
// A shared encoding (an alias such as `#shared`, or an attribute written inline) is usually
// written by one op (local_alloc with a value, local_store, a TDM copy) and read by another
// (local_load into a dot operand): a layout that makes the store conflict-free can cost the load
// its transposed instruction. So:
//   1. the users of the op's shared encoding are found by its text, in module order;
//   2. the shared-layout search (analysis/suggest.h) runs with the first reader's destination as
//      the read, the first register-fed writer's source as the write, Triton's pick for a dot
//      operand, and only TDM-writable layouts where a TDM copy writes the buffer; on NVIDIA
//      NVMMA and swizzled candidates (analysis/suggestnvidia.h), NVMMA only where TMA writes
//      the buffer or a tensor-core op reads it through a descriptor;
//   3. each candidate (the Pareto front first, then Triton's pick and the rest, at most
//      `maxCandidates`) is put in place of the encoding and the whole module analysed again
//      (analysis/kernel.h, the same analysis `analyze kernel` and the Kernel dock show);
//   4. the pick: no op of the encoding left with a problem, then the worst bank conflict over
//      those ops, then their accesses with a partition conflict, their LDS cycles summed, the
//      LDS bytes, and last the simpler family (swizzled, padded, XOR, partitioned); it is offered
//      only when it beats the module as written on that order (the family aside). On NVIDIA:
//      no problem, then the fewest ld/st.shared ops that miss their matrix instruction
//      (ldmatrix / stmatrix), the fewest wavefronts of the CTA summed, the fewest instructions
//      per thread, the worst conflict, the bytes, the simpler family (NVMMA and swizzled first).
// A convert_layout through shared memory has no layout in the module to change (the compiler
// picks its scratch): it is refused with that reason.
// `analyze kernel` of the module with the alias line replaced gives exactly `after`.

#include "analysis/kernel.h"
#include "analysis/suggest.h"
#include "base/expected.h"
#include "io/ttgir.h"

#include <string>
#include <vector>

namespace lx {

struct KernelSuggestOptions
{
    std::string arch;        // as resolveKernel takes it: empty for the module's own target
    int maxCandidates = 32;  // candidates analysed in the module
    int64_t maxLdsBytes = 0; // search bound; 0 = the architecture's capacity
};

struct KernelSuggestion
{
    int line = 0;         // the op asked about
    std::string encoding; // its shared encoding as the module writes it ("#shared" or inline)
    std::string alias;    // "shared" when the encoding is an alias, else empty
    SharedCandidate candidate;
    std::string ttgLine; // "#shared = #ttg...." for an alias, else the attribute to write inline
    std::string gluon;   // the Gluon constructor
    // The ops of the module that use the encoding, in module order: as written and with the
    // suggestion in place (same length, same order).
    std::vector<KernelOpReport> before;
    std::vector<KernelOpReport> after;
    int analysed = 0;   // candidates analysed in the module
    std::string reason; // why the layout as written stays, when `improves` is false
    bool improves = false;
};

[[nodiscard]] Expected<KernelSuggestion>
suggestForKernelOp(const TtgirModule &module, int line, const KernelSuggestOptions &options = {});

// The module text with a suggestion written in, what `analyze kernel` of the patched file reads:
// for an alias (`alias` without '#'), its definition `#alias = ...` (the lines up to where its
// brackets close) replaced by `replacement` (the whole alias line, KernelSuggestion::ttgLine);
// for an encoding written inline, each occurrence of `encoding` replaced by `replacement` (the
// attribute). An error names what was not found.
[[nodiscard]] Expected<std::string>
patchModuleText(const std::string &text, const TtgirModule &module, const std::string &encoding,
                const std::string &alias, const std::string &replacement);

// One op's access in a line of text: "ds_store_b16 x 32, 8-way, 256 cycles", or its problem.
[[nodiscard]] std::string kernelAccessText(const KernelOpReport &op);

} // namespace lx
