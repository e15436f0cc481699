// TikzPaintEngine: QPainter calls to TikZ commands (tikzpaintdevice.h).

#include "render/tikzpaintengine.h"

#include <QImage>
#include <QPixmap>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

// What the engine carries itself; for the rest (gradients, patterns, blend modes, perspective)
// QPainter paints an image, which the engine refuses.
constexpr QPaintEngine::PaintEngineFeatures kFeatures =
    QPaintEngine::AllFeatures &
    ~(QPaintEngine::PatternBrush | QPaintEngine::LinearGradientFill |
      QPaintEngine::RadialGradientFill | QPaintEngine::ConicalGradientFill |
      QPaintEngine::PatternTransform | QPaintEngine::PorterDuff |
      QPaintEngine::PerspectiveTransform | QPaintEngine::BlendModes | QPaintEngine::RasterOpModes |
      QPaintEngine::ObjectBoundingModeGradients);

QRgb withOpacity(const QColor &c, double opacity)
{
    const int alpha = std::clamp(int(std::lround(c.alphaF() * opacity * 255)), 0, 255);
    return qRgba(c.red(), c.green(), c.blue(), alpha);
}

QString opacityKey(const char *key, QRgb c)
{
    if (qAlpha(c) == 255)
        return {};
    return u",%1 opacity=%2"_s.arg(QLatin1StringView(key), texNumber(qAlpha(c) / 255.0));
}

} // namespace

TikzPaintEngine::TikzPaintEngine(QSize size) : QPaintEngine(kFeatures), m_size(size) {}

void TikzPaintEngine::reset()
{
    m_pen = QPen();
    m_brush = QBrush();
    m_transform = QTransform();
    m_opacity = 1.0;
    m_clip.reset();
    m_clipEnabled = true;
    m_scopeOpen = false;
    m_fills.clear();
    m_fillsBottom = 0;
    m_body.clear();
    m_text.clear();
    m_textBounds = QRectF();
    m_segments.clear();
    m_colourIds.clear();
    m_colours.clear();
    m_error.clear();
    m_document.clear();
}

bool TikzPaintEngine::begin(QPaintDevice *)
{
    reset();
    return true;
}

bool TikzPaintEngine::end()
{
    closeSegment();
    m_document = m_error.isEmpty() ? assemble() : QByteArray();
    m_segments.clear();
    return true;
}

void TikzPaintEngine::refuse(const QString &what)
{
    if (m_error.isEmpty())
        m_error = u"TikZ cannot carry %1 without TeX packages beyond tikz: export the figure as "
                  u"PNG, PDF or SVG"_s.arg(what);
}

void TikzPaintEngine::updateState(const QPaintEngineState &s)
{
    const DirtyFlags dirty = s.state();
    if (dirty & DirtyPen)
        m_pen = s.pen();
    if (dirty & DirtyBrush)
        m_brush = s.brush();
    if (dirty & DirtyTransform)
        m_transform = s.transform();
    if (dirty & DirtyOpacity)
        m_opacity = s.opacity();
    if (!(dirty & (DirtyClipPath | DirtyClipRegion | DirtyClipEnabled)))
        return;
    std::optional<QPainterPath> clip = m_clip;
    bool enabled = m_clipEnabled;
    if (dirty & DirtyClipEnabled)
        enabled = s.isClipEnabled();
    if (dirty & (DirtyClipPath | DirtyClipRegion)) {
        QPainterPath path;
        if (dirty & DirtyClipPath) {
            path = s.clipPath();
        } else {
            path.addRegion(s.clipRegion());
        }
        path = m_transform.map(path);
        switch (s.clipOperation()) {
        case Qt::NoClip:
            clip.reset();
            break;
        case Qt::ReplaceClip:
            clip = path;
            enabled = true;
            break;
        case Qt::IntersectClip:
            clip = clip ? clip->intersected(path) : path;
            enabled = true;
            break;
        }
    }
    setClip(clip, enabled);
}

void TikzPaintEngine::setClip(const std::optional<QPainterPath> &clip, bool enabled)
{
    if (clip == m_clip && enabled == m_clipEnabled)
        return;
    flushFills();
    if (m_scopeOpen) {
        m_body += u"\\end{scope}\n"_s;
        m_scopeOpen = false;
    }
    m_clip = clip;
    m_clipEnabled = enabled;
}

void TikzPaintEngine::ensureScope()
{
    if (m_scopeOpen || !clipActive())
        return;
    m_body += u"\\begin{scope}\\clip%1;\n"_s.arg(pathGeometry(*m_clip));
    m_scopeOpen = true;
}

QString TikzPaintEngine::colour(QRgb rgb)
{
    rgb |= 0xFF000000u;
    auto it = m_colourIds.constFind(rgb);
    if (it == m_colourIds.cend()) {
        it = m_colourIds.insert(rgb, int(m_colours.size()));
        m_colours.push_back(rgb);
    }
    return u"lxc%1"_s.arg(*it);
}

QString TikzPaintEngine::point(const QPointF &p) const
{
    return u"(%1,%2)"_s.arg(texNumber(p.x()), texNumber(p.y()));
}

void TikzPaintEngine::beforeShape(const QRectF &bounds)
{
    flushFills();
    if (!m_textBounds.isEmpty() && bounds.intersects(m_textBounds))
        closeSegment();
    ensureScope();
}

void TikzPaintEngine::addFill(const QRectF &rect, QRgb c)
{
    if (rect.isEmpty() || qAlpha(c) == 0)
        return;
    if (!m_textBounds.isEmpty() && rect.intersects(m_textBounds)) {
        closeSegment();
    } else if (!m_fills.empty()) {
        // Fills stay pending while each one follows the last in its row (same top and bottom,
        // further right) or starts a row below all of them: then no two overlap, and they may be
        // merged and written in any order.
        const QRectF &last = m_fills.back().rect;
        const bool sameRow = rect.top() == last.top() && rect.bottom() == last.bottom() &&
                             rect.left() >= last.right();
        if (!sameRow && rect.top() < m_fillsBottom)
            flushFills();
    }
    m_fills.push_back({rect, c});
    m_fillsBottom = m_fills.size() == 1 ? rect.bottom() : std::max(m_fillsBottom, rect.bottom());
}

void TikzPaintEngine::flushFills()
{
    if (m_fills.empty())
        return;
    ensureScope();
    // Merge each fill into the one it continues downwards (same colour and columns).
    std::vector<Fill> merged;
    std::map<std::tuple<QRgb, double, double, double>, size_t> byBottom;
    for (const Fill &f : m_fills) {
        const auto key = std::tuple(f.colour, f.rect.left(), f.rect.right(), f.rect.top());
        if (const auto it = byBottom.find(key); it != byBottom.end()) {
            Fill &m = merged[it->second];
            m.rect.setBottom(f.rect.bottom());
            const size_t index = it->second;
            byBottom.erase(it);
            byBottom[std::tuple(m.colour, m.rect.left(), m.rect.right(), m.rect.bottom())] = index;
            continue;
        }
        byBottom[std::tuple(f.colour, f.rect.left(), f.rect.right(), f.rect.bottom())] =
            merged.size();
        merged.push_back(f);
    }
    // One path per rectangle: PDF viewers (poppler, Acrobat) snap the edges of a filled path
    // that is a single rectangle to device pixels, as they do for the PDF export's fills, and
    // leave a path of several rectangles anti-aliased.
    for (const Fill &f : merged)
        m_body += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(
            colour(f.colour) + opacityKey("fill", f.colour), texNumber(f.rect.left()),
            texNumber(f.rect.top()), texNumber(f.rect.right()), texNumber(f.rect.bottom()));
    m_fills.clear();
}

double TikzPaintEngine::penWidth() const
{
    const double w = m_pen.widthF();
    if (w <= 0)
        return 1.0; // cosmetic: one device pixel
    if (m_pen.isCosmetic())
        return w;
    return w * std::sqrt(std::abs(m_transform.determinant()));
}

QString TikzPaintEngine::fillStyle(bool oddEven)
{
    const QRgb c = withOpacity(m_brush.color(), m_opacity);
    return u"fill=%1%2%3"_s.arg(colour(c), opacityKey("fill", c),
                                oddEven ? u",even odd rule"_s : QString());
}

QString TikzPaintEngine::strokeStyle()
{
    const QRgb c = withOpacity(m_pen.color(), m_opacity);
    const double w = penWidth();
    QString s =
        u"draw=%1%2,line width=%3bp"_s.arg(colour(c), opacityKey("draw", c), texNumber(w * 0.75));
    switch (m_pen.capStyle()) {
    case Qt::SquareCap:
        s += u",line cap=rect"_s;
        break;
    case Qt::RoundCap:
        s += u",line cap=round"_s;
        break;
    default:
        break;
    }
    switch (m_pen.joinStyle()) {
    case Qt::BevelJoin:
        s += u",line join=bevel"_s;
        break;
    case Qt::RoundJoin:
        s += u",line join=round"_s;
        break;
    default:
        s += u",miter limit=%1"_s.arg(texNumber(m_pen.miterLimit()));
        break;
    }
    if (m_pen.style() != Qt::SolidLine) {
        const QList<qreal> dashes = m_pen.dashPattern();
        const double unit = (m_pen.widthF() <= 0 ? 1.0 : w) * 0.75;
        QString pattern;
        for (qsizetype i = 0; i + 1 < dashes.size(); i += 2)
            pattern += u"%1on %2bp off %3bp"_s.arg(pattern.isEmpty() ? QString() : u" "_s,
                                                   texNumber(dashes[i] * unit),
                                                   texNumber(dashes[i + 1] * unit));
        if (!pattern.isEmpty())
            s += u",dash pattern=%1"_s.arg(pattern);
        if (m_pen.dashOffset() != 0)
            s += u",dash phase=%1bp"_s.arg(texNumber(m_pen.dashOffset() * unit));
    }
    return s;
}

void TikzPaintEngine::shape(const QString &geometry, QRectF bounds, bool closed, bool oddEven)
{
    const bool fill = closed && m_brush.style() != Qt::NoBrush && m_brush.color().alpha() > 0;
    const bool stroke = m_pen.style() != Qt::NoPen && m_pen.color().alpha() > 0;
    if (!fill && !stroke)
        return;
    if (stroke) {
        const double w = penWidth();
        bounds.adjust(-w, -w, w, w);
    }
    beforeShape(bounds);
    QString style;
    if (fill)
        style = fillStyle(oddEven);
    if (stroke)
        style += (fill ? u","_s : QString()) + strokeStyle();
    m_body += u"\\path[%1]%2;\n"_s.arg(style, geometry);
}

void TikzPaintEngine::drawRects(const QRect *rects, int count)
{
    for (int i = 0; i < count; ++i) {
        const QRectF r(rects[i]);
        drawRects(&r, 1);
    }
}

void TikzPaintEngine::drawRects(const QRectF *rects, int count)
{
    const bool axisAligned = m_transform.type() <= QTransform::TxScale;
    const bool plainFill = m_pen.style() == Qt::NoPen && m_brush.style() != Qt::NoBrush;
    for (int i = 0; i < count; ++i) {
        if (!axisAligned) {
            const QPolygonF corners(rects[i]); // closed: five points
            drawPolygon(corners.constData(), 4, OddEvenMode);
            continue;
        }
        const QRectF r = m_transform.mapRect(rects[i]).normalized();
        if (plainFill) {
            addFill(r, withOpacity(m_brush.color(), m_opacity));
            continue;
        }
        // A dash pattern starts where the outline does: at the top-left corner, to the right
        // (as Qt's PDF writer's rectangles do); TikZ's rectangle may start elsewhere.
        const QString geometry =
            m_pen.style() == Qt::SolidLine || m_pen.style() == Qt::NoPen
                ? u" %1 rectangle %2"_s.arg(point(r.topLeft()), point(r.bottomRight()))
                : u" %1 -- %2 -- %3 -- %4 -- cycle"_s.arg(point(r.topLeft()), point(r.topRight()),
                                                          point(r.bottomRight()),
                                                          point(r.bottomLeft()));
        shape(geometry, r, true, false);
    }
}

void TikzPaintEngine::drawLines(const QLine *lines, int count)
{
    std::vector<QLineF> f(lines, lines + count);
    drawLines(f.data(), count);
}

void TikzPaintEngine::drawLines(const QLineF *lines, int count)
{
    QString geometry;
    QRectF bounds;
    for (int i = 0; i < count; ++i) {
        const QLineF l = m_transform.map(lines[i]);
        geometry += u" %1 -- %2"_s.arg(point(l.p1()), point(l.p2()));
        bounds |= QRectF(l.p1(), l.p2()).normalized();
    }
    if (count > 0)
        shape(geometry, bounds, false, false);
}

void TikzPaintEngine::drawEllipse(const QRectF &rect)
{
    QPainterPath path;
    path.addEllipse(rect);
    drawPath(path);
}

QString TikzPaintEngine::pathGeometry(const QPainterPath &path) const
{
    QString out;
    QString sub;
    QPointF start;
    QPointF current;
    bool lastIsLine = false;
    qsizetype lastLineAt = 0;
    auto endSubpath = [&] {
        if (sub.isEmpty())
            return;
        if (current == start && lastIsLine)
            sub.truncate(lastLineAt); // the closing line becomes the cycle
        if (current == start)
            sub += u" -- cycle"_s;
        out += sub;
        sub.clear();
    };
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        const QPointF p(e.x, e.y);
        switch (e.type) {
        case QPainterPath::MoveToElement:
            endSubpath();
            sub = u" "_s + point(p);
            start = current = p;
            lastIsLine = false;
            break;
        case QPainterPath::LineToElement:
            lastLineAt = sub.size();
            sub += u" -- "_s + point(p);
            current = p;
            lastIsLine = true;
            break;
        case QPainterPath::CurveToElement: {
            const QPainterPath::Element c2 = path.elementAt(i + 1);
            const QPainterPath::Element end = path.elementAt(i + 2);
            sub += u" .. controls %1 and %2 .. %3"_s.arg(point(p), point(QPointF(c2.x, c2.y)),
                                                         point(QPointF(end.x, end.y)));
            current = QPointF(end.x, end.y);
            lastIsLine = false;
            i += 2;
            break;
        }
        case QPainterPath::CurveToDataElement:
            break;
        }
    }
    endSubpath();
    return out;
}

void TikzPaintEngine::drawPath(const QPainterPath &path)
{
    if (path.isEmpty())
        return;
    const QPainterPath device = m_transform.map(path);
    shape(pathGeometry(device), device.boundingRect(), true, path.fillRule() == Qt::OddEvenFill);
}

void TikzPaintEngine::drawPolygon(const QPointF *points, int count, PolygonDrawMode mode)
{
    if (count <= 0)
        return;
    QString geometry;
    QPolygonF device;
    for (int i = 0; i < count; ++i) {
        const QPointF p = m_transform.map(points[i]);
        device << p;
        geometry += (i == 0 ? u" "_s : u" -- "_s) + point(p);
    }
    const bool closed = mode != PolylineMode;
    if (closed)
        geometry += u" -- cycle"_s;
    shape(geometry, device.boundingRect(), closed, mode == OddEvenMode);
}

void TikzPaintEngine::drawPolygon(const QPoint *points, int count, PolygonDrawMode mode)
{
    std::vector<QPointF> f(points, points + count);
    drawPolygon(f.data(), count, mode);
}

void TikzPaintEngine::drawPixmap(const QRectF &, const QPixmap &pixmap, const QRectF &)
{
    refuse(u"a %1×%2 pixel image"_s.arg(pixmap.width()).arg(pixmap.height()));
}

void TikzPaintEngine::drawImage(const QRectF &, const QImage &image, const QRectF &,
                                Qt::ImageConversionFlags)
{
    refuse(u"a %1×%2 pixel image (such as the level-of-detail image of a very large figure, or "
           u"a gradient)"_s.arg(image.width())
               .arg(image.height()));
}

void TikzPaintEngine::drawTiledPixmap(const QRectF &, const QPixmap &pixmap, const QPointF &)
{
    refuse(u"a tiled %1×%2 pixel image"_s.arg(pixmap.width()).arg(pixmap.height()));
}

void TikzPaintEngine::closeSegment()
{
    flushFills();
    if (m_scopeOpen) {
        m_body += u"\\end{scope}\n"_s;
        m_scopeOpen = false;
    }
    if (!m_body.isEmpty())
        m_segments += u"\\rlap{\\begin{tikzpicture}[lxp]\n\\useasboundingbox (0,0) rectangle "
                      u"(%1,%2);\n%3\\end{tikzpicture}}%\n"_s.arg(m_size.width())
                          .arg(m_size.height())
                          .arg(m_body);
    if (!m_text.isEmpty()) {
        m_segments += u"\\rlap{%\n"_s;
        for (auto it = m_text.cbegin(); it != m_text.cend(); ++it)
            m_segments += u"{%1%\n%2}%\n"_s.arg(it.key(), it.value());
        m_segments += u"}%\n"_s;
    }
    m_body.clear();
    m_text.clear();
    m_textBounds = QRectF();
}

QByteArray TikzPaintEngine::assemble() const
{
    const QString w = texNumber(m_size.width() * 0.75);
    const QString h = texNumber(m_size.height() * 0.75);
    QString doc;
    doc += u"% Layout Explorer figure (TikZ). Painted by DiagramRenderer; compile with pdflatex.\n"
           u"\\documentclass{article}\n"_s;
    // Latin Modern in T1 where the TeX installation has it; a minimal one (Debian's
    // texlive-latex-base alone) lacks lmodern.sty and falls back to Computer Modern in OT1.
    // texEscape writes only characters both encodings print.
    doc += u"\\IfFileExists{lmodern.sty}{\\usepackage[T1]{fontenc}\\usepackage{lmodern}}{}\n"
           u"\\usepackage{tikz}\n"_s;
    // The page is the figure: 1 device pixel = 0.75 pt, no margins.
    doc +=
        u"\\setlength{\\paperwidth}{%1bp}\\setlength{\\paperheight}{%2bp}\n"
        u"\\pdfpagewidth=\\paperwidth\\pdfpageheight=\\paperheight\n"
        u"\\setlength{\\hoffset}{-1in}\\setlength{\\voffset}{-1in}\n"
        u"\\setlength{\\oddsidemargin}{0pt}\\setlength{\\evensidemargin}{0pt}\n"
        u"\\setlength{\\topmargin}{0pt}\\setlength{\\headheight}{0pt}\\setlength{\\headsep}{0pt}"
        u"\n\\setlength{\\footskip}{0pt}\\setlength{\\textwidth}{%1bp}"
        u"\\setlength{\\textheight}{%2bp}\\addtolength{\\textheight}{1pt}\n"
        u"\\pagestyle{empty}\\setlength{\\parindent}{0pt}\\setlength{\\topskip}{0pt}\n"_s.arg(w, h);
    for (size_t i = 0; i < m_colours.size(); ++i)
        doc += u"\\definecolor{lxc%1}{HTML}{%2}\n"_s.arg(i).arg(
            QStringLiteral("%1").arg(m_colours[i] & 0xFFFFFF, 6, 16, QLatin1Char('0')).toUpper());
    // Pictures in device pixels (y down), 1 px = 0.75 bp (PostScript points, as Qt's PDF
    // writer). \lxb{w}{text} is a text of Qt's advance w: its spaces stretch to that width, and
    // a text without spaces (or wider than w) is centred on it. \lxt{x}{y}{w}{text} puts one at
    // x bp from the left with its baseline y bp above the bottom.
    doc += u"\\tikzset{lxp/.style={x=0.75bp,y=-0.75bp},lxn/.style={anchor=base,inner sep=0pt,"
           u"outer sep=0pt}}\n"
           u"\\newcommand{\\lxb}[2]{\\hbox to #1bp{\\hss\\spaceskip=\\fontdimen2\\font plus "
           u"1fill\\xspaceskip=\\spaceskip#2\\hss}}\n"
           u"\\newcommand{\\lxf}[5]{\\fill[#1] (#2,#3) rectangle (#4,#5);}\n"
           u"\\newcommand{\\lxt}[4]{\\rlap{\\kern#1bp\\raise#2bp\\lxb{#3}{#4}}}\n"_s;
    // Every picture and text layer starts at the figure's bottom-left corner.
    doc +=
        u"\\begin{document}%\n\\noindent\\vrule width 0pt height %1bp depth 0pt\\relax%\n"_s.arg(h);
    doc += m_segments;
    doc += u"\\par\n\\end{document}\n"_s;
    return doc.toUtf8();
}

} // namespace lx
