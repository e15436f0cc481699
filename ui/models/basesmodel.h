#pragma once

// BasesModel: the bases of one in-dim of one layout as a table, for the bases editor.
// One row per basis (row i is the image of inDim = 2^i), one column per out-dim component.
//
// Editing validates: a component that is not a whole number in [0, size) is refused by the
// document, and the model then keeps the typed text in that cell with the reason (ErrorRole,
// tooltip, red background) while the document keeps the last valid layout. Any later change of
// the layout from elsewhere (undo, another editor) clears those pending errors, since the typed
// text was never part of the document.

#include "models/tablemodel.h"

#include <QHash>
#include <QPointer>

namespace lx {

class LayoutDocument;

class BasesModel : public TableModel
{
    Q_OBJECT
public:
    enum Roles
    {
        ErrorRole = Qt::UserRole + 1, // QString: why the typed text was refused; empty when valid
        ComponentRole,                // int: the component held by the document
        BasisIndexRole,               // int: i, the basis of inDim = 2^i
    };

    BasesModel(LayoutDocument *document, int layoutIndex, const QString &inDim,
               QObject *parent = nullptr);

    int layoutIndex() const { return m_layout; }
    QString inDim() const { return m_inDim; }
    // Whether any cell holds refused text.
    bool hasErrors() const { return !m_pending.isEmpty(); }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The reason `text` would be refused in this cell (empty when it would be accepted).
    [[nodiscard]] QString validate(const QModelIndex &index, const QString &text) const;

Q_SIGNALS:
    // The person typed something the document refused (message) or a valid value (empty).
    void editResult(const QModelIndex &index, const QString &error);

private:
    struct Pending
    {
        QString text;
        QString error;
    };
    static quint64 key(int row, int column)
    {
        return (quint64(quint32(row)) << 32) | quint32(column);
    }
    int rows() const override { return m_rows; }
    int columns() const override { return m_columns; }
    void onLayoutChanged(int index);
    bool valid() const;
    // valid() and the layout has the rows and columns this model last reported. A structural
    // change can put another layout (or other bases) at m_layout before this model hears of it:
    // the bases editor rebuilds on the same signal first, and its tables ask for their cells
    // while they are hidden. Cells are only read while this holds.
    bool showsLayout() const;

    QPointer<LayoutDocument> m_document;
    int m_layout;
    QString m_inDim;
    int m_rows = 0;
    int m_columns = 0;
    QHash<quint64, Pending> m_pending;
    bool m_editing = false;
};

} // namespace lx
