#include "render/xordiagram.h"

#include "layout/basisname.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <bit>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

QString vecText(const std::vector<int32_t> &v)
{
    QString s = u"["_s;
    for (size_t i = 0; i < v.size(); ++i)
        s += (i ? u","_s : QString()) + QString::number(v[i]);
    return s + u']';
}

// "2" with the exponent in superscript digits ("2⁰", "2¹²"): a column header as narrow as its
// cell, where "2^12" would run into the next one.
QString power(int exponent)
{
    static const char16_t digits[] =
        u"\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";
    QString e;
    for (const QChar c : QString::number(exponent))
        e += QChar(digits[c.digitValue()]);
    return u"2"_s + e;
}

} // namespace

Diagram xorDiagram(const LinearLayout &layout, const XorDecomposition &x)
{
    Diagram d;
    d.title = QString::fromStdString(x.toString());
    d.subtitle = u"each set input bit contributes its basis; the element is their XOR"_s;
    d.cellSize = QSizeF(22, 20);
    d.panelGap = 14;
    const auto &outDims = layout.outDims();
    const int rows = int(x.terms.size()) + 1;
    const QRgb termFill = qRgb(120, 170, 230);
    const QRgb resultFill = qRgb(250, 170, 100);
    for (size_t o = 0; o < outDims.size(); ++o) {
        const int bits = std::countr_zero(uint32_t(outDims[o].second));
        if (bits == 0)
            continue;
        DiagramPanel &p = d.addPanel(rows, bits);
        p.title = QString::fromStdString(outDims[o].first);
        for (int c = 0; c < bits; ++c)
            p.columnHeaders << power(bits - 1 - c);
        if (d.panels.size() == 1) {
            for (const XorTerm &t : x.terms)
                p.rowHeaders << u"%1 %2"_s.arg(QString::fromStdString(basisName(t.inDim, t.bit)),
                                               vecText(t.basis));
            p.rowHeaders << u"\u2295 = %1"_s.arg(vecText(x.result));
        }
        for (int r = 0; r < rows; ++r) {
            const bool result = r == rows - 1;
            const int32_t value = result ? x.result[o] : x.terms[size_t(r)].basis[o];
            for (int c = 0; c < bits; ++c) {
                const int bit = bits - 1 - c;
                DiagramCell &cell = p.cell(r, c);
                const bool set = (value >> bit) & 1;
                cell.text = p.internString(set ? u"1"_s : u"0"_s);
                if (set)
                    cell.fill = result ? resultFill : termFill;
                if (result)
                    cell.elementId = elementId(x.result, outDims);
            }
        }
        p.groups.push_back({QRect(0, rows - 1, bits, 1), qRgb(0, 0, 0), QString(), 2.0, false});
    }
    d.legend.push_back({termFill, u"a set bit of a basis"_s});
    d.legend.push_back({resultFill, u"a set bit of the element (XOR of the column)"_s});
    return d;
}

Expected<Diagram> buildXorView(const ViewRequest &request)
{
    const auto named = request.layoutOption("layout");
    if (!named)
        return named.error();
    const LinearLayout &layout = (*named)->layout;
    std::vector<LinearLayout::NamedValue> input;
    for (const auto &[name, bases] : layout.bases()) {
        const auto v = request.intOption(name, 0);
        if (!v)
            return v.error();
        if (*v < 0 || *v >= (int64_t(1) << bases.size()))
            return makeError("view 'xor': " + name + "=" + std::to_string(*v) + " is outside [0, " +
                             std::to_string(int64_t(1) << bases.size()) + ")");
        input.emplace_back(name, int32_t(*v));
    }
    const auto x = decomposeXor(layout, input);
    if (!x)
        return x.error();
    return xorDiagram(layout, *x);
}

} // namespace lx
