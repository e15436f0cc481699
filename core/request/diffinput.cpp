#include "request/diffinput.h"

#include "hw/dtype.h"

namespace lx {

namespace {

Expected<DiffInput> resolveDiffUnguarded(const ViewRequest &request)
{
    Expected<const ResolvedLayout *> a = request.layoutOption("layout");
    if (!a)
        return a.error();
    // Asked through the request (not the raw JSON) so that the view declares the option: the
    // view-options editor offers what the view reads.
    if (!request.hasOption("other", OptionUse::Layout))
        return makeError("view '" + request.kind +
                         "' needs the option \"other\": the layout to compare with");
    Expected<const ResolvedLayout *> b = request.layoutOption("other");
    if (!b)
        return b.error();
    if (!*a || !*b)
        return makeError("view '" + request.kind + "' needs two layouts to compare");
    DiffInput in;
    in.a = *a;
    in.b = *b;
    Expected<std::string> dtype = request.elementType({in.a, in.b}, &in.dtypeDefaulted);
    if (!dtype)
        return dtype.error();
    in.dtype = *dtype;
    const Expected<int> bits = dtypeBits(in.dtype);
    if (!bits)
        return bits.error();
    in.elementBits = *bits;
    Expected<LayoutDiff> diff = diffLayouts(in.a->layout, in.b->layout, in.elementBits);
    if (!diff)
        return diff.error();
    in.diff = std::move(*diff);
    return in;
}

} // namespace

Expected<DiffInput> resolveDiff(const ViewRequest &request)
{
    return guardOptionTypes<DiffInput>(request, resolveDiffUnguarded);
}

std::vector<Figure> diffFigures(const DiffInput &in)
{
    const LayoutDiff &d = in.diff;
    std::vector<Figure> f;
    auto add = [&](std::string key, std::string label, std::string text,
                   std::optional<double> value, std::string unit, std::string note) {
        f.push_back(Figure{std::move(key), std::move(label), std::move(text), value,
                           std::move(unit), FigureSource::Computed, std::move(note)});
    };
    add("equal", "Equal as functions", d.equal ? "yes" : "no", d.equal ? 1.0 : 0.0, {}, {});
    add("differingElements", "Elements whose owners differ", std::to_string(d.differingElements),
        double(d.differingElements), {},
        "elements some hardware index reaches under one layout and not the other");
    if (d.conversion) {
        const ConversionPlan &c = *d.conversion;
        add("conversion", "convert_layout", conversionKindName(c.kind), std::nullopt, {}, c.reason);
        if (c.kind == ConversionKind::LdsRoundTrip)
            add("conversionLdsBytes", "convert_layout: LDS", bytesText(c.ldsBytes),
                double(c.ldsBytes), "B",
                "the tile through LDS at " + std::to_string(in.elementBits) + "-bit elements");
    } else {
        add("conversion", "convert_layout", "none", std::nullopt, {}, d.conversionNote);
    }
    f.push_back(elementTypeFigure(in.dtype, in.dtypeDefaulted));
    return f;
}

} // namespace lx
