#include "models/kerneladvicemodel.h"

#include <QFont>

namespace lx {

KernelAdviceModel::KernelAdviceModel(QObject *parent)
    : TableModel(parent, {tr("Line"), tr("Op"), tr("Now"), tr("After")})
{
}

void KernelAdviceModel::setRows(const QList<OpSuggestion::Row> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

QVariant KernelAdviceModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index))
        return {};
    const OpSuggestion::Row &r = m_rows.at(index.row());
    const bool changed = r.now != r.after;
    switch (role) {
    case LineRole:
        return r.line;
    case ChangedRole:
        return changed;
    case Qt::FontRole:
        if (changed && index.column() == AfterColumn) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == LineColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                                            : QVariant();
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case LineColumn:
        return r.line;
    case OpColumn:
        return r.op;
    case NowColumn:
        return r.now;
    case AfterColumn:
        return r.after;
    default:
        return {};
    }
}

} // namespace lx
