#include "widgets/panelwidgets.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>

namespace lx {

QLabel *newMessageLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setStyleSheet(QStringLiteral("color: #b00000;"));
    label->setWordWrap(true);
    return label;
}

void showAsRowList(QTableView *table, QAbstractItemModel *model)
{
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->verticalHeader()->hide();
}

} // namespace lx
