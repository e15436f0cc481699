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
// is bounded in lines of all fonts together: when a painter starts with more than kMaxCachedLines
// kept (or more than kMaxCachedFonts fonts), every line is dropped. A shaped line costs about a
// kilobyte; each zoom step of a view is a font of its own, so a bound per font let the cache of a
// long session grow to hundreds of megabytes (32 fonts of 32768 lines).

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

    // Lines of every font together: the labels of a 64 x 64 bank table at three zoom steps.
    static constexpr qsizetype kMaxCachedLines = 1 << 14;
    static constexpr qsizetype kMaxCachedFonts = 16;
    // The lines (and fonts) this thread keeps now.
    [[nodiscard]] static qsizetype cachedLines();
    [[nodiscard]] static qsizetype cachedFonts();
    // Drops every line this thread keeps (a leak check compares the heap without the cache).
    static void dropCache();

private:
    static void dropMainThreadCache();
    const Line &lineOf(const QString &line);

    QPainter *m_painter;
    qreal m_leading;
    std::shared_ptr<LineMap> m_lines; // this thread's lines of the painter's font
};

} // namespace lx
