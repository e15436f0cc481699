#pragma once

// Shared by the two halves of the renderer (diagramgeometry.cpp lays out, diagramrenderer.cpp
// paints): the font sizes and margins at scale 1, in diagram units, so that the geometry reserves
// exactly the room the painter uses.

#include <QColor>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace lx::diagramstyle {

inline int px(double v)
{
    return int(std::lround(v));
}

inline int maxLength(const QStringList &list)
{
    qsizetype n = 0;
    for (const QString &s : list)
        n = std::max(n, s.size());
    return int(n);
}

// Font pixel sizes at scale 1 (diagram units).
constexpr double kTitlePx = 16;
constexpr double kSubtitlePx = 12;
constexpr double kLabelPx = 11;
constexpr double kHeaderPx = 10;
constexpr double kMargin = 12;

// A font's pixel size: `base` (one of the sizes above) at scale `s`, never below `minPx`
// (RenderOptions::minTextPx: a figure fitted to a slide keeps its text readable while its grids
// shrink).
inline int textPx(double base, double s, int minPx)
{
    return std::max(px(base * s), minPx);
}

// Black or white, whichever reads better on `fill`.
inline QColor contrastText(QRgb fill)
{
    const double lum = 0.299 * qRed(fill) + 0.587 * qGreen(fill) + 0.114 * qBlue(fill);
    return lum > 140 ? QColor(Qt::black) : QColor(Qt::white);
}

} // namespace lx::diagramstyle
