#include "request/kernelrequest.h"

#include "hw/arch.h"

namespace lx {

Expected<KernelReport> resolveKernel(const TtgirModule &module, const std::string &arch)
{
    const std::string name = arch.empty() ? module.arch : arch;
    if (name.empty())
        return makeError("the module names no target (ttg.target) and no architecture was given "
                         "(--arch)");
    // Refused here, with its name, before any op is looked at.
    if (Expected<Architecture> a = loadArchitecture(name); !a)
        return makeError("architecture '" + name + "': " + a.message());
    return analyzeKernel(module, name);
}

std::vector<Figure> kernelFigures(const KernelReport &report)
{
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, int64_t v, std::string text,
                   std::string unit) {
        f.push_back(Figure{std::move(key),
                           std::move(label),
                           std::move(text),
                           double(v),
                           std::move(unit),
                           FigureSource::Computed,
                           {}});
    };
    add("ops", "Ops analysed", int64_t(report.ops.size()), std::to_string(report.ops.size()), {});
    add("ldsBytes", "LDS allocated", report.totals.ldsBytes, bytesText(report.totals.ldsBytes),
        "B");
    add("worstWays", "Worst bank conflict", report.totals.worstWays,
        std::to_string(report.totals.worstWays) + "-way", {});
    for (const auto &[instruction, count] : report.totals.instructions)
        add("instructions:" + instruction, instruction + " per thread", count,
            std::to_string(count), {});
    return f;
}

} // namespace lx
