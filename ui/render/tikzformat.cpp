// TikZ: a standalone LaTeX document (exporter.h renderTikz), drawn at scale 1 unless the figure
// is fitted to a page.

#include "render/exporter.h"

namespace lx {

namespace {

class TikzFormat final : public ExportFormat
{
public:
    QString name() const override { return QStringLiteral("TikZ"); }
    QString description() const override { return QStringLiteral("TikZ / LaTeX"); }
    QStringList suffixes() const override { return {QStringLiteral("tex")}; }
    Capabilities capabilities() const override { return {true, false, false, kMaxExportCells}; }

    QByteArray write(const Diagram &diagram, const RenderOptions &options) override
    {
        m_error.clear();
        QByteArray bytes = renderTikz(diagram, options, &m_error);
        return m_error.isEmpty() ? bytes : QByteArray();
    }
};

} // namespace

ExportFormat &tikzFormat()
{
    static TikzFormat format;
    return format;
}

} // namespace lx
