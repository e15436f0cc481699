// PNG: the figure as pixels, drawn with the window's level of detail, so it takes any figure the
// window shows (a figure of more cells than a vector format carries is drawn at a scale that fits
// the image limits, exporter.h fittedForImage).

#include "render/diagram.h"
#include "render/exporter.h"

#include <QBuffer>
#include <QImageWriter>

namespace lx {

namespace {

class PngFormat final : public ExportFormat
{
public:
    QString name() const override { return QStringLiteral("PNG"); }
    QString description() const override { return QStringLiteral("PNG image"); }
    QStringList suffixes() const override { return {QStringLiteral("png")}; }
    Capabilities capabilities() const override { return {false, false, true, 0}; }

    QByteArray write(const Diagram &diagram, const RenderOptions &options) override
    {
        m_error.clear();
        const QImage image =
            renderImage(diagram, fittedForImage(diagram, options, diagramCells(diagram)), &m_error);
        if (image.isNull())
            return {};
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter writer(&buffer, "png");
        if (!writer.write(image)) {
            m_error = QStringLiteral("the PNG writer failed: ") + writer.errorString();
            return {};
        }
        return bytes;
    }
};

} // namespace

ExportFormat &pngFormat()
{
    static PngFormat format;
    return format;
}

} // namespace lx
