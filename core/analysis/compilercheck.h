#pragma once

// The prediction of analysis/kernel.h beside the compiler's own answer: the LDS instruction mix
// of the final assembly (io/amdgcn.h), compared by one criterion — the one tests/core/tst_kernel
// holds every module of tests/data/kernels to (docs/kernel.md, "How it is checked"):
//
//   - the set of transposed-load kinds predicted over the module's local_loads equals the set in
//     the assembly;
//   - every read kind (local_load) and write kind (local_store, local_alloc with a value), its
//     distinct count summed over the ops, agrees as
//         compiler = straight-line + u x in-loop
//     where an op inside scf.for / scf.while is in the loop (the pipeliner has already written
//     the prologue and epilogue as straight-line ops) and u, the copies of the loop body LLVM
//     emitted, is ONE number for the kernel: derived from the totals over all kinds,
//     u = (total - straight) / in-loop, required whole and >= 1, then required of every kind.
//   - the assembly's merged and high-half forms count as their single accesses
//     (hw/ldsmnemonic.h); other ds_ instructions (permutes, atomics) are not compared.
//
// The LDS bytes are compared too: the metadata's `shared` against the sum of the module's
// allocations; the sum ignores liveness, so it may exceed what the compiler allocates (a note
// says so), and fewer bytes predicted than allocated is a disagreement.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lx {

struct CompilerKindRow
{
    std::string instruction; // the single access ("ds_read_b64")
    bool write = false;
    int64_t straight = 0;  // predicted, ops outside loops
    int64_t inLoop = 0;    // predicted, ops inside loops
    int64_t predicted = 0; // straight + unroll x inLoop
    int64_t compiler = 0;  // the assembly's, merged forms counted as their accesses
    bool agree = false;    // predicted == compiler (with u rounded down when it is not whole)
};

struct CompilerComparison
{
    std::vector<CompilerKindRow> kinds; // sorted by instruction
    int64_t unroll = 1;                 // u
    bool unrollWhole = true;            // u came out whole and >= 1
    std::set<std::string> predictedTransposed, compilerTransposed;
    bool transposedAgree = true;
    bool countsAgree = true;                 // unrollWhole and every kind agrees
    std::optional<int64_t> compilerLdsBytes; // the metadata's `shared`, when known
    int64_t predictedLdsBytes = 0;
    // What Triton's allocator places (KernelTotals::ldsBytesAllocated): equal to the metadata's
    // when the model of every buffer and its liveness holds.
    int64_t allocatedLdsBytes = 0;
    bool ldsAgree = true;
    std::vector<std::string> notes; // what each disagreement is, in words

    [[nodiscard]] bool agree() const { return transposedAgree && countsAgree && ldsAgree; }
    // Whether any LDS instruction the op lowers to is one the compiler disagrees on.
    [[nodiscard]] bool disagreesOn(const KernelOpReport &op) const;
};

// Whether `op` sits in an scf.for / scf.while region.
[[nodiscard]] bool isInLoop(const TtgirOp &op);

// `compilerDs`: mnemonic -> static count, as the assembly writes them. `compilerLdsBytes`: the
// metadata's `shared`, when there is one.
[[nodiscard]] CompilerComparison
compareWithCompiler(const TtgirModule &module, const KernelReport &report,
                    const std::map<std::string, int64_t> &compilerDs,
                    std::optional<int64_t> compilerLdsBytes = std::nullopt);

} // namespace lx
