#include "render/diffdiagram.h"

#include "analysis/ownership.h"
#include "layout/basisname.h"
#include "layout/layoututils.h"
#include "render/viewregistry.h"

using namespace Qt::StringLiterals;

namespace lx {

namespace {

const QRgb kDiffers = qRgb(232, 96, 64);
const QRgb kSame = qRgb(222, 226, 230);
const QRgb kChangedRow = qRgb(252, 214, 196);

QString ownerText(const OwnershipMap &map, uint64_t flat)
{
    const std::vector<int32_t> values = map.decode(flat);
    QStringList parts;
    for (size_t i = 0; i < values.size(); ++i)
        if (map.inDimBits()[i] > 0)
            parts << u"%1=%2"_s.arg(QString::fromStdString(map.inDimNames()[i])).arg(values[i]);
    return parts.isEmpty() ? u"index 0"_s : parts.join(u", "_s);
}

// Both layouts' owners of an element, computed when the pointer rests on it.
class DiffTooltips final : public DiagramTooltipSource
{
public:
    DiffTooltips(OwnershipMap a, OwnershipMap b, QString nameA, QString nameB)
        : m_a(std::move(a)), m_b(std::move(b)), m_nameA(std::move(nameA)), m_nameB(std::move(nameB))
    {
    }
    QString tooltip(int row, int col) const override
    {
        if (row < 0 || col < 0 || row >= m_a.rows() || col >= m_a.columns())
            return {};
        QString tip = u"(%1, %2)"_s.arg(row).arg(col);
        for (const auto *side : {&m_a, &m_b}) {
            const auto owners = side->owners(row, col);
            tip += u"\n%1: "_s.arg(side == &m_a ? m_nameA : m_nameB);
            if (owners.empty())
                tip += u"no owner"_s;
            for (size_t i = 0; i < owners.size() && i < 8; ++i)
                tip += (i ? u"; "_s : QString()) + ownerText(*side, owners[i]);
            if (owners.size() > 8)
                tip += u"; \u2026 %1 owners"_s.arg(owners.size());
        }
        return tip;
    }

private:
    OwnershipMap m_a;
    OwnershipMap m_b;
    QString m_nameA;
    QString m_nameB;
};

DiagramTable deltaTable(const LayoutDiff &diff, const QString &nameA, const QString &nameB)
{
    DiagramTable t;
    t.title = u"Bases per in-dim"_s;
    t.header = {u"in-dim"_s, u"basis"_s, nameA, nameB};
    for (const InDimDelta &d : diff.basisDelta) {
        const size_t n = std::max(d.basesA.size(), d.basesB.size());
        for (size_t j = 0; j < n; ++j) {
            const bool changed =
                std::find(d.changed.begin(), d.changed.end(), int(j)) != d.changed.end();
            t.rows.push_back({QString::fromStdString(d.inDim),
                              QString::fromStdString(basisName(d.inDim, int(j))),
                              j < d.basesA.size() ? QString::fromStdString(formatBasis(d.basesA[j]))
                                                  : u"\u2013"_s,
                              j < d.basesB.size() ? QString::fromStdString(formatBasis(d.basesB[j]))
                                                  : u"\u2013"_s});
            t.fills.push_back(std::vector<QRgb>(4, changed ? kChangedRow : QRgb(0)));
        }
    }
    return t;
}

} // namespace

Expected<Diagram> diffDiagram(const LinearLayout &a, const LinearLayout &b, const LayoutDiff &diff,
                              const QString &nameA, const QString &nameB)
{
    if (a.numOutDims() < 1)
        return makeError("the diff view needs at least one out-dim");
    auto bt = b.transposeOuts(a.outDimNames());
    if (!bt)
        return bt.error();
    const OwnershipSlice slice{0, a.numOutDims() > 1 ? 1 : -1, {}};
    auto mapA = computeOwnership(a, slice);
    if (!mapA)
        return mapA.error();
    auto mapB = computeOwnership(*bt, slice);
    if (!mapB)
        return mapB.error();
    if (diff.differs.empty())
        return makeError("the tensor is too large for the diff view");

    Diagram d;
    d.title = u"Diff of %1 and %2"_s.arg(nameA, nameB);
    const QString conversion =
        diff.conversion ? QString::fromStdString(conversionKindName(diff.conversion->kind)) +
                              (diff.conversion->kind == ConversionKind::LdsRoundTrip
                                   ? u", %1 bytes of LDS"_s.arg(diff.conversion->ldsBytes)
                                   : QString())
                        : u"none (%1)"_s.arg(QString::fromStdString(diff.conversionNote));
    d.subtitle = diff.equal ? u"equal as functions \u00b7 convert_layout: %1"_s.arg(conversion)
                            : u"%1 of %2 elements have different owners \u00b7 convert_layout: %3"_s
                                  .arg(diff.differingElements)
                                  .arg(a.totalOutDimSize())
                                  .arg(conversion);
    DiagramPanel &p = d.addPanel(mapA->rows(), mapA->columns());
    p.rowAxisLabel = QString::fromStdString(a.outDims()[0].first);
    if (a.numOutDims() > 1)
        p.columnAxisLabel = QString::fromStdString(a.outDims()[1].first);
    const int32_t differs = p.internString(u"\u2260"_s);
    for (int r = 0; r < mapA->rows(); ++r)
        for (int c = 0; c < mapA->columns(); ++c) {
            DiagramCell &cell = p.cell(r, c);
            cell.elementId = mapA->elementIdAt(r, c);
            const bool diffHere = diff.differs[size_t(cell.elementId)] != 0;
            cell.fill = diffHere ? kDiffers : kSame;
            if (diffHere)
                cell.text = differs;
        }
    p.tooltipSource =
        std::make_shared<const DiffTooltips>(std::move(*mapA), std::move(*mapB), nameA, nameB);
    d.tables.push_back(deltaTable(diff, nameA, nameB));
    d.legendTitle = u"Owner sets"_s;
    d.legend.push_back({kDiffers, u"differ"_s});
    d.legend.push_back({kSame, u"same"_s});
    return d;
}

Expected<Diagram> buildDiffView(const ViewRequest &request)
{
    // The request layer resolves both layouts and the element type, as for `diff`.
    Expected<DiffInput> in = resolveDiff(request);
    if (!in)
        return in.error();
    Expected<Diagram> d =
        diffDiagram(in->a->layout, in->b->layout, in->diff, QString::fromStdString(in->a->name),
                    QString::fromStdString(in->b->name));
    if (!d)
        return d.error();
    appendFigures(*d, diffFigures(*in));
    return d;
}

} // namespace lx
