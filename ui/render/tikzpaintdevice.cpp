// TikzPaintDevice, and the text half of its engine (tikzpaintdevice.h).

#include "render/tikzpaintdevice.h"

#include "render/tikzpaintengine.h"

#include <QFont>

#include <cmath>
#include <numbers>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

constexpr int kDpi = 96; // 1 device pixel = 0.75 pt, as the PDF export

} // namespace

QString texEscape(const QString &s)
{
    QString out;
    out.reserve(s.size() + 8);
    for (const QChar ch : s) {
        switch (ch.unicode()) {
        case '\\':
            out += u"\\textbackslash{}";
            break;
        case '{':
        case '}':
        case '$':
        case '&':
        case '#':
        case '_':
        case '%':
            out += u'\\';
            out += ch;
            break;
        case '^':
            out += u"\\^{}";
            break;
        case '<':
            out += u"\\textless{}";
            break;
        case '>':
            out += u"\\textgreater{}";
            break;
        case '|':
            out += u"\\textbar{}";
            break;
        case '~':
            out += u"\\~{}";
            break;
        case '\n':
            out += u"\\\\";
            break;
        case 0x2192:
            out += u"$\\rightarrow$";
            break;
        case 0x2295:
            out += u"$\\oplus$";
            break;
        case 0x00D7:
            out += u"$\\times$";
            break;
        case 0x2264:
            out += u"$\\leq$";
            break;
        case 0x2026:
            out += u"\\ldots{}";
            break;
        default:
            out += ch.unicode() < 128 ? ch : QChar(u'?');
        }
    }
    return out;
}

QString texNumber(double v)
{
    QString s = QString::number(v, 'f', 2);
    while (s.contains(u'.') && (s.endsWith(u'0') || s.endsWith(u'.')))
        s.chop(1);
    if (s == u"-0")
        s = u"0"_s;
    return s;
}

TikzPaintDevice::TikzPaintDevice(QSize size)
    : m_size(size), m_engine(std::make_unique<TikzPaintEngine>(size))
{
}

TikzPaintDevice::~TikzPaintDevice() = default;

QPaintEngine *TikzPaintDevice::paintEngine() const
{
    return m_engine.get();
}

QByteArray TikzPaintDevice::document() const
{
    return m_engine->document();
}

QString TikzPaintDevice::error() const
{
    return m_engine->error();
}

int TikzPaintDevice::metric(PaintDeviceMetric metric) const
{
    switch (metric) {
    case PdmWidth:
        return m_size.width();
    case PdmHeight:
        return m_size.height();
    case PdmWidthMM:
        return int(std::lround(m_size.width() * 25.4 / kDpi));
    case PdmHeightMM:
        return int(std::lround(m_size.height() * 25.4 / kDpi));
    case PdmNumColors:
        return INT_MAX;
    case PdmDepth:
        return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY:
        return kDpi;
    case PdmDevicePixelRatio:
        return 1;
    case PdmDevicePixelRatioScaled:
        return int(devicePixelRatioFScale());
    default:
        return QPaintDevice::metric(metric);
    }
}

// Text: the item's font pixel size (scaled by the transform), on the item's baseline and spanning
// the advance Qt gave the item (\lxb), so a label lands where the renderer placed it although
// TeX's font is narrower or wider than Qt's.
void TikzPaintEngine::drawTextItem(const QPointF &position, const QTextItem &item)
{
    const QString text = item.text();
    if (text.trimmed().isEmpty() || m_pen.style() == Qt::NoPen)
        return;
    const QFont font = item.font();
    const double pixels = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * kDpi / 72;
    const QTransform &m = m_transform;
    const double scale = std::hypot(m.m21(), m.m22());
    // TeX's pt is 1/72.27 in; a device pixel is 0.75 bp (1/96 in).
    const QString size = texNumber(pixels * scale * 0.75 * 72.27 / 72);
    QString fontCommands = u"\\fontsize{%1}{%1}\\selectfont"_s.arg(size);
    if (font.weight() >= QFont::DemiBold)
        fontCommands += u"\\bfseries"_s;
    if (font.italic())
        fontCommands += u"\\itshape"_s;
    const double width = item.width() * std::hypot(m.m11(), m.m12());
    const QRectF box = m.mapRect(QRectF(position.x(), position.y() - item.ascent(), item.width(),
                                        item.ascent() + item.descent()));
    const QRgb c = m_pen.color().rgb();
    const bool upright = m.type() <= QTransform::TxScale && m.m11() > 0 && m.m22() > 0;
    if (upright && (!clipActive() || m_clip->contains(box))) {
        layerText(m.map(position), width, texEscape(text), fontCommands, c);
        m_textBounds |= box;
        return;
    }
    beforeShape(box);
    const double angle = -std::atan2(m.m12(), m.m11()) * 180 / std::numbers::pi;
    nodeText(m.map(position + QPointF(item.width() / 2, 0)), width, texEscape(text), fontCommands,
             c, angle);
}

void TikzPaintEngine::layerText(const QPointF &start, double width, const QString &text,
                                const QString &font, QRgb c)
{
    QString &group = m_text[u"%1\\color{%2}"_s.arg(font, colour(c))];
    group += u"\\lxt{%1}{%2}{%3}{%4}%\n"_s.arg(texNumber(start.x() * 0.75),
                                               texNumber((m_size.height() - start.y()) * 0.75),
                                               texNumber(width * 0.75), text);
}

void TikzPaintEngine::nodeText(const QPointF &centre, double width, const QString &text,
                               const QString &font, QRgb c, double angle)
{
    const QString rotate =
        std::abs(angle) < 1e-6 ? QString() : u",rotate=%1"_s.arg(texNumber(angle));
    m_body += u"\\node[lxn,text=%1,font=%2%3] at %4 {\\lxb{%5}{%6}};\n"_s.arg(
        colour(c), font, rotate, point(centre), texNumber(width * 0.75), text);
}

} // namespace lx
