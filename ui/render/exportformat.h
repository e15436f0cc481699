#pragma once

// An export format is an object, as Tiled's MapFormat: it says what it is called and what it can
// carry (name, description, suffixes, capabilities, nameFilter) and writes a figure (write, with
// errorString when that fails). exporter.h exportDiagram checks what every format shares (the
// target, the cells a format can carry) and writes the bytes atomically.
//
// The formats are registered in one place, exportformatregistry.cpp: the Export dialog's list
// and file filter, `render`'s help and the suffix a path is written in come from that list.
// Adding a format: a class derived from ExportFormat in a file of its own (pngformat.cpp is the
// shortest), one line in the registry, the file in ui/CMakeLists.txt.

#include "render/diagramrenderer.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <span>

namespace lx {

struct Diagram;

// The most cells a vector export paints (2^18, e.g. 512 x 512: every cell is painted, unlike the
// window which paints the visible ones). Measured in the README's limits.
constexpr qint64 kMaxExportCells = qint64(1) << 18;

class ExportFormat
{
public:
    struct Capabilities
    {
        bool vector = false;    // shapes and text (true), or pixels
        bool multiPage = false; // holds several figures, a page each (renderPdfPages)
        bool scaled = true;     // options.scale sets its size (TikZ is drawn at scale 1)
        qint64 maxCells = 0;    // most cells it carries (0: any; a raster draws what fits a pixel)
    };

    virtual ~ExportFormat() = default;

    virtual QString name() const = 0;         // "PNG": in messages
    virtual QString description() const = 0;  // "PNG image": the Export dialog's entry
    virtual QStringList suffixes() const = 0; // lower case, the first one written by default
    virtual Capabilities capabilities() const = 0;
    // The figure's bytes in this format; empty when it cannot be written, and then
    // errorString() says why. Formats are used from one thread (the window's or the command
    // line's).
    [[nodiscard]] virtual QByteArray write(const Diagram &diagram,
                                           const RenderOptions &options) = 0;
    // Why the last write() gave no bytes.
    [[nodiscard]] QString errorString() const { return m_error; }

    // The first suffix: "png".
    [[nodiscard]] QString suffix() const { return suffixes().value(0); }
    // A file dialog's filter: "PNG image (*.png)".
    [[nodiscard]] QString nameFilter() const;

protected:
    QString m_error;
};

// Every format, in the order the Export dialog lists them (exportformatregistry.cpp).
[[nodiscard]] std::span<ExportFormat *const> exportFormats();

// The format named by a file suffix (png, svg, pdf, tex; case-insensitive), or null.
[[nodiscard]] ExportFormat *exportFormatForPath(const QString &path);
// Every suffix, for messages and help: ".png, .svg, .pdf or .tex".
[[nodiscard]] QString exportSuffixesText();
// Every format's name, for help: "PNG, SVG, PDF or TikZ".
[[nodiscard]] QString exportFormatNamesText();

} // namespace lx
