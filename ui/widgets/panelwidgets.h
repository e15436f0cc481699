#pragma once

// Small pieces the panels and dialogs share, so they look and behave alike.

class QAbstractItemModel;
class QLabel;
class QTableView;
class QWidget;

namespace lx {

// A label for a refusal or an error under a form: dark red, wrapped.
[[nodiscard]] QLabel *newMessageLabel(QWidget *parent);

// Shows `model` in `table` as a list to pick one row of: whole rows are selected, one at a
// time, and rows are not numbered.
void showAsRowList(QTableView *table, QAbstractItemModel *model);

} // namespace lx
