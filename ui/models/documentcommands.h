#pragma once

// The undo steps of a LayoutDocument (layoutdocument.cpp pushes them; only it does). Each keeps
// the state before and after whole and applies it through the document's apply* functions; the
// first redo is the edit itself, later ones are steps in the history (afterRedo), and an undo
// announces the move (historyMoved) so that panels refresh.

#include "models/layoutdocument.h"

#include <QUndoCommand>

#include <nlohmann/json.hpp>

#include <set>
#include <string>

namespace lx {

// Replaces one layout entry (bases, text, shape, dtype). Both states are kept whole, so undo
// restores exactly what was there, the source text included.
class ReplaceLayoutCommand : public QUndoCommand
{
public:
    ReplaceLayoutCommand(LayoutDocument *doc, int index, DocumentLayout before,
                         DocumentLayout after, const QString &text)
        : QUndoCommand(text), m_doc(doc), m_index(index), m_before(std::move(before)),
          m_after(std::move(after))
    {
    }
    void redo() override
    {
        m_doc->applyLayout(m_index, m_after);
        m_doc->afterRedo(m_redone);
    }
    void undo() override
    {
        m_doc->applyLayout(m_index, m_before);
        Q_EMIT m_doc->historyMoved();
    }

private:
    LayoutDocument *m_doc;
    bool m_redone = false; // the first redo is the edit itself, not a step in the history
    int m_index;
    DocumentLayout m_before;
    DocumentLayout m_after;
};

// Structural edits (add, remove, rename, duplicate layouts; add or remove views) swap the whole
// scene: scenes are small, and a snapshot cannot get out of step with the views that refer to
// layouts by name.
class SceneSnapshotCommand : public QUndoCommand
{
public:
    SceneSnapshotCommand(LayoutDocument *doc, SceneContents before, SceneContents after,
                         const QString &text)
        : QUndoCommand(text), m_doc(doc), m_before(std::move(before)), m_after(std::move(after))
    {
    }
    void redo() override
    {
        m_doc->applyScene(m_after);
        m_doc->afterRedo(m_redone);
    }
    void undo() override
    {
        m_doc->applyScene(m_before);
        Q_EMIT m_doc->historyMoved();
    }

private:
    LayoutDocument *m_doc;
    bool m_redone = false; // the first redo is the edit itself, not a step in the history
    SceneContents m_before;
    SceneContents m_after;
};

class SetArchCommand : public QUndoCommand
{
public:
    SetArchCommand(LayoutDocument *doc, QString before, QString after)
        : QUndoCommand(QObject::tr("Set architecture %1").arg(after)), m_doc(doc),
          m_before(std::move(before)), m_after(std::move(after))
    {
    }
    void redo() override
    {
        m_doc->applyArch(m_after);
        m_doc->afterRedo(m_redone);
    }
    void undo() override
    {
        m_doc->applyArch(m_before);
        Q_EMIT m_doc->historyMoved();
    }

private:
    LayoutDocument *m_doc;
    bool m_redone = false; // the first redo is the edit itself, not a step in the history
    QString m_before;
    QString m_after;
};

// Changes one view's options (e.g. the pipeline step). Consecutive changes of the same option of
// the same view merge into one undo step, so walking a pipeline step by step is undone at once;
// a change of another option (the view-options editor) is a step of its own.
class SetViewOptionsCommand : public QUndoCommand
{
public:
    SetViewOptionsCommand(LayoutDocument *doc, int view, nlohmann::json before,
                          nlohmann::json after, const QString &what)
        : QUndoCommand(what), m_doc(doc), m_view(view), m_before(std::move(before)),
          m_after(std::move(after))
    {
    }
    void redo() override
    {
        m_doc->applyViewOptions(m_view, m_after);
        m_doc->afterRedo(m_redone);
    }
    void undo() override
    {
        m_doc->applyViewOptions(m_view, m_before);
        Q_EMIT m_doc->historyMoved();
    }
    int id() const override { return 0x4c58564f; } // "LXVO"
    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *o = static_cast<const SetViewOptionsCommand *>(other);
        if (o->m_view != m_view ||
            changedKeys(m_before, m_after) != changedKeys(o->m_before, o->m_after))
            return false;
        m_after = o->m_after;
        setText(o->text());
        return true;
    }

private:
    // The keys whose values differ between two option objects (set in one only counts).
    static std::set<std::string> changedKeys(const nlohmann::json &a, const nlohmann::json &b)
    {
        std::set<std::string> keys;
        for (const nlohmann::json *one : {&a, &b})
            for (auto it = one->begin(); it != one->end(); ++it) {
                const auto inA = a.find(it.key());
                const auto inB = b.find(it.key());
                if (inA == a.end() || inB == b.end() || *inA != *inB)
                    keys.insert(it.key());
            }
        return keys;
    }

    LayoutDocument *m_doc;
    bool m_redone = false; // the first redo is the edit itself, not a step in the history
    int m_view;
    nlohmann::json m_before;
    nlohmann::json m_after;
};

} // namespace lx
