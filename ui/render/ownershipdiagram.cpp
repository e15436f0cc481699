#include "render/ownershipdiagram.h"

#include "layout/linearlayout.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <algorithm>
#include <bit>
#include <unordered_map>

using namespace Qt::StringLiterals;

namespace lx {

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

QString ownerText(const InDimFields &f, uint64_t x, bool withWarp, bool withBlock,
                  const QString &sep)
{
    QString s;
    if (withBlock)
        s += u'B' + QString::number(f.block.get(x)) + sep;
    if (f.isShared())
        return s + QString::number(f.offset.get(x));
    if (withWarp)
        s += u'W' + QString::number(f.warp.get(x)) + sep;
    s += u'T' + QString::number(f.lane.get(x)) + u":R"_s + QString::number(f.reg.get(x));
    return s;
}

// The full name of an owner for tooltips: "register=3, lane=5, warp=1".
QString ownerLongText(const LinearLayout &layout, const OwnershipMap &map, uint64_t x)
{
    const std::vector<int32_t> v = map.decode(x);
    QString s;
    for (size_t i = 0; i < v.size(); ++i) {
        if (i)
            s += u", "_s;
        s += QString::fromStdString(layout.bases()[i].first) + u'=' + QString::number(v[i]);
    }
    return s;
}

QString colorKeyName(OwnerColor c)
{
    for (const ColorName &n : kColorNames)
        if (n.color == c)
            return QString::fromLatin1(n.name);
    return {};
}

} // namespace

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

    Expected<OwnershipMap> mapOr = computeOwnership(layout, options.slice);
    if (!mapOr)
        return mapOr.error();
    const OwnershipMap &map = *mapOr;
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

    const bool tooltips = size_t(rows) * size_t(cols) <= kMaxTooltipCells;
    // Label of a single owner, formatted once per owner.
    std::unordered_map<uint64_t, int32_t> labelCache;
    auto singleLabel = [&](uint64_t x) -> int32_t {
        const auto it = labelCache.find(x);
        if (it != labelCache.end())
            return it->second;
        QString s;
        switch (options.label) {
        case OwnerLabel::Owner:
            s = ownerText(f, x, withWarp, withBlock, u"\n"_s);
            break;
        case OwnerLabel::Lane:
            s = u'T' + QString::number(f.lane.get(x));
            break;
        case OwnerLabel::Register:
            s = u'R' + QString::number(f.reg.get(x));
            break;
        case OwnerLabel::Warp:
            s = u'W' + QString::number(f.warp.get(x));
            break;
        case OwnerLabel::Offset:
            s = QString::number(f.offset.get(x));
            break;
        case OwnerLabel::None:
            break;
        }
        const int32_t idx = p.internString(s);
        labelCache.emplace(x, idx);
        return idx;
    };

    bool anyMixed = false;
    size_t unowned = 0;
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            DiagramCell &cell = p.cell(r, c);
            cell.elementId = map.elementIdAt(r, c);
            const auto owners = map.owners(r, c);
            if (owners.empty()) {
                ++unowned;
                if (tooltips)
                    cell.tooltip = p.addString(
                        u"%1=%2, %3=%4: no owner"_s.arg(QString::fromStdString(rowDim.first))
                            .arg(r)
                            .arg(p.columnAxisLabel)
                            .arg(c));
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
            }
            if (options.label != OwnerLabel::None) {
                if (owners.size() == 1) {
                    cell.text = singleLabel(owners[0]);
                } else if (int(owners.size()) <= options.maxLabelOwners) {
                    QStringList lines;
                    for (uint64_t x : owners)
                        lines << (options.label == OwnerLabel::Owner
                                      ? ownerText(f, x, withWarp, withBlock, u":"_s)
                                      : p.stringAt(singleLabel(x)));
                    cell.text = p.internString(lines.join(u'\n'));
                } else {
                    cell.text = p.internString(u"\u00d7"_s + QString::number(owners.size()));
                }
            }
            if (tooltips) {
                QString tip = u"%1=%2"_s.arg(QString::fromStdString(rowDim.first)).arg(r);
                if (options.slice.colDim >= 0)
                    tip += u", %1=%2"_s.arg(p.columnAxisLabel).arg(c);
                tip += owners.size() == 1 ? u": 1 owner"_s : u": %1 owners"_s.arg(owners.size());
                constexpr size_t kListed = 32;
                for (size_t i = 0; i < owners.size() && i < kListed; ++i)
                    tip += u"\n  "_s + ownerLongText(layout, map, owners[i]);
                if (owners.size() > kListed)
                    tip += u"\n  \u2026 and %1 more"_s.arg(owners.size() - kListed);
                cell.tooltip = p.addString(tip);
            }
        }
    }

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
    if (size_t(rows) * size_t(cols) > (size_t(1) << 22))
        return makeError("inverse: " + std::to_string(rows) + "×" + std::to_string(cols) +
                         " cells is too many");

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
    const bool tooltips = size_t(rows) * size_t(cols) <= kMaxTooltipCells;
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
            if (tooltips) {
                QString tip;
                for (int i = 0; i < layout.numInDims(); ++i)
                    tip += (i ? u", "_s : QString()) +
                           QString::fromStdString(layout.bases()[size_t(i)].first) + u'=' +
                           QString::number(in[size_t(i)]);
                cell.tooltip = p.addString(tip + u" \u2192 "_s + text);
            }
        }
    }
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
        request.stringOption("colorBy", shared ? "offset" : "warp", ownerColorNames());
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
