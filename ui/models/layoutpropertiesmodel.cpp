#include "models/layoutpropertiesmodel.h"

#include "models/glossary.h"
#include "models/layoutdocument.h"
#include "request/nvbridge.h"

#include <QFont>

namespace lx {

namespace {

QString dimsText(const std::vector<LinearLayout::NamedSize> &dims)
{
    QStringList parts;
    for (const auto &[name, size] : dims)
        parts << QStringLiteral("%1 %2").arg(QString::fromStdString(name)).arg(size);
    return parts.isEmpty() ? QObject::tr("none") : parts.join(QStringLiteral(", "));
}

QString yesNo(bool b)
{
    return b ? QObject::tr("yes") : QObject::tr("no");
}

} // namespace

LayoutPropertiesModel::LayoutPropertiesModel(LayoutDocument *document, QObject *parent)
    : LayoutTableModel(document, parent, {tr("Property"), tr("Value")})
{
}

void LayoutPropertiesModel::setViewFigures(const QString &view,
                                           const std::vector<DiagramFigure> &figures)
{
    if (view == m_view && figures == m_viewFigures)
        return;
    m_view = view;
    m_viewFigures = figures;
    refresh();
}

QString LayoutPropertiesModel::value(const QString &key) const
{
    for (const Row &r : m_rows)
        if (r.key == key)
            return r.value;
    return {};
}

void LayoutPropertiesModel::refresh()
{
    beginResetModel();
    m_rows.clear();
    // The view's figures do not depend on the selected layout: shown even when none is selected.
    if (!m_view.isEmpty() && !m_viewFigures.empty()) {
        m_rows.append({QStringLiteral("view"), tr("View"), m_view,
                       tr("Numbers of the analysis the current view ran"), true});
        for (const DiagramFigure &f : m_viewFigures)
            m_rows.append({QStringLiteral("view:") + f.key, f.label, f.value,
                           f.source == FigureSource::Computed
                               ? f.toolTip
                               : QStringLiteral("[%1] %2").arg(
                                     QLatin1String(figureSourceName(f.source)), f.toolTip)});
    }
    if (const DocumentLayout *entry = layout()) {
        const LinearLayout &l = entry->layout;
        const int inBits = l.totalInDimSizeLog2();
        const int outBits = l.totalOutDimSizeLog2();
        const int rank = l.rank();
        m_rows.append({QStringLiteral("name"), tr("Layout"), entry->name, {}, true});
        m_rows.append({QStringLiteral("inDims"), tr("In dims"), dimsText(l.inDims()),
                       tr("Hardware indices, minor to major")});
        m_rows.append({QStringLiteral("outDims"), tr("Out dims"), dimsText(l.outDims()),
                       tr("Tensor coordinates, minor to major")});
        m_rows.append({QStringLiteral("rank"), tr("Rank"),
                       tr("%1 of %2 out bits").arg(rank).arg(outBits),
                       tr("Rank of the GF(2) matrix: 2^rank distinct elements are reached")});
        m_rows.append({QStringLiteral("covered"),
                       tr("Elements reached"),
                       tr("%1 of %2").arg(qint64(1) << rank).arg(l.totalOutDimSize()),
                       {}});
        m_rows.append(
            {QStringLiteral("owners"), tr("Owners per element"),
             QString::number(qint64(1) << (inBits - rank)),
             tr("Every reached element has 2^(in bits - rank) owners (broadcast when > 1)")});
        m_rows.append({QStringLiteral("injective"), tr("Injective"), yesNo(l.isInjective()), {}});
        m_rows.append(
            {QStringLiteral("surjective"), tr("Surjective"), yesNo(l.isSurjective()), {}});
        m_rows.append(
            {QStringLiteral("invertible"), tr("Invertible"), yesNo(l.isInvertible()), {}});
        m_rows.append({QStringLiteral("consecutive"), tr("Consecutive elements"),
                       QString::number(l.getNumConsecutiveInOut()),
                       tr("Contiguous elements per register run (getNumConsecutiveInOut)")});
        QStringList free;
        for (const auto &[name, mask] : l.getFreeVariableMasks())
            if (mask)
                free << QStringLiteral("%1 0b%2").arg(QString::fromStdString(name),
                                                      QString::number(mask, 2));
        m_rows.append({QStringLiteral("freeMasks"), tr("Redundant bases"),
                       free.isEmpty() ? tr("none") : free.join(QStringLiteral(", ")),
                       tr("Bases that are XORs of earlier ones (getFreeVariableMasks)")});
        if (hasNvBridge(l))
            appendBridgeRows(*entry);
    }
    endResetModel();
}

void LayoutPropertiesModel::appendBridgeRows(const DocumentLayout &entry)
{
    m_rows.append({QStringLiteral("bridge"),
                   tr("NVIDIA bridge"),
                   {},
                   tr("The NVMMA attribute, CuTe swizzle, TMA mode and wgmma descriptors of "
                      "this shared layout (convert --to descriptor)"),
                   true});
    const Expected<NvSharedBridge> b =
        resolveNvBridge(entry.attr.get(), entry.layout, entry.dtype.toStdString());
    if (!b) {
        m_rows.append(
            {QStringLiteral("bridge:none"), tr("None"), QString::fromStdString(b.message()), {}});
        return;
    }
    if (!b->canonical)
        m_rows.append({QStringLiteral("bridge:none"), tr("Not an NVMMA layout"),
                       QString::fromStdString(b->whyNot),
                       tr("The offset basis that differs from the closest NVMMA layout")});
    for (const Figure &f : nvBridgeFigures(*b))
        m_rows.append({QStringLiteral("bridge:") + QString::fromStdString(f.key),
                       QString::fromStdString(f.label), QString::fromStdString(f.text),
                       QString::fromStdString(f.note)});
}

QVariant LayoutPropertiesModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == PropertyColumn ? r.label : r.value;
    case Qt::ToolTipRole: {
        // The row's own note, then what its terms mean in plain words.
        const QString glossary = glossaryFor(r.label + QLatin1Char(' ') + r.value);
        const QString tip = r.toolTip.isEmpty() || glossary.isEmpty()
                                ? r.toolTip + glossary
                                : r.toolTip + QStringLiteral("\n\n") + glossary;
        return tip.isEmpty() ? QVariant() : QVariant(tip);
    }
    case KeyRole:
        return r.key;
    case Qt::FontRole:
        if (r.heading) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

} // namespace lx
