#pragma once

// SceneFiles: the window's part that owns the scene as a file. New, Open, Save, Save As, Open
// Preset and Open Recent (its actions and the recent-files list in QSettings), the
// unsaved-changes prompt, autosave and crash recovery, and files dropped on the window. It acts
// on the LayoutDocument and asks its questions through replaceable prompts, so a test drives it
// without a window; MainWindow only places its actions in menus.

#include <QMessageBox>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QMenu;
class QMimeData;
class QWidget;

namespace lx {

class Autosave;
class LayoutDocument;
struct SceneContents;

class SceneFiles : public QObject
{
    Q_OBJECT
public:
    // `dialogParent` parents the file dialogs and message boxes.
    SceneFiles(LayoutDocument *document, QWidget *dialogParent);
    ~SceneFiles() override;

    QAction *newAction() const { return m_newAction; }
    QAction *openAction() const { return m_openAction; }
    QAction *saveAction() const { return m_saveAction; }
    QAction *saveAsAction() const { return m_saveAsAction; }
    QAction *presetsAction() const { return m_presetsAction; }
    // Open Recent: filled from the recent-files list and kept up to date by this part.
    void setRecentMenu(QMenu *menu);

    // Module files (.ttgir, .mlir) go to the Kernel dock, which opens them as a scene of their
    // own; set by the window. Called after the unsaved-changes prompt.
    using ModuleOpener = std::function<QString(const QString &fileName)>;
    void setModuleOpener(ModuleOpener open) { m_openModule = std::move(open); }

    // Opens a scene (or, through the module opener, a kernel) file; returns the reason on
    // failure and leaves the document as it was.
    [[nodiscard]] QString openFile(const QString &fileName);
    // What the warning of a failed open says: the reason, after the file's path unless the
    // reason names the file already ("cannot read /a/b.lxscene: ..."), so the path shows once.
    [[nodiscard]] static QString openFailureMessage(const QString &file, const QString &reason);
    // Writes the document atomically, marks it clean and remembers the file.
    [[nodiscard]] QString saveToFile(const QString &fileName);
    // Replaces the document by a scene not backed by a file.
    void openScene(const SceneContents &contents, const QString &fileName = {});
    [[nodiscard]] QString openPreset(const QString &name);

    using SavePrompt = std::function<QMessageBox::StandardButton(const QString &question)>;
    void setSavePrompt(SavePrompt prompt) { m_savePrompt = std::move(prompt); }
    // Whether the document may be replaced: true when clean, saved, or the person discarded.
    bool maybeSave();

    bool save();
    bool saveAs();
    // The file name Save As offers for a scene not saved yet: its name (a kernel's, a preset's)
    // with characters no file name should hold replaced by '-', else "untitled.lxscene".
    [[nodiscard]] static QString suggestedFileName(const QString &sceneName);
    // Where Save As starts: the scene's file; for a scene not saved yet, its suggested file name
    // in the folder of the module it was opened from (a kernel's scene) or of the last scene.
    [[nodiscard]] QString saveAsStartPath() const;
    void newScene();
    void openDialog();
    void showPresets();

    [[nodiscard]] QStringList recentFiles() const;

    void setAutosaveDirectory(const QString &directory);
    Autosave *autosave() const { return m_autosave; }
    using RecoverPrompt = std::function<bool(const QString &question)>;
    void setRecoverPrompt(RecoverPrompt prompt) { m_recoverPrompt = std::move(prompt); }
    // Offers every scene a crashed session left behind; opens the first accepted one as a
    // modified document. Returns whether one was opened.
    bool recoverAutosaves();
    // A clean exit: the autosaved scene is no longer needed.
    void discardAutosave();

    // Drag and drop: whether `mime` is one scene or module file, and opening a dropped file
    // (after the unsaved-changes prompt for a scene).
    [[nodiscard]] static bool acceptsDrop(const QMimeData *mime);
    void openDropped(const QMimeData *mime);

Q_SIGNALS:
    // A short message for the status bar.
    void status(const QString &message, int milliseconds);

private:
    void addRecentFile(const QString &fileName);
    void updateRecentMenu();
    // Opens `file` after the prompt, with a message box on failure.
    void openWithPrompt(const QString &file);
    // Opens `file`, with a message box on failure.
    void openOrWarn(const QString &file);

    LayoutDocument *m_document;
    QWidget *m_dialogParent;
    Autosave *m_autosave = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_presetsAction = nullptr;
    SavePrompt m_savePrompt;
    RecoverPrompt m_recoverPrompt;
    ModuleOpener m_openModule;
};

} // namespace lx
