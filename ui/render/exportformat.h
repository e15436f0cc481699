#pragma once

// The export formats, in one table: what the exporter (exporter.h), the Export dialog's format
// list and file filter and `render --help` know about a format comes from here.

#include <QString>
#include <QStringList>

#include <optional>
#include <span>

namespace lx {

enum class ExportFormat
{
    Png,
    Svg,
    Pdf,
    Tikz
};

// The most cells a vector export paints (2^18, e.g. 512 x 512: every cell is painted, unlike the
// window which paints the visible ones). Measured in the README's limits.
constexpr qint64 kMaxExportCells = qint64(1) << 18;

struct ExportFormatInfo
{
    ExportFormat format;
    const char *name;        // "PNG": in messages
    const char *description; // "PNG image": the Export dialog's entry
    const char *suffixes;    // lower case, space-separated, the first one written by default
    bool vector;             // shapes and text (true), or pixels
    bool multiPage;          // holds several figures, a page each (renderPdfPages)
    bool scaled;             // options.scale sets its size (TikZ is drawn at scale 1)
    qint64 maxCells;         // most cells it carries (0: any; a raster draws what fits a pixel)

    QString suffix() const; // the first suffix
    QStringList suffixList() const;
};

// Every format, in the order the Export dialog lists them.
[[nodiscard]] std::span<const ExportFormatInfo> exportFormats();
[[nodiscard]] const ExportFormatInfo &exportFormatInfo(ExportFormat format);

// The format named by a file suffix (png, svg, pdf, tex; case-insensitive), or nothing.
[[nodiscard]] std::optional<ExportFormat> exportFormatForPath(const QString &path);
[[nodiscard]] QString exportFormatName(ExportFormat format);
// Every suffix, for messages and help: ".png, .svg, .pdf or .tex".
[[nodiscard]] QString exportSuffixesText();
// Every format's name, for help: "PNG, SVG, PDF or TikZ".
[[nodiscard]] QString exportFormatNamesText();
// A file dialog filter for `format`: "PNG image (*.png)".
[[nodiscard]] QString exportFileFilter(ExportFormat format);

} // namespace lx
