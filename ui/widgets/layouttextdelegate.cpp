#include "widgets/layouttextdelegate.h"

#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"

#include <QAbstractItemView>
#include <QKeyEvent>
#include <QPlainTextEdit>

namespace lx {

namespace {

constexpr const char *kRowProperty = "lxLayoutRow";
constexpr const char *kValidProperty = "lxTextValid";

} // namespace

LayoutTextDelegate::LayoutTextDelegate(QObject *parent) : QStyledItemDelegate(parent) {}

QWidget *LayoutTextDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    if (index.column() != LayoutListModel::SourceColumn)
        return QStyledItemDelegate::createEditor(parent, option, index);
    auto *editor = new QPlainTextEdit(parent);
    editor->setObjectName(QStringLiteral("layoutTextEditor"));
    editor->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    editor->setTabChangesFocus(true);
    editor->setProperty(kRowProperty, index.row());
    editor->installEventFilter(const_cast<LayoutTextDelegate *>(this));
    auto *model = qobject_cast<const LayoutListModel *>(index.model());
    connect(editor, &QPlainTextEdit::textChanged, this, [this, editor, model] {
        if (model)
            validate(editor);
    });
    return editor;
}

void LayoutTextDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    if (!text)
        return QStyledItemDelegate::setEditorData(editor, index);
    // Only when the editor opens: a repaint of the row must not overwrite what is being typed.
    if (text->property(kValidProperty).isValid())
        return;
    text->setPlainText(index.data(Qt::EditRole).toString());
    text->selectAll();
    validate(text);
}

void LayoutTextDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    if (!text)
        return QStyledItemDelegate::setModelData(editor, model, index);
    // Invalid text never reaches the document (focus leaving the box keeps the layout).
    if (text->property(kValidProperty).toBool())
        model->setData(index, text->toPlainText(), Qt::EditRole);
}

void LayoutTextDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                                              const QModelIndex &index) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    if (!text)
        return QStyledItemDelegate::updateEditorGeometry(editor, option, index);
    // As wide as the list from the cell's left edge back to the first column, five lines tall:
    // a #ttg attribute does not fit a cell.
    const QWidget *viewport = editor->parentWidget();
    const int lines = 5;
    const int height = text->fontMetrics().lineSpacing() * lines + 12;
    const int width = viewport ? viewport->width() : option.rect.width();
    int top = option.rect.top();
    if (viewport && top + height > viewport->height())
        top = std::max(0, viewport->height() - height);
    editor->setGeometry(0, top, width, height);
}

void LayoutTextDelegate::validate(QWidget *editor) const
{
    auto *text = qobject_cast<QPlainTextEdit *>(editor);
    auto *view = qobject_cast<QAbstractItemView *>(
        editor->parentWidget() ? editor->parentWidget()->parentWidget() : nullptr);
    const auto *model = view ? qobject_cast<const LayoutListModel *>(view->model()) : nullptr;
    if (!text || !model)
        return;
    const Expected<DocumentLayout> entry =
        model->entryWithText(text->property(kRowProperty).toInt(), text->toPlainText());
    const QString reason = entry ? QString() : QString::fromStdString(entry.message());
    text->setProperty(kValidProperty, bool(entry));
    text->setToolTip(reason.isEmpty() ? tr("Return applies the text; Shift+Return starts a new "
                                           "line; Escape keeps the layout as it was")
                                      : reason);
    text->setStyleSheet(reason.isEmpty() ? QString()
                                         : QStringLiteral("QPlainTextEdit { border: 2px solid "
                                                          "#b00000; }"));
    Q_EMIT message(reason);
}

bool LayoutTextDelegate::eventFilter(QObject *object, QEvent *event)
{
    auto *text = qobject_cast<QPlainTextEdit *>(object);
    if (text && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        if (enter && (key->modifiers() & Qt::ShiftModifier))
            return false; // a new line in the box
        if (enter) {
            if (!text->property(kValidProperty).toBool())
                return true; // refused: the box stays open with the reason showing
            Q_EMIT commitData(text);
            Q_EMIT closeEditor(text, QAbstractItemDelegate::NoHint);
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            Q_EMIT message(QString());
            Q_EMIT closeEditor(text, QAbstractItemDelegate::RevertModelCache);
            return true;
        }
    }
    if (text && event->type() == QEvent::FocusOut)
        Q_EMIT message(QString());
    return QStyledItemDelegate::eventFilter(object, event);
}

} // namespace lx
