#pragma once

// Small pieces the panels and dialogs share, so they look and behave alike.

#include <QString>

class QAbstractItemModel;
class QLabel;
class QTableView;
class QTextBrowser;
class QWidget;

namespace lx {

// A label for a refusal or an error under a form: dark red, wrapped.
[[nodiscard]] QLabel *newMessageLabel(QWidget *parent);
// Sets a message label's text and, in a window that is shown, grows the window to the height
// its layout needs at its width: a window does not grow by itself for a label's wrapped lines,
// so a two-line reason would be clipped to the one line (or none) it was laid out for.
void setMessage(QLabel *label, const QString &text);

// Read-only rich text for words that quote layouts: a #ttg or Gluon line can run long without a
// space, so it wraps anywhere (QTextOption::WrapAtWordBoundaryOrAnywhere) and the text scrolls
// only down, never sideways. Frameless, on the panel's background, selectable.
[[nodiscard]] QTextBrowser *newWrappingText(QWidget *parent);

// Shows `model` in `table` as a list to pick one row of: whole rows are selected, one at a
// time, and rows are not numbered.
void showAsRowList(QTableView *table, QAbstractItemModel *model);

// The folder a file dialog of kind `key` ("scenes", "kernels", "lessons", "export") starts in:
// the one a dialog of that kind last used (QSettings), else the home folder, never the working
// directory of a program started from a desktop menu ("/").
[[nodiscard]] QString dialogDirectory(const QString &key);
// Remembers the folder of `file` for the next dialog of kind `key`.
void rememberDialogDirectory(const QString &key, const QString &file);

} // namespace lx
