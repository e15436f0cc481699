#include "request/viewfigures.h"
#include "base/intmath.h"

#include "analysis/ownership.h"
#include "layout/linearlayout.h"

#include <cctype>
#include <utility>

namespace lx {

namespace {

Figure viewFigure(std::string key, std::string label, std::string text,
                  std::optional<double> value = std::nullopt, std::string unit = {},
                  FigureSource source = FigureSource::Computed, std::string note = {})
{
    return Figure{std::move(key),  std::move(label), std::move(text), value,
                  std::move(unit), source,           std::move(note)};
}

std::string joined(const std::vector<std::string> &parts)
{
    std::string out;
    for (const std::string &p : parts)
        out += (out.empty() ? "" : ", ") + p;
    return out;
}

} // namespace

std::string simdPairName(int pair)
{
    return "SIMD pair " + intText(pair);
}

std::string bandwidthModelNote(const CuModel &cu)
{
    return "A model, not a measurement: cycles = fixed + bytes / rate, load by load; fixed = " +
           decimalText(cu.fixedCycles.value) +
           " cycles (fitted to the MI450 LDS blog's two measurements); rate = " +
           decimalText(cu.portBytesPerCycle.value) +
           " B/cycle on one port when two SIMD pairs reach a common partition in the load "
           "(same-cycle model), else one port per pair present, up to " +
           intText(cu.ports) + " ports";
}

std::vector<Figure> loadFigures(const LoadInstruction &load,
                                const std::vector<std::set<int>> &byPair, const CuModel &cu)
{
    std::vector<std::string> reached;
    for (size_t q = 0; q < byPair.size(); ++q)
        for (int part : byPair[q])
            reached.push_back("P" + intText(part) + " (" + simdPairName(int(q)) + ")");
    const std::string index = intText(load.index);
    std::vector<Figure> f;
    f.push_back(viewFigure("loadPartitions", "Partitions reached by load " + index,
                           reached.empty() ? "none" : joined(reached)));
    f.push_back(viewFigure(
        "loadConflict", "Partition conflict in load " + index,
        load.conflict ? "yes: both pairs reach P" + intText(*load.conflictPartitions.begin())
                      : "no",
        load.conflict ? 1.0 : 0.0, {}, FigureSource::Computed,
        "Same-cycle model: every warp issues load " + index + " in the same cycle"));
    f.push_back(viewFigure("loadPorts", "Ports load " + index + " can use",
                           intText(load.portsUsable) + " of " + intText(cu.ports),
                           double(load.portsUsable)));
    const double rate = cu.peakBytesPerCycle(load.portsUsable);
    f.push_back(viewFigure("loadRate", "Rate of load " + index + " (model)",
                           bytesPerCycleText(rate), rate, "B/cycle", FigureSource::Model,
                           bandwidthModelNote(cu)));
    return f;
}

Figure partitionBasesFigure(const std::vector<std::string> &feeding)
{
    return viewFigure("partitionBases", "Bases feeding partition",
                      feeding.empty() ? "none" : joined(feeding), std::nullopt, {},
                      FigureSource::Computed,
                      "The partition index is the XOR of these bases' partition components");
}

std::optional<MicrobenchMeasured> microbenchMeasured(const CuModel &cu, const MicrobenchSpec &spec)
{
    const LdsMeasurement *plain = nullptr, *partitioned = nullptr;
    for (const LdsMeasurement &m : cu.measurements) {
        if (m.warps != spec.numWarps || m.bytes != spec.totalBytes ||
            m.elementBits != spec.elemBits || m.loadBits != spec.loadBits)
            continue;
        if (m.layout == "plain")
            plain = &m;
        else if (m.layout == "partitioned")
            partitioned = &m;
    }
    if (!plain || !partitioned)
        return std::nullopt;
    return MicrobenchMeasured{plain->cycles, partitioned->cycles,
                              cu.arch + "'s measurements: " + plain->provenance.source};
}

std::vector<Figure> microbenchFigures(const MicrobenchRow &row, const CuModel &cu,
                                      const std::optional<MicrobenchMeasured> &measured)
{
    const BandwidthEstimate &b = row.bandwidth;
    std::string suffix = row.layout;
    if (!suffix.empty())
        suffix[0] = char(std::toupper(static_cast<unsigned char>(suffix[0])));
    const std::string model = bandwidthModelNote(cu);
    std::vector<Figure> f;
    f.push_back(viewFigure("ldsBytesAllocated" + suffix, suffix + ": LDS allocated",
                           bytesText(row.allocation.totalBytes), double(row.allocation.totalBytes),
                           "B"));
    f.push_back(viewFigure("conflicts" + suffix, suffix + ": loads with a partition conflict",
                           intText(row.access.conflictingLoads) + " of " +
                               intText(int64_t(row.access.loads.size())),
                           double(row.access.conflictingLoads)));
    f.push_back(viewFigure("bandwidthPeak" + suffix, suffix + ": peak bandwidth (model)",
                           bytesPerCycleText(b.peakBytesPerCycle), b.peakBytesPerCycle, "B/cycle",
                           FigureSource::Model, model));
    f.push_back(viewFigure("cyclesModel" + suffix, suffix + ": cycles (model)",
                           cyclesText(b.modelCycles), b.modelCycles, "cycles", FigureSource::Model,
                           model));
    f.push_back(viewFigure("bandwidthModel" + suffix, suffix + ": raw bandwidth (model)",
                           bytesPerCycleText(b.rawBytesPerCycle), b.rawBytesPerCycle, "B/cycle",
                           FigureSource::Model, model));
    f.push_back(viewFigure("bandwidthSteady" + suffix, suffix + ": steady bandwidth (model)",
                           bytesPerCycleText(b.steadyBytesPerCycle), b.steadyBytesPerCycle,
                           "B/cycle", FigureSource::Model, model));
    if (measured) {
        const double m = row.spec.partitioned ? measured->partitioned : measured->plain;
        f.push_back(viewFigure(
            "cyclesMeasured" + suffix, suffix + ": cycles (measured)", cyclesText(m), m, "cycles",
            FigureSource::Measured,
            (measured->source.empty() ? "The view's measured cycles" : measured->source) +
                "; the model's fixed cost is fitted to them"));
    }
    return f;
}

std::string speedupText(double speedup)
{
    return fixedText(speedup, 2) + "\u00d7";
}

std::vector<Figure> microbenchSpeedupFigures(double plainCycles, double partitionedCycles,
                                             const CuModel &cu,
                                             const std::optional<MicrobenchMeasured> &measured)
{
    std::vector<Figure> f;
    const double model = plainCycles / partitionedCycles;
    f.push_back(viewFigure("speedupModel", "Partitioned speedup (model)", speedupText(model), model,
                           {}, FigureSource::Model,
                           "Plain cycles / partitioned cycles; " + bandwidthModelNote(cu)));
    if (measured) {
        const double m = measured->plain / measured->partitioned;
        f.push_back(viewFigure("speedupMeasured", "Partitioned speedup (measured)", speedupText(m),
                               m, {}, FigureSource::Measured,
                               "Measured plain cycles / measured partitioned cycles" +
                                   (measured->source.empty() ? "" : "; " + measured->source)));
    }
    return f;
}

std::vector<Figure> operationResultFigures(const LinearLayout &result)
{
    return {viewFigure("resultRank", "Rank of the result", intText(result.rank()),
                       double(result.rank())),
            viewFigure("resultInjective", "Result injective", result.isInjective() ? "yes" : "no",
                       result.isInjective() ? 1.0 : 0.0),
            viewFigure("resultSurjective", "Result surjective",
                       result.isSurjective() ? "yes" : "no", result.isSurjective() ? 1.0 : 0.0)};
}

std::vector<Figure> ownershipFigures(const LinearLayout &layout, const OwnershipMap &map,
                                     const OwnershipCounts &counts)
{
    const int64_t cells = int64_t(map.rows()) * int64_t(map.columns());
    auto size = [&](const char *inDim) {
        return layout.hasInDim(inDim) ? int64_t(layout.inDimSize(inDim)) : int64_t(1);
    };
    std::vector<Figure> f;
    f.push_back(viewFigure("elements", "Elements drawn",
                           intText(map.rows()) + " \u00d7 " + intText(map.columns()) + " = " +
                               intText(cells),
                           double(cells)));
    f.push_back(viewFigure("owned", "Elements with an owner",
                           intText(cells - int64_t(counts.unowned)) + " of " + intText(cells),
                           double(cells - int64_t(counts.unowned))));
    f.push_back(viewFigure("maxOwners", "Owners per element (max)",
                           intText(int64_t(map.maxOwnerCount())), double(map.maxOwnerCount()), {},
                           FigureSource::Computed,
                           "More than one: the element is replicated (broadcast)"));
    if (!layout.hasInDim("offset")) {
        f.push_back(viewFigure("registers", "Registers per thread", intText(size("register")),
                               double(size("register"))));
        f.push_back(viewFigure("lanes", "Lanes", intText(size("lane")), double(size("lane"))));
        f.push_back(viewFigure("warps", "Warps", intText(size("warp")), double(size("warp"))));
    } else {
        f.push_back(
            viewFigure("offsets", "Offsets", intText(size("offset")), double(size("offset"))));
    }
    f.push_back(viewFigure("mixedColour", "Elements with mixed " + counts.colourKey,
                           intText(int64_t(counts.mixed)), double(counts.mixed), {},
                           FigureSource::Computed,
                           "Owners of the element differ in the colour key (outlined black)"));
    return f;
}

} // namespace lx
