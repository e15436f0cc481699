// The LDS microbenchmark's sweep (ldsdiagram.h buildMicrobenchSweepView): cycles against bytes
// over burst lengths, the model's bursts and the measured ones as points, a least-squares line
// per layout whose reciprocal slope is the steady rate and whose intercept is the fixed cost.

#include "render/ldsdiagram.h"
#include "render/ldsdiagraminternal.h"

#include "render/chartannotations.h"

#include "analysis/microbenchsweep.h"
#include "render/viewregistry.h"
#include "request/figures.h"
#include "request/microbenchfigures.h"
#include "request/viewrequest.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

const QRgb kPlain = qRgb(200, 60, 60);
const QRgb kPartitioned = qRgb(40, 140, 60);

} // namespace

Expected<Diagram> buildMicrobenchSweepView(const ViewRequest &request)
{
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
    const Expected<ldsdiagraminternal::MicrobenchViewSpec> viewSpec =
        ldsdiagraminternal::microbenchViewSpec(request);
    if (!viewSpec)
        return viewSpec.error();
    const MicrobenchSpec &spec = viewSpec->spec;
    auto series = sweepMicrobenchmark(spec, *cu);
    if (!series)
        return makeError("view '" + request.kind + "': " + series.message());
    Diagram d;
    d.title = request.title.empty()
                  ? u"LDS microbenchmark: cycles against bytes over burst lengths"_s
                  : QString::fromStdString(request.title);
    d.subtitle = u"Squares: the bandwidth model's bursts (1, 2, 4, ... loads per warp); diamonds: "
                 u"measured (MI450 LDS blog, 64 KiB only). Lines: least-squares FITTED to the "
                 u"points; 1 / slope = steady rate, intercept = fixed cost. The blog's own sweep "
                 u"is not published."_s;
    double maxCycles = 0;
    for (const SweepSeries &s : *series)
        for (const SweepPoint &p : s.points)
            maxCycles = std::max(maxCycles, p.cycles);
    chart::ChartFrame frame;
    frame.xMax = double(spec.totalBytes);
    const double yStep = chart::tickStep(maxCycles, 6);
    frame.yMax = std::ceil(maxCycles / yStep) * yStep;
    // Bytes in quarters of the burst (powers of two: 16 KiB steps for 64 KiB).
    chart::drawAxes(d, frame,
                    {frame.xMax / 4,
                     [](double v) { return QString::fromStdString(byteSizeText(int64_t(v))); },
                     u"bytes read by the burst (all warps)"_s},
                    {yStep, [](double v) { return QString::number(v, 'f', 0); }, u"cycles"_s});
    const double maxBytes = frame.xMax;
    double legendY = frame.top + 8;
    for (const SweepSeries &s : *series) {
        const QRgb colour = s.layout == "plain" ? kPlain : kPartitioned;
        const double endCycles = s.fit.intercept + s.fit.slope * maxBytes;
        chart::line(d, DiagramAnnotation::Line, {frame.x(0), frame.y(s.fit.intercept)},
                    {frame.x(maxBytes), frame.y(endCycles)}, colour, 2.0);
        for (const SweepPoint &p : s.points) {
            const double r = p.measured ? 7 : 4.5;
            if (p.measured) {
                // A diamond: four lines around the measured point, its cycles beside it.
                const QPointF c(frame.x(p.bytes), frame.y(p.cycles));
                const QPointF n(c.x(), c.y() - r), e(c.x() + r, c.y()), so(c.x(), c.y() + r),
                    w(c.x() - r, c.y());
                for (auto [a, b] :
                     {std::pair{n, e}, std::pair{e, so}, std::pair{so, w}, std::pair{w, n}})
                    chart::line(d, DiagramAnnotation::Line, a, b, qRgb(0, 0, 0), 2.0);
                chart::text(d, c.x() - 140, c.y() - 8,
                            u"measured %1"_s.arg(QString::fromStdString(cyclesText(p.cycles))));
            } else {
                chart::line(d, DiagramAnnotation::Box,
                            {frame.x(p.bytes) - r, frame.y(p.cycles) - r},
                            {frame.x(p.bytes) + r, frame.y(p.cycles) + r}, colour, 1.0, {}, colour);
            }
        }
        chart::line(d, DiagramAnnotation::Line, {frame.left + 20, legendY + 8},
                    {frame.left + 50, legendY + 8}, colour, 2.5);
        chart::text(d, frame.left + 58, legendY,
                    u"%1: fitted line, 1 / slope = %2, intercept = %3"_s.arg(
                        QString::fromStdString(s.layout),
                        QString::fromStdString(bytesPerCycleText(s.fit.rate())),
                        QString::fromStdString(cyclesText(s.fit.intercept))));
        legendY += 24;
    }
    appendFigures(d, sweepFigures(*series, spec, *cu));
    return d;
}

} // namespace lx
