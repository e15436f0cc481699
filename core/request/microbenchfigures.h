#pragma once

// The microbenchmark as the MI450 LDS blog measured it (docs/worked-cases.md P1): the raw and
// steady B/cycle of the architecture file's measurements, and the blog's method for the steady
// rate (a line fitted to cycles against bytes over burst lengths, analysis/microbenchsweep.h)
// applied to the model's bursts and the measured ones.

#include "analysis/microbenchsweep.h"
#include "request/figures.h"

#include <optional>
#include <string>
#include <vector>

namespace lx {

// The measured rates of one layout ("plain" or "partitioned") of `spec`, from the compute-unit
// model's measurements (raw 0 where the architecture file states none).
struct MicrobenchRates
{
    double cycles = 0;
    double raw = 0;
    double steady = 0;
    std::string source;
};
[[nodiscard]] std::optional<MicrobenchRates>
measuredRates(const CuModel &cu, const MicrobenchSpec &spec, const std::string &layout);

// "rawBandwidthMeasured<Layout>", "steadyBandwidthMeasured<Layout>": provenance measured.
[[nodiscard]] std::vector<Figure> measuredRateFigures(const MicrobenchRates &rates,
                                                      const std::string &layout);

// The sweep's figures: per layout the points (model and measured), the fitted line's
// reciprocal slope ("sweepRate<Layout>") and intercept ("sweepFixed<Layout>"), both fitted.
[[nodiscard]] std::vector<Figure> sweepFigures(const std::vector<SweepSeries> &series,
                                               const MicrobenchSpec &spec, const CuModel &cu);

// "Plain" for "plain".
[[nodiscard]] std::string capitalised(std::string word);

} // namespace lx
