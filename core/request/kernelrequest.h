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

// "ops", "ldsBytesEndToEnd", "ldsBytesAllocated" (what Triton allocates), "cyclesPerCta" (summed
// over the ops), "worstOp" (the costliest op:
// its cycles per CTA, the text naming its line, the note why), "worstWays" (the highest n-way),
// and "instructions:NAME" per LDS instruction. A number read off a phase table the architecture
// file marks low-confidence is `extrapolated`, one from a measured rule `measured`, as in the
// bank view; the note names the table.
[[nodiscard]] std::vector<Figure> kernelFigures(const KernelReport &report);

// The provenance of an op's cycles and n-way (analysis/kernel.h cyclesProvenance): computed,
// extrapolated, fitted or measured.
[[nodiscard]] FigureSource kernelCyclesSource(const KernelOpReport &op);
// "from the phase table of ds_load_u16, confidence L (low: extrapolated): SOURCE", or empty for
// an exact table.
[[nodiscard]] std::string kernelCyclesProvenanceNote(const KernelOpReport &op);

// The provenance of an op's bank counts (maxWays, cycles) for messages such as check's: that of
// its cycles (kernelCyclesSource); `note` (when given) receives why when it is not computed.
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
// "compiler:vgprSpills", "compiler:sgprSpills", "compiler:scratchBytes",
// "compiler:ldsBytesLaunched" (the metadata's shared: what the kernel is launched with),
// "compiler:groupSegmentBytes", "compiler:unroll", and "compiler:agree" (1 or 0; its text lists the
// disagreements).
[[nodiscard]] std::vector<Figure> kernelFigures(const KernelAnswer &answer);

} // namespace lx
