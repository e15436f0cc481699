#pragma once

// MainWindow: the explorer. Its definition is split by concern: mainwindow.cpp (construction,
// current layout and view tabs), mainwindow_actions.cpp (actions, menus, toolbar),
// mainwindow_docks.cpp (the docks), mainwindow_files.cpp (open, save, recent files, presets,
// autosave, settings, drag and drop), mainwindow_layouts.cpp (add, copy, paste, rename layouts).
// A scene panel (named layouts), the bases editor, the bit-matrix
// editor and the analysis panel as docks around the views (tabs), with File / Edit / View / Help
// menus, recent files, an unsaved-changes prompt, autosave with crash recovery, drag and drop of
// scene files, QSettings for window state and preferences.

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
class DiagramView;
class KernelDock;
struct DocumentLayout;
class LayoutDocument;
class ViewPane;
class LayoutListModel;
class LayoutPropertiesModel;
class MatrixModel;
struct SceneContents;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    LayoutDocument *document() const { return m_document; }
    BasesEditor *basesEditor() const { return m_basesEditor; }
    CtaLayoutEditor *ctaLayoutEditor() const { return m_ctaEditor; }
    KernelDock *kernelDock() const { return m_kernelDock; }
    LayoutPropertiesModel *propertiesModel() const { return m_properties; }
    MatrixModel *matrixModel() const { return m_matrix; }
    QTableView *matrixTable() const { return m_matrixTable; }
    QTabWidget *viewTabs() const { return m_viewTabs; }
    QLabel *coordinateLabel() const { return m_coordinateLabel; }
    QLabel *hoverLabel() const { return m_hoverLabel; }
    QComboBox *archBox() const { return m_archBox; }
    QComboBox *colorBox() const { return m_colorBox; }
    // The view panes in tab order, and the current one (null when there is none).
    QList<ViewPane *> viewPanes() const;
    ViewPane *currentViewPane() const;
    // Highlights one element in every open view (-1: none).
    void selectElement(qint64 elementId);
    qint64 selectedElement() const { return m_selectedElement; }

    // Opens a scene file; on failure shows nothing and returns the reason.
    [[nodiscard]] QString openFile(const QString &fileName);
    // Writes the document to a file atomically; returns the reason on failure.
    [[nodiscard]] QString saveToFile(const QString &fileName);
    // Replaces the document by a scene that is not backed by a file (built-in example).
    void openScene(const SceneContents &contents, const QString &fileName = {});

    int currentLayoutIndex() const { return m_currentLayout; }
    void setCurrentLayoutIndex(int index);

    // Asks whether to save unsaved changes. Tests replace the question; the default shows a
    // QMessageBox with Save / Discard / Cancel.
    using SavePrompt = std::function<QMessageBox::StandardButton(const QString &question)>;
    void setSavePrompt(SavePrompt prompt) { m_savePrompt = std::move(prompt); }
    // Whether the document may be replaced: true when clean, saved, or the person discarded.
    bool maybeSave();

    QStringList recentFiles() const;

    // Autosave: where this window's session lives (default Autosave::defaultDirectory()).
    void setAutosaveDirectory(const QString &directory);
    Autosave *autosave() const { return m_autosave; }
    // Offers every scene a crashed session left behind; `accept` decides (default: a question).
    // Opens the first accepted one as a modified document. Returns whether one was opened.
    using RecoverPrompt = std::function<bool(const QString &question)>;
    void setRecoverPrompt(RecoverPrompt prompt) { m_recoverPrompt = std::move(prompt); }
    bool recoverAutosaves();

    // Opens a preset by name; returns the reason on failure.
    [[nodiscard]] QString openPreset(const QString &name);
    // Adds a layout from #ttg / Gluon / CuTe text over `shape` (cuteBytes: a CuTe memory layout
    // counts bytes of dtype); returns the reason on failure.
    [[nodiscard]] QString addTextLayout(const QString &name, const QString &text,
                                        const QList<int> &shape, const QString &dtype,
                                        bool cuteBytes = false);
    void showPresets();
    void showExportDialog();
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
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createEditActions();
    void createViewActions();
    void createMenus();
    void createDocks();
    void createToolBar();
    void updateArchBox();
    void readSettings();
    void writeSettings() const;
    void addRecentFile(const QString &fileName);
    void updateRecentMenu();
    void updateTitle();
    void onLayoutSelected();
    void rebuildViewTabs();
    // The analysis panel's view figures, the step actions and the colour box follow the current
    // view.
    void updateCurrentViewControls();
    void setCurrentViewColor(const QString &colorBy);
    void applyRenderOptions();
    void addViewOfKind(const QString &kind);
    // Adds a layout and an ownership view of it as one undo step and shows the view.
    [[nodiscard]] QString addLayoutWithView(const DocumentLayout &layout);
    // Sets the architecture; says so when the current view's LDS instruction changes with it.
    void switchArch(const QString &arch);
    // "L has 64 lanes; gfx1250 runs 32-lane waves" when the layout cannot run as written.
    QString laneWarning(int layout) const;
    void closeViewTab(int index);

    void newScene();
    void openDialog();
    bool save();
    bool saveAs();
    void about();
    void addLayoutFromBases();
    void addLayoutFromText(const QString &initialText = {});
    void addLayoutFromBuilder();
    void copyLayoutText(bool gluon);
    void pasteLayout();
    void duplicateLayout();
    void renameLayout();
    void removeLayout();
    void copyLayoutJson();
    void showRefusal(const QString &message);
    void showStatus(const QString &message, int milliseconds);

    LayoutDocument *m_document;
    int m_currentLayout = -1;
    bool m_dark = false;

    BasesEditor *m_basesEditor = nullptr;
    CtaLayoutEditor *m_ctaEditor = nullptr;
    KernelDock *m_kernelDock = nullptr;
    LayoutListModel *m_layoutList = nullptr;
    QTableView *m_layoutTable = nullptr;
    LayoutPropertiesModel *m_properties = nullptr;
    MatrixModel *m_matrix = nullptr;
    QTableView *m_matrixTable = nullptr;
    QStackedWidget *m_matrixStack = nullptr;
    QTabWidget *m_viewTabs = nullptr;
    QLabel *m_coordinateLabel = nullptr;
    QLabel *m_summaryLabel = nullptr;
    QLabel *m_hoverLabel = nullptr;
    QLabel *m_messageLabel = nullptr;
    QTimer *m_messageTimer = nullptr;
    qint64 m_selectedElement = -1;
    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_zoomResetAction = nullptr;
    QAction *m_fitAction = nullptr;
    QAction *m_labelsAction = nullptr;
    QAction *m_gridAction = nullptr;
    QAction *m_closeViewAction = nullptr;
    QAction *m_nextStepAction = nullptr;
    QAction *m_previousStepAction = nullptr;
    QMenu *m_addViewMenu = nullptr;
    QComboBox *m_archBox = nullptr;
    QComboBox *m_colorBox = nullptr;
    QMenu *m_colorMenu = nullptr;
    QActionGroup *m_colorGroup = nullptr;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_copyJsonAction = nullptr;
    QAction *m_addLayoutAction = nullptr;
    QAction *m_addTextAction = nullptr;
    QAction *m_addBuilderAction = nullptr;
    QAction *m_copyTtgAction = nullptr;
    QAction *m_copyGluonAction = nullptr;
    QAction *m_pasteAction = nullptr;
    QAction *m_duplicateAction = nullptr;
    QAction *m_renameAction = nullptr;
    QAction *m_removeAction = nullptr;
    QAction *m_darkAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;

    bool m_restoredState = false;
    std::function<void()> m_defaultDockSizes;
    SavePrompt m_savePrompt;
    RecoverPrompt m_recoverPrompt;
    Autosave *m_autosave = nullptr;
    QAction *m_presetsAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_gettingStartedAction = nullptr;
    QStackedWidget *m_central = nullptr;
    QWidget *m_welcome = nullptr;
};

} // namespace lx
