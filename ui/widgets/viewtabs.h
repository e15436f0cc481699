#pragma once

// ViewTabs: the window's part that shows the scene's views, one tab each, in the scene's order.
// It rebuilds its panes when the document's views change, owns the actions that act on the
// current view (zoom, fit, labels, grid, steps, close, copy its figure), keeps the selected element
// highlighted in every view, and sets the current ownership view's colouring as an undo step. The
// window reads the current pane's figures and colouring from it to fill its panels and toolbar.

#include "base/expected.h"

#include <QTabWidget>

#include <optional>

class QAction;

namespace lx {

class LayoutDocument;
class ViewPane;
struct SceneContents;

class ViewTabs : public QTabWidget
{
    Q_OBJECT
public:
    explicit ViewTabs(LayoutDocument *document, QWidget *parent = nullptr);

    QAction *zoomInAction() const { return m_zoomInAction; }
    QAction *zoomOutAction() const { return m_zoomOutAction; }
    QAction *zoomResetAction() const { return m_zoomResetAction; }
    QAction *fitAction() const { return m_fitAction; }
    QAction *labelsAction() const { return m_labelsAction; }
    QAction *gridAction() const { return m_gridAction; }
    QAction *nextStepAction() const { return m_nextStepAction; }
    QAction *goToElementAction() const { return m_goToElementAction; }
    QAction *previousStepAction() const { return m_previousStepAction; }
    QAction *closeViewAction() const { return m_closeViewAction; }
    QAction *copyFigureAction() const { return m_copyFigureAction; }

    // The panes in tab order, and the current one (null when there is none, or while the tabs
    // are rebuilt and the current pane is one of the old views).
    QList<ViewPane *> panes() const;
    ViewPane *currentPane() const;

    // Follows the document's views: a tab per view in the scene's order, keeping the panes whose
    // view did not change (ViewPane::isBuiltFrom) and the current tab.
    void rebuild();
    // Shows `preview` (the scene with a candidate in place) in every open view without changing
    // the document; endPreview() shows the document's scene again.
    void showPreview(const lx::SceneContents &preview);
    void endPreview();
    // Highlights one element in every view (-1: none).
    void selectElement(qint64 elementId);
    // Selects the element `query` names in the current view's layout (models/elementquery.h:
    // "dim0=12, dim1=40" or "lane=3 register=2") and scrolls the current view to it; returns
    // what was found ("lane=3 → dim0=3, dim1=0") or the reason nothing was.
    [[nodiscard]] Expected<QString> goToElement(const QString &query);
    qint64 selectedElement() const { return m_selectedElement; }
    void setDark(bool dark);

    // Puts the current view's figure on the clipboard as drawn (its zoom, labels, grid and
    // theme): a PNG image, and SVG where the figure has few enough cells for a vector format;
    // returns the refusal (no view, a view still building or in error, a figure too large).
    [[nodiscard]] QString copyFigure();

    // Adds a view of `kind` over the layout `layoutName` and shows it; returns the refusal.
    [[nodiscard]] QString addView(const QString &kind, const QString &layoutName);
    // Removes the view at `index` (an undo step); returns the refusal.
    [[nodiscard]] QString closeView(int index);
    // The current view's colouring when it is an ownership view (its option, or the default for
    // its layout), else nothing; and setting it as an undo step.
    [[nodiscard]] std::optional<QString> currentColor() const;
    [[nodiscard]] QString setCurrentColor(const QString &colorBy);
    // When that colouring gives the view's layout one colour (one warp, one lane, ...), the
    // sentence its legend says it with (render/ownershipdiagram.h singleOwnerColourNote); else
    // empty.
    [[nodiscard]] QString currentColorNote() const;

Q_SIGNALS:
    // Created for every pane, so the window can connect what lives outside the tabs.
    void paneCreated(ViewPane *pane);
    // The current pane changed, or it was rebuilt: its figures, steps or colouring may differ.
    void currentViewChanged();
    void status(const QString &message, int milliseconds);

private:
    void createViewActions();
    void createCommandActions();
    void applyRenderOptions();
    ViewPane *newPane(int view);

    LayoutDocument *m_document;
    qint64 m_selectedElement = -1;
    bool m_dark = false;
    bool m_rebuilding = false; // inside rebuild(): tab changes are not announced one by one
    QAction *m_zoomInAction = nullptr;
    QAction *m_zoomOutAction = nullptr;
    QAction *m_zoomResetAction = nullptr;
    QAction *m_fitAction = nullptr;
    QAction *m_labelsAction = nullptr;
    QAction *m_gridAction = nullptr;
    QAction *m_nextStepAction = nullptr;
    QAction *m_goToElementAction = nullptr;
    QString m_lastElementQuery; // offered again by the next Go to Element
    QAction *m_previousStepAction = nullptr;
    QAction *m_closeViewAction = nullptr;
    QAction *m_copyFigureAction = nullptr;
};

} // namespace lx
