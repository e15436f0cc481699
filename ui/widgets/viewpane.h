#pragma once

// ViewPane: one view of the scene (a tab): the Diagram its kind builds from the document,
// shown in a DiagramView, rebuilt whenever a layout of the scene changes. When the view cannot
// be built (a layout it needs was edited into one the view does not accept) the pane says why
// above the last diagram it could build.
//
// Step mode: when the view walks a pipeline (Diagram::steps, the ds_load_tr lowering of Fig 5/6)
// a step bar above the diagram shows "Step k of n · name" with first / previous / next / last /
// all buttons. A step is the view's "step" option, changed through the document's undo stack
// (consecutive steps merge into one undo entry) and saved with the scene, so an exported figure
// shows the same step.

#include "base/expected.h"
#include "render/diagram.h"

#include <QPointer>
#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

class QLabel;
template <typename T> class QFutureWatcher;
class QToolButton;

namespace lx {

class DiagramView;
class LayoutDocument;
struct CtaWarpHandle;
struct RenderOptions;
struct SceneContents;
struct ViewRequest;

class ViewPane : public QWidget
{
    Q_OBJECT
public:
    ViewPane(LayoutDocument *document, int viewIndex, QWidget *parent = nullptr);
    ~ViewPane() override;

    int viewIndex() const { return m_view; }
    // The pane shows the scene's view `view` from now on (the views before it were added or
    // removed); refresh() then builds it again only if its request changed.
    void setViewIndex(int view) { m_view = view; }
    // The diagram's widget, its diagram built first when a build is pending (isPending()).
    DiagramView *diagramView() const;
    // The same widget as it is, for what does not read its diagram (signals, render options).
    DiagramView *viewWidget() const { return m_diagramView; }
    // Why the last rebuild failed (empty when it succeeded).
    QString errorText() const;
    // The layout this view shows (its own or the scene's first), or -1.
    int layoutIndex() const;

    // Builds the diagram again from the document. Views of more than 2^16 elements are built
    // on a worker thread (isBusy() until the diagram arrives; rebuilt() then). A pane hidden in
    // a shown window (a tab behind the current one) only notes that it must build (isPending())
    // and builds when it is shown or its diagram is read: an edit builds the views one can see.
    void rebuild();
    bool isPending() const { return m_pending; }
    // rebuild() unless the view's request (layouts, architecture, options) is the one the shown
    // diagram was built from: a structure change (a layout added, a view closed) keeps the views
    // it does not touch, with their scroll and zoom, instead of building every one again.
    void refresh();
    // Whether the diagram shown (or being built) comes from `request` (request/viewrequest.h
    // sameInputs).
    [[nodiscard]] bool isBuiltFrom(const ViewRequest &request) const;
    bool isBusy() const;
    // Shows the view as it would be over `preview` (built at once, titled "Preview"), until
    // endPreview() or the next rebuild shows the document's scene again.
    void showPreview(const SceneContents &preview);
    void endPreview();
    bool isPreview() const { return m_preview; }

    // The element selected in any view (-1: none). A view that takes the selection as its input
    // (models/documentviews.h followSelection: the XOR view) is built again for it; any other
    // view only outlines it (ViewTabs).
    void setSelectedElement(qint64 elementId);
    // The request this pane builds from now: the scene's view with the selection it follows.
    [[nodiscard]] ViewRequest currentRequest() const;

    // Step mode (no-ops when the view has no steps). step 0 shows every step at once.
    int stepCount() const;
    int currentStep() const;
    void setStep(int step);
    void nextStep();
    void previousStep();
    QLabel *stepLabel() const { return m_stepLabel; }
    // Scrolls the current step's tables into view (a no-op outside step mode).
    void scrollToCurrentStep();
    // A cta-tiles view's instruction (its option "instruction") one on (direction > 0) or
    // back, through the document's undo stack as a step is; false at either end and for any
    // other view.
    bool stepInstruction(int direction);

    // Direct manipulation (cta-tiles): the tile warp 2^k computes in instruction 0 is warp
    // basis k; dragged onto another tile of C it becomes [M, N] of that tile, through the
    // ctaLayout editor's checks and command (models/ctaedit.h moveWarpBasis: one undo step).
    // A refused drop changes nothing and its reason shows above the view until the next edit.
    [[nodiscard]] const std::vector<CtaWarpHandle> &warpHandles() const;
    // The reason the last drop was refused (empty: none, or it has gone).
    QString editMessage() const;

protected:
    void showEvent(QShowEvent *event) override;

Q_SIGNALS:
    // The hovered cell (panel -1: none) with the window's description of it.
    void hovered(const QString &where, const QString &description);
    void elementClicked(qint64 elementId);
    // After every rebuild (successful or not): the analysis panel reads the new figures.
    void rebuilt();

private:
    QPointer<LayoutDocument> m_document;
    int m_view;
    void updateStepBar();
    void showDiagram(Expected<Diagram> diagram);
    void wireWarpDrag();
    void dropWarpTile(int fromRow, int fromCol, int toRow, int toCol);
    // Builds now (inPlace: on this thread whatever the size, for a reader that needs the
    // diagram at once).
    void build(bool inPlace);

    DiagramView *m_diagramView;
    QLabel *m_error;
    QLabel *m_busy;
    QLabel *m_editMessage;
    std::vector<CtaWarpHandle> m_warpHandles; // of the diagram shown (none in a preview)
    // Bumped by every rebuild; a worker whose build is no longer the newest skips it.
    std::shared_ptr<std::atomic<uint64_t>> m_generation;
    QFutureWatcher<std::shared_ptr<Expected<Diagram>>> *m_watcher = nullptr;
    qint64 m_selected = -1;
    uint64_t m_asyncGeneration = 0;       // the generation the watched build belongs to
    bool m_building = false;              // a worker's diagram is awaited
    bool m_pending = false;               // a rebuild waits for the pane to be shown or read
    std::unique_ptr<ViewRequest> m_built; // the request of the last rebuild
    bool m_preview = false;               // a preview is shown, not the document's scene
    QWidget *m_stepBar;
    QLabel *m_stepLabel;
    QToolButton *m_firstStep;
    QToolButton *m_previousStep;
    QToolButton *m_nextStep;
    QToolButton *m_lastStep;
    QToolButton *m_allSteps;
};

} // namespace lx
