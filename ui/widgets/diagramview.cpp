#include "widgets/diagramview.h"

#include "render/figurefit.h"

#include <QCursor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace lx {

DiagramView::DiagramView(QWidget *parent)
    : QAbstractScrollArea(parent),
      m_renderer(std::make_unique<DiagramRenderer>(m_diagram, m_options))
{
    m_options.minTextPx = kMinTextPx;
    m_options.minCellTextPx = DiagramRenderer::kMinTextPixelSize;
    viewport()->setMouseTracking(true);
    viewport()->setAutoFillBackground(false);
    setFocusPolicy(Qt::StrongFocus);
    updateScrollBars();
}

DiagramView::~DiagramView() = default;

void DiagramView::setDiagram(Diagram diagram)
{
    m_diagram = std::move(diagram);
    m_subtitle = m_diagram.subtitle;
    m_hover = {};
    rebuild();
}

void DiagramView::setRenderOptions(const RenderOptions &options)
{
    const double scale = m_options.scale;
    const int64_t highlight = m_options.highlightedElement;
    m_options = options;
    m_options.scale = scale;
    m_options.highlightedElement = highlight;
    m_options.minTextPx = std::max(options.minTextPx, kMinTextPx);
    m_options.minCellTextPx = std::max(options.minCellTextPx, DiagramRenderer::kMinTextPixelSize);
    rebuild();
}

namespace {

double fractionalIndex(int index, int v, int edge0, int edge1)
{
    return edge1 > edge0 ? index + double(v - edge0) / double(edge1 - edge0) : double(index);
}

DiagramScaleAnchor anchorAt(const DiagramGeometry &g, QPoint diagramPos)
{
    DiagramScaleAnchor a;
    a.units = QPointF(diagramPos) / g.scale();
    for (int i = 0; i < int(g.panels().size()); ++i) {
        const int c = g.columnAt(i, diagramPos.x());
        const int r = g.rowAt(i, diagramPos.y());
        if (c < 0 || r < 0)
            continue;
        a.panel = i;
        a.col = fractionalIndex(c, diagramPos.x(), g.columnEdge(i, c), g.columnEdge(i, c + 1));
        a.row = fractionalIndex(r, diagramPos.y(), g.rowEdge(i, r), g.rowEdge(i, r + 1));
        break;
    }
    return a;
}

QPointF positionOf(const DiagramGeometry &g, const DiagramScaleAnchor &a)
{
    if (a.panel < 0 || a.panel >= int(g.panels().size()))
        return a.units * g.scale();
    const auto &p = g.panels()[size_t(a.panel)];
    const int c = std::clamp(int(std::floor(a.col)), 0, std::max(0, p.cols - 1));
    const int r = std::clamp(int(std::floor(a.row)), 0, std::max(0, p.rows - 1));
    const double x0 = g.columnEdge(a.panel, c), x1 = g.columnEdge(a.panel, c + 1);
    const double y0 = g.rowEdge(a.panel, r), y1 = g.rowEdge(a.panel, r + 1);
    return {x0 + (a.col - c) * (x1 - x0), y0 + (a.row - r) * (y1 - y0)};
}

} // namespace

void DiagramView::setScale(double scale, QPoint anchor)
{
    scale = std::clamp(scale, kMinScale, kMaxScale);
    if (scale == m_options.scale)
        return;
    if (anchor.x() < 0)
        anchor = viewport()->rect().center();
    // What is under the anchor now: after the zoom the same point of the same cell is there.
    if (anchor != m_zoomAnchorPos || offset() != m_zoomScroll)
        m_zoomAnchor = anchorAt(m_renderer->geometry(), anchor + offset());
    m_options.scale = scale;
    rebuild();
    const QPointF after = positionOf(m_renderer->geometry(), m_zoomAnchor) - QPointF(anchor);
    horizontalScrollBar()->setValue(int(std::lround(after.x())));
    verticalScrollBar()->setValue(int(std::lround(after.y())));
    m_zoomAnchorPos = anchor;
    m_zoomScroll = offset();
    Q_EMIT scaleChanged(scale);
}

void DiagramView::zoomIn()
{
    setScale(m_options.scale * 1.25);
}

void DiagramView::zoomOut()
{
    setScale(m_options.scale / 1.25);
}

double DiagramView::fittingScale(const RenderOptions &options, double maxScale, QSize room) const
{
    RenderOptions one = options;
    one.scale = 1.0;
    const QSize size = DiagramGeometry::compute(m_diagram, one).size();
    if (size.isEmpty())
        return 0;
    auto fitsAt = [&](double scale) {
        RenderOptions o = options;
        o.scale = scale;
        const QSize at = DiagramGeometry::compute(m_diagram, o).size();
        return at.width() <= room.width() && at.height() <= room.height();
    };
    // Text keeps its floor (kMinTextPx) while the cells shrink, so the size is not linear in the
    // scale: the largest scale that fits, by bisection from the linear estimate. When even the
    // smallest scale does not fit (text and tables wider than the window), the linear estimate
    // is kept and the scroll bars stay.
    const double bound = std::clamp(maxScale, kMinScale, kMaxScale);
    const double linear = std::min(
        {bound, double(room.width()) / size.width(), double(room.height()) / size.height()});
    double s = std::max(linear, kMinScale);
    if (bound > 1.0 && s < bound && fitsAt(s)) {
        // Above 100 % (presenting) a text floor larger than the natural text makes the size grow
        // slower than the scale: the estimate from 100 % is too small, so the largest scale that
        // fits is looked for above it.
        double lo = s, hi = bound;
        if (fitsAt(hi))
            lo = hi;
        for (int i = 0; i < 24 && hi / lo > 1.001; ++i) {
            const double mid = std::sqrt(lo * hi);
            (fitsAt(mid) ? lo : hi) = mid;
        }
        s = lo;
    } else if (!fitsAt(s)) {
        double lo = kMinScale, hi = s;
        if (fitsAt(lo)) {
            for (int i = 0; i < 24 && hi / lo > 1.001; ++i) {
                const double mid = std::sqrt(lo * hi);
                (fitsAt(mid) ? lo : hi) = mid;
            }
            s = lo;
        }
    }
    return s;
}

void DiagramView::fitToView(double maxScale, bool arrangeTables)
{
    // The room the diagram has once it fits: the viewport without scroll bars (they go away when
    // it fits; measuring with them would shrink a diagram that already fits at 100 %).
    const QSize vp = maximumViewportSize();
    RenderOptions best = m_options;
    best.tableColumns = 1;
    best.tablesBeside = false;
    double s = fittingScale(best, maxScale, vp);
    if (s <= 0)
        return;
    if (arrangeTables) {
        // Filling a screen (presenting): the tables may go beside the panels or into
        // columns, whichever lets the grids grow most (a wide screen under a tall figure).
        for (const bool beside : {false, true})
            for (int columns = 1; columns <= 3; ++columns) {
                RenderOptions o = m_options;
                o.tablesBeside = beside;
                o.tableColumns = columns;
                const double at = fittingScale(o, maxScale, vp);
                if (at > s * 1.02) {
                    s = at;
                    best = o;
                }
            }
    }
    m_options.tableColumns = best.tableColumns;
    m_options.tablesBeside = best.tablesBeside;
    setScale(s, QPoint(0, 0));
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
}

void DiagramView::setHighlightedElement(int64_t elementId)
{
    if (elementId == m_options.highlightedElement)
        return;
    m_options.highlightedElement = elementId;
    // Geometry does not depend on the highlight: only repaint.
    m_renderer = std::make_unique<DiagramRenderer>(m_diagram, m_options);
    viewport()->update();
}

bool DiagramView::scrollToElement(int64_t elementId)
{
    if (elementId < 0)
        return false;
    for (size_t p = 0; p < m_diagram.panels.size(); ++p) {
        const DiagramPanel &panel = m_diagram.panels[p];
        for (int r = 0; r < panel.rows(); ++r)
            for (int c = 0; c < panel.columns(); ++c) {
                if (panel.cell(r, c).elementId != elementId)
                    continue;
                const QRect cell = m_renderer->geometry().cellRect(int(p), r, c);
                horizontalScrollBar()->setValue(cell.center().x() - viewport()->width() / 2);
                verticalScrollBar()->setValue(cell.center().y() - viewport()->height() / 2);
                viewport()->update();
                return true;
            }
    }
    return false;
}

DiagramHit DiagramView::hitAt(QPoint viewportPos) const
{
    // A frozen header band covers the cells under it: no cell is hit there.
    for (const QRect &band : frozenHeaderBands())
        if (band.contains(viewportPos))
            return DiagramHit{};
    return m_renderer->geometry().hitTest(m_diagram, viewportPos + offset());
}

std::vector<QRect> DiagramView::frozenHeaderBands() const
{
    std::vector<QRect> bands = m_renderer->frozenHeaderBands(QRect(offset(), viewport()->size()));
    for (QRect &b : bands)
        b.translate(-offset());
    return bands;
}

QString DiagramView::wrappedSubtitle() const
{
    // Wrapped to the viewport's width once the view is shown (before that its width is not
    // the one it will have).
    const int room = viewport()->width() - 2 * diagramstyle::px(diagramstyle::kMargin * scale());
    return isVisible() && room > 0 ? wrapSubtitle(m_subtitle, room, m_options) : m_subtitle;
}

void DiagramView::rebuild()
{
    m_zoomAnchorPos = QPoint(-1, -1); // a new picture: the next zoom anchors afresh
    m_diagram.subtitle = wrappedSubtitle();
    m_renderer = std::make_unique<DiagramRenderer>(m_diagram, m_options);
    updateScrollBars();
    viewport()->update();
}

void DiagramView::updateScrollBars()
{
    const QSize size = m_renderer->size();
    // A diagram that fits the viewport without scroll bars needs none (the viewport is smaller
    // only while they are still shown).
    const QSize room = maximumViewportSize();
    const bool fits = size.width() <= room.width() && size.height() <= room.height();
    const QSize vp = fits ? room : viewport()->size();
    horizontalScrollBar()->setRange(0, std::max(0, size.width() - vp.width()));
    verticalScrollBar()->setRange(0, std::max(0, size.height() - vp.height()));
    horizontalScrollBar()->setPageStep(vp.width());
    verticalScrollBar()->setPageStep(vp.height());
    horizontalScrollBar()->setSingleStep(
        std::max(1, int(m_diagram.cellSize.width() * m_options.scale)));
    verticalScrollBar()->setSingleStep(
        std::max(1, int(m_diagram.cellSize.height() * m_options.scale)));
}

QPoint DiagramView::offset() const
{
    return QPoint(horizontalScrollBar()->value(), verticalScrollBar()->value());
}

void DiagramView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    const QPoint off = offset();
    const DiagramPalette palette = DiagramPalette::forOptions(m_options);
    // Outside the diagram: the palette background (also behind a transparent diagram).
    painter.fillRect(event->rect(), QColor(palette.background));
    painter.translate(-off);
    m_renderer->paint(&painter, event->rect().translated(off));
    // Scrolled past a panel's headers: they stay along the viewport's top and left edges.
    m_renderer->paintFrozenHeaders(&painter, QRect(off, viewport()->size()));
    if (m_dragging)
        paintDrag(painter);
}

void DiagramView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    // A subtitle wider than the view wraps to its width, so it is read without scrolling.
    if (wrappedSubtitle() != m_diagram.subtitle)
        rebuild();
    else
        updateScrollBars();
}

void DiagramView::scrollContentsBy(int, int)
{
    viewport()->update();
    // The cell under a resting cursor changes as the picture moves under it (wheel, keys,
    // scroll bars): the hover follows, so the status bar never names a cell scrolled away.
    if (m_hover.isValid() || viewport()->underMouse()) {
        const QPoint at = viewport()->mapFromGlobal(QCursor::pos());
        updateHover(viewport()->rect().contains(at) ? at : QPoint(-1, -1));
    }
}

void DiagramView::wheelEvent(QWheelEvent *event)
{
    if (event->modifiers() & Qt::ControlModifier) {
        const double steps = event->angleDelta().y() / 120.0;
        if (steps != 0)
            setScale(m_options.scale * std::pow(1.25, steps), event->position().toPoint());
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void DiagramView::keyPressEvent(QKeyEvent *event)
{
    if (m_dragging && event->key() == Qt::Key_Escape) {
        // The drag is cancelled; the release that follows neither drops nor clicks.
        m_dragging = false;
        m_pressed = false;
        m_dragFrom = {};
        viewport()->unsetCursor();
        viewport()->update();
        event->accept();
        return;
    }
    if (event->matches(QKeySequence::Copy)) {
        Q_EMIT copyRequested();
        event->accept();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
        setScale(1.0);
        break;
    case Qt::Key_F:
        fitToView();
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

void DiagramView::setCellDragFilter(CellDragFilter filter)
{
    m_dragFilter = std::move(filter);
}

void DiagramView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        m_pressed = true;
        m_dragged = false;
        m_pressPos = event->position().toPoint();
        m_pressScroll = offset();
        const DiagramHit hit = hitAt(m_pressPos);
        m_dragFrom = hit.isValid() && m_dragFilter && m_dragFilter(hit.panel, hit.row, hit.col)
                         ? hit
                         : DiagramHit{};
        m_dropAt = {};
        event->accept();
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void DiagramView::paintDrag(QPainter &painter) const
{
    const DiagramGeometry &g = m_renderer->geometry();
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(QColor(40, 40, 40), 2, Qt::DashLine));
    painter.drawRect(g.cellRect(m_dragFrom.panel, m_dragFrom.row, m_dragFrom.col));
    if (m_dropAt.isValid() && m_dropAt.panel == m_dragFrom.panel) {
        painter.setPen(QPen(QColor(20, 90, 200), 4));
        painter.drawRect(g.cellRect(m_dropAt.panel, m_dropAt.row, m_dropAt.col));
    }
}

void DiagramView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (m_pressed) {
        const QPoint delta = pos - m_pressPos;
        if (!m_dragged && delta.manhattanLength() >= 4)
            m_dragged = true;
        if (m_dragged && m_dragFrom.isValid()) {
            m_dragging = true;
            m_dropAt = hitAt(pos);
            viewport()->setCursor(Qt::DragMoveCursor);
            viewport()->update();
        } else if (m_dragged) {
            horizontalScrollBar()->setValue(m_pressScroll.x() - delta.x());
            verticalScrollBar()->setValue(m_pressScroll.y() - delta.y());
            viewport()->setCursor(Qt::ClosedHandCursor);
        }
    }
    updateHover(pos);
    QAbstractScrollArea::mouseMoveEvent(event);
}

void DiagramView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_pressed) {
        m_pressed = false;
        viewport()->unsetCursor();
        if (m_dragging) {
            m_dragging = false;
            viewport()->update();
            const DiagramHit to = hitAt(event->position().toPoint());
            if (to.isValid() && to.panel == m_dragFrom.panel &&
                (to.row != m_dragFrom.row || to.col != m_dragFrom.col))
                Q_EMIT cellDropped(to.panel, m_dragFrom.row, m_dragFrom.col, to.row, to.col);
        } else if (!m_dragged) {
            const DiagramHit hit = hitAt(event->position().toPoint());
            Q_EMIT cellClicked(hit.panel, hit.row, hit.col, hit.elementId);
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void DiagramView::leaveEvent(QEvent *event)
{
    if (m_hover.isValid()) {
        m_hover = {};
        Q_EMIT cellHovered(-1, -1, -1, -1);
    }
    QAbstractScrollArea::leaveEvent(event);
}

void DiagramView::updateHover(QPoint viewportPos)
{
    const DiagramHit hit = hitAt(viewportPos);
    if (hit == m_hover)
        return;
    m_hover = hit;
    Q_EMIT cellHovered(hit.panel, hit.row, hit.col, hit.elementId);
}

bool DiagramView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const DiagramHit hit = hitAt(help->pos());
        QString tip;
        if (hit.isValid())
            tip = m_diagram.panels[size_t(hit.panel)].tooltip(hit.row, hit.col);
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace lx
