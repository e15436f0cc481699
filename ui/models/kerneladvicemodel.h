#pragma once

// KernelAdviceModel: the before/after table of "Suggest for this op" (models/opsuggestion.h):
// one row per op of the module that uses the op's shared encoding, its access as written and
// with the suggestion in place.

#include "models/opsuggestion.h"
#include "models/tablemodel.h"

namespace lx {

class KernelAdviceModel : public TableModel
{
    Q_OBJECT
public:
    enum Columns
    {
        LineColumn,
        OpColumn,
        NowColumn,   // "ds_store_b16 x 32, 8-way, 256 cycles per CTA"
        AfterColumn, // the same with the suggestion in place
        NumColumns
    };
    enum Roles
    {
        LineRole = Qt::UserRole + 1, // int
        ChangedRole,                 // bool: the access differs after the suggestion
    };

    explicit KernelAdviceModel(QObject *parent = nullptr);

    // Replaces the rows (a model reset); an empty list empties the table.
    void setRows(const QList<OpSuggestion::Row> &rows);
    const QList<OpSuggestion::Row> &rowList() const { return m_rows; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    int rows() const override { return int(m_rows.size()); }

    QList<OpSuggestion::Row> m_rows;
};

} // namespace lx
