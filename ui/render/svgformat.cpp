// SVG: the figure as shapes and text (exporter.h renderSvg).

#include "render/exporter.h"

namespace lx {

namespace {

class SvgFormat final : public ExportFormat
{
public:
    QString name() const override { return QStringLiteral("SVG"); }
    QString description() const override { return QStringLiteral("SVG vector image"); }
    QStringList suffixes() const override { return {QStringLiteral("svg")}; }
    Capabilities capabilities() const override { return {true, false, true, kMaxExportCells}; }

    QByteArray write(const Diagram &diagram, const RenderOptions &options) override
    {
        m_error.clear();
        return renderSvg(diagram, options);
    }
};

} // namespace

ExportFormat &svgFormat()
{
    static SvgFormat format;
    return format;
}

} // namespace lx
