// The figures' provenance names and their two outputs (JSON and text), and the number texts the
// figures and the views that label the same numbers share (request/figures.h).

#include "request/figures.h"

#include <cstdio>

namespace lx {

const char *figureSourceName(FigureSource source)
{
    switch (source) {
    case FigureSource::Computed:
        return "computed";
    case FigureSource::Model:
        return "model";
    case FigureSource::TritonModel:
        return "triton-model";
    case FigureSource::Measured:
        return "measured";
    case FigureSource::Fitted:
        return "fitted";
    case FigureSource::Extrapolated:
        return "extrapolated";
    case FigureSource::Compiler:
        return "compiler";
    }
    return "computed";
}

FigureSource figureSourceOf(const Provenance &p, FigureSource otherwise)
{
    if (p.confidence == "L")
        return FigureSource::Extrapolated;
    if (p.confidence == "inferred")
        return FigureSource::Fitted;
    if (p.confidence == "measured")
        return FigureSource::Measured;
    return otherwise;
}

std::string fixedText(double v, int digits)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

std::string decimalText(double v)
{
    std::string s = fixedText(v, 1);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0)
        s.resize(s.size() - 2);
    return s;
}

nlohmann::json figuresJson(const std::vector<Figure> &figures)
{
    nlohmann::json out = nlohmann::json::array();
    for (const Figure &f : figures)
        out.push_back({{"key", f.key},
                       {"label", f.label},
                       {"text", f.text},
                       {"value", f.value ? nlohmann::json(*f.value) : nlohmann::json(nullptr)},
                       {"unit", f.unit},
                       {"provenance", figureSourceName(f.source)},
                       {"note", f.note}});
    return out;
}

std::string figuresText(const std::vector<Figure> &figures)
{
    std::string out;
    for (const Figure &f : figures) {
        out += "  " + f.label + ": " + f.text;
        if (f.source != FigureSource::Computed)
            out += std::string(" [") + figureSourceName(f.source) + "]";
        out += "\n";
    }
    return out;
}

std::string bytesPerCycleText(double bytesPerCycle)
{
    return decimalText(bytesPerCycle) + " B/cycle";
}

std::string cyclesText(double cycles)
{
    return decimalText(cycles) + " cycles";
}

} // namespace lx
