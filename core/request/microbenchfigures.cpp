#include "request/microbenchfigures.h"

#include "request/viewfigures.h"

#include <cctype>

namespace lx {

std::string capitalised(std::string word)
{
    if (!word.empty())
        word[0] = char(std::toupper(static_cast<unsigned char>(word[0])));
    return word;
}

std::optional<MicrobenchRates> measuredRates(const CuModel &cu, const MicrobenchSpec &spec,
                                             const std::string &layout)
{
    for (const LdsMeasurement &m : cu.measurements) {
        if (m.layout != layout || m.warps != spec.numWarps || m.bytes != spec.totalBytes ||
            m.elementBits != spec.elemBits || m.loadBits != spec.loadBits)
            continue;
        MicrobenchRates r;
        r.cycles = m.cycles;
        r.raw = m.rawBytesPerCycle;
        r.steady = m.steadyBytesPerCycle;
        r.source = m.provenance.source;
        return r;
    }
    return std::nullopt;
}

std::vector<Figure> measuredRateFigures(const MicrobenchRates &rates, const std::string &layout)
{
    const std::string s = capitalised(layout);
    struct Rate
    {
        const char *key, *label;
        double value;
        const char *how;
    };
    std::vector<Figure> f;
    for (const Rate &r :
         {Rate{"rawBandwidthMeasured", "raw", rates.raw,
               "Bytes / the cycles between the two clock reads, as the source states it: "},
          Rate{"steadyBandwidthMeasured", "steady", rates.steady,
               "The reciprocal slope of the source's fit of cycles against bytes over burst "
               "lengths: "}})
        if (r.value > 0)
            f.push_back(Figure{r.key + s, s + ": " + r.label + " bandwidth (measured)",
                               bytesPerCycleText(r.value), r.value, "B/cycle",
                               FigureSource::Measured, r.how + rates.source});
    return f;
}

std::vector<Figure> sweepFigures(const std::vector<SweepSeries> &series, const MicrobenchSpec &spec,
                                 const CuModel &cu)
{
    std::vector<Figure> f;
    f.push_back(Figure{"sweepMethod", "Method",
                       "each warp times a burst of back-to-back " + std::to_string(spec.loadBits) +
                           "-bit loads between two clock reads (s_get_shader_cycles_u64), a "
                           "barrier before and after; cycles against bytes over burst lengths, "
                           "fitted with a line",
                       std::nullopt, "", FigureSource::Computed,
                       "The AMD MI450 LDS blog's method: rate = 1 / slope, fixed cost = "
                       "intercept"});
    for (const SweepSeries &s : series) {
        const std::string name = capitalised(s.layout);
        int measured = 0;
        for (const SweepPoint &p : s.points)
            measured += p.measured ? 1 : 0;
        const std::string points =
            std::to_string(s.points.size() - size_t(measured)) + " model bursts" +
            (measured ? " and " + std::to_string(measured) + " measured" : std::string());
        const std::string note = "Least-squares line over " + points + "; the model's bursts are " +
                                 bandwidthModelNote(cu) +
                                 ". The blog publishes its two 64 KiB bursts, not its sweep";
        f.push_back(Figure{"sweepRate" + name, name + ": steady rate, 1 / fitted slope",
                           bytesPerCycleText(s.fit.rate()), s.fit.rate(), "B/cycle",
                           FigureSource::Fitted, note});
        f.push_back(Figure{"sweepFixed" + name, name + ": fixed cost, fitted intercept",
                           cyclesText(s.fit.intercept), s.fit.intercept, "cycles",
                           FigureSource::Fitted, note});
    }
    return f;
}

} // namespace lx
