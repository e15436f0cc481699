#include "models/presetlistmodel.h"

#include "io/scene.h"

namespace lx {

PresetListModel::PresetListModel(QObject *parent) : TableModel(parent, {tr("Preset"), tr("Figure")})
{
    for (const PresetInfo &p : listPresets())
        m_entries.append({QString::fromStdString(p.name), QString::fromStdString(p.title),
                          QString::fromStdString(p.description)});
}

QVariant PresetListModel::data(const QModelIndex &index, int role) const
{
    if (!holds(index))
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

} // namespace lx
