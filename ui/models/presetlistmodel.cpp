#include "models/presetlistmodel.h"

#include "io/scene.h"

namespace lx {

PresetListModel::PresetListModel(QObject *parent) : QAbstractTableModel(parent)
{
    for (const PresetInfo &p : listPresets())
        m_entries.append({QString::fromStdString(p.name), QString::fromStdString(p.title),
                          QString::fromStdString(p.description)});
}

int PresetListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int PresetListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NumColumns;
}

QVariant PresetListModel::data(const QModelIndex &index, int role) const
{
    if (!(index.isValid() && checkIndex(index)))
        return {};
    const Entry &e = m_entries.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return index.column() == NameColumn ? e.name : e.title;
    case Qt::ToolTipRole:
    case DescriptionRole:
        return e.description;
    case NameRole:
        return e.name;
    default:
        return {};
    }
}

QVariant PresetListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == NameColumn    ? tr("Preset")
           : section == TitleColumn ? tr("Figure")
                                    : QVariant();
}

} // namespace lx
