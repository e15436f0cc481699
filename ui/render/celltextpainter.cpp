#include "celltextpainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QTextLayout>
#include <QThread>

#include <cmath>

using namespace Qt::StringLiterals;

namespace lx {

namespace {
using FontMap = QHash<QString, std::shared_ptr<CellTextPainter::LineMap>>;
FontMap *mainThreadFonts = nullptr;

FontMap &threadFonts()
{
    thread_local FontMap fonts;
    return fonts;
}

qsizetype linesOf(const FontMap &fonts)
{
    qsizetype n = 0;
    for (const std::shared_ptr<CellTextPainter::LineMap> &lines : fonts)
        n += lines->size();
    return n;
}
} // namespace

qsizetype CellTextPainter::cachedLines()
{
    return linesOf(threadFonts());
}

qsizetype CellTextPainter::cachedFonts()
{
    return threadFonts().size();
}

void CellTextPainter::dropCache()
{
    threadFonts().clear();
}

void CellTextPainter::dropMainThreadCache()
{
    if (mainThreadFonts)
        mainThreadFonts->clear();
}

struct CellTextPainter::Line
{
    QTextLayout layout;
    qreal height = 0;  // the line's ascent + descent
    qreal natural = 0; // naturalTextWidth
    qreal advance = 0; // horizontalAdvance
};

CellTextPainter::CellTextPainter(QPainter *painter)
    : m_painter(painter), m_leading(QFontMetricsF(painter->font()).leading())
{
    FontMap &fonts = threadFonts();
    // Shaped lines hold font engines: drop the main thread's before the application (and its font
    // database) goes.
    static const bool dropAtExit = [] {
        qAddPostRoutine([] { CellTextPainter::dropMainThreadCache(); });
        return true;
    }();
    (void)dropAtExit;
    if (!QCoreApplication::instance() ||
        QThread::currentThread() == QCoreApplication::instance()->thread())
        mainThreadFonts = &fonts;
    const QString key = painter->font().key() +
                        (painter->layoutDirection() == Qt::RightToLeft ? u"|rtl"_s : u"|ltr"_s);
    auto it = fonts.find(key);
    if ((it == fonts.end() && fonts.size() >= kMaxCachedFonts) ||
        linesOf(fonts) > kMaxCachedLines) {
        fonts.clear();
        it = fonts.end();
    }
    if (it == fonts.end())
        it = fonts.insert(key, std::make_shared<LineMap>());
    m_lines = *it;
}

CellTextPainter::~CellTextPainter() = default;

const CellTextPainter::Line &CellTextPainter::lineOf(const QString &text)
{
    std::shared_ptr<Line> &slot = (*m_lines)[text];
    if (!slot) {
        slot = std::make_shared<Line>();
        QTextLayout &layout = slot->layout;
        layout.setText(text);
        layout.setFont(m_painter->font());
        QTextOption option;
        option.setTextDirection(m_painter->layoutDirection());
        option.setAlignment(Qt::AlignLeft);
        layout.setTextOption(option);
        layout.setCacheEnabled(true);
        layout.beginLayout();
        QTextLine line = layout.createLine();
        line.setLineWidth(0x01000000);
        layout.endLayout();
        slot->height = line.ascent() + line.descent(); // not height(), which is rounded up
        slot->natural = line.naturalTextWidth();
        slot->advance = line.horizontalAdvance();
    }
    return *slot;
}

namespace {

// Characters drawText lays out other than as plain text lines split at '\n'.
bool plain(const QString &text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'\t' || c == u'\r' || c == QChar(0x9c) || c == QChar::LineSeparator ||
            c == QChar::ParagraphSeparator)
            return false;
        if (c.isSpace() && c != u'\n' &&
            (i == 0 || i + 1 == text.size() || text.at(i - 1) == u'\n' || text.at(i + 1) == u'\n'))
            return false;
    }
    return true;
}

} // namespace

void CellTextPainter::draw(const QRect &rect, const QString &text)
{
    if (text.isEmpty())
        return;
    if (!plain(text) || text.startsWith(u'\n') || text.endsWith(u'\n') ||
        text.contains(QStringView(u"\n\n"))) {
        m_painter->drawText(rect, Qt::AlignCenter, text);
        return;
    }
    const QRectF r(rect);
    // As Qt's text layout for drawText: lines on whole pixels, laid out until one reaches the
    // bottom of the rectangle.
    constexpr int kMaxLines = 16;
    const Line *lines[kMaxLines];
    qreal tops[kMaxLines];
    int count = 0;
    qreal height = -m_leading;
    qreal width = 0;
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        if (end < 0)
            end = text.size();
        if (count == kMaxLines) {
            m_painter->drawText(rect, Qt::AlignCenter, text);
            return;
        }
        const Line &line = lineOf(text.mid(start, end - start));
        height += m_leading;
        height = std::ceil(height);
        tops[count] = height;
        lines[count++] = &line;
        height += line.height;
        width = std::max(width, line.natural);
        start = end + 1;
        if (height >= r.height())
            break;
    }
    const qreal yoff = (r.height() - height) / 2;
    const qreal xoff = (r.width() - width) / 2;
    if (!r.contains(QRectF(r.x() + xoff, r.y() + yoff, width, height))) {
        m_painter->drawText(rect, Qt::AlignCenter, text); // clipped
        return;
    }
    for (int i = 0; i < count; ++i) {
        QTextLine line = lines[i]->layout.lineAt(0);
        line.setPosition(QPointF(0., tops[i]));
        line.draw(m_painter, QPointF(r.x() + (r.width() - lines[i]->advance) / 2, r.y() + yoff));
    }
}

} // namespace lx
