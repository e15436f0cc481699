#pragma once

// DiagramView: shows a Diagram through the one DiagramRenderer, so what is on screen is what
// the PNG exporter writes at the same scale, pixel for pixel.
//
// Zoom: Ctrl+wheel (anchored at the cursor), +/- keys, 0 for 100%, F to fit. Pan: drag with the
// left button, the scroll bars, or the wheel. Hover emits cellHovered (panel -1 when the cursor
// leaves every cell) and shows the cell's tooltip; a click without a drag emits cellClicked.
// Cells the owner marks as movable (setCellDragFilter: the warp tiles of a cta-tiles view) are
// dragged instead of panned: the target cell is outlined while the button is down, a release on
// another cell of the same panel emits cellDropped, Escape or a release elsewhere cancels.
// setHighlightedElement outlines that element in every panel containing it (selection sync is
// the caller's: connect one view's cellClicked to every view's setHighlightedElement).
//
// The diagram sits at the top-left of the viewport; the area outside it is the palette's
// background. A subtitle wider than the view is wrapped to its width. Scrolled past a panel's row
// or column headers, the view keeps them along its left and top edges
// (DiagramRenderer::paintFrozenHeaders); a figure export never freezes anything.

#include "render/diagram.h"
#include "render/diagramrenderer.h"

#include <QAbstractScrollArea>

#include <functional>
#include <memory>
#include <vector>

namespace lx {

// A point of a diagram independent of the scale: a fractional cell position inside a panel
// (panel >= 0), or, outside every cell area, diagram units. What a zoom keeps in place.
struct DiagramScaleAnchor
{
    int panel = -1;
    double col = 0;
    double row = 0;
    QPointF units;
};

class DiagramView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    static constexpr double kMinScale = 1.0 / 64;
    static constexpr double kMaxScale = 16;
    // Titles, headers, tables and the legend never shrink below this (pixels) when zoomed out,
    // so a fitted 1024x1024 grid keeps a readable legend; cell labels are drawn down to
    // DiagramRenderer::kMinTextPixelSize as before (minCellTextPx). At 100 % and above nothing
    // but a cell label is smaller anyway (the smallest other text is 10 px).
    static constexpr int kMinTextPx = 10;

    explicit DiagramView(QWidget *parent = nullptr);
    ~DiagramView() override;

    void setDiagram(Diagram diagram);
    // The diagram shown: the one given, its subtitle wrapped to the view's width.
    const Diagram &diagram() const { return m_diagram; }
    // The given diagram's own subtitle.
    const QString &subtitle() const { return m_subtitle; }

    // Every option except the scale (which the view owns: setScale) and the highlight.
    void setRenderOptions(const RenderOptions &options);
    RenderOptions renderOptions() const { return m_options; }

    double scale() const { return m_options.scale; }
    // Clamped to [kMinScale, kMaxScale]; keeps the diagram point under `anchor` (viewport
    // coordinates; default: the viewport centre) in place: over a cell, the same point of the
    // same cell (margins and headers do not scale exactly linearly), as far as the scroll range
    // allows.
    void setScale(double scale, QPoint anchor = QPoint(-1, -1));
    void zoomIn();
    void zoomOut();
    // The largest scale, at most `maxScale` (default kMaxFitScale), at which the whole diagram
    // fits the viewport without scroll bars; scrolled to the top-left. A small diagram is
    // enlarged to fill the view (a figure projected in a lecture hall), a large one shrunk;
    // presenting passes a larger bound still. With `arrangeTables` (presenting) the tables go
    // below the panels in one to three columns or beside them, whichever allows the largest
    // scale; without, below in one column.
    static constexpr double kMaxFitScale = 4;
    void fitToView(double maxScale = kMaxFitScale, bool arrangeTables = false);

    int64_t highlightedElement() const { return m_options.highlightedElement; }
    void setHighlightedElement(int64_t elementId);
    // Scrolls so that the first cell showing `elementId` is in the middle of the view; false
    // when no cell of the diagram shows it.
    bool scrollToElement(int64_t elementId);

    // The cell under a viewport position (none under a frozen header band).
    [[nodiscard]] DiagramHit hitAt(QPoint viewportPos) const;
    // The frozen header bands shown now, in viewport coordinates.
    [[nodiscard]] std::vector<QRect> frozenHeaderBands() const;
    const DiagramGeometry &geometry() const { return m_renderer->geometry(); }

    // Whether a press on a cell drags that cell (true) or pans the view; none set: every press
    // pans.
    using CellDragFilter = std::function<bool(int panel, int row, int col)>;
    void setCellDragFilter(CellDragFilter filter);
    // The cell a drag moves now, and the cell it would drop on (invalid: none).
    DiagramHit dragSource() const { return m_dragging ? m_dragFrom : DiagramHit{}; }
    DiagramHit dropTarget() const { return m_dragging ? m_dropAt : DiagramHit{}; }

Q_SIGNALS:
    void cellHovered(int panel, int row, int col, qint64 elementId);
    void cellClicked(int panel, int row, int col, qint64 elementId);
    // A movable cell dragged onto another cell of its panel.
    void cellDropped(int panel, int fromRow, int fromCol, int toRow, int toCol);
    void scaleChanged(double scale);
    // Ctrl+C (the platform's Copy key) pressed in the view: copy its figure.
    void copyRequested();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    // The largest scale, at most maxScale, at which the diagram drawn with `options` fits `room`.
    [[nodiscard]] double fittingScale(const RenderOptions &options, double maxScale,
                                      QSize room) const;
    void rebuild();
    [[nodiscard]] QString wrappedSubtitle() const;
    void updateScrollBars();
    QPoint offset() const;
    void updateHover(QPoint viewportPos);

    Diagram m_diagram;  // its subtitle wrapped to the view's width (wrappedSubtitle)
    QString m_subtitle; // the diagram's own subtitle
    RenderOptions m_options;
    std::unique_ptr<DiagramRenderer> m_renderer;
    DiagramHit m_hover;
    QPoint m_pressPos;
    QPoint m_pressScroll;
    bool m_pressed = false;
    bool m_dragged = false;
    CellDragFilter m_dragFilter;
    DiagramHit m_dragFrom; // the movable cell pressed (invalid: the press pans)
    DiagramHit m_dropAt;   // the cell under the cursor while it is dragged
    bool m_dragging = false;
    void paintDrag(QPainter &painter) const;
    // The last zoom's anchor: the next zoom at the same viewport point, not scrolled since,
    // reuses it, so the rounding of scroll positions does not add up over steps.
    DiagramScaleAnchor m_zoomAnchor;
    QPoint m_zoomAnchorPos{-1, -1};
    QPoint m_zoomScroll{-1, -1};
};

} // namespace lx
