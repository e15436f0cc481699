#pragma once

// The Suggest panel: the design assistant for the scene's access. A scatter plot of the
// candidates (conflict cycles against LDS bytes, marker by vector width, the Pareto front joined,
// Triton's pick ringed in red), the candidates as a table, and the conflict explainer for the
// current layout. Hover a point: its layout text; click a point or a row and press Apply (or
// double-click): the layout replaces the scene's shared layout as one undo step, and every view
// updates from the document.
//
// The panel follows the document: while it is shown, every edit, apply, undo, architecture or
// view change re-explains the layout on screen at once and searches again a moment later (the
// edits of one gesture are one search); Apply waits for the new results, so a stale candidate is
// never applied. A hidden panel searches when it is shown.

#include <QWidget>

class QDockWidget;
class QLabel;
class QMainWindow;
class QPushButton;
class QTableView;
class QTextBrowser;
class QTimer;

namespace lx {

class LayoutDocument;
class SuggestModel;
class SuggestScatter;

class SuggestPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SuggestPanel(LayoutDocument *document, QWidget *parent = nullptr);
    SuggestModel *model() const { return m_model; }

public Q_SLOTS:
    void refresh();
    void explain();

Q_SIGNALS:
    void editRefused(const QString &reason);

protected:
    // Shown again after the scene changed (or never searched): searches the scene it holds now.
    void showEvent(QShowEvent *event) override;

private:
    void select(int row);
    void applySelected();
    // The document changed: explain again now, search again after a short pause.
    void follow();

    LayoutDocument *m_document;
    SuggestModel *m_model;
    QLabel *m_status;
    SuggestScatter *m_scatter;
    QTableView *m_table;
    QPushButton *m_apply;
    QTextBrowser *m_explainer;
    QPushButton *m_applyFix;
    QTimer *m_searchAgain;
};

// The panel in a dock (objectName "suggestDock", hidden until asked for); the panel searches when
// it is shown on a scene it has not searched, and follows the scene while it is shown. The caller
// adds it to the window and its menu.
QDockWidget *createSuggestDock(QMainWindow *window, LayoutDocument *document);

} // namespace lx
