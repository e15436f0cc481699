// The LDS microbenchmark table (ldsdiagram.h buildMicrobenchTableView): the plain and the
// partitioned layout under the bandwidth model, beside measured cycles when the view gives them.

#include "render/ldsdiagram.h"
#include "render/ldsdiagraminternal.h"

#include "analysis/bandwidth.h"
#include "hw/dtype.h"
#include "request/viewrequest.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace lx {

using namespace ldsdiagraminternal;

namespace {

// Measured cycles to show beside the model (plain, partitioned), e.g. the AMD blog's MI450 LDS
// microbenchmark: {"plain": 323, "partitioned": 196, "source": "..."}.
using MeasuredCycles = std::optional<std::pair<double, double>>;

// The view's "measured" option into measured and measuredSource (unset without the option).
Expected<bool> readMeasured(const ViewRequest &request, MeasuredCycles &measured,
                            QString &measuredSource)
{
    if (!request.hasOption("measured", OptionUse::Object))
        return true;
    const nlohmann::json &m = request.options.at("measured");
    if (!m.is_object() || !m.contains("plain") || !m.contains("partitioned") ||
        !m.at("plain").is_number() || !m.at("partitioned").is_number() ||
        m.at("plain").get<double>() <= 0 || m.at("partitioned").get<double>() <= 0 ||
        (m.contains("source") && !m.at("source").is_string()))
        return makeError("view 'microbench-table': option 'measured' must be "
                         "{\"plain\": cycles, \"partitioned\": cycles, \"source\": text} "
                         "with positive cycle counts");
    measured = std::make_pair(m.at("plain").get<double>(), m.at("partitioned").get<double>());
    measuredSource = QString::fromStdString(m.value("source", std::string()));
    return true;
}

// Without the option: the architecture file's measurements of this very microbenchmark (its
// cu.measurements, the one place measured cycles are written), when it has both layouts.
void measuredFromArch(const CuModel &cu, int warps, int64_t bytes, const std::string &dtype,
                      int loadBits, MeasuredCycles &measured, QString &measuredSource)
{
    const Expected<int> bits = dtypeBits(dtype);
    const LdsMeasurement *plain = nullptr, *partitioned = nullptr;
    for (const LdsMeasurement &m : cu.measurements) {
        if (!bits || m.warps != warps || m.bytes != bytes || m.elementBits != *bits ||
            m.loadBits != loadBits)
            continue;
        if (m.layout == "plain")
            plain = &m;
        else if (m.layout == "partitioned")
            partitioned = &m;
    }
    if (!plain || !partitioned)
        return;
    measured = std::make_pair(plain->cycles, partitioned->cycles);
    measuredSource = u"%1's measurements: %2"_s.arg(
        QString::fromStdString(cu.arch), QString::fromStdString(plain->provenance.source));
}

// The table row of one layout (plain or partitioned), green without a conflict, red with one.
void addMicrobenchRow(DiagramTable &t, const MicrobenchRow &row, bool partitioned,
                      const MeasuredCycles &measured)
{
    const BandwidthEstimate &b = row.bandwidth;
    t.rows.push_back({QString::fromStdString(row.layout), QString::number(b.modelCycles, 'f', 1),
                      kib(row.allocation.totalBytes), QString::number(b.rawBytesPerCycle, 'f', 1),
                      QString::number(b.steadyBytesPerCycle, 'f', 1),
                      QString::number(b.peakBytesPerCycle, 'f', 0),
                      u"%1 / %2"_s.arg(row.access.conflictingLoads).arg(row.access.loads.size())});
    if (measured)
        t.rows.back().insert(
            2, QString::number(partitioned ? measured->second : measured->first, 'f', 0));
    t.fills.push_back(std::vector<QRgb>(size_t(t.header.size()), row.access.conflictingLoads
                                                                     ? qRgb(250, 215, 215)
                                                                     : qRgb(215, 240, 215)));
}

// The figures of one layout: LDS, conflicts, bandwidths and cycles (model), measured cycles.
void addMicrobenchFigures(Diagram &d, const MicrobenchRow &row, const CuModel &cu, bool partitioned,
                          const MeasuredCycles &measured, const QString &measuredSource)
{
    const BandwidthEstimate &b = row.bandwidth;
    const QString layout = QString::fromStdString(row.layout);
    const QString suffix = layout.left(1).toUpper() + layout.mid(1);
    const QString model = modelText(cu);
    const QString computed = u"computed"_s, modelled = u"model"_s;
    d.addFigure(u"ldsBytesAllocated"_s + suffix, u"%1: LDS allocated"_s.arg(suffix),
                bytesQ(row.allocation.totalBytes), {}, double(row.allocation.totalBytes), u"B"_s,
                computed);
    d.addFigure(u"conflicts"_s + suffix, u"%1: loads with a partition conflict"_s.arg(suffix),
                u"%1 of %2"_s.arg(row.access.conflictingLoads).arg(row.access.loads.size()), {},
                double(row.access.conflictingLoads), {}, computed);
    d.addFigure(u"bandwidthPeak"_s + suffix, u"%1: peak bandwidth (model)"_s.arg(suffix),
                rateText(b.peakBytesPerCycle), model, b.peakBytesPerCycle, u"B/cycle"_s, modelled);
    d.addFigure(u"cyclesModel"_s + suffix, u"%1: cycles (model)"_s.arg(suffix),
                cyclesText(b.modelCycles), model, b.modelCycles, u"cycles"_s, modelled);
    d.addFigure(u"bandwidthModel"_s + suffix, u"%1: raw bandwidth (model)"_s.arg(suffix),
                rateText(b.rawBytesPerCycle), model, b.rawBytesPerCycle, u"B/cycle"_s, modelled);
    d.addFigure(u"bandwidthSteady"_s + suffix, u"%1: steady bandwidth (model)"_s.arg(suffix),
                rateText(b.steadyBytesPerCycle), model, b.steadyBytesPerCycle, u"B/cycle"_s,
                modelled);
    if (measured) {
        const double m = partitioned ? measured->second : measured->first;
        d.addFigure(u"cyclesMeasured"_s + suffix, u"%1: cycles (measured)"_s.arg(suffix),
                    cyclesText(m),
                    measuredSource.isEmpty()
                        ? u"The view's measured cycles; the model's fixed cost is fitted to "
                          u"them"_s
                        : measuredSource + u"; the model's fixed cost is fitted to them"_s,
                    m, u"cycles"_s, u"measured"_s);
    }
}

// The partitioned layout's speedup (plain cycles / partitioned cycles), modelled and measured:
// figures and a table.
void addMicrobenchSpeedup(Diagram &d, const std::vector<double> &cycles, const CuModel &cu,
                          const MeasuredCycles &measured, const QString &measuredSource)
{
    const QString model = u"%1\u00d7"_s.arg(QString::number(cycles[0] / cycles[1], 'f', 2));
    d.addFigure(u"speedupModel"_s, u"Partitioned speedup (model)"_s, model,
                u"Plain cycles / partitioned cycles; "_s + modelText(cu), cycles[0] / cycles[1], {},
                u"model"_s);
    DiagramTable speedup;
    speedup.title = u"Speedup of the partitioned layout (plain cycles / partitioned cycles)"_s;
    speedup.header = {u""_s, u"speedup"_s};
    speedup.rows.push_back({u"model"_s, model});
    if (measured) {
        const QString m =
            u"%1\u00d7"_s.arg(QString::number(measured->first / measured->second, 'f', 2));
        speedup.rows.push_back({u"measured"_s, m});
        d.addFigure(u"speedupMeasured"_s, u"Partitioned speedup (measured)"_s, m,
                    u"Measured plain cycles / measured partitioned cycles"_s +
                        (measuredSource.isEmpty() ? QString() : u"; "_s + measuredSource),
                    measured->first / measured->second, {}, u"measured"_s);
    }
    d.tables.push_back(std::move(speedup));
}

} // namespace

Expected<Diagram> buildMicrobenchTableView(const ViewRequest &request)
{
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
    auto warps = request.intOption("warps", 4);
    auto bytes = request.intOption("bytes", 64 * 1024);
    auto dtype = request.elementType({});
    auto load = request.intOption("loadBits", 128);
    if (!warps)
        return warps.error();
    if (!bytes)
        return bytes.error();
    if (!dtype)
        return dtype.error();
    if (!load)
        return load.error();
    MeasuredCycles measured;
    QString measuredSource;
    if (auto ok = readMeasured(request, measured, measuredSource); !ok)
        return ok.error();
    if (!measured)
        measuredFromArch(*cu, int(*warps), *bytes, *dtype, int(*load), measured, measuredSource);
    Diagram d;
    d.title = request.title.empty() ? u"LDS bandwidth microbenchmark (model)"_s
                                    : QString::fromStdString(request.title);
    d.subtitle =
        u"[%1, N] %2 read once, %3-bit loads; model: cycles = fixed + bytes / rate, fixed "
        u"= %4 cycles (fitted to the MI450 LDS blog's two measurements, so it matches them by "
        u"construction; docs/worked-cases.md P1)"_s.arg(*warps)
            .arg(QString::fromStdString(*dtype))
            .arg(*load)
            .arg(cu->fixedCycles.value);
    DiagramTable t;
    t.title = measured ? u"Modelled, beside the measured cycles (%1)"_s.arg(
                             measuredSource.isEmpty() ? u"measured"_s : measuredSource)
                       : u"Computed by the model, not measured"_s;
    t.header = {u"layout"_s,           u"model cycles"_s,   u"LDS"_s,
                u"raw B/cycle"_s,      u"steady B/cycle"_s, u"peak B/cycle"_s,
                u"conflicting loads"_s};
    if (measured)
        t.header.insert(2, u"measured cycles"_s);
    std::vector<double> cycles;
    for (bool partitioned : {false, true}) {
        MicrobenchSpec spec;
        spec.numWarps = int(*warps);
        spec.totalBytes = *bytes;
        const Expected<int> elemBits = dtypeBits(*dtype);
        if (!elemBits)
            return makeError("view '" + request.kind + "': " + elemBits.message());
        spec.elemBits = *elemBits;
        spec.loadBits = int(*load);
        spec.partitioned = partitioned;
        auto row = runMicrobenchmark(spec, *cu);
        if (!row)
            return makeError("view 'microbench-table': " + row.message());
        addMicrobenchRow(t, *row, partitioned, measured);
        addMicrobenchFigures(d, *row, *cu, partitioned, measured, measuredSource);
        cycles.push_back(row->bandwidth.modelCycles);
    }
    d.tables.push_back(t);
    if (cycles.size() == 2 && cycles[1] > 0)
        addMicrobenchSpeedup(d, cycles, *cu, measured, measuredSource);
    return d;
}

} // namespace lx
