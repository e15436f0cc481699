#include "models/matrixmodel.h"

#include "layout/basisname.h"
#include "models/layoutdocument.h"

namespace lx {

MatrixModel::MatrixModel(LayoutDocument *document, QObject *parent)
    : LayoutTableModel(document, parent)
{
}

void MatrixModel::refresh()
{
    std::vector<Axis> rows;
    std::vector<Axis> columns;
    if (const DocumentLayout *entry = layout()) {
        const LinearLayout &l = entry->layout;
        for (const auto &[name, size] : l.outDims())
            for (int b = 0; b < l.outDimSizeLog2(name); ++b)
                rows.push_back({QString::fromStdString(name), b});
        for (const auto &[name, bases] : l.bases())
            for (int b = 0; b < int(bases.size()); ++b)
                columns.push_back({QString::fromStdString(name), b});
    }
    const bool sameShape = rows.size() == m_rows.size() && columns.size() == m_columns.size();
    if (sameShape) {
        bool sameNames = true;
        for (size_t i = 0; i < rows.size() && sameNames; ++i)
            sameNames = rows[i].dim == m_rows[i].dim;
        for (size_t i = 0; i < columns.size() && sameNames; ++i)
            sameNames = columns[i].dim == m_columns[i].dim;
        if (sameNames) {
            if (!m_rows.empty() && !m_columns.empty())
                Q_EMIT dataChanged(index(0, 0),
                                   index(int(m_rows.size()) - 1, int(m_columns.size()) - 1));
            return;
        }
    }
    beginResetModel();
    m_rows = std::move(rows);
    m_columns = std::move(columns);
    endResetModel();
}

bool MatrixModel::bit(int row, int column) const
{
    const LinearLayout &l = layout()->layout;
    const Axis &in = m_columns[size_t(column)];
    const Axis &out = m_rows[size_t(row)];
    const int o = l.outDimIndex(out.dim.toStdString());
    return (l.basis(in.dim.toStdString(), in.bit)[size_t(o)] >> out.bit) & 1;
}

QVariant MatrixModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index) || !layout())
        return {};
    const bool b = bit(index.row(), index.column());
    switch (role) {
    case Qt::DisplayRole:
        return b ? QStringLiteral("1") : QStringLiteral("·");
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignCenter);
    case BitRole:
        return int(b);
    case Qt::ToolTipRole: {
        const Axis &in = m_columns[size_t(index.column())];
        const Axis &out = m_rows[size_t(index.row())];
        return tr("%1 %2 bit %3 of %4; click to flip")
            .arg(QString::fromStdString(basisName(in.dim.toStdString(), in.bit)))
            .arg(b ? tr("sets") : tr("does not set"))
            .arg(out.bit)
            .arg(out.dim);
    }
    default:
        return {};
    }
}

QString MatrixModel::flip(const QModelIndex &index)
{
    if (!holds(index) || !layout())
        return tr("no such bit");
    return document()->flipMatrixBit(layoutIndex(), index.row(), index.column());
}

bool MatrixModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != BitRole || !holds(index) || !layout())
        return false;
    if (bit(index.row(), index.column()) == (value.toInt() != 0))
        return true;
    return flip(index).isEmpty();
}

Qt::ItemFlags MatrixModel::flags(const QModelIndex &index) const
{
    if (!holds(index))
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
}

QVariant MatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const std::vector<Axis> &axis = orientation == Qt::Horizontal ? m_columns : m_rows;
    if (section < 0 || section >= int(axis.size()))
        return {};
    const Axis &a = axis[size_t(section)];
    // A column is a basis, named as everywhere (layout/basisname.h): "lane=4" is the basis of
    // lane bit 2, where lane = 4 lands. A row is an out bit: "dim0.1" is dim0 bit 1.
    const QString basis = QString::fromStdString(basisName(a.dim.toStdString(), a.bit));
    if (role == Qt::ToolTipRole)
        return orientation == Qt::Horizontal
                   ? tr("%1: basis %2 of %3, where %1 lands").arg(basis).arg(a.bit).arg(a.dim)
                   : tr("Bit %1 of %2").arg(a.bit).arg(a.dim);
    return orientation == Qt::Horizontal ? basis : QStringLiteral("%1.%2").arg(a.dim).arg(a.bit);
}

} // namespace lx
