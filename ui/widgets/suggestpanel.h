#pragma once

// The Suggest panel: the design assistant for one access of the scene, chosen among every view
// the request layer can search (request/ctasearch.h sceneSearches; the first by default, like
// `suggest --view N`). A ctaLayout view (a WMMA v3 accumulator) is searched for ctaLayouts on
// its own page (widgets/ctasuggestpage.h); any other access is searched for shared layouts: a
// scatter plot of the
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

#include "models/layoutdocument.h"

#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QDockWidget;
class QStackedWidget;
class QLabel;
class QMainWindow;
class QPushButton;
class QTableView;
class QTextBrowser;
class QTimer;

namespace lx {

class CtaSuggestPage;
class SuggestModel;
class SuggestScatter;

class SuggestPanel : public QWidget
{
    Q_OBJECT
public:
    explicit SuggestPanel(LayoutDocument *document, QWidget *parent = nullptr);
    SuggestModel *model() const { return m_model; }
    CtaSuggestPage *ctaPage() const { return m_ctaPage; }
    // The views that can be searched, one entry each (their request-layer description).
    QComboBox *viewChooser() const { return m_chooser; }
    // Searches the access of scene view `view` from now on (when the scene has one there).
    void chooseView(int view);
    // Whether the page shown is the ctaLayout search.
    bool isCtaSearch() const;

public Q_SLOTS:
    void refresh();
    void explain();

Q_SIGNALS:
    void editRefused(const QString &reason);
    // A candidate shown in the open views without changing the scene, and its end.
    void previewRequested(const lx::SceneContents &scene);
    void previewEnded();
    void status(const QString &message, int milliseconds);
    // A view was added to the scene (a ctaLayout compare): the window shows it.
    void viewAdded();

protected:
    // Shown again after the scene changed (or never searched): searches the scene it holds now.
    void showEvent(QShowEvent *event) override;

private:
    // The candidate buttons (Apply, Copy #ttg, Copy Gluon), Explain worst conflict, Apply fix and
    // the explainer under them.
    QWidget *createExplainBox(QWidget *parent);
    void select(int row);
    void applySelected();
    // Copies the selected candidate's #ttg line or Gluon expression.
    void copySelected(bool gluon);
    // After a search: the candidate that was selected (an applied one included), found again by
    // its layout text, stays selected.
    void reselect();
    void updateButtons();
    // The document changed: explain again now, search again after a short pause.
    void follow();
    // Searches choice `index` of the chooser (-1: the shared-layout search of the first access).
    void run(int index);
    // Whether the shown page's result was searched on the scene the document holds now.
    bool isCurrent() const;

    LayoutDocument *m_document;
    SuggestModel *m_model;
    QLabel *m_status;
    SuggestScatter *m_scatter;
    QTableView *m_table;
    QPushButton *m_apply;
    QPushButton *m_copyTtg;
    QPushButton *m_copyGluon;
    QPushButton *m_explain;
    QTextBrowser *m_explainer;
    QPushButton *m_applyFix;
    QString m_keptText; // the #ttg text of the candidate selected last (kept across searches)
    QTimer *m_searchAgain;
    QComboBox *m_chooser;
    QStackedWidget *m_pages;
    CtaSuggestPage *m_ctaPage;
    std::vector<std::pair<int, bool>> m_choices; // (view, is a ctaLayout search) per entry
    int m_chosenView = -1;                       // the view the user chose, -1: the first
};

// The panel in a dock (objectName "suggestDock", hidden until asked for); the panel searches when
// it is shown on a scene it has not searched, and follows the scene while it is shown. The caller
// adds it to the window and its menu.
QDockWidget *createSuggestDock(QMainWindow *window, LayoutDocument *document);

} // namespace lx
