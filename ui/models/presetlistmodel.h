#pragma once

// PresetListModel: the presets compiled into the program (every figure and table of the AMD blog
// and the rocMLIR pull request), for the presets browser: name, title and the one-line description.

#include "models/tablemodel.h"

#include <QList>

namespace lx {

class PresetListModel : public TableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        NameColumn,
        TitleColumn,
        NumColumns
    };
    enum Roles
    {
        NameRole = Qt::UserRole + 1, // QString: the preset name (open with loadPresetScene)
        DescriptionRole,             // QString: the one-line explanation
    };

    explicit PresetListModel(QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override { return int(m_entries.size()); }

    struct Entry
    {
        QString name;
        QString title;
        QString description;
    };
    QList<Entry> m_entries;
};

} // namespace lx
