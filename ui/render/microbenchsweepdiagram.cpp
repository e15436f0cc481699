// The LDS microbenchmark's sweep (ldsdiagram.h buildMicrobenchSweepView): cycles against bytes
// over burst lengths, the model's bursts and the measured ones as points, a least-squares line
// per layout whose reciprocal slope is the steady rate and whose intercept is the fixed cost.

#include "render/ldsdiagram.h"

#include "analysis/microbenchsweep.h"
#include "hw/dtype.h"
#include "render/viewregistry.h"
#include "request/figures.h"
#include "request/microbenchfigures.h"
#include "request/viewrequest.h"

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// The chart's frame in diagram units.
constexpr double kLeft = 90, kTop = 20, kWidth = 1000, kHeight = 520;

const QRgb kPlain = qRgb(200, 60, 60);
const QRgb kPartitioned = qRgb(40, 140, 60);

void add(Diagram &d, DiagramAnnotation::Kind kind, QPointF from, QPointF to, QRgb color, double pen,
         const QString &text = {}, QRgb fill = 0)
{
    DiagramAnnotation a;
    a.kind = kind;
    a.from = DiagramPoint{-1, from};
    a.to = DiagramPoint{-1, to};
    a.color = color;
    a.penWidth = pen;
    a.text = text;
    a.fill = fill;
    d.annotations.push_back(a);
}

void label(Diagram &d, double x, double y, const QString &s)
{
    add(d, DiagramAnnotation::Text, {x, y}, {x, y}, qRgb(0, 0, 0), 1, s);
}

// A round step for the axis ticks: 1, 2 or 5 times a power of ten, about `target` ticks.
double tickStep(double range, int target)
{
    const double raw = range / target;
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw)
            return m * p;
    return 10 * p;
}

void drawAxes(Diagram &d, double maxBytes, double maxCycles, double xStep, double yStep)
{
    const QRgb axis = qRgb(60, 60, 60), grid = qRgb(215, 215, 215);
    for (double y = 0; y <= maxCycles + 1e-9; y += yStep) {
        const double py = kTop + kHeight - y / maxCycles * kHeight;
        add(d, DiagramAnnotation::Line, {kLeft, py}, {kLeft + kWidth, py}, grid, 0.8);
        label(d, kLeft - 50, py - 8, QString::number(y, 'f', 0));
    }
    for (double x = 0; x <= maxBytes + 1e-9; x += xStep) {
        const double px = kLeft + x / maxBytes * kWidth;
        add(d, DiagramAnnotation::Line, {px, kTop}, {px, kTop + kHeight}, grid, 0.8);
        label(d, px - 18, kTop + kHeight + 6, QString::fromStdString(byteSizeText(int64_t(x))));
    }
    add(d, DiagramAnnotation::Line, {kLeft, kTop + kHeight}, {kLeft + kWidth, kTop + kHeight}, axis,
        1.5);
    add(d, DiagramAnnotation::Line, {kLeft, kTop}, {kLeft, kTop + kHeight}, axis, 1.5);
    label(d, kLeft + kWidth / 2 - 120, kTop + kHeight + 30,
          u"bytes read by the burst (all warps)"_s);
    label(d, kLeft - 80, kTop - 18, u"cycles"_s);
}

} // namespace

Expected<Diagram> buildMicrobenchSweepView(const ViewRequest &request)
{
    auto cu = cuModelOf(request.arch);
    if (!cu)
        return cu.error();
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
    MicrobenchSpec spec;
    spec.numWarps = int(*warps);
    spec.totalBytes = *bytes;
    spec.elemBits = *elemBits;
    spec.loadBits = int(*load);
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
    const double maxBytes = double(spec.totalBytes);
    const double yStep = tickStep(maxCycles, 6);
    maxCycles = std::ceil(maxCycles / yStep) * yStep;
    // Bytes in quarters of the burst (powers of two: 16 KiB steps for 64 KiB).
    drawAxes(d, maxBytes, maxCycles, maxBytes / 4, yStep);
    auto px = [&](double b) { return kLeft + b / maxBytes * kWidth; };
    auto py = [&](double c) { return kTop + kHeight - c / maxCycles * kHeight; };
    double legendY = kTop + 8;
    for (const SweepSeries &s : *series) {
        const QRgb colour = s.layout == "plain" ? kPlain : kPartitioned;
        const double endCycles = s.fit.intercept + s.fit.slope * maxBytes;
        add(d, DiagramAnnotation::Line, {px(0), py(s.fit.intercept)}, {px(maxBytes), py(endCycles)},
            colour, 2.0);
        for (const SweepPoint &p : s.points) {
            const double r = p.measured ? 7 : 4.5;
            if (p.measured) {
                // A diamond: four lines around the measured point, its cycles beside it.
                const QPointF c(px(p.bytes), py(p.cycles));
                const QPointF n(c.x(), c.y() - r), e(c.x() + r, c.y()), so(c.x(), c.y() + r),
                    w(c.x() - r, c.y());
                for (auto [a, b] :
                     {std::pair{n, e}, std::pair{e, so}, std::pair{so, w}, std::pair{w, n}})
                    add(d, DiagramAnnotation::Line, a, b, qRgb(0, 0, 0), 2.0);
                label(d, c.x() - 140, c.y() - 8,
                      u"measured %1"_s.arg(QString::fromStdString(cyclesText(p.cycles))));
            } else {
                add(d, DiagramAnnotation::Box, {px(p.bytes) - r, py(p.cycles) - r},
                    {px(p.bytes) + r, py(p.cycles) + r}, colour, 1.0, {}, colour);
            }
        }
        add(d, DiagramAnnotation::Line, {kLeft + 20, legendY + 8}, {kLeft + 50, legendY + 8},
            colour, 2.5);
        label(d, kLeft + 58, legendY,
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
