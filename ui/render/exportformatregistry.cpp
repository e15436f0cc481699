// The one place export formats are registered: a format's file defines it and the function that
// returns its one instance (pngformat.cpp: pngFormat); this list is every format there is, in the
// order the Export dialog lists them.

#include "render/exportformat.h"

#include <array>

namespace lx {

ExportFormat &pngFormat();
ExportFormat &svgFormat();
ExportFormat &pdfFormat();
ExportFormat &tikzFormat();

std::span<ExportFormat *const> exportFormats()
{
    static const std::array<ExportFormat *, 4> formats = {&pngFormat(), &svgFormat(), &pdfFormat(),
                                                          &tikzFormat()};
    return formats;
}

} // namespace lx
