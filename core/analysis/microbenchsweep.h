#pragma once

// The blog's method for the steady bandwidth, applied to the model (docs/lds-models.md §3.3):
// time bursts of several lengths, fit cycles = fixed + bytes / rate by least squares, read the
// rate off the reciprocal slope and the fixed cost off the intercept. The bursts are the
// microbenchmark of analysis/bandwidth.h with 1, 2, 4, ... loads per warp; their cycles are the
// bandwidth model's (a model, not a measurement: the blog publishes its two 64 KiB bursts, not
// its sweep), and the hardware measurements of the architecture file join the fit as points of
// their own.

#include "analysis/bandwidth.h"

#include <vector>

namespace lx {

struct SweepPoint
{
    double bytes = 0;
    double cycles = 0;
    bool measured = false; // a hardware measurement from the architecture file, else the model
};

// The least-squares line cycles = intercept + slope * bytes.
struct LineFit
{
    double slope = 0;
    double intercept = 0;
    [[nodiscard]] double rate() const { return slope > 0 ? 1.0 / slope : 0.0; }
};

// Requires at least two points with distinct bytes; else an Error.
[[nodiscard]] Expected<LineFit> fitLine(const std::vector<SweepPoint> &points);

struct SweepSeries
{
    std::string layout; // "plain" or "partitioned"
    std::vector<SweepPoint> points;
    LineFit fit;
};

// Bursts of 1, 2, 4, ... loads per warp up to spec.totalBytes (the spec's own size is the last),
// each layout's model points plus the architecture file's measurement of the same spec, fitted.
[[nodiscard]] Expected<std::vector<SweepSeries>> sweepMicrobenchmark(const MicrobenchSpec &spec,
                                                                     const CuModel &cu);

} // namespace lx
