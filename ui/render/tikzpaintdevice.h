#pragma once

// TikzPaintDevice: a QPaintDevice whose paint engine turns QPainter calls into a standalone
// LaTeX document (pdflatex, no package beyond tikz), as QSvgGenerator turns them into SVG. The
// TikZ export paints the diagram onto it with DiagramRenderer, the same painter as the window,
// PNG, SVG and PDF.
//
// The device has the size given, in device pixels at 96 dpi: 1 px = 0.75 pt, as in the PDF
// export. What the engine carries:
//  - rectangles, lines, polygons, paths and ellipses, filled and/or stroked with a solid brush
//    and pen (width, cap, join, dash pattern, opacity), under any affine transform;
//  - clipping (a \clip scope);
//  - text items, set in the TeX font of the item's pixel size (bold and italic kept) on the
//    item's baseline, centred on the advance Qt gave it. Upright unclipped text goes into a
//    layer of plain TeX boxes over the picture (one TikZ node per label exhausts TeX's memory at
//    tens of thousands of labels); rotated or clipped text is a node inside the picture. A shape
//    painted over earlier text starts a new picture above that layer, so the stacking order is
//    the painter's.
// What it refuses: images and pixmaps (TikZ cannot embed them without further packages), and
// brushes it cannot express (gradients, patterns: Qt paints those through an image). After a
// refusal the document is empty and error() says why.
//
// Output is deterministic: no timestamps, colours named lxc0, lxc1, ... by first use, numbers
// with at most two decimals. Runs of rectangles filled alike that touch (as cells of a grid do)
// are merged (a cell colour run over several rows is one rectangle).

#include <QPaintDevice>
#include <QSize>
#include <QString>

#include <memory>

class QPaintEngine;

namespace lx {

class TikzPaintEngine;

class TikzPaintDevice : public QPaintDevice
{
public:
    explicit TikzPaintDevice(QSize size);
    ~TikzPaintDevice() override;
    TikzPaintDevice(const TikzPaintDevice &) = delete;
    TikzPaintDevice &operator=(const TikzPaintDevice &) = delete;

    QSize size() const { return m_size; }
    QPaintEngine *paintEngine() const override;

    // After the painter ended: the LaTeX document, or empty when something was refused.
    QByteArray document() const;
    // Why the document is empty (empty when it is not).
    QString error() const;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSize m_size;
    std::unique_ptr<TikzPaintEngine> m_engine;
};

} // namespace lx
