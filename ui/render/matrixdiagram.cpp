#include "render/matrixdiagram.h"

#include "layout/basisname.h"
#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <bit>

using namespace Qt::StringLiterals;

namespace lx {

Expected<Diagram> matrixDiagram(const LinearLayout &layout, const QString &title)
{
    if (layout.numInDims() == 0)
        return makeError("matrix: the layout has no in-dims");
    const auto &outDims = layout.outDims();
    int outBits = 0;
    for (const auto &od : outDims)
        outBits += std::countr_zero(uint32_t(od.second));
    if (outBits == 0)
        return makeError("matrix: the layout has no out-bits (every out-dim has size 1)");

    Diagram d;
    d.title = title.isEmpty() ? u"Bit matrix"_s : title;
    d.subtitle =
        u"%1 out-bits × %2 in-bits, rank %3; * marks a free variable (a basis that is the XOR "
        u"of earlier ones)"_s.arg(outBits)
            .arg(layout.totalInDimSizeLog2())
            .arg(layout.rank());
    d.cellSize = QSizeF(22, 18);
    d.panelGap = 10;
    const std::vector<LinearLayout::NamedValue> freeMasks = layout.getFreeVariableMasks();
    const QRgb one = qRgb(40, 40, 40);
    bool first = true;
    for (size_t di = 0; di < layout.bases().size(); ++di) {
        const auto &[name, bases] = layout.bases()[di];
        if (bases.empty())
            continue;
        DiagramPanel &p = d.addPanel(outBits, int(bases.size()));
        p.title = QString::fromStdString(name);
        const int32_t freeMask = di < freeMasks.size() ? freeMasks[di].second : 0;
        // Under the in-dim's title a column is headed by the value its basis is the image of:
        // column "4" of panel "lane" is the basis lane=4 (layout/basisname.h), as the tooltip says.
        for (int b = 0; b < int(bases.size()); ++b)
            p.columnHeaders << (QString::number(int64_t(1) << b) +
                                (((freeMask >> b) & 1) ? u"*"_s : QString()));
        if (first) {
            for (const auto &od : outDims)
                for (int bit = 0; bit < std::countr_zero(uint32_t(od.second)); ++bit)
                    p.rowHeaders << u"%1 %2"_s.arg(QString::fromStdString(od.first)).arg(bit);
        }
        // Out-dim blocks as groups (thin outlines) so the row grouping reads at a glance.
        int row = 0;
        for (size_t o = 0; o < outDims.size(); ++o) {
            const int n = std::countr_zero(uint32_t(outDims[o].second));
            if (n > 0)
                p.groups.push_back({QRect(0, row, int(bases.size()), n),
                                    categoricalColor(int(o), 10) | 0xFF000000u, QString(), 1.0,
                                    false});
            for (int b = 0; b < int(bases.size()); ++b) {
                for (int bit = 0; bit < n; ++bit) {
                    const bool set = (bases[size_t(b)][o] >> bit) & 1;
                    DiagramCell &cell = p.cell(row + bit, b);
                    if (set) {
                        cell.fill = one;
                        cell.text = p.internString(u"1"_s);
                    }
                    cell.tooltip = p.internString(
                        u"%1 %2 \u2192 %3 bit %4: %5"_s
                            .arg(QString::fromStdString(basisName(name, b)))
                            .arg(u'[' +
                                 [&] {
                                     QString s;
                                     for (size_t k = 0; k < bases[size_t(b)].size(); ++k)
                                         s += (k ? u","_s : QString()) +
                                              QString::number(bases[size_t(b)][k]);
                                     return s;
                                 }() +
                                 u']')
                            .arg(QString::fromStdString(outDims[o].first))
                            .arg(bit)
                            .arg(set ? 1 : 0));
                }
            }
            row += n;
        }
        first = false;
    }
    d.legend.push_back({one, u"1"_s});
    d.legend.push_back({qRgb(255, 255, 255), u"0"_s});
    return d;
}

Expected<Diagram> buildMatrixView(const ViewRequest &request)
{
    const auto named = request.layoutOption("layout");
    if (!named)
        return named.error();
    return matrixDiagram((*named)->layout,
                         u"Bit matrix of %1"_s.arg(QString::fromStdString((*named)->name)));
}

} // namespace lx
