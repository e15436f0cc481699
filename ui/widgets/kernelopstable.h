#pragma once

// KernelOpsTable: the Kernel dock's table of a module's ops (models/kernelopsmodel.h), sortable
// by any column through a proxy on KernelOpsModel::SortRole (the Cycles column sorts by the
// number, not its text). Rows are reported and chosen as rows of the source model; the table
// starts in module order (by line).

#include <QTableView>

class QSortFilterProxyModel;

namespace lx {

class KernelOpsModel;

class KernelOpsTable : public QTableView
{
    Q_OBJECT
public:
    explicit KernelOpsTable(KernelOpsModel *model, QWidget *parent = nullptr);

    QSortFilterProxyModel *proxy() const { return m_proxy; }
    // The source row of the current op, or -1.
    int currentSourceRow() const;
    // Makes source row `row` current and selected, without reporting it.
    void selectSourceRow(int row);

Q_SIGNALS:
    // The person chose the op in source row `row`.
    void opChosen(int row);

private:
    KernelOpsModel *m_model;
    QSortFilterProxyModel *m_proxy;
    bool m_quiet = false;
};

} // namespace lx
