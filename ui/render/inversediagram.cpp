// The inverse view (ownershipdiagram.h inverseDiagram): hardware index -> element, one cell per
// lane and register (distributed) or per offset (shared).

#include "render/ownershipdiagram.h"
#include "render/ownershipdiagraminternal.h"

#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <algorithm>
#include <bit>
#include <memory>

using namespace Qt::StringLiterals;

namespace lx {

using ownershipdiagraminternal::InDimFields;
using ownershipdiagraminternal::xorText;

namespace {

// The largest inverse diagram built (1024 x 1024 stored cells: ~0.3 s and ~0.3 GB; the window
// paints only the visible part, an export takes at most kMaxExportCells of them).
constexpr int64_t kMaxDiagramCells = int64_t(1) << 20;

// Hardware index -> element, with its XOR decomposition.
class InverseTooltips final : public DiagramTooltipSource
{
public:
    InverseTooltips(LinearLayout layout, std::vector<int32_t> fixed, int rowIn, int colIn,
                    int offIn, int perRow)
        : m_layout(std::move(layout)), m_fixed(std::move(fixed)), m_rowIn(rowIn), m_colIn(colIn),
          m_offIn(offIn), m_perRow(perRow)
    {
    }
    QString tooltip(int row, int col) const override
    {
        std::vector<int32_t> in = m_fixed;
        if (m_offIn >= 0) {
            in[size_t(m_offIn)] = row * m_perRow + col;
        } else {
            if (m_rowIn >= 0)
                in[size_t(m_rowIn)] = row;
            if (m_colIn >= 0)
                in[size_t(m_colIn)] = col;
        }
        return xorText(m_layout, in);
    }

private:
    LinearLayout m_layout;
    std::vector<int32_t> m_fixed;
    int m_rowIn;
    int m_colIn;
    int m_offIn;
    int m_perRow;
};

} // namespace

namespace {

// The value of every in-dim: options.fixed where given, 0 elsewhere.
Expected<std::vector<int32_t>> fixedInputs(const LinearLayout &layout,
                                           const InverseDiagramOptions &options)
{
    std::vector<int32_t> fixedValues(size_t(layout.numInDims()), 0);
    for (const auto &[name, value] : options.fixed) {
        const int i = layout.inDimIndex(name);
        if (i < 0)
            return makeError("inverse: '" + name + "' is not an in-dim of the layout");
        if (value < 0 || value >= layout.inDimSize(name))
            return makeError("inverse: " + name + "=" + std::to_string(value) + " is outside [0, " +
                             std::to_string(layout.inDimSize(name)) + ")");
        fixedValues[size_t(i)] = value;
    }
    return fixedValues;
}

// The grid of the inverse view and the in-dims its rows and columns walk.
struct InverseGrid
{
    bool shared = false;
    int rows = 0;
    int cols = 0;
    int perRow = 1; // offsets per row (shared)
    int regIdx = -1;
    int laneIdx = -1;
    int offIdx = -1;
};

// Grid axes: rows = lane, columns = register (distributed); rows = offset / k,
// columns = offset % k (shared).
Expected<InverseGrid> inverseGrid(const LinearLayout &layout, const InDimFields &f,
                                  const InverseDiagramOptions &options)
{
    InverseGrid g;
    g.shared = f.isShared();
    g.regIdx = layout.inDimIndex("register");
    g.laneIdx = layout.inDimIndex("lane");
    g.offIdx = layout.inDimIndex("offset");
    if (g.shared) {
        const int32_t n = f.offset.size();
        g.perRow = options.offsetsPerRow > 0 ? options.offsetsPerRow : std::min<int32_t>(16, n);
        if (!std::has_single_bit(unsigned(g.perRow)) || g.perRow > n)
            return makeError("inverse: offsetsPerRow must be a power of two at most " +
                             std::to_string(n));
        g.cols = g.perRow;
        g.rows = n / g.perRow;
    } else {
        g.rows = f.lane.size();
        g.cols = f.reg.size();
    }
    if (int64_t(g.rows) * g.cols > kMaxDiagramCells)
        return makeError("inverse: " + std::to_string(g.rows) + "×" + std::to_string(g.cols) +
                         " cells is too many for a figure (at most 2^20 = " +
                         std::to_string(kMaxDiagramCells) + ")");
    return g;
}

// "offset = row × 16 + column; warp=1; colour: the element's dim0".
QString inverseSubtitle(const LinearLayout &layout, const InverseGrid &g,
                        const std::vector<int32_t> &fixedValues, int rowDim)
{
    QString fixedText;
    for (int i = 0; i < layout.numInDims(); ++i) {
        if (i == g.regIdx || i == g.laneIdx || i == g.offIdx)
            continue;
        fixedText += (fixedText.isEmpty() ? QString() : u", "_s) +
                     QString::fromStdString(layout.bases()[size_t(i)].first) + u'=' +
                     QString::number(fixedValues[size_t(i)]);
    }
    QString subtitle = g.shared ? u"offset = row \u00d7 %1 + column"_s.arg(g.perRow)
                                : u"rows: lane, columns: register"_s;
    if (!fixedText.isEmpty())
        subtitle += u"; "_s + fixedText;
    subtitle += u"; colour: the element's %1"_s.arg(
        QString::fromStdString(layout.outDims()[size_t(rowDim)].first));
    return subtitle;
}

// Every cell: the element its hardware index maps to, coloured by the element's row along rowDim.
void fillInverseCells(DiagramPanel &p, const LinearLayout &layout, const InverseGrid &g,
                      const std::vector<int32_t> &fixedValues, int rowDim)
{
    const int32_t rowSize = layout.outDims()[size_t(rowDim)].second;
    std::vector<int32_t> in = fixedValues;
    for (int r = 0; r < g.rows; ++r) {
        for (int c = 0; c < g.cols; ++c) {
            if (g.shared) {
                in[size_t(g.offIdx)] = r * g.perRow + c;
            } else {
                if (g.laneIdx >= 0)
                    in[size_t(g.laneIdx)] = r;
                if (g.regIdx >= 0)
                    in[size_t(g.regIdx)] = c;
            }
            const std::vector<int32_t> out = layout.applyOrdered(in);
            DiagramCell &cell = p.cell(r, c);
            cell.elementId = elementId(out, layout.outDims());
            cell.fill =
                rampColor(rowSize > 1 ? double(out[size_t(rowDim)]) / double(rowSize - 1) : 0.0);
            QString text = u"["_s;
            for (size_t i = 0; i < out.size(); ++i)
                text += (i ? u","_s : QString()) + QString::number(out[i]);
            text += u']';
            // Each element's text is stored as it comes: a lookup per cell to share the repeats of
            // a broadcast layout cost a third of a 1024×1024 edit (most texts are distinct).
            cell.text = p.addString(text);
        }
    }
}

} // namespace

Expected<Diagram> inverseDiagram(const LinearLayout &layout, const InverseDiagramOptions &options)
{
    const InDimFields f(layout);
    const bool shared = f.isShared();
    if (!shared && !f.lane.present() && !f.reg.present())
        return makeError("inverse: a distributed layout needs 'register' or 'lane' in-dims");
    if (layout.numOutDims() == 0)
        return makeError("inverse: the layout has no out-dims");
    const int rowDim = std::clamp(options.slice.rowDim, 0, layout.numOutDims() - 1);

    auto fixedValues = fixedInputs(layout, options);
    if (!fixedValues)
        return fixedValues.error();
    auto grid = inverseGrid(layout, f, options);
    if (!grid)
        return grid.error();
    const InverseGrid &g = *grid;

    Diagram d;
    d.title = options.title.isEmpty() ? u"Hardware index \u2192 element"_s : options.title;
    d.subtitle = inverseSubtitle(layout, g, *fixedValues, rowDim);
    d.cellSize = QSizeF(layout.numOutDims() > 2 ? 52 : 44, 20);
    DiagramPanel &p = d.addPanel(g.rows, g.cols);
    p.rowAxisLabel = shared ? u"offset / %1"_s.arg(g.perRow) : u"lane"_s;
    p.columnAxisLabel = shared ? u"offset % %1"_s.arg(g.perRow) : u"register"_s;
    for (int r = 0; r < g.rows; ++r)
        p.rowHeaders << (shared ? QString::number(r * g.perRow) : QString::number(r));
    for (int c = 0; c < g.cols; ++c)
        p.columnHeaders << QString::number(c);
    fillInverseCells(p, layout, g, *fixedValues, rowDim);
    p.tooltipSource = std::make_shared<const InverseTooltips>(
        layout, *fixedValues, g.laneIdx, g.regIdx, shared ? g.offIdx : -1, g.perRow);
    const int32_t rowSize = layout.outDims()[size_t(rowDim)].second;
    d.legendTitle =
        u"element %1"_s.arg(QString::fromStdString(layout.outDims()[size_t(rowDim)].first));
    d.legend.push_back({rampColor(0), u"0"_s});
    d.legend.push_back({rampColor(1), QString::number(rowSize - 1)});
    return d;
}

Expected<Diagram> buildInverseView(const ViewRequest &request)
{
    const auto named = request.layoutOption("layout");
    if (!named)
        return named.error();
    const LinearLayout &layout = (*named)->layout;
    InverseDiagramOptions o;
    for (const auto &[name, bases] : layout.bases()) {
        if (name == "register" || name == "lane" || name == "offset")
            continue;
        const auto v = request.intOption(name, 0);
        if (!v)
            return v.error();
        o.fixed.emplace_back(name, int32_t(std::clamp<int64_t>(*v, -1, INT32_MAX)));
    }
    const auto perRow = request.intOption("offsetsPerRow", 0);
    if (!perRow)
        return perRow.error();
    o.offsetsPerRow = int(std::clamp<int64_t>(*perRow, -1, 1 << 20));
    const auto rowDim = request.intOption("rowDim", 0);
    if (!rowDim)
        return rowDim.error();
    o.slice.rowDim = int(std::clamp<int64_t>(*rowDim, 0, std::max(0, layout.numOutDims() - 1)));
    o.title = u"%1: hardware index \u2192 element"_s.arg(QString::fromStdString((*named)->name));
    return inverseDiagram(layout, o);
}

} // namespace lx
