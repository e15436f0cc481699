#pragma once

// Cell labels drawn as QPainter::drawText(rect, Qt::AlignCenter, text) draws them, with each
// distinct line shaped once: a figure's labels repeat line by line ("t5", "r3"), and shaping
// (HarfBuzz) was most of the text time of an export. Lines are laid out and placed with the same
// arithmetic as Qt's drawText, and every label that drawText would clip, or that holds
// characters drawText treats specially (tabs, carriage returns, spaces at a line's ends), is
// passed to drawText itself, so the painted output is the same.
//
// The shaped lines outlive the painter: they are kept per thread and per font (QFont::key and
// layout direction), so a repaint of the window or a second export shapes no line again. The cache
// is bounded: a font's lines are dropped when more than kMaxCachedLines have gathered, and all
// of them when more than kMaxCachedFonts fonts were used.

#include <QHash>
#include <QString>

#include <memory>

class QPainter;
class QRect;
class QTextLayout;

namespace lx {

class CellTextPainter
{
public:
    // The painter's font and layout direction at the first draw() are used for every label.
    explicit CellTextPainter(QPainter *painter);
    ~CellTextPainter();
    CellTextPainter(const CellTextPainter &) = delete;
    CellTextPainter &operator=(const CellTextPainter &) = delete;

    // As painter->drawText(rect, Qt::AlignCenter, text).
    void draw(const QRect &rect, const QString &text);

    struct Line;
    using LineMap = QHash<QString, std::shared_ptr<Line>>;

private:
    static void dropMainThreadCache();
    static constexpr qsizetype kMaxCachedLines = 1 << 15;
    static constexpr qsizetype kMaxCachedFonts = 32;
    const Line &lineOf(const QString &line);

    QPainter *m_painter;
    qreal m_leading;
    std::shared_ptr<LineMap> m_lines; // this thread's lines of the painter's font
};

} // namespace lx
