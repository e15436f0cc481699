#include "widgets/kernelopstable.h"

#include "models/kernelopsmodel.h"
#include "widgets/panelwidgets.h"

#include <QHeaderView>
#include <QSortFilterProxyModel>

namespace lx {

namespace {

constexpr int kFromToWidth = 260;

} // namespace

KernelOpsTable::KernelOpsTable(KernelOpsModel *model, QWidget *parent)
    : QTableView(parent), m_model(model), m_proxy(new QSortFilterProxyModel(this))
{
    setObjectName(QStringLiteral("kernelOps"));
    m_proxy->setObjectName(QStringLiteral("kernelOpsSorted"));
    m_proxy->setSourceModel(model);
    m_proxy->setSortRole(KernelOpsModel::SortRole);
    showAsRowList(this, m_proxy);
    setWordWrap(false);
    // One line of text per op: a dozen ops in view in the dock's upper half.
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setSortIndicator(KernelOpsModel::LineColumn, Qt::AscendingOrder);
    setSortingEnabled(true);
    horizontalHeader()->setToolTip(
        tr("Click a column to sort by it: Cycles / CTA ranks the ops by what they cost the LDS"));
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && !m_quiet)
                    Q_EMIT opChosen(m_proxy->mapToSource(current).row());
            });
    // A new report keeps the sort the person chose; the columns fit the new text.
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        resizeColumnsToContents();
        // A long encoding is elided (its whole text is the row's tooltip): the cost columns stay
        // in view.
        if (columnWidth(KernelOpsModel::FromToColumn) > kFromToWidth)
            setColumnWidth(KernelOpsModel::FromToColumn, kFromToWidth);
    });
}

int KernelOpsTable::currentSourceRow() const
{
    const QModelIndex current = currentIndex();
    return current.isValid() ? m_proxy->mapToSource(current).row() : -1;
}

void KernelOpsTable::selectSourceRow(int row)
{
    const QModelIndex at = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!at.isValid())
        return;
    m_quiet = true;
    selectRow(at.row());
    scrollTo(at);
    m_quiet = false;
}

} // namespace lx
