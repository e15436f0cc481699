// Fuzzes the TTGIR module reader and the kernel analysis behind it: any text gives a module or
// an error (never a crash, a hang or a stack overflow); a module that is read can be analysed
// for its own target and for gfx1250, and every op's report says what it could not analyse.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    lx::Expected<lx::TtgirModule> module = lx::parseTtgir(text);
    if (!module) {
        if (module.message().empty())
            std::abort(); // an error always says why
        return 0;
    }
    for (const lx::TtgirOp &op : module->ops)
        if (op.arrowIndex > int(op.types.size()) || op.line <= 0)
            std::abort();
    for (const char *arch : {"", "gfx1250"}) {
        lx::Expected<lx::KernelReport> report = lx::analyzeKernel(*module, arch);
        if (report && report->ops.size() != module->ops.size())
            std::abort(); // one report per op
    }
    return 0;
}
