#pragma once

// Structured results: every number an analysis reports, as a list of figures. The window's
// analysis panel, the diagrams' figure lists, `analyze ... --json` ("figures") and the text of
// `analyze` all format from these lists, so they cannot disagree.
//
// A figure has a stable key ("nway", "piecesA", "cyclesModel"), a label for people, the text
// shown ("4 pieces of [32, K]"), the number behind it with its unit when there is one, and where
// it comes from:
//   computed      exact, from the layouts and the architecture description
//   model         from a hardware model with fitted or documented constants (bandwidth, cycles)
//   fitted        a model constant tuned to the numbers it is shown beside (the note says which)
//   extrapolated  computed exactly, but from architecture data the file marks as low confidence
//                 (confidence "L": e.g. the gfx1250 phase tables of most instructions)
//   triton-model  Triton's own generic model, shown beside ours
//   measured      a hardware measurement quoted from its source (the architecture file)

#include "base/bytesize.h" // bytesText, byteSizeText: every size the figures show
#include "request/analysisinputs.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace lx {

enum class FigureSource
{
    Computed,
    Model,
    TritonModel,
    Measured,
    Fitted,
    Extrapolated,
    Compiler, // read from the compiler's own output (the assembly, the kernel's metadata)
};

// "computed", "model", "triton-model", "measured", "fitted", "extrapolated", "compiler".
[[nodiscard]] const char *figureSourceName(FigureSource source);

struct Figure
{
    std::string key;
    std::string label;
    std::string text;            // what people read: "4-way", "323.5 cycles", "yes: ..."
    std::optional<double> value; // the number behind the text, when there is one
    std::string unit;            // of `value`: "B", "cycles", "B/cycle", "%", "" for counts
    FigureSource source = FigureSource::Computed;
    std::string note; // how it is computed (the panel's tooltip)

    bool operator==(const Figure &) const = default;
};

// The provenance of a number derived from architecture data of provenance `p`: confidence "L" ->
// extrapolated, "inferred" -> fitted, "measured" -> measured, else `otherwise`.
[[nodiscard]] FigureSource figureSourceOf(const Provenance &p, FigureSource otherwise);

// [{"key", "label", "text", "value" (number or null), "unit", "provenance", "note"}, ...]
[[nodiscard]] nlohmann::json figuresJson(const std::vector<Figure> &figures);
// One line per figure: "  label: text" plus " [model]" for what is not computed.
[[nodiscard]] std::string figuresText(const std::vector<Figure> &figures);

// The figures of each analysis (the same for every view of it).
[[nodiscard]] std::vector<Figure> dsLoadTrFigures(const DsLoadTrInput &in);
[[nodiscard]] std::vector<Figure> ctaFigures(const CtaInput &in);
// `focus`: the one instruction a view shows (the histogram), or null for the wave's totals.
[[nodiscard]] std::vector<Figure> bankFigures(const BankViewInput &in,
                                              const InstructionReport *focus = nullptr);
// Allocation (LDS bytes, capacity, partitions used, then allocatorFigures) and, when the
// scenario reads, partition conflicts and the bandwidth model.
[[nodiscard]] std::vector<Figure> ldsFigures(const LdsInput &in);
// The allocator's own numbers: buffers, stage-1 steps, stage-2 rounds and moves, padding, and
// (partition-aware) whether every pair of neighbours ended in disjoint partitions.
[[nodiscard]] std::vector<Figure> allocatorFigures(const AllocationResult &a);

// Number formatting shared by the figures and the views that label the same numbers.
// One decimal, none for a whole number: "323.5", "512".
[[nodiscard]] std::string decimalText(double v);
// "128 B/cycle", "85.3 B/cycle".
[[nodiscard]] std::string bytesPerCycleText(double bytesPerCycle);
// "323 cycles", "323.5 cycles".
[[nodiscard]] std::string cyclesText(double cycles);
// printf("%.*f").
[[nodiscard]] std::string fixedText(double v, int digits);

// The "dtype" figure of every analysis: the element type, "(default)" when the default was taken.
[[nodiscard]] Figure elementTypeFigure(const std::string &dtype, bool defaulted);

} // namespace lx
