#include "models/elementinfo.h"

#include "analysis/ownership.h"

#include <QObject>
#include <QStringList>

#include <bit>

namespace lx {

std::optional<std::vector<int32_t>> findOwner(const LinearLayout &layout, int64_t elementId)
{
    const int inBits = layout.totalInDimSizeLog2();
    if (elementId < 0 || elementId >= layout.totalOutDimSize())
        return std::nullopt;
    // XOR basis of the columns keyed by top bit, each with the set of inputs that makes it.
    uint64_t vec[64] = {};
    uint64_t combo[64] = {};
    for (int k = 0; k < inBits; ++k) {
        uint64_t v = layout.applyFlat(uint64_t(1) << k);
        uint64_t c = uint64_t(1) << k;
        while (v) {
            const int top = 63 - std::countl_zero(v);
            if (!vec[top]) {
                vec[top] = v;
                combo[top] = c;
                break;
            }
            v ^= vec[top];
            c ^= combo[top];
        }
    }
    uint64_t target = uint64_t(elementId);
    uint64_t input = 0;
    while (target) {
        const int top = 63 - std::countl_zero(target);
        if (!vec[top])
            return std::nullopt;
        target ^= vec[top];
        input ^= combo[top];
    }
    std::vector<int32_t> values;
    int shift = 0;
    for (const auto &[name, bases] : layout.bases()) {
        const int bits = int(bases.size());
        values.push_back(int32_t((input >> shift) & ((uint64_t(1) << bits) - 1)));
        shift += bits;
    }
    return values;
}

QString describeElement(const LinearLayout &layout, int64_t elementId)
{
    if (elementId < 0 || elementId >= layout.totalOutDimSize())
        return {};
    QStringList coords;
    int64_t rest = elementId;
    for (const auto &[name, size] : layout.outDims()) {
        coords << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(rest % size);
        rest /= size;
    }
    const std::optional<std::vector<int32_t>> owner = findOwner(layout, elementId);
    if (!owner)
        return QObject::tr("%1 · no owner").arg(coords.join(QStringLiteral(", ")));
    // Every reached element has the same number of owners: 2^(in bits - rank).
    const int64_t owners = int64_t(1) << (layout.totalInDimSizeLog2() - layout.rank());
    std::vector<LinearLayout::NamedValue> input;
    const std::vector<std::string> names = layout.inDimNames();
    for (size_t i = 0; i < names.size(); ++i)
        input.emplace_back(names[i], (*owner)[i]);
    Expected<XorDecomposition> xorOr = decomposeXor(layout, input);
    const QString why = xorOr ? QString::fromStdString(xorOr->toString()) : QString();
    return QObject::tr("%1 · %2 · %3")
        .arg(coords.join(QStringLiteral(", ")),
             owners == 1 ? QObject::tr("1 owner") : QObject::tr("%1 owners").arg(owners), why);
}

} // namespace lx
