#include "request/dscounter.h"

namespace lx {

std::vector<Figure> dsCounterLimitFigures(const std::optional<ModelConstant> &limit)
{
    if (!limit)
        return {};
    return {Figure{"dsCounterLimit", "LDS instructions outstanding per wave (DS counter limit)",
                   decimalText(limit->value), limit->value, "",
                   figureSourceOf(limit->provenance, FigureSource::Computed),
                   limit->provenance.label() + ": " + limit->provenance.source}};
}

bool exhaustsDsCounter(const std::optional<ModelConstant> &limit, int64_t instructions)
{
    return limit && double(instructions) > limit->value;
}

std::optional<Figure> dsCounterFigure(const std::optional<ModelConstant> &limit,
                                      int64_t instructions, const std::string &what,
                                      const std::string &suffix)
{
    if (!limit)
        return std::nullopt;
    const auto cap = int64_t(limit->value);
    const std::string n = std::to_string(instructions), c = std::to_string(cap);
    const bool exhausted = exhaustsDsCounter(limit, instructions);
    const std::string text = exhausted ? n + " > " + c + ": exhausts DSCNT, " +
                                             std::to_string(instructions - cap) +
                                             " of them wait for an earlier one to complete"
                                       : n + " of " + c + ": within DSCNT";
    return Figure{"dsCounter" + suffix,
                  "DS counter, " + what,
                  text,
                  double(instructions),
                  "",
                  FigureSource::Model,
                  "A model: the op's " + n +
                      " LDS instructions per thread issued back to back "
                      "(as its lowering emits them) against the " +
                      c + " a wave may have outstanding (" + limit->provenance.source +
                      "); the scheduler may interleave other work between them"};
}

} // namespace lx
