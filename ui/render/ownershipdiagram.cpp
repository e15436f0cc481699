#include "render/ownershipdiagram.h"
#include "render/ownershipdiagraminternal.h"

#include "base/largebuffer.h"
#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/qtext.h"
#include "render/viewregistry.h"

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

using ownershipdiagraminternal::InDimFields;
using ownershipdiagraminternal::xorText;

namespace {

// The largest ownership diagram: its cells are computed, not stored (a 4096 x 4096 view costs its
// ownership map and 4 bytes of fill per cell, ~0.3 GB at 2 owners per element).
constexpr int64_t kMaxOwnershipCells = int64_t(1) << 24;

} // namespace

namespace {

struct ColorName
{
    const char *name;
    OwnerColor color;
};
constexpr ColorName kColorNames[] = {
    {"lane", OwnerColor::Lane},          {"register", OwnerColor::Register},
    {"warp", OwnerColor::Warp},          {"simd", OwnerColor::Simd},
    {"simd-pair", OwnerColor::SimdPair}, {"block", OwnerColor::Block},
    {"offset", OwnerColor::Offset},
};

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

// The colour key of an owner (lane, register, warp, ...), how many keys there are and the
// colour of each.
struct OwnerColouring
{
    OwnerColouring(const InDimFields &fields, OwnerColor by, std::optional<CuModel> cuModel)
        : f(fields), colorBy(by), cu(std::move(cuModel))
    {
        switch (colorBy) {
        case OwnerColor::Lane:
            keyCount = f.lane.size();
            break;
        case OwnerColor::Register:
            keyCount = f.reg.size();
            break;
        case OwnerColor::Warp:
            keyCount = f.warp.size();
            break;
        case OwnerColor::Simd:
        case OwnerColor::SimdPair:
            // The keys the warps reach: SIMD w mod simds, or its pair (unpaired last).
            for (int32_t w = 0; w < std::max(1, f.warp.size()); ++w)
                keyCount = std::max(keyCount, simdKey(w) + 1);
            break;
        case OwnerColor::Block:
            keyCount = f.block.size();
            break;
        case OwnerColor::Offset:
            keyCount = f.offset.size();
            break;
        }
        // One colour per key up front when there are few keys (every one is likely painted).
        if (keyCount <= 4096)
            for (int32_t k = 0; k < keyCount; ++k)
                table.push_back(computeColor(k));
    }
    int32_t key(uint64_t x) const
    {
        switch (colorBy) {
        case OwnerColor::Lane:
            return f.lane.get(x);
        case OwnerColor::Register:
            return f.reg.get(x);
        case OwnerColor::Warp:
            return f.warp.get(x);
        case OwnerColor::Simd:
        case OwnerColor::SimdPair:
            return simdKey(f.warp.get(x));
        case OwnerColor::Block:
            return f.block.get(x);
        case OwnerColor::Offset:
            return f.offset.get(x);
        }
        return 0;
    }
    // The SIMD of warp w, or its SIMD pair (a SIMD in no pair: numPairs, drawn as such).
    int32_t simdKey(int32_t w) const
    {
        if (!cu)
            return 0;
        if (colorBy == OwnerColor::Simd)
            return cu->simdOfWarp(w);
        const int pair = cu->pairOfWarp(w);
        return pair < 0 ? cu->numPairs() : pair;
    }
    QRgb color(int32_t key) const
    {
        return size_t(key) < table.size() ? table[size_t(key)] : computeColor(key);
    }
    QRgb computeColor(int32_t key) const
    {
        switch (colorBy) {
        case OwnerColor::SimdPair:
            return simdPairColor(key);
        case OwnerColor::Simd:
            return simdColor(key);
        case OwnerColor::Offset:
            return rampColor(keyCount > 1 ? double(key) / double(keyCount - 1) : 0.0);
        default:
            return categoricalColor(key, keyCount);
        }
    }
    // Whether the owners do not all have the same key.
    bool mixed(std::span<const uint64_t> owners) const
    {
        if (owners.empty())
            return false;
        const int32_t k = key(owners[0]);
        for (uint64_t x : owners)
            if (key(x) != k)
                return true;
        return false;
    }

    InDimFields f;
    OwnerColor colorBy;
    std::optional<CuModel> cu;
    int32_t keyCount = 1;
    std::vector<QRgb> table;
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

QString colorKeyName(OwnerColor c)
{
    for (const ColorName &n : kColorNames)
        if (n.color == c)
            return QString::fromLatin1(n.name);
    return {};
}

} // namespace

std::string defaultOwnerColorName(const LinearLayout &layout)
{
    return layout.hasInDim("offset") ? "offset" : "warp";
}

std::vector<std::string> ownerColorNames()
{
    std::vector<std::string> names;
    for (const ColorName &n : kColorNames)
        names.emplace_back(n.name);
    return names;
}

Expected<OwnerColor> parseOwnerColor(const std::string &name)
{
    for (const ColorName &n : kColorNames)
        if (name == n.name)
            return n.color;
    std::string list;
    for (const ColorName &n : kColorNames)
        list += (list.empty() ? "" : ", ") + std::string(n.name);
    return makeError("unknown colour key '" + name + "'; expected one of: " + list);
}

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

// "rows: dim0 (64), columns: dim1 (64), dim2 = 0; colour: warp; owners per element: up to 2".
QString ownershipSubtitle(const LinearLayout &layout, const OwnershipSlice &slice,
                          OwnerColor colorBy, size_t maxOwners)
{
    const auto &outDims = layout.outDims();
    const auto &rowDim = outDims[size_t(slice.rowDim)];
    QString sub = u"rows: %1 (%2)"_s.arg(QString::fromStdString(rowDim.first)).arg(rowDim.second);
    if (slice.colDim >= 0) {
        const auto &colDim = outDims[size_t(slice.colDim)];
        sub += u", columns: %1 (%2)"_s.arg(QString::fromStdString(colDim.first)).arg(colDim.second);
    }
    for (int dd = 0; dd < int(outDims.size()); ++dd) {
        if (dd == slice.rowDim || dd == slice.colDim)
            continue;
        const int32_t v = size_t(dd) < slice.fixed.size() ? slice.fixed[size_t(dd)] : 0;
        sub += u", %1 = %2"_s.arg(QString::fromStdString(outDims[size_t(dd)].first)).arg(v);
    }
    sub +=
        u"; colour: %1; owners per element: up to %2"_s.arg(colorKeyName(colorBy)).arg(maxOwners);
    return sub;
}

// Every cell's fill (the first owner's colour, 0 without an owner) and the counts of cells
// without an owner and with owners of mixed keys.
struct OwnerFills
{
    LargeBuffer<QRgb> fills;
    size_t unowned = 0;
    size_t mixedCells = 0;
};

// One pass over the owners: the fill of every cell and the figures.
OwnerFills ownerFills(const OwnershipMap &map, const OwnerColouring &colouring)
{
    const int rows = map.rows();
    const int cols = map.columns();
    OwnerFills out;
    // Not zero-filled first (every entry is written below): at 4096×4096 that pass is 64 MiB.
    out.fills = LargeBuffer<QRgb>(size_t(rows) * size_t(cols));
    QRgb *fill = out.fills.data();
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c, ++fill) {
            const auto owners = map.owners(r, c);
            if (owners.empty()) {
                *fill = 0;
                ++out.unowned;
                continue;
            }
            const int32_t key = colouring.key(owners[0]);
            *fill = colouring.color(key);
            for (size_t i = 1; i < owners.size(); ++i) {
                if (colouring.key(owners[i]) != key) { // as OwnerColouring::mixed
                    ++out.mixedCells;
                    break;
                }
            }
        }
    }
    return out;
}

// Legend: one entry per colour key (up to 64; beyond, a single line naming the key), then the
// mixed outline and the unowned elements when there are any.
void addOwnershipLegend(Diagram &d, const OwnerColouring &colouring, bool anyMixed, size_t unowned)
{
    const OwnerColor colorBy = colouring.colorBy;
    const int32_t keyCount = colouring.keyCount;
    auto colorOf = [&](int32_t key) { return colouring.color(key); };
    d.legendTitle = colorKeyName(colorBy);
    if (colorBy == OwnerColor::SimdPair && colouring.cu) {
        // The pairs as the architecture file names them: "SIMD pair A: SIMD 0, 2".
        const CuModel &cu = *colouring.cu;
        d.legendTitle =
            u"SIMD pair (%1: warp mod %2)"_s.arg(QString::fromStdString(cu.arch)).arg(cu.simds);
        for (int32_t k = 0; k < keyCount; ++k) {
            QStringList simds;
            for (int simd : k < cu.numPairs() ? cu.pairSimds[size_t(k)] : std::vector<int>{})
                simds << QString::number(simd);
            d.legend.push_back(
                {simdPairColor(k), k < cu.numPairs()
                                       ? u"SIMD pair %1: SIMD %2"_s.arg(qs(cu.pairNames[size_t(k)]),
                                                                        simds.join(u", "_s))
                                       : u"in no SIMD pair"_s});
        }
    } else if (colorBy == OwnerColor::Offset) {
        d.legend.push_back({rampColor(0), u"offset 0"_s});
        d.legend.push_back({rampColor(1), u"offset %1"_s.arg(keyCount - 1)});
    } else if (keyCount <= 64) {
        const QString prefix =
            colorBy == OwnerColor::Simd ? u"SIMD "_s : colorKeyName(colorBy) + u' ';
        for (int32_t k = 0; k < keyCount; ++k)
            d.legend.push_back({colorOf(k), prefix + QString::number(k)});
    } else {
        d.legend.push_back(
            {colorOf(0), u"%1: %2 colours by index"_s.arg(colorKeyName(colorBy)).arg(keyCount)});
    }
    if (anyMixed)
        d.legend.push_back({qRgb(255, 255, 255), u"black outline: owners with different %1"_s.arg(
                                                     colorKeyName(colorBy))});
    if (unowned)
        d.legend.push_back({0, u"%1 elements without an owner (empty)"_s.arg(unowned)});
}

// The figures: elements drawn and owned, owners per element, the hardware sizes, mixed colours.
void addOwnershipFigures(Diagram &d, const InDimFields &f, const OwnershipMap &map,
                         OwnerColor colorBy, size_t unowned, size_t mixedCells)
{
    const int rows = map.rows();
    const int cols = map.columns();
    const qint64 cells = qint64(rows) * qint64(cols);
    d.addFigure(u"elements"_s, u"Elements drawn"_s,
                u"%1 × %2 = %3"_s.arg(rows).arg(cols).arg(cells));
    d.addFigure(u"owned"_s, u"Elements with an owner"_s,
                u"%1 of %2"_s.arg(cells - qint64(unowned)).arg(cells));
    d.addFigure(u"maxOwners"_s, u"Owners per element (max)"_s, QString::number(map.maxOwnerCount()),
                u"More than one: the element is replicated (broadcast)"_s);
    if (!f.isShared()) {
        d.addFigure(u"registers"_s, u"Registers per thread"_s, QString::number(f.reg.size()));
        d.addFigure(u"lanes"_s, u"Lanes"_s, QString::number(f.lane.size()));
        d.addFigure(u"warps"_s, u"Warps"_s, QString::number(f.warp.size()));
    } else {
        d.addFigure(u"offsets"_s, u"Offsets"_s, QString::number(f.offset.size()));
    }
    d.addFigure(u"mixedColour"_s, u"Elements with mixed %1"_s.arg(colorKeyName(colorBy)),
                QString::number(mixedCells),
                u"Owners of the element differ in the colour key (outlined black)"_s);
}

} // namespace

Expected<Diagram> ownershipDiagram(const LinearLayout &layout,
                                   const OwnershipDiagramOptions &options)
{
    const InDimFields f(layout);
    const bool shared = f.isShared();
    OwnerColor colorBy = options.colorBy;
    if (shared && colorBy != OwnerColor::Block)
        colorBy = OwnerColor::Offset;
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
    const auto &outDims = layout.outDims();
    const int rows = map.rows();
    const int cols = map.columns();
    const bool bySimd = colorBy == OwnerColor::Simd || colorBy == OwnerColor::SimdPair;
    if (bySimd && !options.cu)
        return makeError("ownership: colour by SIMD or SIMD pair needs an architecture whose "
                         "file describes its SIMDs and SIMD pairs (a CU model)");
    const OwnerColouring colouring(f, colorBy, bySimd ? options.cu : std::nullopt);

    Diagram d;
    d.title = options.title.isEmpty() ? u"Ownership"_s : options.title;
    const auto &rowDim = outDims[size_t(options.slice.rowDim)];
    d.subtitle = ownershipSubtitle(layout, options.slice, colorBy, map.maxOwnerCount());
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
    p.rowAxisLabel = QString::fromStdString(rowDim.first);
    if (options.slice.colDim >= 0)
        p.columnAxisLabel = QString::fromStdString(outDims[size_t(options.slice.colDim)].first);
    for (int r = 0; r < rows; ++r)
        p.rowHeaders << QString::number(r);
    for (int c = 0; c < cols; ++c)
        p.columnHeaders << QString::number(c);

    p.tooltipSource = std::make_shared<const OwnershipTooltips>(
        layout, mapPtr, QString::fromStdString(rowDim.first), p.columnAxisLabel);
    addOwnershipLegend(d, colouring, filled.mixedCells > 0, filled.unowned);
    addOwnershipFigures(d, f, map, colorBy, filled.unowned, filled.mixedCells);
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
    o.title = u"Ownership of %1"_s.arg(QString::fromStdString((*named)->name));
    return ownershipDiagram(layout, o);
}

} // namespace lx
