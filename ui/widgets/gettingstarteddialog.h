#pragma once

// GettingStartedDialog: Help > Getting Started. How to begin, the terms the analyses use in
// plain words, and the shortcut sheet, read from the window's own actions so it is always true.

#include <QDialog>
#include <QList>

class QAction;
class QTableWidget;

namespace lx {

class GettingStartedDialog : public QDialog
{
    Q_OBJECT
public:
    GettingStartedDialog(const QList<QAction *> &actions, QWidget *parent = nullptr);

    QTableWidget *shortcutTable() const { return m_shortcuts; }

private:
    QTableWidget *m_shortcuts;
};

} // namespace lx
