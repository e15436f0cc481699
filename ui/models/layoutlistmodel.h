#pragma once

// LayoutListModel: the named layouts of the scene, for the scene panel. Renaming a row renames
// the layout through the document (one undoable command); a refused name leaves it unchanged.
// The Source column edits the layout as text: its edit text is the #ttg / Gluon text the layout
// was written in, or the named attribute that equals hand-edited bases (Copy as #ttg's form);
// text that builds a layout for the entry's shape replaces it (one undoable command), other
// text is refused with the reason and changes nothing.

#include "base/expected.h"
#include "models/tablemodel.h"

#include <QPointer>

namespace lx {

class LayoutDocument;
struct DocumentLayout;

class LayoutListModel : public TableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        NameColumn,   // the layout's name (editable)
        InDimsColumn, // "register:2 lane:4 warp:4"
        OutDimsColumn,
        SourceColumn, // "text" or "bases"; edits the layout's #ttg / Gluon text
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

    // Row `row`'s entry rebuilt from #ttg or Gluon `text` (its name, shape and element type
    // kept), or why the text does not make a layout. What setData on the Source column applies;
    // the inline editor validates with it as the person types.
    [[nodiscard]] Expected<DocumentLayout> entryWithText(int row, const QString &text) const;

Q_SIGNALS:
    // A rename or a text edit was refused: the reason.
    void editRefused(const QString &reason);

private:
    int rows() const override { return m_rows; }

    QPointer<LayoutDocument> m_document;
    int m_rows = 0;
};

} // namespace lx
