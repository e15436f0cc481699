#include "render/exporter.h"

#include "base/safewrite.h"

#include "render/diagram.h"
#include "render/largeimage.h"
#include "render/tikzpaintdevice.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace lx {

RenderOptions fittedForImage(const Diagram &diagram, RenderOptions options, qint64 cells)
{
    if (cells <= kMaxExportCells)
        return options;
    const QSize size = DiagramRenderer(diagram, options).pageSize();
    const double side = double(kMaxImageSide) / std::max(size.width(), size.height());
    const double area = std::sqrt(double(kMaxImagePixels) / (double(size.width()) * size.height()));
    const double factor = std::min({1.0, side, area});
    // A little under the limits: the size is not exactly proportional to the scale (margins,
    // text).
    options.scale *= factor * 0.95;
    return options;
}

QImage renderImage(const Diagram &diagram, const RenderOptions &options, QString *error)
{
    const DiagramRenderer renderer(diagram, options);
    const QSize size = renderer.pageSize();
    if (size.width() > kMaxImageSide || size.height() > kMaxImageSide ||
        qint64(size.width()) * size.height() > kMaxImagePixels) {
        if (error)
            *error =
                QStringLiteral("the image would be %1×%2 pixels, more than the limit of %3 per "
                               "side and %4 Mpixels; use a smaller scale")
                    .arg(size.width())
                    .arg(size.height())
                    .arg(kMaxImageSide)
                    .arg(kMaxImagePixels >> 20);
        return {};
    }
    QImage image = largeImage(size);
    if (image.isNull()) {
        if (error)
            *error = QStringLiteral("out of memory for a %1×%2 image")
                         .arg(size.width())
                         .arg(size.height());
        return {};
    }
    // An opaque figure's background fill covers every pixel: clearing the image first would
    // write (and fault in) its tens of megabytes twice.
    if (options.transparent)
        image.fill(Qt::transparent);
    QPainter painter(&image);
    renderer.paintPage(&painter);
    painter.end();
    return image;
}

QByteArray renderSvg(const Diagram &diagram, const RenderOptions &options)
{
    const DiagramRenderer renderer(diagram, options);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(renderer.pageSize());
    generator.setViewBox(QRect(QPoint(0, 0), renderer.pageSize()));
    generator.setResolution(96);
    // QSvgGenerator writes title and description verbatim (Qt 6.4): escape them here.
    generator.setTitle(diagram.title.toHtmlEscaped());
    generator.setDescription(
        (diagram.subtitle.isEmpty() ? QStringLiteral("Layout Explorer figure") : diagram.subtitle)
            .toHtmlEscaped());
    QPainter painter(&generator);
    renderer.paintPage(&painter);
    painter.end();
    // XML 1.0 has no way to write the C0 control characters but tab, line feed and carriage
    // return, not even as references: a title or label holding one (typed, pasted, passed from
    // Python) would make the file unreadable. They draw nothing; drop them. UTF-8 never uses
    // these bytes inside a multi-byte character.
    bytes.removeIf([](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && u != '\t' && u != '\n' && u != '\r';
    });
    return bytes;
}

QByteArray renderPdfPages(std::span<const Diagram> pages, const RenderOptions &options)
{
    QByteArray bytes;
    if (pages.empty())
        return bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter writer(&buffer);
        writer.setCreator(QStringLiteral("Layout Explorer"));
        writer.setTitle(pages.front().title);
        writer.setResolution(96);
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        // 1 device pixel = 1/96 in = 0.75 pt.
        const DiagramRenderer first(pages.front(), options);
        writer.setPageSize(QPageSize(QSizeF(first.pageSize()) * 0.75, QPageSize::Point));
        QPainter painter(&writer);
        for (size_t i = 0; i < pages.size(); ++i) {
            const DiagramRenderer renderer(pages[i], options);
            if (i > 0) {
                writer.setPageSize(QPageSize(QSizeF(renderer.pageSize()) * 0.75, QPageSize::Point));
                writer.newPage();
            }
            renderer.paintPage(&painter);
        }
        painter.end();
    }
    // Qt stamps the creation time; replace it by a fixed date of the same length so the byte
    // offsets of the cross-reference table stay valid and the output is reproducible.
    const QByteArray key("/CreationDate (D:");
    const qsizetype at = bytes.indexOf(key);
    if (at >= 0) {
        const qsizetype start = at + key.size();
        const qsizetype end = bytes.indexOf(')', start);
        if (end > start)
            bytes.replace(start, end - start,
                          QByteArray("20000101000000Z").leftJustified(end - start, ' ', true));
    }
    return bytes;
}

QByteArray renderPdf(const Diagram &diagram, const RenderOptions &options)
{
    return renderPdfPages(std::span<const Diagram>(&diagram, 1), options);
}

QByteArray renderTikz(const Diagram &diagram, const RenderOptions &options, QString *error)
{
    // A figure on a page (fitted) is drawn at the scale it was fitted at, so the document's page
    // is the asked one; otherwise at scale 1.
    RenderOptions drawn = options;
    if (options.page.isEmpty())
        drawn.scale = 1.0;
    const DiagramRenderer renderer(diagram, drawn);
    TikzPaintDevice device(renderer.pageSize());
    QPainter painter(&device);
    renderer.paintPage(&painter);
    painter.end();
    if (error)
        *error = device.error();
    return device.document();
}

qint64 diagramCells(const Diagram &diagram)
{
    qint64 cells = 0;
    for (const DiagramPanel &panel : diagram.panels)
        cells += qint64(panel.rows()) * panel.columns();
    return cells;
}

QString exportDiagram(const Diagram &diagram, const RenderOptions &options, const QString &path,
                      ExportFormat &format)
{
    // Refused before rendering: a device, directory or pipe at the target (after links).
    if (const Expected<std::string> target = checkWritableTarget(path.toStdString()); !target)
        return QString::fromStdString(target.message());
    // A vector format carries every cell as shapes of its own; a PNG is pixels, drawn with the
    // window's level of detail, so it takes any figure the window shows.
    const qint64 cells = diagramCells(diagram);
    if (const qint64 most = format.capabilities().maxCells; most > 0 && cells > most)
        return u"the figure has %1 cells, more than %2 can carry (at most %3, 2^18, e.g. 512 x "
               u"512): export it as PNG, or show a slice or a smaller layout"_s.arg(cells)
                   .arg(format.name())
                   .arg(most);
    const QByteArray bytes = format.write(diagram, options);
    if (bytes.isEmpty() && !format.errorString().isEmpty())
        return format.errorString();
    if (bytes.isEmpty())
        return u"cannot write %1: the %2 writer produced no output"_s.arg(path, format.name());
    // Atomic, through symbolic links, never over a special file; the reason names the cause
    // ("No space left on device").
    const Expected<bool> written = writeFileAtomically(
        path.toStdString(), std::string_view(bytes.constData(), size_t(bytes.size())));
    if (!written)
        return QString::fromStdString(written.message());
    return {};
}

} // namespace lx
