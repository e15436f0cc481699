#pragma once

// LayoutListModel: the named layouts of the scene, for the scene panel. Renaming a row renames
// the layout through the document (one undoable command); a refused name leaves it unchanged.

#include "models/tablemodel.h"

#include <QPointer>

namespace lx {

class LayoutDocument;

class LayoutListModel : public TableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        NameColumn,   // the layout's name (editable)
        InDimsColumn, // "register:2 lane:4 warp:4"
        OutDimsColumn,
        SourceColumn, // "#ttg text" or "bases"
        NumColumns
    };
    enum Roles
    {
        LayoutIndexRole = Qt::UserRole + 1, // int: index in the document
        SourceTextRole,                     // QString: the #ttg / Gluon text, empty for raw bases
    };

    explicit LayoutListModel(LayoutDocument *document, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

Q_SIGNALS:
    void renameRefused(const QString &reason);

private:
    int rows() const override { return m_rows; }

    QPointer<LayoutDocument> m_document;
    int m_rows = 0;
};

} // namespace lx
