#include "render/ownershipdiagram.h"
#include "render/ownercolouring.h"
#include "render/ownershipdiagraminternal.h"

#include "base/largebuffer.h"
#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/qtext.h"
#include "render/viewregistry.h"
#include "request/viewfigures.h"

#include <QStringList>

#include <algorithm>
#include <bit>
#include <memory>
#include <span>

using namespace Qt::StringLiterals;

namespace lx {

namespace ownershipdiagraminternal {

QString xorText(const LinearLayout &layout, const std::vector<int32_t> &values)
{
    std::vector<LinearLayout::NamedValue> in;
    for (size_t i = 0; i < values.size(); ++i)
        in.emplace_back(layout.bases()[i].first, values[i]);
    const auto x = decomposeXor(layout, in);
    return x ? QString::fromStdString(x->toString()) : QString::fromStdString(x.message());
}

} // namespace ownershipdiagraminternal

using ownershipdiagraminternal::addOwnershipLegend;
using ownershipdiagraminternal::colorKeyName;
using ownershipdiagraminternal::colorKeyWords;
using ownershipdiagraminternal::InDimFields;
using ownershipdiagraminternal::OwnerColouring;
using ownershipdiagraminternal::ownerFills;
using ownershipdiagraminternal::OwnerFills;
using ownershipdiagraminternal::xorText;

namespace {

// The largest ownership diagram: its cells are computed, not stored (a 4096 x 4096 view costs its
// ownership map and 4 bytes of fill per cell, ~0.3 GB at 2 owners per element).
constexpr int64_t kMaxOwnershipCells = int64_t(1) << 24;

} // namespace

namespace {

// Appends the decimal digits of v >= 0 at p.
char16_t *appendNumber(char16_t *p, int32_t v)
{
    char16_t digits[12];
    int n = 0;
    do {
        digits[n++] = char16_t(u'0' + v % 10);
        v /= 10;
    } while (v > 0);
    while (n > 0)
        *p++ = digits[--n];
    return p;
}

// "T5:R3", with "W1" and "B0" parts before it when asked (one allocation).
// `tall`: the lane and the register on lines of their own (square cells have the room).
QString ownerText(const InDimFields &f, uint64_t x, bool withWarp, bool withBlock, char16_t sep,
                  bool tall = false)
{
    char16_t buf[64];
    char16_t *p = buf;
    if (withBlock) {
        *p++ = u'B';
        p = appendNumber(p, f.block.get(x));
        *p++ = sep;
    }
    if (f.isShared()) {
        p = appendNumber(p, f.offset.get(x));
        return QString(reinterpret_cast<const QChar *>(buf), p - buf);
    }
    if (withWarp) {
        *p++ = u'W';
        p = appendNumber(p, f.warp.get(x));
        *p++ = sep;
    }
    *p++ = u'T';
    p = appendNumber(p, f.lane.get(x));
    *p++ = tall ? sep : u':';
    *p++ = u'R';
    p = appendNumber(p, f.reg.get(x));
    return QString(reinterpret_cast<const QChar *>(buf), p - buf);
}

// Every owner of an element, each with its XOR decomposition, computed when asked.
class OwnershipTooltips final : public DiagramTooltipSource
{
public:
    OwnershipTooltips(LinearLayout layout, std::shared_ptr<const OwnershipMap> map, QString rowName,
                      QString colName)
        : m_layout(std::move(layout)), m_map(std::move(map)), m_rowName(std::move(rowName)),
          m_colName(std::move(colName))
    {
    }

    QString tooltip(int row, int col) const override
    {
        const OwnershipMap &map = *m_map;
        if (row < 0 || col < 0 || row >= map.rows() || col >= map.columns())
            return {};
        QString tip = u"%1=%2"_s.arg(m_rowName).arg(row);
        if (!m_colName.isEmpty())
            tip += u", %1=%2"_s.arg(m_colName).arg(col);
        const auto owners = map.owners(row, col);
        if (owners.empty())
            return tip + u": no owner"_s;
        tip += owners.size() == 1 ? u": 1 owner"_s : u": %1 owners"_s.arg(owners.size());
        constexpr size_t kListed = 16;
        for (size_t i = 0; i < owners.size() && i < kListed; ++i)
            tip += u"\n  "_s + xorText(m_layout, map.decode(owners[i]));
        if (owners.size() > kListed)
            tip += u"\n  \u2026 and %1 more"_s.arg(owners.size() - kListed);
        return tip;
    }

private:
    LinearLayout m_layout;
    std::shared_ptr<const OwnershipMap> m_map;
    QString m_rowName;
    QString m_colName;
};

// The cells of an ownership panel, computed when painted or exported: the fill is the colour of
// the first owner's key, a black outline marks owners with different keys, and the label names
// the owner(s) (see ownershipdiagram.h).
class OwnershipCells final : public DiagramCellSource
{
public:
    // `fills`: every cell's fill, row-major (the first owner's colour; alpha 0: no owner).
    // `tall`: square cells, where one owner's lane and register stand on two lines.
    OwnershipCells(std::shared_ptr<const OwnershipMap> map, OwnerColouring colouring,
                   OwnerLabel label, int maxLabelOwners, LargeBuffer<QRgb> fills, bool tall)
        : m_map(std::move(map)), m_colouring(std::move(colouring)), m_label(label),
          m_maxLabelOwners(maxLabelOwners), m_fills(std::move(fills)), m_tall(tall)
    {
        const InDimFields &f = m_colouring.f;
        m_withWarp = f.warp.size() > 1 && m_colouring.colorBy != OwnerColor::Warp;
        m_withBlock = f.block.size() > 1 && m_colouring.colorBy != OwnerColor::Block;
    }

    DiagramCell cell(int row, int col) const override
    {
        DiagramCell cell;
        cell.elementId = m_map->elementIdAt(row, col);
        cell.fill = fill(row, col);
        if (m_colouring.mixed(m_map->owners(row, col)))
            cell.outline = qRgb(0, 0, 0);
        return cell;
    }

    QRgb fill(int row, int col) const override
    {
        return m_fills[size_t(row) * size_t(m_map->columns()) + size_t(col)];
    }

    QString text(int row, int col) const override
    {
        const auto owners = m_map->owners(row, col);
        if (m_label == OwnerLabel::None || owners.empty())
            return {};
        if (owners.size() == 1)
            return singleLabel(owners[0], u'\n');
        if (int(owners.size()) > m_maxLabelOwners)
            return u"\u00d7"_s + QString::number(owners.size());
        QString lines;
        for (uint64_t x : owners) {
            if (!lines.isEmpty())
                lines += u'\n';
            lines += singleLabel(x, u':');
        }
        return lines;
    }

    TextExtent textExtent() const override
    {
        if (m_label == OwnerLabel::None)
            return {};
        // Widest values: the largest index of each in-dim; owner counts: what the map holds.
        const size_t maxOwners = m_map->maxOwnerCount();
        TextExtent e;
        if (maxOwners == 0)
            return e;
        const InDimFields &f = m_colouring.f;
        auto digits = [](int32_t size) { return int(QString::number(size - 1).size()); };
        auto widen = [&](int lines, int chars) {
            e.lines = std::max(e.lines, lines);
            e.chars = std::max(e.chars, chars);
        };
        // One owner: its parts on separate lines (owner label) or one part.
        int oneLine = 0; // every part on one line, joined by ':'
        switch (m_label) {
        case OwnerLabel::Owner: {
            const int block = 1 + digits(f.block.size());
            const int warp = 1 + digits(f.warp.size());
            const bool tall = m_tall && !f.isShared();
            const int thread = f.isShared() ? digits(f.offset.size())
                               : tall ? 1 + std::max(digits(f.lane.size()), digits(f.reg.size()))
                                      : 3 + digits(f.lane.size()) + digits(f.reg.size());
            const bool withWarp = m_withWarp && !f.isShared();
            widen(1 + int(m_withBlock) + int(withWarp) + int(tall),
                  std::max({m_withBlock ? block : 0, withWarp ? warp : 0, thread}));
            oneLine = (m_withBlock ? block + 1 : 0) + (withWarp ? warp + 1 : 0) + thread;
            break;
        }
        case OwnerLabel::Lane:
            oneLine = 1 + digits(f.lane.size());
            break;
        case OwnerLabel::Register:
            oneLine = 1 + digits(f.reg.size());
            break;
        case OwnerLabel::Warp:
            oneLine = 1 + digits(f.warp.size());
            break;
        case OwnerLabel::Offset:
            oneLine = digits(f.offset.size());
            break;
        case OwnerLabel::None:
            break;
        }
        widen(1, m_label == OwnerLabel::Owner ? 0 : oneLine);
        if (maxOwners >= 2)
            widen(int(std::min<size_t>(maxOwners, size_t(std::max(m_maxLabelOwners, 1)))), oneLine);
        if (int(maxOwners) > m_maxLabelOwners)
            widen(1, 1 + int(QString::number(maxOwners).size()));
        return e;
    }

private:
    QString singleLabel(uint64_t x, char16_t sep) const
    {
        const InDimFields &f = m_colouring.f;
        switch (m_label) {
        case OwnerLabel::Owner:
            return ownerText(f, x, m_withWarp, m_withBlock, sep, m_tall && sep == u'\n');
        case OwnerLabel::Lane:
            return u'T' + QString::number(f.lane.get(x));
        case OwnerLabel::Register:
            return u'R' + QString::number(f.reg.get(x));
        case OwnerLabel::Warp:
            return u'W' + QString::number(f.warp.get(x));
        case OwnerLabel::Offset:
            return QString::number(f.offset.get(x));
        case OwnerLabel::None:
            break;
        }
        return {};
    }

    std::shared_ptr<const OwnershipMap> m_map;
    OwnerColouring m_colouring;
    OwnerLabel m_label;
    int m_maxLabelOwners;
    // Every fill once (4 bytes a cell): a zoomed-out view reads one per pixel, and a pan of a
    // 4096×4096 view must not decode a million owners again. Row-major, alpha 0: no owner. A
    // large buffer (base/largebuffer.h): the next edit's fills reuse its pages.
    LargeBuffer<QRgb> m_fills;
    bool m_tall = false;
    bool m_withWarp = false;
    bool m_withBlock = false;
};

} // namespace

namespace {

// The cells are counted before anything is allocated: a diagram cell costs far more than an
// owner, so the figure limit is below the ownership analysis's 2^26 inputs.
Expected<bool> checkOwnershipCells(const LinearLayout &layout, const OwnershipSlice &slice)
{
    const int sliceRow = slice.rowDim, sliceCol = slice.colDim;
    if (sliceRow >= 0 && sliceRow < layout.numOutDims() && sliceCol < layout.numOutDims()) {
        const int64_t cells = int64_t(layout.outDims()[size_t(sliceRow)].second) *
                              (sliceCol >= 0 ? layout.outDims()[size_t(sliceCol)].second : 1);
        if (cells > kMaxOwnershipCells)
            return makeError("ownership: a " + std::to_string(cells) +
                             "-element slice is more than a figure shows (at most 2^24 = " +
                             std::to_string(kMaxOwnershipCells) + " cells, e.g. 4096 x 4096)");
    }
    return true;
}

// What out-dim `d` is called: the option's name, else the layout's.
QString ownershipDimName(const LinearLayout &layout, const std::vector<QString> &names, int d)
{
    return size_t(d) < names.size() ? names[size_t(d)]
                                    : QString::fromStdString(layout.outDims()[size_t(d)].first);
}

// "rows: dim0 (64), columns: dim1 (64), dim2 = 0; colour: warp; owners per element: up to 2".
QString ownershipSubtitle(const LinearLayout &layout, const OwnershipSlice &slice,
                          OwnerColor colorBy, size_t maxOwners, const std::vector<QString> &names)
{
    const auto &outDims = layout.outDims();
    QString sub = u"rows: %1 (%2)"_s.arg(ownershipDimName(layout, names, slice.rowDim))
                      .arg(outDims[size_t(slice.rowDim)].second);
    if (slice.colDim >= 0)
        sub += u", columns: %1 (%2)"_s.arg(ownershipDimName(layout, names, slice.colDim))
                   .arg(outDims[size_t(slice.colDim)].second);
    for (int dd = 0; dd < int(outDims.size()); ++dd) {
        if (dd == slice.rowDim || dd == slice.colDim)
            continue;
        const int32_t v = size_t(dd) < slice.fixed.size() ? slice.fixed[size_t(dd)] : 0;
        sub += u", %1 = %2"_s.arg(ownershipDimName(layout, names, dd)).arg(v);
    }
    sub +=
        u"; colour: %1; owners per element: up to %2"_s.arg(colorKeyName(colorBy)).arg(maxOwners);
    return sub;
}

} // namespace

Expected<Diagram> ownershipDiagram(const LinearLayout &layout,
                                   const OwnershipDiagramOptions &options)
{
    const InDimFields f(layout);
    const bool shared = f.isShared();
    const OwnerColor colorBy = shownOwnerColor(layout, options.colorBy);
    if (!shared && colorBy == OwnerColor::Offset)
        return makeError("ownership: colour by offset needs a shared layout (an 'offset' in-dim)");
    if (!shared && !f.lane.present() && !f.reg.present())
        return makeError("ownership: a distributed layout needs 'register' or 'lane' in-dims");
    if (auto ok = checkOwnershipCells(layout, options.slice); !ok)
        return ok.error();
    Expected<OwnershipMap> mapOr = computeOwnership(layout, options.slice);
    if (!mapOr)
        return mapOr.error();
    const auto mapPtr = std::make_shared<const OwnershipMap>(std::move(*mapOr));
    const OwnershipMap &map = *mapPtr;
    const int rows = map.rows();
    const int cols = map.columns();
    const bool bySimd = colorBy == OwnerColor::Simd || colorBy == OwnerColor::SimdPair;
    if (bySimd && !options.cu)
        return makeError("ownership: colour by SIMD or SIMD pair needs an architecture whose "
                         "file describes its SIMDs and SIMD pairs (a CU model)");
    const OwnerColouring colouring(f, colorBy, bySimd ? options.cu : std::nullopt);

    Diagram d;
    d.title = options.title.isEmpty() ? u"Ownership"_s : options.title;
    if (!options.axisNames.empty() && int(options.axisNames.size()) != layout.numOutDims())
        return makeError("ownership: axisNames has " + std::to_string(options.axisNames.size()) +
                         " names for " + std::to_string(layout.numOutDims()) +
                         " out-dims (one name per out-dim)");
    const QString rowName = ownershipDimName(layout, options.axisNames, options.slice.rowDim);
    d.subtitle =
        ownershipSubtitle(layout, options.slice, colorBy, map.maxOwnerCount(), options.axisNames);
    if (!shared && cols >= 24)
        d.cellSize = QSizeF(34, 20); // "T31:R63" fits at the smallest readable size
    using Cells = OwnershipDiagramOptions::Cells;
    const int big = OwnershipDiagramOptions::kSquareCellsAbove;
    const bool square = options.cells == Cells::Square ||
                        (options.cells == Cells::Auto && (rows > big || cols > big));
    if (square) {
        const double side = std::max(d.cellSize.width(), d.cellSize.height());
        d.cellSize = QSizeF(side, side);
    }

    OwnerFills filled = ownerFills(map, colouring);
    DiagramPanel &p =
        d.addComputedPanel(rows, cols,
                           std::make_shared<const OwnershipCells>(mapPtr, colouring, options.label,
                                                                  options.maxLabelOwners,
                                                                  std::move(filled.fills), square));
    p.rowAxisLabel = rowName;
    if (options.slice.colDim >= 0)
        p.columnAxisLabel = ownershipDimName(layout, options.axisNames, options.slice.colDim);
    for (int r = 0; r < rows; ++r)
        p.rowHeaders << QString::number(r);
    for (int c = 0; c < cols; ++c)
        p.columnHeaders << QString::number(c);

    p.tooltipSource =
        std::make_shared<const OwnershipTooltips>(layout, mapPtr, rowName, p.columnAxisLabel);
    addOwnershipLegend(d, colouring, filled.mixedCells > 0, filled.unowned);
    appendFigures(d, ownershipFigures(
                         layout, map,
                         {filled.unowned, filled.mixedCells, colorKeyName(colorBy).toStdString()}));
    return d;
}

namespace {

Expected<OwnershipSlice> sliceFromOptions(const ViewRequest &request, const LinearLayout &layout)
{
    OwnershipSlice slice;
    const auto rowDim = request.intOption("rowDim", 0);
    if (!rowDim)
        return rowDim.error();
    const auto colDim = request.intOption("colDim", layout.numOutDims() > 1 ? 1 : -1);
    if (!colDim)
        return colDim.error();
    const auto fixed = request.intListOption("fixed", {});
    if (!fixed)
        return fixed.error();
    slice.rowDim = int(*rowDim);
    slice.colDim = int(*colDim);
    for (int64_t v : *fixed)
        slice.fixed.push_back(int32_t(v));
    return slice;
}

} // namespace

Expected<Diagram> buildOwnershipView(const ViewRequest &request)
{
    const auto named = request.layoutOption("layout");
    if (!named)
        return named.error();
    const LinearLayout &layout = (*named)->layout;
    OwnershipDiagramOptions o;
    const auto slice = sliceFromOptions(request, layout);
    if (!slice)
        return slice.error();
    o.slice = *slice;
    const bool shared = layout.hasInDim("offset");
    const auto color =
        request.stringOption("colorBy", defaultOwnerColorName(layout), ownerColorNames());
    if (!color)
        return color.error();
    o.colorBy = *parseOwnerColor(*color);
    if (o.colorBy == OwnerColor::Simd || o.colorBy == OwnerColor::SimdPair) {
        // Which SIMD runs a warp and which SIMDs pair up are the architecture file's facts.
        Expected<CuModel> cu = cuModelOf(request.arch);
        if (!cu)
            return makeError("colorBy " + *color + ": architecture '" + request.arch +
                             "': " + cu.message());
        o.cu = std::move(*cu);
    }
    const auto label = request.stringOption(
        "label", "owner", {"owner", "lane", "register", "warp", "offset", "none"});
    if (!label)
        return label.error();
    const std::string &l = *label;
    o.label = l == "lane"       ? OwnerLabel::Lane
              : l == "register" ? OwnerLabel::Register
              : l == "warp"     ? OwnerLabel::Warp
              : l == "offset"   ? OwnerLabel::Offset
              : l == "none"     ? OwnerLabel::None
                                : OwnerLabel::Owner;
    if (shared && o.label == OwnerLabel::Owner)
        o.label = OwnerLabel::Offset;
    const auto maxOwners = request.intOption("maxLabelOwners", 2);
    if (!maxOwners)
        return maxOwners.error();
    o.maxLabelOwners = int(std::clamp<int64_t>(*maxOwners, 0, 16));
    const auto cells = request.stringOption("cells", "auto", {"auto", "square", "wide"});
    if (!cells)
        return cells.error();
    o.cells = *cells == "square" ? OwnershipDiagramOptions::Cells::Square
              : *cells == "wide" ? OwnershipDiagramOptions::Cells::Wide
                                 : OwnershipDiagramOptions::Cells::Auto;
    const auto axisNames = request.stringListOption("axisNames", {});
    if (!axisNames)
        return axisNames.error();
    for (const std::string &n : *axisNames)
        o.axisNames.push_back(QString::fromStdString(n));
    o.title = u"Ownership of %1"_s.arg(QString::fromStdString((*named)->name));
    // A view that chooses its colouring says it: one layout drawn twice, by warp and by
    // register, is two panels with two titles.
    if (request.hasOption("colorBy", OptionUse::String))
        o.title += u", by %1"_s.arg(colorKeyWords(o.colorBy));
    return ownershipDiagram(layout, o);
}

} // namespace lx
