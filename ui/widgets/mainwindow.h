#pragma once

// MainWindow: the explorer's shell. It holds the document and wires four parts, each with one
// job and each tested on its own:
//   SceneFiles     new, open, save, recent files, presets, autosave and recovery, dropped files
//   LayoutActions  add, copy, paste, duplicate, rename, remove layouts
//   ViewTabs       the views as tabs, the actions on the current view, the selected element
//   WindowDocks    the scene panel, editors, bit matrix, analysis, kernel, suggest, explainer
// MainWindow itself builds the menus, the toolbar and the status bar from the parts' actions,
// follows the current layout and view, and keeps the theme and the window's settings.

#include <QMainWindow>
#include <QMessageBox>

#include <functional>

class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTimer;

namespace lx {

class Autosave;
class BasesEditor;
class CtaLayoutEditor;
class KernelDock;
class LayoutActions;
class LayoutDocument;
class LayoutPropertiesModel;
class PresentMode;
class MatrixModel;
class SceneFiles;
class ViewPane;
class ViewTabs;
class WindowDocks;
struct SceneContents;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    LayoutDocument *document() const { return m_document; }
    // The parts.
    SceneFiles *sceneFiles() const { return m_files; }
    LayoutActions *layoutActions() const { return m_layoutActions; }
    WindowDocks *docks() const { return m_docks; }
    // View > Present: full screen, the current view alone, arrow keys walk it, Esc leaves.
    PresentMode *presentMode() const { return m_present; }
    QTabWidget *viewTabs() const;

    BasesEditor *basesEditor() const;
    CtaLayoutEditor *ctaLayoutEditor() const;
    KernelDock *kernelDock() const;
    LayoutPropertiesModel *propertiesModel() const;
    MatrixModel *matrixModel() const;
    QTableView *matrixTable() const;
    QLabel *coordinateLabel() const { return m_coordinateLabel; }
    QLabel *hoverLabel() const { return m_hoverLabel; }
    QComboBox *archBox() const { return m_archBox; }
    QComboBox *colorBox() const { return m_colorBox; }
    // The view panes in tab order, and the current one (null when there is none).
    QList<ViewPane *> viewPanes() const;
    ViewPane *currentViewPane() const;
    // Highlights one element in every open view (-1: none).
    void selectElement(qint64 elementId);
    qint64 selectedElement() const;

    // The scene as a file (SceneFiles): opening returns the reason on failure and changes
    // nothing; saving writes atomically.
    [[nodiscard]] QString openFile(const QString &fileName);
    [[nodiscard]] QString saveToFile(const QString &fileName);
    void openScene(const SceneContents &contents, const QString &fileName = {});
    [[nodiscard]] QString openPreset(const QString &name);
    // Asks whether to save unsaved changes. Tests replace the question; the default shows a
    // QMessageBox with Save / Discard / Cancel.
    using SavePrompt = std::function<QMessageBox::StandardButton(const QString &question)>;
    void setSavePrompt(SavePrompt prompt);
    bool maybeSave();
    QStringList recentFiles() const;
    // Autosave: where this window's session lives (default Autosave::defaultDirectory()).
    void setAutosaveDirectory(const QString &directory);
    Autosave *autosave() const;
    // Offers every scene a crashed session left behind (default: a question each).
    using RecoverPrompt = std::function<bool(const QString &question)>;
    void setRecoverPrompt(RecoverPrompt prompt);
    bool recoverAutosaves();

    int currentLayoutIndex() const { return m_currentLayout; }
    void setCurrentLayoutIndex(int index);
    // Adds a layout from #ttg / Gluon / CuTe text (LayoutActions::addTextLayout).
    [[nodiscard]] QString addTextLayout(const QString &name, const QString &text,
                                        const QList<int> &shape, const QString &dtype,
                                        bool cuteBytes = false);

    void showPresets();
    // The Export dialog for the current view, or with every open view chosen.
    void showExportDialog(bool allViews = false);
    // Help > Getting Started: how to begin, the terms in plain words, the shortcut sheet.
    void showGettingStarted();
    // What the centre shows while the scene has no view: the three ways in.
    QWidget *welcomePage() const { return m_welcome; }

    // Light or dark palette (also a preference, remembered in QSettings).
    void setDarkTheme(bool dark);
    bool isDarkTheme() const { return m_dark; }

protected:
    void showEvent(QShowEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createViewMenu();
    void createToolBar();
    void createStatusBar();
    void connectDocument();
    void updateArchBox();
    void readSettings();
    void writeSettings() const;
    // Writes the settings a moment after the window, a dock or a view preference changes, so a
    // window that is killed comes back as it was last arranged (not only after a clean close);
    // and brings a dock asked for from the View menu to the front.
    void rememberArrangement();
    void updateTitle();
    void onLayoutSelected();
    void rebuildViewTabs();
    // The analysis panel's view figures and the colour box follow the current view.
    void updateCurrentViewControls();
    void setCurrentViewColor(const QString &colorBy);
    void addViewOfKind(const QString &kind);
    // Sets the architecture; says so when the current view's LDS instruction changes with it.
    void switchArch(const QString &arch);
    // "L has 64 lanes; gfx1250 runs 32-lane waves" when the layout cannot run as written.
    QString laneWarning(int layout) const;
    void about();
    void showRefusal(const QString &message);
    void showStatus(const QString &message, int milliseconds);

    LayoutDocument *m_document;
    SceneFiles *m_files = nullptr;
    LayoutActions *m_layoutActions = nullptr;
    ViewTabs *m_viewTabs = nullptr;
    WindowDocks *m_docks = nullptr;
    PresentMode *m_present = nullptr;
    int m_currentLayout = -1;
    bool m_dark = false;

    QLabel *m_coordinateLabel = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QLabel *m_hoverLabel = nullptr;
    QLabel *m_messageLabel = nullptr;
    QTimer *m_messageTimer = nullptr;
    QTimer *m_settingsTimer = nullptr;
    QMenu *m_addViewMenu = nullptr;
    QComboBox *m_archBox = nullptr;
    QComboBox *m_colorBox = nullptr;
    QMenu *m_colorMenu = nullptr;
    QActionGroup *m_colorGroup = nullptr;

    QAction *m_exportAction = nullptr;
    QAction *m_exportAllAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_darkAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_gettingStartedAction = nullptr;
    QMenu *m_viewMenu = nullptr;

    bool m_restoredState = false;
    QStackedWidget *m_central = nullptr;
    QWidget *m_welcome = nullptr;
};

} // namespace lx
