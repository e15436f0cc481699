#include "render/ownershipdiagram.h"

#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <algorithm>
#include <bit>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// The largest ownership or inverse diagram built (1024 x 1024 cells: ~0.3 s and ~0.3 GB; the
// window paints only the visible part, an export takes at most kMaxExportCells of them).
constexpr int64_t kMaxDiagramCells = int64_t(1) << 20;

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

// Where each well-known in-dim sits in the flattened input.
struct InDimFields
{
    struct Field
    {
        int shift = 0;
        int bits = -1; // -1: the layout has no such in-dim
        int32_t get(uint64_t x) const
        {
            return bits < 0 ? 0 : int32_t((x >> shift) & ((uint64_t(1) << bits) - 1));
        }
        int32_t size() const { return bits < 0 ? 1 : int32_t(1) << bits; }
        bool present() const { return bits >= 0; }
    };
    Field reg, lane, warp, block, offset;

    explicit InDimFields(const LinearLayout &layout)
    {
        int shift = 0;
        for (const auto &[name, bases] : layout.bases()) {
            Field f{shift, int(bases.size())};
            if (name == "register")
                reg = f;
            else if (name == "lane")
                lane = f;
            else if (name == "warp")
                warp = f;
            else if (name == "block")
                block = f;
            else if (name == "offset")
                offset = f;
            shift += int(bases.size());
        }
    }
    bool isShared() const { return offset.present(); }
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
QString ownerText(const InDimFields &f, uint64_t x, bool withWarp, bool withBlock, char16_t sep)
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
    *p++ = u':';
    *p++ = u'R';
    p = appendNumber(p, f.reg.get(x));
    return QString(reinterpret_cast<const QChar *>(buf), p - buf);
}

// "warp=3 → [2,1] ⊕ [1,0] = [3,1]" for one value per in-dim.
QString xorText(const LinearLayout &layout, const std::vector<int32_t> &values)
{
    std::vector<LinearLayout::NamedValue> in;
    for (size_t i = 0; i < values.size(); ++i)
        in.emplace_back(layout.bases()[i].first, values[i]);
    const auto x = decomposeXor(layout, in);
    return x ? QString::fromStdString(x->toString()) : QString::fromStdString(x.message());
}

// Every owner of an element, each with its XOR decomposition, computed when asked.
class OwnershipTooltips final : public DiagramTooltipSource
{
public:
    OwnershipTooltips(LinearLayout layout, OwnershipMap map, QString rowName, QString colName)
        : m_layout(std::move(layout)), m_map(std::move(map)), m_rowName(std::move(rowName)),
          m_colName(std::move(colName))
    {
    }

    QString tooltip(int row, int col) const override
    {
        if (row < 0 || col < 0 || row >= m_map.rows() || col >= m_map.columns())
            return {};
        QString tip = u"%1=%2"_s.arg(m_rowName).arg(row);
        if (!m_colName.isEmpty())
            tip += u", %1=%2"_s.arg(m_colName).arg(col);
        const auto owners = m_map.owners(row, col);
        if (owners.empty())
            return tip + u": no owner"_s;
        tip += owners.size() == 1 ? u": 1 owner"_s : u": %1 owners"_s.arg(owners.size());
        constexpr size_t kListed = 16;
        for (size_t i = 0; i < owners.size() && i < kListed; ++i)
            tip += u"\n  "_s + xorText(m_layout, m_map.decode(owners[i]));
        if (owners.size() > kListed)
            tip += u"\n  \u2026 and %1 more"_s.arg(owners.size() - kListed);
        return tip;
    }

private:
    LinearLayout m_layout;
    OwnershipMap m_map;
    QString m_rowName;
    QString m_colName;
};

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

    // The cells are counted before anything is allocated: a diagram cell costs far more than an
    // owner, so the figure limit is below the ownership analysis's 2^26 inputs.
    const int sliceRow = options.slice.rowDim, sliceCol = options.slice.colDim;
    if (sliceRow >= 0 && sliceRow < layout.numOutDims() && sliceCol < layout.numOutDims()) {
        const int64_t cells = int64_t(layout.outDims()[size_t(sliceRow)].second) *
                              (sliceCol >= 0 ? layout.outDims()[size_t(sliceCol)].second : 1);
        if (cells > kMaxDiagramCells)
            return makeError("ownership: a " + std::to_string(cells) +
                             "-element slice is more than a figure shows (at most 2^20 = " +
                             std::to_string(kMaxDiagramCells) + " cells, e.g. 1024 x 1024)");
    }
    Expected<OwnershipMap> mapOr = computeOwnership(layout, options.slice);
    if (!mapOr)
        return mapOr.error();
    const OwnershipMap &map = *mapOr; // moved into the tooltip source at the end
    const auto &outDims = layout.outDims();
    const int rows = map.rows();
    const int cols = map.columns();

    // The colour key of an owner and how many keys there are.
    auto keyOf = [&](uint64_t x) -> int32_t {
        switch (colorBy) {
        case OwnerColor::Lane:
            return f.lane.get(x);
        case OwnerColor::Register:
            return f.reg.get(x);
        case OwnerColor::Warp:
            return f.warp.get(x);
        case OwnerColor::Simd:
            return f.warp.get(x) % 4;
        case OwnerColor::SimdPair:
            return (f.warp.get(x) % 4) & 1; // pair A = SIMD 0, 2; pair B = SIMD 1, 3
        case OwnerColor::Block:
            return f.block.get(x);
        case OwnerColor::Offset:
            return f.offset.get(x);
        }
        return 0;
    };
    int32_t keyCount = 1;
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
        keyCount = std::min(4, f.warp.size());
        break;
    case OwnerColor::SimdPair:
        keyCount = std::min(2, f.warp.size());
        break;
    case OwnerColor::Block:
        keyCount = f.block.size();
        break;
    case OwnerColor::Offset:
        keyCount = f.offset.size();
        break;
    }
    auto colorOf = [&](int32_t key) -> QRgb {
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
    };

    const bool withWarp = f.warp.size() > 1 && colorBy != OwnerColor::Warp;
    const bool withBlock = f.block.size() > 1 && colorBy != OwnerColor::Block;

    Diagram d;
    d.title = options.title.isEmpty() ? u"Ownership"_s : options.title;
    const auto &rowDim = outDims[size_t(options.slice.rowDim)];
    QString sub = u"rows: %1 (%2)"_s.arg(QString::fromStdString(rowDim.first)).arg(rowDim.second);
    if (options.slice.colDim >= 0) {
        const auto &colDim = outDims[size_t(options.slice.colDim)];
        sub += u", columns: %1 (%2)"_s.arg(QString::fromStdString(colDim.first)).arg(colDim.second);
    }
    for (int dd = 0; dd < int(outDims.size()); ++dd) {
        if (dd == options.slice.rowDim || dd == options.slice.colDim)
            continue;
        const int32_t v =
            size_t(dd) < options.slice.fixed.size() ? options.slice.fixed[size_t(dd)] : 0;
        sub += u", %1 = %2"_s.arg(QString::fromStdString(outDims[size_t(dd)].first)).arg(v);
    }
    sub += u"; colour: %1; owners per element: up to %2"_s.arg(colorKeyName(colorBy))
               .arg(map.maxOwnerCount());
    d.subtitle = sub;
    if (!shared && cols >= 24)
        d.cellSize = QSizeF(34, 20); // "T31:R63" fits at the smallest readable size

    DiagramPanel &p = d.addPanel(rows, cols);
    p.rowAxisLabel = QString::fromStdString(rowDim.first);
    if (options.slice.colDim >= 0)
        p.columnAxisLabel = QString::fromStdString(outDims[size_t(options.slice.colDim)].first);
    for (int r = 0; r < rows; ++r)
        p.rowHeaders << QString::number(r);
    for (int c = 0; c < cols; ++c)
        p.columnHeaders << QString::number(c);

    auto singleLabel = [&](uint64_t x) -> int32_t {
        switch (options.label) {
        case OwnerLabel::Owner:
            return p.internString(ownerText(f, x, withWarp, withBlock, u'\n'));
        case OwnerLabel::Lane:
            return p.internString(u'T' + QString::number(f.lane.get(x)));
        case OwnerLabel::Register:
            return p.internString(u'R' + QString::number(f.reg.get(x)));
        case OwnerLabel::Warp:
            return p.internString(u'W' + QString::number(f.warp.get(x)));
        case OwnerLabel::Offset:
            return p.internString(QString::number(f.offset.get(x)));
        case OwnerLabel::None:
            break;
        }
        return -1;
    };

    bool anyMixed = false;
    size_t unowned = 0;
    size_t mixedCells = 0;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            DiagramCell &cell = p.cell(r, c);
            cell.elementId = map.elementIdAt(r, c);
            const auto owners = map.owners(r, c);
            if (owners.empty()) {
                ++unowned;
                continue;
            }
            const int32_t key = keyOf(owners[0]);
            cell.fill = colorOf(key);
            bool mixed = false;
            for (uint64_t x : owners)
                mixed = mixed || keyOf(x) != key;
            if (mixed) {
                cell.outline = qRgb(0, 0, 0);
                anyMixed = true;
                ++mixedCells;
            }
            if (options.label != OwnerLabel::None) {
                if (owners.size() == 1) {
                    cell.text = singleLabel(owners[0]);
                } else if (int(owners.size()) <= options.maxLabelOwners) {
                    QStringList lines;
                    for (uint64_t x : owners)
                        lines << (options.label == OwnerLabel::Owner
                                      ? ownerText(f, x, withWarp, withBlock, u':')
                                      : p.stringAt(singleLabel(x)));
                    cell.text = p.internString(lines.join(u'\n'));
                } else {
                    cell.text = p.internString(u"\u00d7"_s + QString::number(owners.size()));
                }
            }
        }
    }
    p.tooltipSource = std::make_shared<const OwnershipTooltips>(
        layout, std::move(*mapOr), QString::fromStdString(rowDim.first), p.columnAxisLabel);

    // Legend: one entry per colour key (up to 64; beyond, a single line naming the key).
    d.legendTitle = colorKeyName(colorBy);
    if (colorBy == OwnerColor::SimdPair) {
        d.legendTitle = u"SIMD pair (warp mod 4)"_s;
        d.legend.push_back({simdPairColor(0), u"pair A: SIMD 0, 2"_s});
        if (keyCount > 1)
            d.legend.push_back({simdPairColor(1), u"pair B: SIMD 1, 3"_s});
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

    const qint64 cells = qint64(rows) * qint64(cols);
    d.addFigure(u"elements"_s, u"Elements drawn"_s,
                u"%1 × %2 = %3"_s.arg(rows).arg(cols).arg(cells));
    d.addFigure(u"owned"_s, u"Elements with an owner"_s,
                u"%1 of %2"_s.arg(cells - qint64(unowned)).arg(cells));
    d.addFigure(u"maxOwners"_s, u"Owners per element (max)"_s, QString::number(map.maxOwnerCount()),
                u"More than one: the element is replicated (broadcast)"_s);
    if (!shared) {
        d.addFigure(u"registers"_s, u"Registers per thread"_s, QString::number(f.reg.size()));
        d.addFigure(u"lanes"_s, u"Lanes"_s, QString::number(f.lane.size()));
        d.addFigure(u"warps"_s, u"Warps"_s, QString::number(f.warp.size()));
    } else {
        d.addFigure(u"offsets"_s, u"Offsets"_s, QString::number(f.offset.size()));
    }
    d.addFigure(u"mixedColour"_s, u"Elements with mixed %1"_s.arg(colorKeyName(colorBy)),
                QString::number(mixedCells),
                u"Owners of the element differ in the colour key (outlined black)"_s);
    return d;
}

Expected<Diagram> inverseDiagram(const LinearLayout &layout, const InverseDiagramOptions &options)
{
    const InDimFields f(layout);
    const bool shared = f.isShared();
    if (!shared && !f.lane.present() && !f.reg.present())
        return makeError("inverse: a distributed layout needs 'register' or 'lane' in-dims");
    if (layout.numOutDims() == 0)
        return makeError("inverse: the layout has no out-dims");
    const int rowDim = std::clamp(options.slice.rowDim, 0, layout.numOutDims() - 1);

    // Grid axes: rows = lane, columns = register (distributed); rows = offset / k,
    // columns = offset % k (shared).
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
    int rows = 0;
    int cols = 0;
    const int regIdx = layout.inDimIndex("register");
    const int laneIdx = layout.inDimIndex("lane");
    const int offIdx = layout.inDimIndex("offset");
    int perRow = 1;
    if (shared) {
        const int32_t n = f.offset.size();
        perRow = options.offsetsPerRow > 0 ? options.offsetsPerRow : std::min<int32_t>(16, n);
        if (!std::has_single_bit(unsigned(perRow)) || perRow > n)
            return makeError("inverse: offsetsPerRow must be a power of two at most " +
                             std::to_string(n));
        cols = perRow;
        rows = n / perRow;
    } else {
        rows = f.lane.size();
        cols = f.reg.size();
    }
    if (int64_t(rows) * cols > kMaxDiagramCells)
        return makeError("inverse: " + std::to_string(rows) + "×" + std::to_string(cols) +
                         " cells is too many for a figure (at most 2^20 = " +
                         std::to_string(kMaxDiagramCells) + ")");

    Diagram d;
    d.title = options.title.isEmpty() ? u"Hardware index \u2192 element"_s : options.title;
    QString fixedText;
    for (int i = 0; i < layout.numInDims(); ++i) {
        if (i == regIdx || i == laneIdx || i == offIdx)
            continue;
        fixedText += (fixedText.isEmpty() ? QString() : u", "_s) +
                     QString::fromStdString(layout.bases()[size_t(i)].first) + u'=' +
                     QString::number(fixedValues[size_t(i)]);
    }
    d.subtitle = shared ? u"offset = row \u00d7 %1 + column"_s.arg(perRow)
                        : u"rows: lane, columns: register"_s;
    if (!fixedText.isEmpty())
        d.subtitle += u"; "_s + fixedText;
    d.subtitle += u"; colour: the element's %1"_s.arg(
        QString::fromStdString(layout.outDims()[size_t(rowDim)].first));
    d.cellSize = QSizeF(layout.numOutDims() > 2 ? 52 : 44, 20);
    DiagramPanel &p = d.addPanel(rows, cols);
    p.rowAxisLabel = shared ? u"offset / %1"_s.arg(perRow) : u"lane"_s;
    p.columnAxisLabel = shared ? u"offset % %1"_s.arg(perRow) : u"register"_s;
    for (int r = 0; r < rows; ++r)
        p.rowHeaders << (shared ? QString::number(r * perRow) : QString::number(r));
    for (int c = 0; c < cols; ++c)
        p.columnHeaders << QString::number(c);
    const int32_t rowSize = layout.outDims()[size_t(rowDim)].second;
    std::vector<int32_t> in = fixedValues;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            if (shared) {
                in[size_t(offIdx)] = r * perRow + c;
            } else {
                if (laneIdx >= 0)
                    in[size_t(laneIdx)] = r;
                if (regIdx >= 0)
                    in[size_t(regIdx)] = c;
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
            cell.text = p.internString(text);
        }
    }
    p.tooltipSource = std::make_shared<const InverseTooltips>(layout, fixedValues, laneIdx, regIdx,
                                                              shared ? offIdx : -1, perRow);
    d.legendTitle =
        u"element %1"_s.arg(QString::fromStdString(layout.outDims()[size_t(rowDim)].first));
    d.legend.push_back({rampColor(0), u"0"_s});
    d.legend.push_back({rampColor(1), QString::number(rowSize - 1)});
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
    o.title = u"Ownership of %1"_s.arg(QString::fromStdString((*named)->name));
    return ownershipDiagram(layout, o);
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
