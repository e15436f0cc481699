#pragma once

// LayoutActions: the window's part that adds, copies, pastes, duplicates, renames and removes
// layouts of the scene. It owns those actions and their dialogs (from bases, from text, from the
// builder), acts on the LayoutDocument as undo steps, and tells the window which layout and view
// to show next through signals, so a test drives it without a window.

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QWidget;

namespace lx {

class LayoutDocument;
struct DocumentLayout;

class LayoutActions : public QObject
{
    Q_OBJECT
public:
    LayoutActions(LayoutDocument *document, QWidget *dialogParent);

    QAction *addFromBasesAction() const { return m_addBasesAction; }
    QAction *addFromTextAction() const { return m_addTextAction; }
    QAction *addFromBuilderAction() const { return m_addBuilderAction; }
    // Copy Layout (Ctrl+C in the Scene panel): the layout whole for a paste here, its #ttg text
    // for other programs.
    QAction *copyAction() const { return m_copyAction; }
    QAction *copyJsonAction() const { return m_copyJsonAction; }
    QAction *copyTtgAction() const { return m_copyTtgAction; }
    QAction *copyGluonAction() const { return m_copyGluonAction; }
    QAction *pasteAction() const { return m_pasteAction; }
    QAction *duplicateAction() const { return m_duplicateAction; }
    QAction *renameAction() const { return m_renameAction; }
    QAction *removeAction() const { return m_removeAction; }
    QAction *compareAction() const { return m_compareAction; }

    // The layout the actions apply to (-1: none; the actions that need one are disabled).
    void setCurrentLayout(int index);
    int currentLayout() const { return m_current; }

    // Module text pasted from the clipboard goes to the Kernel dock; set by the window.
    // Asked before a layout that views use is removed (they go with it); true to remove.
    using RemovePrompt = std::function<bool(const QString &question)>;
    void setRemovePrompt(RemovePrompt prompt) { m_removePrompt = std::move(prompt); }

    // Asked by Compare With... for the other layout: the current layout's name and the scene's
    // other layouts; returns the chosen name, empty when the person cancels. A test sets it.
    using LayoutChooser = std::function<QString(const QString &current, const QStringList &others)>;
    void setLayoutChooser(LayoutChooser choose) { m_chooseLayout = std::move(choose); }

    using ModuleTextOpener = std::function<QString(const QString &text)>;
    void setModuleTextOpener(ModuleTextOpener open) { m_openModuleText = std::move(open); }

    // Adds a layout from #ttg / Gluon / CuTe text over `shape` (cuteBytes: a CuTe memory layout
    // counts bytes of dtype), with an ownership view unless it is a CuTe layout; returns the
    // reason on failure.
    [[nodiscard]] QString addTextLayout(const QString &name, const QString &text,
                                        const QList<int> &shape, const QString &dtype,
                                        bool cuteBytes = false);
    // Adds a compare view (render/comparediagram.h) of the current layout with `other` as one
    // undo step and shows it; returns the refusal.
    [[nodiscard]] QString compareWith(const QString &other);
    // Compare With...: asks the chooser for the other layout, then compareWith.
    void compareWithChosen();

    // Adds a layout and an ownership view of it as one undo step.
    [[nodiscard]] QString addLayoutWithView(const DocumentLayout &layout);

    void addLayoutFromBases();
    void addLayoutFromText(const QString &initialText = {});
    void addLayoutFromBuilder();
    void copyLayout();
    void copyLayoutText(bool gluon);
    void copyLayoutJson();
    void pasteLayout();
    void duplicateLayout();
    void renameLayout();
    void removeLayout();

Q_SIGNALS:
    // The window should make `index` the current layout.
    void layoutChosen(int index);
    // The window should show the scene's last view (one was just added).
    void lastViewChosen();
    void status(const QString &message, int milliseconds);

private:
    void refuse(const QString &message) { Q_EMIT status(message, 8000); }
    // Adds the layouts of a copied one-layout scene (copyLayout's clipboard data); returns the
    // refusal.
    QString pasteCopiedLayouts(const QByteArray &sceneBytes);

    LayoutDocument *m_document;
    QWidget *m_dialogParent;
    int m_current = -1;
    ModuleTextOpener m_openModuleText;
    RemovePrompt m_removePrompt;
    LayoutChooser m_chooseLayout;
    QAction *m_addBasesAction = nullptr;
    QAction *m_addTextAction = nullptr;
    QAction *m_addBuilderAction = nullptr;
    QAction *m_copyAction = nullptr;
    QAction *m_copyJsonAction = nullptr;
    QAction *m_copyTtgAction = nullptr;
    QAction *m_copyGluonAction = nullptr;
    QAction *m_pasteAction = nullptr;
    QAction *m_duplicateAction = nullptr;
    QAction *m_renameAction = nullptr;
    QAction *m_removeAction = nullptr;
    QAction *m_compareAction = nullptr;
};

} // namespace lx
