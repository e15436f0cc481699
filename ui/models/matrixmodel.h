#pragma once

// MatrixModel: the GF(2) matrix of a layout as a grid of bits, for the bit-matrix editor.
// Row r is out bit r (out-dims in order, low bit first), column c is in bit c (in-dims in
// order, basis order within each): the layout of LinearLayout::matrix(). Toggling a cell
// (setData with Qt::CheckStateRole, or flip()) flips that bit of that basis through the
// document, one undoable command.

#include "models/tablemodel.h"

#include <vector>

namespace lx {

class MatrixModel : public LayoutTableModel
{
    Q_OBJECT
public:
    enum Roles
    {
        BitRole = Qt::UserRole + 1, // int 0/1
    };

    explicit MatrixModel(LayoutDocument *document, QObject *parent = nullptr);

    // Flips one bit; returns the document's refusal (empty on success).
    [[nodiscard]] QString flip(const QModelIndex &index);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Axis
    {
        QString dim;
        int bit = 0;
    };
    int rows() const override { return int(m_rows.size()); }
    int columns() const override { return int(m_columns.size()); }
    void refresh() override;
    bool bit(int row, int column) const;

    std::vector<Axis> m_rows;    // out bits
    std::vector<Axis> m_columns; // in bits
};

} // namespace lx
