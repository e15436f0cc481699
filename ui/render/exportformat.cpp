#include "render/exportformat.h"

#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// "a, b, c or d"
QString listText(const QStringList &items)
{
    if (items.size() <= 1)
        return items.join(QString());
    return items.mid(0, items.size() - 1).join(u", "_s) + u" or "_s + items.back();
}

} // namespace

QString ExportFormat::nameFilter() const
{
    QStringList patterns;
    for (const QString &s : suffixes())
        patterns << u"*."_s + s;
    return u"%1 (%2)"_s.arg(description(), patterns.join(u' '));
}

ExportFormat *exportFormatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix.isEmpty())
        return nullptr;
    for (ExportFormat *f : exportFormats())
        if (f->suffixes().contains(suffix))
            return f;
    return nullptr;
}

QString exportSuffixesText()
{
    QStringList all;
    for (const ExportFormat *f : exportFormats())
        for (const QString &s : f->suffixes())
            all << u"."_s + s;
    return listText(all);
}

QString exportFormatNamesText()
{
    QStringList all;
    for (const ExportFormat *f : exportFormats())
        all << f->name();
    return listText(all);
}

} // namespace lx
