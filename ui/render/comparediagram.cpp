#include "render/comparediagram.h"
#include "render/palette.h"
#include "render/qtext.h"

#include "render/diffdiagram.h"
#include "render/ownershipdiagram.h"
#include "render/viewregistry.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

const QRgb kMissing = qRgb(233, 236, 239);

// A figure's text as the table shows it: the provenance beside a number that is not computed.
QString cellText(const Figure *f)
{
    if (!f)
        return u"\u2013"_s;
    QString t = qs(f->text);
    if (f->source != FigureSource::Computed)
        t += u" [%1]"_s.arg(QLatin1String(figureSourceName(f->source)));
    return t;
}

// The ownership panel of one layout, titled by its name; its cell size and legend go to `d`.
Expected<DiagramPanel> ownershipPanel(const ResolvedLayout &l, Diagram &d)
{
    OwnershipDiagramOptions o;
    o.slice = OwnershipSlice{0, l.layout.numOutDims() > 1 ? 1 : -1, {}};
    o.colorBy = *parseOwnerColor(defaultOwnerColorName(l.layout));
    o.label = l.layout.hasInDim("offset") ? OwnerLabel::Offset : OwnerLabel::Owner;
    Expected<Diagram> own = ownershipDiagram(l.layout, o);
    if (!own)
        return makeError("ownership of '" + l.name + "': " + own.message());
    if (own->panels.empty())
        return makeError("ownership of '" + l.name + "' drew no panel");
    d.cellSize = d.cellSize.expandedTo(own->cellSize);
    for (DiagramLegendEntry e : own->legend) {
        e.text = qs(l.name) + u": "_s + e.text; // "B: warp 0", "S: offset 511"
        d.legend.push_back(std::move(e));
    }
    DiagramPanel p = own->panels.front();
    p.title = u"%1 \u2014 %2"_s.arg(qs(l.name), own->legendTitle);
    return p;
}

QString subtitleOf(const CompareInput &in)
{
    const LayoutDiff &diff = in.diff.diff;
    QStringList parts{qs(comparePairName(in.pair))};
    parts << (diff.equal ? u"equal as functions"_s
                         : u"%1 of %2 elements have different owners"_s.arg(diff.differingElements)
                               .arg(in.diff.a->layout.totalOutDimSize()));
    // A conversion exists between two distributed layouts only; a shared side is an access.
    if (in.pair == ComparePair::DistributedDistributed)
        parts << u"convert_layout: %1"_s.arg(diff.conversion
                                                 ? qs(conversionKindName(diff.conversion->kind))
                                                 : u"none (%1)"_s.arg(qs(diff.conversionNote)));
    parts << qs(in.diff.dtype);
    return parts.join(u" \u00b7 "_s);
}

} // namespace

DiagramTable compareTable(const CompareInput &in)
{
    DiagramTable t;
    t.title = u"LDS accesses per architecture"_s;
    t.header = {u"arch"_s,  u"access"_s,          u"instruction"_s, u"per thread"_s,
                u"n-way"_s, u"cycles (wave 0)"_s, u"LDS bytes"_s,   u"transposed load"_s};
    const std::vector<std::string> keys = {"instruction", "count",    "nway",
                                           "cycles",      "ldsBytes", "transposedLoad"};
    for (const CompareArch &a : in.archs) {
        for (const CompareAccess &c : a.accesses) {
            QStringList row{qs(a.arch), qs(c.access)};
            std::vector<QRgb> fills(2, QRgb(0));
            for (const std::string &k : keys) {
                const Figure *f = accessFigure(c, k);
                row << cellText(f);
                const bool missing = f && !f->value && k != "instruction" && k != "transposedLoad";
                const bool conflict = f && k == "nway" && f->value && *f->value > 1;
                fills.push_back(conflict ? kConflictRowFill : missing ? kMissing : QRgb(0));
            }
            t.rows.push_back(row);
            t.fills.push_back(std::move(fills));
        }
        if (!a.note.empty()) {
            QStringList row{qs(a.arch), u"\u2013"_s, qs(a.note)};
            while (row.size() < t.header.size())
                row << QString();
            t.rows.push_back(row);
            t.fills.push_back(std::vector<QRgb>(size_t(t.header.size()), kMissing));
        }
    }
    return t;
}

DiagramTable compareCtaTable(const CompareInput &in)
{
    DiagramTable t;
    t.title = u"ctaLayout figures, side by side"_s;
    t.header = {u"figure"_s, qs(in.diff.a->name), qs(in.diff.b->name)};
    if (!in.cta)
        return t;
    // Keys in A's order, a key only B has right after the key B gives before it (both follow
    // ctaFigures' order); a row whose texts differ is highlighted.
    std::vector<std::string> keys;
    for (const Figure &f : in.cta->a)
        keys.push_back(f.key);
    auto after = keys.begin();
    for (const Figure &f : in.cta->b) {
        auto at = std::find(keys.begin(), keys.end(), f.key);
        if (at == keys.end())
            at = keys.insert(after, f.key);
        after = at + 1;
    }
    auto find = [](const std::vector<Figure> &figures, const std::string &key) -> const Figure * {
        for (const Figure &f : figures)
            if (f.key == key)
                return &f;
        return nullptr;
    };
    for (const std::string &k : keys) {
        const Figure *a = find(in.cta->a, k), *b = find(in.cta->b, k);
        const Figure *any = a ? a : b;
        t.rows.push_back({qs(any->label), cellText(a), cellText(b)});
        const bool differ = !a || !b || a->text != b->text;
        t.fills.push_back(
            {QRgb(0), differ ? kConflictRowFill : QRgb(0), differ ? kConflictRowFill : QRgb(0)});
    }
    if (!in.cta->note.empty()) {
        t.rows.push_back({u"note"_s, qs(in.cta->note), QString()});
        t.fills.push_back(std::vector<QRgb>(3, kMissing));
    }
    return t;
}

Expected<Diagram> buildCompareView(const ViewRequest &request)
{
    Expected<CompareInput> in = resolveCompare(request);
    if (!in)
        return in.error();
    const ResolvedLayout &a = *in->diff.a;
    const ResolvedLayout &b = *in->diff.b;
    Diagram d;
    d.title = u"Compare %1 with %2"_s.arg(qs(a.name), qs(b.name));
    d.subtitle = subtitleOf(*in);
    d.legendTitle = u"Colours"_s;
    for (const ResolvedLayout *l : {&a, &b}) {
        Expected<DiagramPanel> p = ownershipPanel(*l, d);
        if (!p)
            return p.error();
        d.panels.push_back(std::move(*p));
    }
    Expected<Diagram> diff = diffDiagram(a.layout, b.layout, in->diff.diff, qs(a.name), qs(b.name));
    if (!diff)
        return diff.error();
    if (!diff->panels.empty()) {
        DiagramPanel p = diff->panels.front();
        p.title = u"diff: \u2260 where the owners differ"_s;
        d.panels.push_back(std::move(p));
    }
    for (DiagramLegendEntry e : diff->legend) {
        e.text = u"diff: owner sets "_s + e.text;
        d.legend.push_back(std::move(e));
    }
    if (in->cta)
        d.tables.push_back(compareCtaTable(*in));
    d.tables.push_back(compareTable(*in));
    for (const DiagramTable &t : diff->tables)
        d.tables.push_back(t);
    appendFigures(d, compareFigures(*in));
    return d;
}

} // namespace lx
