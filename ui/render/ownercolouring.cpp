// How the ownership view colours owners (ownercolouring.h): the colour keys by name, every
// cell's fill and the legend.

#include "render/ownercolouring.h"

#include "render/qtext.h"

#include <QStringList>

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
    {"offset", OwnerColor::Offset},      {"warpgroup", OwnerColor::Warpgroup},
};

} // namespace

namespace ownershipdiagraminternal {

QString colorKeyName(OwnerColor c)
{
    for (const ColorName &n : kColorNames)
        if (n.color == c)
            return QString::fromLatin1(n.name);
    return {};
}

QString colorKeyWords(OwnerColor c)
{
    // As the legend writes its entries ("warp 0", "SIMD 0", "SIMD pair 0").
    return c == OwnerColor::Simd       ? u"SIMD"_s
           : c == OwnerColor::SimdPair ? u"SIMD pair"_s
                                       : colorKeyName(c);
}

QString singleKeyNote(const OwnerColouring &colouring)
{
    if (colouring.keyCount > 1)
        return {};
    return u"The layout has one %1, so every element is %1 0"_s.arg(
        colorKeyWords(colouring.colorBy));
}

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

void addOwnershipLegend(Diagram &d, const OwnerColouring &colouring, bool anyMixed, size_t unowned)
{
    const OwnerColor colorBy = colouring.colorBy;
    const int32_t keyCount = colouring.keyCount;
    auto colorOf = [&](int32_t key) { return colouring.color(key); };
    d.legendTitle = colorKeyName(colorBy);
    if (const QString one = singleKeyNote(colouring); !one.isEmpty()) {
        // One colour: why, instead of a key that looks like a choice that did nothing.
        d.legend.push_back({colorOf(0), one});
    } else if (colorBy == OwnerColor::SimdPair && colouring.cu) {
        // The pairs numbered as every view numbers them ("SIMD pair 0: SIMD 0, 2"), not by the
        // architecture file's letters ("pair A" would read as operand A).
        const CuModel &cu = *colouring.cu;
        d.legendTitle =
            u"SIMD pair (%1: warp mod %2)"_s.arg(QString::fromStdString(cu.arch)).arg(cu.simds);
        for (int32_t k = 0; k < keyCount; ++k) {
            QStringList simds;
            for (int simd : k < cu.numPairs() ? cu.pairSimds[size_t(k)] : std::vector<int>{})
                simds << QString::number(simd);
            d.legend.push_back(
                {simdPairColor(k), k < cu.numPairs()
                                       ? u"SIMD pair %1: SIMD %2"_s.arg(k).arg(simds.join(u", "_s))
                                       : u"in no SIMD pair"_s});
        }
    } else if (colorBy == OwnerColor::Offset) {
        d.legend.push_back({rampColor(0), u"offset 0"_s});
        d.legend.push_back({rampColor(1), u"offset %1"_s.arg(keyCount - 1)});
    } else if (colorBy == OwnerColor::Warpgroup) {
        for (int32_t k = 0; k < keyCount; ++k)
            d.legend.push_back({colorOf(k), u"warpgroup %1: warps %2–%3"_s.arg(k)
                                                .arg(k * kWarpsPerWarpgroup)
                                                .arg(k * kWarpsPerWarpgroup + 3)});
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

} // namespace ownershipdiagraminternal

std::string defaultOwnerColorName(const LinearLayout &layout)
{
    return layout.hasInDim("offset") ? "offset" : "warp";
}

OwnerColor shownOwnerColor(const LinearLayout &layout, OwnerColor colorBy)
{
    return layout.hasInDim("offset") && colorBy != OwnerColor::Block ? OwnerColor::Offset : colorBy;
}

QString singleOwnerColourNote(const LinearLayout &layout, OwnerColor colorBy,
                              const std::optional<CuModel> &cu)
{
    const OwnerColor shown = shownOwnerColor(layout, colorBy);
    const bool bySimd = shown == OwnerColor::Simd || shown == OwnerColor::SimdPair;
    if (bySimd && !cu)
        return {}; // which SIMD runs a warp is the architecture's to say
    return ownershipdiagraminternal::singleKeyNote(ownershipdiagraminternal::OwnerColouring(
        ownershipdiagraminternal::InDimFields(layout), shown, bySimd ? cu : std::nullopt));
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

} // namespace lx
