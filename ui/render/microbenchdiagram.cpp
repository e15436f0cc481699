// The LDS microbenchmark table (ldsdiagram.h buildMicrobenchTableView): the plain and the
// partitioned layout under the bandwidth model, beside measured cycles when the view gives them.

#include "render/ldsdiagram.h"
#include "render/ldsdiagraminternal.h"

#include "analysis/bandwidth.h"
#include "hw/dtype.h"
#include "render/viewregistry.h"
#include "request/microbenchfigures.h"
#include "request/viewfigures.h"
#include "request/viewrequest.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>
#include <vector>

using namespace Qt::StringLiterals;

namespace lx {

using namespace ldsdiagraminternal;

namespace {

using Measured = std::optional<MicrobenchMeasured>;

// The view's "measured" option (unset without the option): cycles the user measured, e.g.
// {"plain": 323, "partitioned": 196, "source": "..."}.
Expected<Measured> readMeasured(const ViewRequest &request)
{
    if (!request.hasOption("measured", OptionUse::Object))
        return Measured{};
    const nlohmann::json &m = request.options.at("measured");
    if (!m.is_object() || !m.contains("plain") || !m.contains("partitioned") ||
        !m.at("plain").is_number() || !m.at("partitioned").is_number() ||
        m.at("plain").get<double>() <= 0 || m.at("partitioned").get<double>() <= 0 ||
        (m.contains("source") && !m.at("source").is_string()))
        return makeError("view 'microbench-table': option 'measured' must be "
                         "{\"plain\": cycles, \"partitioned\": cycles, \"source\": text} "
                         "with positive cycle counts");
    return Measured{MicrobenchMeasured{m.at("plain").get<double>(),
                                       m.at("partitioned").get<double>(),
                                       m.value("source", std::string())}};
}

QString rateText(double rate)
{
    return rate > 0 ? QString::number(rate, 'f', 1) : u"\u2013"_s;
}

// The table row of one layout (plain or partitioned), green without a conflict, red with one.
// `rates`: the architecture file's measured B/cycle of this layout, shown beside the model's.
void addMicrobenchRow(DiagramTable &t, const MicrobenchRow &row, const Measured &measured,
                      const std::optional<MicrobenchRates> &rates)
{
    const BandwidthEstimate &b = row.bandwidth;
    t.rows.push_back({QString::fromStdString(row.layout), QString::number(b.modelCycles, 'f', 1),
                      kib(row.allocation.totalBytes), QString::number(b.rawBytesPerCycle, 'f', 1),
                      QString::number(b.steadyBytesPerCycle, 'f', 1),
                      QString::number(b.peakBytesPerCycle, 'f', 0),
                      u"%1 / %2"_s.arg(row.access.conflictingLoads).arg(row.access.loads.size())});
    if (rates) {
        t.rows.back().insert(5, rateText(rates->steady));
        t.rows.back().insert(4, rateText(rates->raw));
    }
    if (measured)
        t.rows.back().insert(
            2, QString::number(row.spec.partitioned ? measured->partitioned : measured->plain, 'f',
                               0));
    t.fills.push_back(std::vector<QRgb>(size_t(t.header.size()), row.access.conflictingLoads
                                                                     ? qRgb(250, 215, 215)
                                                                     : qRgb(215, 240, 215)));
}

// The partitioned layout's speedup, modelled and measured, as a table (the figures say the same).
DiagramTable speedupTable(double model, const Measured &measured)
{
    DiagramTable speedup;
    speedup.title = u"Speedup of the partitioned layout (plain cycles / partitioned cycles)"_s;
    speedup.header = {u""_s, u"speedup"_s};
    speedup.rows.push_back({u"model"_s, QString::fromStdString(speedupText(model))});
    if (measured)
        speedup.rows.push_back({u"measured"_s, QString::fromStdString(speedupText(
                                                   measured->plain / measured->partitioned))});
    return speedup;
}

} // namespace

namespace ldsdiagraminternal {

Expected<MicrobenchViewSpec> microbenchViewSpec(const ViewRequest &request)
{
    auto warps = request.intOption("warps", 4);
    auto bytes = request.intOption("bytes", 64 * 1024);
    auto dtype = request.elementType({});
    auto load = request.intOption("loadBits", 128);
    for (const Error *e : {warps ? nullptr : &warps.error(), bytes ? nullptr : &bytes.error(),
                           dtype ? nullptr : &dtype.error(), load ? nullptr : &load.error()})
        if (e)
            return *e;
    const Expected<int> elemBits = dtypeBits(*dtype);
    if (!elemBits)
        return makeError("view '" + request.kind + "': " + elemBits.message());
    MicrobenchViewSpec out;
    out.spec.numWarps = int(*warps);
    out.spec.totalBytes = *bytes;
    out.spec.elemBits = *elemBits;
    out.spec.loadBits = int(*load);
    out.dtype = *dtype;
    return out;
}

} // namespace ldsdiagraminternal

Expected<Diagram> buildMicrobenchTableView(const ViewRequest &request)
{
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
    const Expected<MicrobenchViewSpec> viewSpec = microbenchViewSpec(request);
    if (!viewSpec)
        return viewSpec.error();
    MicrobenchSpec spec = viewSpec->spec;
    Expected<Measured> given = readMeasured(request);
    if (!given)
        return given.error();
    const Measured measured = *given ? *given : microbenchMeasured(*cu, spec);
    Diagram d;
    d.title = request.title.empty() ? u"LDS bandwidth microbenchmark (model)"_s
                                    : QString::fromStdString(request.title);
    d.subtitle =
        u"[%1, N] %2 read once, %3-bit loads; model: cycles = fixed + bytes / rate, fixed "
        u"= %4 cycles (fitted to the MI450 LDS blog's two measurements, so it matches them by "
        u"construction; docs/worked-cases.md P1)"_s.arg(spec.numWarps)
            .arg(QString::fromStdString(viewSpec->dtype))
            .arg(spec.loadBits)
            .arg(cu->fixedCycles.value);
    DiagramTable t;
    t.title = measured ? u"Modelled, beside the measured cycles (%1)"_s.arg(
                             measured->source.empty() ? u"measured"_s
                                                      : QString::fromStdString(measured->source))
                       : u"Computed by the model, not measured"_s;
    t.header = {u"layout"_s,           u"model cycles"_s,   u"LDS"_s,
                u"raw B/cycle"_s,      u"steady B/cycle"_s, u"peak B/cycle"_s,
                u"conflicting loads"_s};
    // The measured rates of the architecture file, when the view took its measurements.
    const bool fileRates = !*given && microbenchMeasured(*cu, spec).has_value();
    if (fileRates) {
        t.header.insert(5, u"steady B/cycle (measured)"_s);
        t.header[4] = u"steady B/cycle (model)"_s;
        t.header.insert(4, u"raw B/cycle (measured)"_s);
        t.header[3] = u"raw B/cycle (model)"_s;
    }
    if (measured)
        t.header.insert(2, u"measured cycles"_s);
    std::vector<double> cycles;
    for (bool partitioned : {false, true}) {
        spec.partitioned = partitioned;
        auto row = runMicrobenchmark(spec, *cu);
        if (!row)
            return makeError("view 'microbench-table': " + row.message());
        const std::optional<MicrobenchRates> rates =
            fileRates ? measuredRates(*cu, spec, row->layout) : std::nullopt;
        addMicrobenchRow(t, *row, measured, rates);
        appendFigures(d, microbenchFigures(*row, *cu, measured));
        if (rates)
            appendFigures(d, measuredRateFigures(*rates, row->layout));
        cycles.push_back(row->bandwidth.modelCycles);
    }
    d.tables.push_back(t);
    if (cycles.size() == 2 && cycles[1] > 0) {
        appendFigures(d, microbenchSpeedupFigures(cycles[0], cycles[1], *cu, measured));
        d.tables.push_back(speedupTable(cycles[0] / cycles[1], measured));
    }
    return d;
}

} // namespace lx
