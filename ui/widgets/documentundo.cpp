#include "widgets/documentundo.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>

namespace lx {

namespace {

class DocumentUndoFilter : public QObject
{
public:
    explicit DocumentUndoFilter(QLineEdit *edit) : QObject(edit), m_edit(edit) {}

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched != m_edit || event->type() != QEvent::ShortcutOverride)
            return false;
        auto *key = static_cast<QKeyEvent *>(event);
        if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
            return false;
        // Typing not yet applied: the field's own undo. Otherwise swallow the override without
        // accepting it, so the shortcut reaches the window's Undo / Redo actions.
        if (m_edit->isModified() && (m_edit->isUndoAvailable() || m_edit->isRedoAvailable()))
            return false;
        event->ignore();
        return true;
    }

private:
    QLineEdit *m_edit;
};

} // namespace

void routeUndoToDocument(QLineEdit *edit)
{
    edit->installEventFilter(new DocumentUndoFilter(edit));
}

} // namespace lx
