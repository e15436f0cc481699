#pragma once

// Two per-thread quantities of a module's layout choices (docs/kernel.md, "Registers and the DS
// counter"), beside what the compiler reports:
//
//  - the registers each tensor asks for: the elements one thread holds under the op's result
//    layout (its register bases, replicas included) times the element bits, in 32-bit VGPRs.
//    A model of what the layout choice costs, not an allocator: the compiler may hold part of a
//    tensor at a time (it splits live ranges around the ops that consume it) and holds many
//    tensors at once, so the figure is neither a bound of the VGPRs it allocates nor of spills;
//    it says which tensor a layout change makes bigger (the MI450 LDS blog's attention kernel:
//    1024 ds_load_u16 instead of 128 ds_load_tr16_b128 raised the VGPRs from 308 to 512);
//  - the LDS instructions per thread of the op with the most, against the DS counter's limit
//    (request/dscounter.h).

#include "analysis/kernel.h"
#include "request/figures.h"
#include "request/viewrequest.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace lx {

struct TensorRegisters
{
    int opIndex = 0; // into KernelReport::ops
    int64_t elements = 0;
    int64_t vgprs = 0;
};

// How the register figures are computed, and what they are not (the figures' and JSON's note).
extern const char *const kTensorRegistersNote;

// The op's result tensor per thread, when its destination is a distributed layout it can build
// over the op's shape; nullopt otherwise (a shared buffer, an unreadable layout, a store, which
// has no result).
[[nodiscard]] std::optional<TensorRegisters> tensorRegisters(const KernelOpReport &op, int opIndex);

// An op's "registers" in `analyze kernel --json`: {elements, vgprs, elementBits, layout,
// provenance "model"} of its result tensor per thread, or null where it has none.
[[nodiscard]] nlohmann::json opRegistersJson(const KernelOpReport &op);

// "registersBesideCompiler" (model): the largest tensor's VGPRs against the VGPRs (and spills)
// the compiler allocated, its value the share; nothing without the compiler's count or a tensor.
[[nodiscard]] std::optional<Figure>
registersBesideCompilerFigure(const KernelReport &report, std::optional<int64_t> compilerVgprs,
                              std::optional<int64_t> compilerSpills);

// "registersLargestTensor" (model) and, where the architecture file states a limit,
// "dsCounterLimit" and "dsCounterWorst" (model).
[[nodiscard]] std::vector<Figure> kernelPressureFigures(const KernelReport &report);

// A view's option "measured": {"vgprsTransposed": n, "vgprsFallback": n, "spillsFallback": n,
// "source": text} (each count optional, the source required): the VGPRs and spills a compiler
// reported for a kernel with and without the transposed load, quoted with provenance measured
// ("vgprsMeasuredTransposed", "vgprsMeasuredFallback", "spillsMeasuredFallback"). Nothing
// without the option; an error naming the field for a malformed one.
[[nodiscard]] Expected<std::vector<Figure>> measuredRegisterFigures(const ViewRequest &request);

} // namespace lx
