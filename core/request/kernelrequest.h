#pragma once

// `analyze kernel` and the window's kernel dock through the request layer: one policy for the
// architecture of a TTGIR module (the one asked for, else the module's ttg.target; a module
// without a target and no architecture asked for is refused, an unknown architecture is refused
// naming it) and the kernel's totals as figures, so the two faces report the same numbers.

#include "analysis/compilercheck.h"
#include "analysis/kernel.h"
#include "base/expected.h"
#include "io/amdgcn.h"
#include "io/tritoncache.h"
#include "io/ttgir.h"
#include "request/figures.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

// `arch`: the architecture asked for (empty: the module's own target).
[[nodiscard]] Expected<KernelReport> resolveKernel(const TtgirModule &module,
                                                   const std::string &arch = {});

// "ops", "ldsBytes", "worstWays" (with the provenance of the worst op's count), and
// "instructions:NAME" per LDS instruction.
[[nodiscard]] std::vector<Figure> kernelFigures(const KernelReport &report);

// The provenance of an op's bank counts (maxWays, cycles), which are read off the phase table
// of its instruction in the report's architecture file: extrapolated where the file marks that
// table low-confidence, else computed. `note` (when given) receives why, for messages.
[[nodiscard]] FigureSource opBankSource(const KernelReport &report, const KernelOpReport &op,
                                        std::string *note = nullptr);

// A compiled kernel (io/tritoncache.h: a cache folder, a dump folder, a module with --asm) with
// the prediction and, when its assembly is there, the compiler's own answer beside it.
struct KernelAnswer
{
    KernelFiles files;
    TtgirModule module;
    KernelReport report;
    std::optional<AmdgcnKernel> assembly;
    std::optional<TritonMetadata> metadata;
    std::optional<CompilerComparison> compiler; // when the assembly is there
};

// Reads and analyses one kernel the way resolveKernel does (the same architecture policy) and
// compares it with its assembly (analysis/compilercheck.h). Errors name the file: unreadable
// module, assembly or metadata, an incomplete folder.
[[nodiscard]] Expected<KernelAnswer> resolveCompiledKernel(const KernelFiles &files,
                                                           const std::string &arch = {});

// kernelFigures, then, when the assembly is there, the compiler's (provenance "compiler"):
// "compiler:instructions:NAME" per ds_ mnemonic as written, "compiler:vgprs", "compiler:agprs",
// "compiler:vgprSpills", "compiler:sgprSpills", "compiler:scratchBytes", "compiler:ldsBytes"
// (the metadata's shared), "compiler:groupSegmentBytes", "compiler:unroll", and
// "compiler:agree" (1 or 0; its text lists the disagreements).
[[nodiscard]] std::vector<Figure> kernelFigures(const KernelAnswer &answer);

} // namespace lx
