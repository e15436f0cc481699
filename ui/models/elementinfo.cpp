#include "models/elementinfo.h"

#include "analysis/ownership.h"
#include "f2/f2matrix.h"

#include <QObject>
#include <QStringList>

namespace lx {

std::optional<std::vector<int32_t>> findOwner(const LinearLayout &layout, int64_t elementId)
{
    if (elementId < 0 || elementId >= layout.totalOutDimSize())
        return std::nullopt;
    // The owner with its free input bits 0: the least-squares solve of the layout's matrix
    // (F2Matrix::solve), Triton's choice of a preimage.
    const std::optional<F2Matrix> x = layout.matrix().solve(
        F2Matrix::fromColumns({uint64_t(elementId)}, layout.totalOutDimSizeLog2()));
    if (!x)
        return std::nullopt;
    const uint64_t input = x->column(0);
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
