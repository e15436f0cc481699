#pragma once

// WindowDocks: the window's part that builds the docks around the views: the scene panel (the
// named layouts), the bases editor, the bit matrix, the ctaLayout editor, the analysis panel,
// the Kernel dock, the Suggest panel and the conflict explainer. It shows the current layout in
// every one of them and reports a choice made in the scene panel, so a test drives it on a bare
// QMainWindow.

#include <QObject>

class QDockWidget;
class QMainWindow;
class QStackedWidget;
class QTableView;

namespace lx {

class BasesEditor;
class CtaLayoutEditor;
class KernelDock;
class LayoutActions;
class LayoutDocument;
class LayoutListModel;
class LayoutPropertiesModel;
class MatrixModel;
class ViewOptionsPanel;

class WindowDocks : public QObject
{
    Q_OBJECT
public:
    // Adds the docks to `window`; the scene panel's buttons are `actions`'.
    WindowDocks(QMainWindow *window, LayoutDocument *document, LayoutActions *actions);

    BasesEditor *basesEditor() const { return m_basesEditor; }
    CtaLayoutEditor *ctaLayoutEditor() const { return m_ctaEditor; }
    KernelDock *kernelDock() const { return m_kernelDock; }
    LayoutPropertiesModel *propertiesModel() const { return m_properties; }
    MatrixModel *matrixModel() const { return m_matrix; }
    QTableView *matrixTable() const { return m_matrixTable; }
    QTableView *layoutTable() const { return m_layoutTable; }
    QDockWidget *suggestDock() const { return m_suggestDock; }
    QDockWidget *conflictDock() const { return m_conflictDock; }
    // The current view's options (the window tells it which view is current).
    ViewOptionsPanel *viewOptions() const { return m_viewOptions; }
    QDockWidget *viewOptionsDock() const { return m_viewOptionsDock; }

    // Shows layout `index` (-1: none) in the editors, the bit matrix, the analysis panel and the
    // scene panel's selection.
    void setLayoutIndex(int index);
    // Selects the named layouts in the scene panel, the first current (the Kernel dock's op).
    void selectLayouts(const QStringList &names);
    // The docks' default sizes; they only take once the window has its size.
    void applyDefaultSizes();

Q_SIGNALS:
    // A layout chosen in the scene panel.
    void layoutChosen(int index);
    // A view to bring to the front (the Kernel dock's selected op).
    void viewChosen(int view);
    // A refusal or note for the status bar.
    void status(const QString &message, int milliseconds);

private:
    void report(const QString &message) { Q_EMIT status(message, 8000); }
    void createSceneDock(LayoutActions *actions);
    void createEditorDocks();
    void createAnalysisDocks();

    QMainWindow *m_window;
    LayoutDocument *m_document;
    BasesEditor *m_basesEditor = nullptr;
    CtaLayoutEditor *m_ctaEditor = nullptr;
    KernelDock *m_kernelDock = nullptr;
    LayoutListModel *m_layoutList = nullptr;
    QTableView *m_layoutTable = nullptr;
    LayoutPropertiesModel *m_properties = nullptr;
    MatrixModel *m_matrix = nullptr;
    QTableView *m_matrixTable = nullptr;
    QStackedWidget *m_matrixStack = nullptr;
    QDockWidget *m_sceneDock = nullptr;
    QDockWidget *m_basesDock = nullptr;
    QDockWidget *m_matrixDock = nullptr;
    QDockWidget *m_analysisDock = nullptr;
    QDockWidget *m_suggestDock = nullptr;
    QDockWidget *m_conflictDock = nullptr;
    ViewOptionsPanel *m_viewOptions = nullptr;
    QDockWidget *m_viewOptionsDock = nullptr;
};

} // namespace lx
