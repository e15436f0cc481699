// The page a figure is painted on (DiagramRenderer::pageSize, figureOffset, paintPage): a figure
// fitted to a slide is smaller than the slide on one side, and the file is the slide.

#include "render/diagramrenderer.h"

#include <QPainter>

#include <algorithm>

namespace lx {

QSize DiagramRenderer::pageSize() const
{
    return m_options.page.isEmpty() ? size() : m_options.page;
}

QPoint DiagramRenderer::figureOffset() const
{
    // Centred; a figure larger than its page (only a caller that set a page too small) starts
    // at the page's corner and is cut at its far edges.
    const QSize page = pageSize();
    return QPoint(std::max(0, (page.width() - size().width()) / 2),
                  std::max(0, (page.height() - size().height()) / 2));
}

void DiagramRenderer::paintPage(QPainter *painter) const
{
    const QSize page = pageSize();
    if (page == size()) {
        paint(painter);
        return;
    }
    painter->save();
    if (!m_options.transparent)
        painter->fillRect(QRect(QPoint(0, 0), page), QColor(m_palette.background));
    painter->translate(figureOffset());
    paint(painter);
    painter->restore();
}

} // namespace lx
