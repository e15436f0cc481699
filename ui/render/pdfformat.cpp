// PDF: the figure as a vector page (exporter.h renderPdf; renderPdfPages puts several figures in
// one document, a page each).

#include "render/exporter.h"

namespace lx {

namespace {

class PdfFormat final : public ExportFormat
{
public:
    QString name() const override { return QStringLiteral("PDF"); }
    QString description() const override { return QStringLiteral("PDF document"); }
    QStringList suffixes() const override { return {QStringLiteral("pdf")}; }
    Capabilities capabilities() const override { return {true, true, true, kMaxExportCells}; }

    QByteArray write(const Diagram &diagram, const RenderOptions &options) override
    {
        m_error.clear();
        return renderPdf(diagram, options);
    }
};

} // namespace

ExportFormat &pdfFormat()
{
    static PdfFormat format;
    return format;
}

} // namespace lx
