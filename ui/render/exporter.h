#pragma once

// Exporters: a Diagram to PNG, SVG, PDF or TikZ.
//
// Every format is painted by DiagramRenderer (the same code as the window) onto its paint device:
// a QImage, QSvgGenerator, QPdfWriter or TikzPaintDevice (tikzpaintdevice.h). The formats and
// what each can carry are objects, registered in one place (exportformat.h). Output is
// deterministic: no timestamps, no random ids (the PDF's creation date is normalised), colours
// numbered by first use.
//
// Files are written atomically (core/base/safewrite: a temporary file renamed on success, written
// through symbolic links, never over a device or other special file); on any error the target
// is left untouched and no partial file remains.

#include "render/diagramrenderer.h"
#include "render/exportformat.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <optional>
#include <span>

namespace lx {

struct Diagram;

// The largest raster export, in pixels per side and in total (32 Mpixels: a 128 MiB image,
// e.g. 8000 x 4000). The most cells a vector format carries is in its capabilities().
constexpr int kMaxImageSide = 32768;
constexpr qint64 kMaxImagePixels = qint64(32) << 20;

// Every export is a page (DiagramRenderer::pageSize): options.page when it is set, the figure
// centred on it (a fitted figure: `render --fit`, the Export dialog's page), else the figure's
// own size. A PNG is that many pixels; an SVG's width, height and viewBox and a PDF's or TikZ
// document's page are that many units of 1/96 in (0.75 pt).

// Renders into an image of the page's size (ARGB32 premultiplied; transparent when
// options.transparent). A null image (and *error set) when the image would be too large.
[[nodiscard]] QImage renderImage(const Diagram &diagram, const RenderOptions &options,
                                 QString *error = nullptr);
[[nodiscard]] QByteArray renderSvg(const Diagram &diagram, const RenderOptions &options);
[[nodiscard]] QByteArray renderPdf(const Diagram &diagram, const RenderOptions &options);
// The diagrams as one PDF, a page each, every page the size of its figure; empty for no pages.
// The creation date is fixed, so the same pages give the same bytes.
[[nodiscard]] QByteArray renderPdfPages(std::span<const Diagram> pages,
                                        const RenderOptions &options);
// `options` with its scale reduced, for a figure of more than kMaxExportCells cells, so that its
// image fits kMaxImageSide and kMaxImagePixels (at that scale the renderer leaves out what does
// not fit a cell, as the window does); `options` as they are otherwise.
[[nodiscard]] RenderOptions fittedForImage(const Diagram &diagram, RenderOptions options,
                                           qint64 cells);
// A standalone LaTeX document (pdflatex, no package beyond tikz): the renderer painted onto a
// TikzPaintDevice. options.scale is ignored unless options.page is set (TikZ output is vector,
// 1 diagram unit = 0.75 pt; a figure on a page keeps its fitted scale, so the document's page is
// the page); the other options apply. Empty (and *error set) when the device refused something the
// renderer drew (an image).
[[nodiscard]] QByteArray renderTikz(const Diagram &diagram, const RenderOptions &options,
                                    QString *error = nullptr);

// The cells of every panel of `diagram`: what a vector format paints one by one.
[[nodiscard]] qint64 diagramCells(const Diagram &diagram);

// Writes `diagram` to `path` in `format`: refuses a target that is not a writable file and a
// figure of more cells than the format carries, then writes format.write()'s bytes atomically.
// Returns an empty string on success, otherwise the reason (naming the cause, e.g. "No space
// left on device"), and then no file was created or changed.
[[nodiscard]] QString exportDiagram(const Diagram &diagram, const RenderOptions &options,
                                    const QString &path, ExportFormat &format);

} // namespace lx
