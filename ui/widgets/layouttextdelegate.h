#pragma once

// LayoutTextDelegate: the scene panel's in-place editor of a layout's #ttg / Gluon text (the
// Source column of LayoutListModel). Double-click opens the text in a box as wide as the list;
// every keystroke is validated through LayoutListModel::entryWithText and the reason shows at
// once (a red frame and the box's tooltip, and `message`); Return applies valid text as one undo
// step and is refused for invalid text (the box stays open with what was typed); Shift+Return
// starts a new line (alias lines); Escape leaves the layout as it was.

#include <QStyledItemDelegate>

namespace lx {

class LayoutTextDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    explicit LayoutTextDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override;

Q_SIGNALS:
    // The live verdict on the text being typed: empty when it makes a layout.
    void message(const QString &text) const;

protected:
    bool eventFilter(QObject *object, QEvent *event) override;

private:
    void validate(QWidget *editor) const;
};

} // namespace lx
