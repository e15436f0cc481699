#include "render/exportformat.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

constexpr ExportFormatInfo kFormats[] = {
    {ExportFormat::Png, "PNG", "PNG image", "png", false, false, true, 0},
    {ExportFormat::Svg, "SVG", "SVG vector image", "svg", true, false, true, kMaxExportCells},
    {ExportFormat::Pdf, "PDF", "PDF document", "pdf", true, true, true, kMaxExportCells},
    {ExportFormat::Tikz, "TikZ", "TikZ / LaTeX", "tex", true, false, false, kMaxExportCells},
};

// "a, b, c or d"
QString listText(const QStringList &items)
{
    if (items.size() <= 1)
        return items.join(QString());
    return items.mid(0, items.size() - 1).join(u", "_s) + u" or "_s + items.back();
}

} // namespace

QStringList ExportFormatInfo::suffixList() const
{
    return QString::fromLatin1(suffixes).split(u' ', Qt::SkipEmptyParts);
}

QString ExportFormatInfo::suffix() const
{
    return suffixList().value(0);
}

std::span<const ExportFormatInfo> exportFormats()
{
    return kFormats;
}

const ExportFormatInfo &exportFormatInfo(ExportFormat format)
{
    for (const ExportFormatInfo &f : kFormats)
        if (f.format == format)
            return f;
    return kFormats[0]; // unreachable: every enumerator has a row
}

std::optional<ExportFormat> exportFormatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix.isEmpty())
        return std::nullopt;
    for (const ExportFormatInfo &f : kFormats)
        if (f.suffixList().contains(suffix))
            return f.format;
    return std::nullopt;
}

QString exportFormatName(ExportFormat format)
{
    return QString::fromLatin1(exportFormatInfo(format).name);
}

QString exportSuffixesText()
{
    QStringList all;
    for (const ExportFormatInfo &f : kFormats)
        for (const QString &s : f.suffixList())
            all << u"."_s + s;
    return listText(all);
}

QString exportFormatNamesText()
{
    QStringList all;
    for (const ExportFormatInfo &f : kFormats)
        all << QString::fromLatin1(f.name);
    return listText(all);
}

QString exportFileFilter(ExportFormat format)
{
    const ExportFormatInfo &f = exportFormatInfo(format);
    QStringList patterns;
    for (const QString &s : f.suffixList())
        patterns << u"*."_s + s;
    return u"%1 (%2)"_s.arg(QString::fromLatin1(f.description), patterns.join(u' '));
}

} // namespace lx
