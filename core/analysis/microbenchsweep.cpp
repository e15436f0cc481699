#include "analysis/microbenchsweep.h"

namespace lx {

Expected<LineFit> fitLine(const std::vector<SweepPoint> &points)
{
    const auto n = double(points.size());
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (const SweepPoint &p : points) {
        sx += p.bytes;
        sy += p.cycles;
        sxx += p.bytes * p.bytes;
        sxy += p.bytes * p.cycles;
    }
    const double den = n * sxx - sx * sx;
    if (points.size() < 2 || den <= 0)
        return makeError("a line fit needs at least two bursts of different sizes");
    LineFit f;
    f.slope = (n * sxy - sx * sy) / den;
    f.intercept = (sy - f.slope * sx) / n;
    return f;
}

Expected<std::vector<SweepSeries>> sweepMicrobenchmark(const MicrobenchSpec &spec,
                                                       const CuModel &cu)
{
    auto one = microbenchmarkLayouts(spec, cu);
    if (!one)
        return one.error();
    const int64_t bytesPerLoad = spec.totalBytes / one->loadsPerWarp;
    std::vector<SweepSeries> out;
    for (bool partitioned : {false, true}) {
        SweepSeries s;
        s.layout = partitioned ? "partitioned" : "plain";
        for (int loads = 1; loads <= one->loadsPerWarp; loads *= 2) {
            MicrobenchSpec burst = spec;
            burst.partitioned = partitioned;
            burst.totalBytes = bytesPerLoad * loads;
            auto row = runMicrobenchmark(burst, cu);
            if (!row)
                return row.error();
            s.points.push_back({double(burst.totalBytes), row->bandwidth.modelCycles, false});
        }
        for (const LdsMeasurement &m : cu.measurements)
            if (m.layout == s.layout && m.warps == spec.numWarps && m.bytes == spec.totalBytes &&
                m.elementBits == spec.elemBits && m.loadBits == spec.loadBits)
                s.points.push_back({double(m.bytes), m.cycles, true});
        auto fit = fitLine(s.points);
        if (!fit)
            return makeError("microbenchmark sweep: " + fit.message());
        s.fit = *fit;
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace lx
