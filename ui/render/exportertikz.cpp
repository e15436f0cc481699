// The TikZ exporter (exporter.h renderTikz): a standalone LaTeX document whose picture draws the
// diagram's fills and lines, its labels set as plain TeX boxes after the picture.

#include "render/exporter.h"

#include "render/diagram.h"

#include <QHash>
#include <QMap>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace Qt::StringLiterals;

namespace lx {

namespace {

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

QString num(double v)
{
    // Fixed precision keeps the output deterministic and short.
    QString s = QString::number(v, 'f', 2);
    while (s.contains(u'.') && (s.endsWith(u'0') || s.endsWith(u'.')))
        s.chop(1);
    return s;
}

class TikzWriter
{
public:
    TikzWriter(const Diagram &d, const RenderOptions &o)
        : m_d(d), m_o(o), m_r(d, withScaleOne(o)), m_g(m_r.geometry()),
          m_palette(DiagramPalette::forOptions(o))
    {
    }

    QByteArray write()
    {
        const QSize size = m_g.size();
        QString body;
        body.reserve(1 << 20);
        if (!m_o.transparent)
            body += u"\\fill[%1] (0,0) rectangle (%2,%3);\n"_s.arg(color(m_palette.background))
                        .arg(size.width())
                        .arg(size.height());
        if (m_g.titleRect().isValid())
            text(body, QRectF(m_g.titleRect()), m_d.title, 16, m_palette.foreground, true,
                 Qt::AlignLeft);
        if (m_g.subtitleRect().isValid())
            text(body, QRectF(m_g.subtitleRect()), m_d.subtitle, 12, m_palette.muted, false,
                 Qt::AlignLeft);
        for (size_t i = 0; i < m_d.panels.size(); ++i)
            panel(body, int(i));
        annotations(body);
        tables(body);
        if (m_o.legend)
            legend(body);

        QString doc;
        doc += u"% Layout Explorer figure (TikZ). Compile with pdflatex.\n"_s;
        doc += u"\\documentclass{article}\n"_s;
        // Latin Modern in T1 where the TeX installation has it; a minimal one (Debian's
        // texlive-latex-base alone) lacks lmodern.sty and falls back to Computer Modern in OT1.
        // texEscape writes only characters both encodings print.
        doc += u"\\IfFileExists{lmodern.sty}{\\usepackage[T1]{fontenc}\\usepackage{lmodern}}{}\n"_s;
        doc += u"\\usepackage{tikz}\n"_s;
        doc += u"\\usepackage[paperwidth=%1pt,paperheight=%2pt,margin=0pt]{geometry}\n"_s
                   .arg(num(size.width() * 0.75))
                   .arg(num(size.height() * 0.75 + 1));
        doc +=
            u"\\pagestyle{empty}\n\\setlength{\\parindent}{0pt}\n\\setlength{\\topskip}{0pt}\n"_s;
        // One macro per colour and per repeated drawing command keeps the file small and TeX's
        // memory use low (one \fill per run of equal cells, not one node per cell).
        for (int i = 0; i < m_colors.size(); ++i) {
            const QRgb c = m_colorOrder[size_t(i)];
            doc += u"\\definecolor{%1}{HTML}{%2}\n"_s.arg(
                colorName(c),
                QStringLiteral("%1").arg(c & 0xFFFFFF, 6, 16, QLatin1Char('0')).toUpper());
        }
        doc += u"\\newcommand{\\lxf}[5]{\\fill[#1] (#2,#3) rectangle (#4,#5);}\n"_s;
        doc +=
            u"\\newcommand{\\lxt}[3]{\\rlap{\\kern#1pt\\raise#2pt\\hbox to 0pt{\\hss#3\\hss}}}\n"_s;
        doc += u"\\newcommand{\\lxl}[3]{\\rlap{\\kern#1pt\\raise#2pt\\hbox{#3}}}\n"_s;
        doc +=
            u"\\begin{document}\n\\noindent\\rlap{\\begin{tikzpicture}[x=0.75pt,y=-0.75pt,inner sep=0pt,outer sep=0pt]\n"_s;
        doc +=
            u"\\useasboundingbox (0,0) rectangle (%1,%2);\n"_s.arg(size.width()).arg(size.height());
        doc += body;
        doc += u"\\end{tikzpicture}}%\n"_s;
        // The text layer starts at the picture's bottom-left corner (its reference point).
        doc += u"\\rlap{%\n"_s + textLayer() + u"}%\n\\end{document}\n"_s;
        return doc.toUtf8();
    }

private:
    static RenderOptions withScaleOne(RenderOptions o)
    {
        o.scale = 1.0;
        return o;
    }

    QString color(QRgb c)
    {
        c |= 0xFF000000u;
        if (!m_colors.contains(c)) {
            m_colors.insert(c, int(m_colorOrder.size()));
            m_colorOrder.push_back(c);
        }
        return colorName(c);
    }
    QString colorName(QRgb c) const { return u"lxc%1"_s.arg(m_colors.value(c | 0xFF000000u)); }

    // Text centred (or left-aligned) in `r`, font `pt` diagram pixels.
    // Text is not drawn by TikZ: one \node (or \pgftext) per label keeps a PDF literal per
    // label in TeX's main memory until shipout, which exhausts it at 128×128 and takes minutes.
    // Labels are collected per style (colour, size, weight) and written after the picture as
    // plain TeX boxes (\lxt: a zero-width box moved by \kern and \raise from the picture's
    // bottom-left corner), one TeX group per style. They are drawn above every fill.
    void text(QString &, const QRectF &r, const QString &s, double pixelSize, QRgb c, bool bold,
              Qt::Alignment align)
    {
        if (s.isEmpty())
            return;
        const double fontPt = pixelSize * 0.75;
        const QString key = u"%1|%2|%3"_s.arg(color(c), num(fontPt), bold ? u"b"_s : u"m"_s);
        QString &body = m_pendingText[key];
        const QStringList lines = s.split(u'\n');
        const double lineHeight = pixelSize * 1.15; // diagram px
        const double height = m_g.size().height();
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const double yc =
                r.center().y() + (double(i) - double(lines.size() - 1) / 2) * lineHeight;
            // From the bottom-left corner, in pt, y up; the baseline sits 0.35 em below the centre.
            const double x = (align & Qt::AlignLeft) ? r.left() * 0.75 : r.center().x() * 0.75;
            const double y = (height - yc) * 0.75 - 0.35 * fontPt;
            body += u"\\%1{%2}{%3}{%4}%%\n"_s.arg((align & Qt::AlignLeft) ? u"lxl"_s : u"lxt"_s,
                                                  num(x), num(y), texEscape(lines.at(i)));
        }
    }

    QString textLayer() const
    {
        QString out;
        for (auto it = m_pendingText.cbegin(); it != m_pendingText.cend(); ++it) {
            const QStringList parts = it.key().split(u'|');
            out += u"{\\fontsize{%1}{%1}\\selectfont%2\\color{%3}%%\n"_s.arg(
                parts[1], parts[2] == u"b"_s ? u"\\bfseries"_s : QString(), parts[0]);
            out += it.value();
            out += u"}%\n"_s;
        }
        return out;
    }

    void rectOutline(QString &out, const QRectF &r, QRgb c, double width, bool dashed = false)
    {
        out += u"\\draw[%1,line width=%2pt%3] (%4,%5) rectangle (%6,%7);\n"_s.arg(
            color(c), num(width * 0.75), dashed ? u",dashed"_s : QString(), num(r.left()),
            num(r.top()), num(r.right()), num(r.bottom()));
    }

    void panel(QString &out, int index)
    {
        panelAxes(out, index);
        if (m_o.labels)
            panelHeaders(out, index);
        panelFills(out, index);
        if (m_r.drawsGrid(index))
            panelGrid(out, index);
        panelLabels(out, index);
        panelGroups(out, index);
        if (m_o.highlightedElement >= 0)
            panelHighlight(out, index);
    }

    // The panel's title and axis labels.
    void panelAxes(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        if (pg.title.isValid())
            text(out, QRectF(pg.title), dp.title, 11, m_palette.foreground, true, Qt::AlignLeft);
        const QString rowAxis = dp.rowAxisLabel.isEmpty() ? m_d.rowAxisLabel : dp.rowAxisLabel;
        const QString colAxis =
            dp.columnAxisLabel.isEmpty() ? m_d.columnAxisLabel : dp.columnAxisLabel;
        if (pg.columnAxis.isValid())
            text(out, QRectF(pg.columnAxis), colAxis, 11, m_palette.foreground, false,
                 Qt::AlignCenter);
        if (pg.rowAxis.isValid()) {
            out +=
                u"\\node[rotate=90,text=%1,font=\\fontsize{8.25}{8.25}\\selectfont] at (%2,%3) {%4};\n"_s
                    .arg(color(m_palette.foreground), num(pg.rowAxis.center().x() + 0.5),
                         num(pg.rowAxis.center().y() + 0.5), texEscape(rowAxis));
        }
    }

    // Row and column headers, thinned as the renderer thins them.
    void panelHeaders(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        if (pg.columnHeaders.isValid() && !dp.columnHeaders.isEmpty()) {
            qsizetype len = 0;
            for (const QString &h : dp.columnHeaders)
                len = std::max(len, h.size());
            const int need = DiagramGeometry::textWidth(QString(len, u'0'), 10) + 2;
            int step = 1;
            while (step * pg.cellWidth < need)
                step *= 2;
            for (int c = 0; c < pg.cols && c < dp.columnHeaders.size(); c += step) {
                const QRect cr = m_g.cellRect(index, 0, c);
                text(out,
                     QRectF(cr.left(), pg.columnHeaders.top(), cr.width(),
                            pg.columnHeaders.height()),
                     dp.columnHeaders.at(c), 10, m_palette.muted, false, Qt::AlignCenter);
            }
        }
        if (pg.rowHeaders.isValid() && !dp.rowHeaders.isEmpty()) {
            int step = 1;
            while (step * pg.cellHeight < 11)
                step *= 2;
            for (int r = 0; r < pg.rows && r < dp.rowHeaders.size(); r += step) {
                const QRect cr = m_g.cellRect(index, r, 0);
                out +=
                    u"\\node[anchor=east,text=%1,font=\\fontsize{7.5}{7.5}\\selectfont] at (%2,%3) {%4};\n"_s
                        .arg(color(m_palette.muted), num(pg.rowHeaders.right() - 3),
                             num(cr.center().y() + 0.5), texEscape(dp.rowHeaders.at(r)));
            }
        }
    }

    void panelFills(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        // Fills: one \lxf per run of equal colours in a row.
        for (int r = 0; r < pg.rows; ++r) {
            const int y0 = m_g.rowEdge(index, r);
            const int y1 = m_g.rowEdge(index, r + 1);
            int c = 0;
            while (c < pg.cols) {
                const QRgb fill = dp.cell(r, c).fill;
                int e = c + 1;
                while (e < pg.cols && dp.cell(r, e).fill == fill)
                    ++e;
                if (qAlpha(fill) != 0 && y1 > y0)
                    out += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(color(fill))
                               .arg(m_g.columnEdge(index, c))
                               .arg(y0)
                               .arg(m_g.columnEdge(index, e))
                               .arg(y1);
                c = e;
            }
        }
    }

    // The grid lines and the cells' own outlines.
    void panelGrid(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        QString path;
        const int top = m_g.rowEdge(index, 0);
        const int bottom = m_g.rowEdge(index, pg.rows);
        const int left = m_g.columnEdge(index, 0);
        const int right = m_g.columnEdge(index, pg.cols);
        for (int c = 0; c <= pg.cols; ++c) {
            const double x = m_g.columnEdge(index, c) + 0.5;
            path += u" (%1,%2)--(%1,%3)"_s.arg(num(x)).arg(top).arg(bottom + 1);
        }
        for (int r = 0; r <= pg.rows; ++r) {
            const double y = m_g.rowEdge(index, r) + 0.5;
            path += u" (%1,%2)--(%3,%2)"_s.arg(left).arg(num(y)).arg(right + 1);
        }
        out += u"\\draw[%1,line width=0.75pt]%2;\n"_s.arg(color(m_palette.grid), path);
        for (int r = 0; r < pg.rows; ++r)
            for (int c = 0; c < pg.cols; ++c)
                if (qAlpha(dp.cell(r, c).outline))
                    rectOutline(out,
                                QRectF(m_g.cellRect(index, r, c)).adjusted(1.5, 1.5, -0.5, -0.5),
                                dp.cell(r, c).outline, 1);
    }

    void panelLabels(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        // Every cell label of the view in one size (DiagramRenderer::labelPixelSize), or none.
        if (const int size = m_r.labelPixelSize(); m_o.labels && size > 0) {
            for (int r = 0; r < pg.rows; ++r) {
                for (int c = 0; c < pg.cols; ++c) {
                    const QString s = dp.text(r, c);
                    if (s.isEmpty())
                        continue;
                    const DiagramCell cell = dp.cell(r, c);
                    const QRgb tc = qAlpha(cell.fill) == 0
                                        ? m_palette.foreground
                                        : (0.299 * qRed(cell.fill) + 0.587 * qGreen(cell.fill) +
                                                       0.114 * qBlue(cell.fill) >
                                                   140
                                               ? qRgb(0, 0, 0)
                                               : qRgb(255, 255, 255));
                    text(out, QRectF(m_g.cellRect(index, r, c)).adjusted(1, 1, 0, 0), s, size, tc,
                         false, Qt::AlignCenter);
                }
            }
        }
    }

    // The outlined cell groups and their labels.
    void panelGroups(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        for (const DiagramGroup &grp : dp.groups) {
            if (grp.cells.isEmpty())
                continue;
            const double x0 = m_g.columnEdge(index, std::clamp(grp.cells.left(), 0, pg.cols));
            const double x1 =
                m_g.columnEdge(index, std::clamp(grp.cells.right() + 1, 0, pg.cols)) + 1;
            const double y0 = m_g.rowEdge(index, std::clamp(grp.cells.top(), 0, pg.rows));
            const double y1 =
                m_g.rowEdge(index, std::clamp(grp.cells.bottom() + 1, 0, pg.rows)) + 1;
            const double w = std::max(1.0, std::round(grp.penWidth));
            rectOutline(out, QRectF(x0 + w / 2, y0 + w / 2, x1 - x0 - w, y1 - y0 - w), grp.color, w,
                        grp.dashed);
            if (m_o.labels && !grp.label.isEmpty()) {
                const double tw = DiagramGeometry::textWidth(grp.label, 10) + 4;
                const QRectF lr(x0 + w, y0 + w, tw, 14);
                out += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(color(grp.color), num(lr.left()),
                                                            num(lr.top()), num(lr.right()),
                                                            num(lr.bottom()));
                const QRgb tc =
                    0.299 * qRed(grp.color) + 0.587 * qGreen(grp.color) + 0.114 * qBlue(grp.color) >
                            140
                        ? qRgb(0, 0, 0)
                        : qRgb(255, 255, 255);
                text(out, lr, grp.label, 10, tc, true, Qt::AlignCenter);
            }
        }
    }

    // The outline of every cell of the highlighted element.
    void panelHighlight(QString &out, int index)
    {
        const DiagramPanel &dp = m_d.panels[size_t(index)];
        const auto &pg = m_g.panels()[size_t(index)];
        for (int r = 0; r < pg.rows; ++r)
            for (int c = 0; c < pg.cols; ++c)
                if (dp.cell(r, c).elementId == m_o.highlightedElement)
                    rectOutline(out, QRectF(m_g.cellRect(index, r, c)).adjusted(1, 1, 0, 0),
                                m_palette.highlight, 2);
    }

    void annotations(QString &out)
    {
        for (const DiagramAnnotation &a : m_d.annotations) {
            const QPointF p0 = m_g.map(a.from);
            const QPointF p1 = m_g.map(a.to);
            const QString lw = num(std::max(1.0, a.penWidth) * 0.75);
            switch (a.kind) {
            case DiagramAnnotation::Line:
            case DiagramAnnotation::Arrow:
                out += u"\\draw[%1,line width=%2pt%3] (%4,%5) -- (%6,%7);\n"_s.arg(
                    color(a.color), lw,
                    a.kind == DiagramAnnotation::Arrow ? u",-stealth"_s : QString(), num(p0.x()),
                    num(p0.y()), num(p1.x()), num(p1.y()));
                if (!a.text.isEmpty()) {
                    const QPointF m = (p0 + p1) / 2;
                    text(out, QRectF(m.x() - 200, m.y() - 16, 400, 14), a.text, 11, a.color, false,
                         Qt::AlignCenter);
                }
                break;
            case DiagramAnnotation::Box: {
                const QRectF r = QRectF(p0, p1).normalized();
                if (qAlpha(a.fill))
                    out += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(color(a.fill), num(r.left()),
                                                                num(r.top()), num(r.right()),
                                                                num(r.bottom()));
                rectOutline(out, r, a.color, std::max(1.0, a.penWidth));
                const QRgb tc =
                    qAlpha(a.fill)
                        ? (0.299 * qRed(a.fill) + 0.587 * qGreen(a.fill) + 0.114 * qBlue(a.fill) >
                                   140
                               ? qRgb(0, 0, 0)
                               : qRgb(255, 255, 255))
                        : m_palette.foreground;
                text(out, r, a.text, 11, tc, false, Qt::AlignCenter);
                break;
            }
            case DiagramAnnotation::Text: {
                const QStringList lines = a.text.split(u'\n');
                for (qsizetype i = 0; i < lines.size(); ++i)
                    out +=
                        u"\\node[anchor=north west,text=%1,font=\\fontsize{8.25}{8.25}\\selectfont] at (%2,%3) {%4};\n"_s
                            .arg(color(a.color), num(p0.x()), num(p0.y() + double(i) * 11 * 1.3),
                                 texEscape(lines.at(i)));
                break;
            }
            }
        }
    }

    void tables(QString &out)
    {
        for (size_t i = 0; i < m_d.tables.size() && i < m_g.tables().size(); ++i) {
            const DiagramTable &t = m_d.tables[i];
            const auto &tg = m_g.tables()[i];
            if (tg.title.isValid())
                text(out, QRectF(tg.title), t.title, 11, m_palette.foreground, true, Qt::AlignLeft);
            const int ncols = int(tg.columnLefts.size()) - 1;
            int y = tg.top;
            auto row = [&](const QStringList &cells, const std::vector<QRgb> *fills, bool bold) {
                for (int c = 0; c < ncols; ++c) {
                    const QRectF r(tg.columnLefts[size_t(c)], y,
                                   tg.columnLefts[size_t(c) + 1] - tg.columnLefts[size_t(c)],
                                   tg.rowHeight);
                    QRgb tc = m_palette.foreground;
                    if (fills && size_t(c) < fills->size() && qAlpha((*fills)[size_t(c)])) {
                        const QRgb f = (*fills)[size_t(c)];
                        out += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(
                            color(f), num(r.left()), num(r.top()), num(r.right()), num(r.bottom()));
                        tc = 0.299 * qRed(f) + 0.587 * qGreen(f) + 0.114 * qBlue(f) > 140
                                 ? qRgb(0, 0, 0)
                                 : qRgb(255, 255, 255);
                    }
                    if (c < cells.size())
                        text(out, r.adjusted(5, 0, -5, 0), cells.at(c), 10, tc, bold,
                             Qt::AlignLeft);
                }
                y += tg.rowHeight;
            };
            if (!t.header.isEmpty())
                row(t.header, nullptr, true);
            for (size_t r = 0; r < t.rows.size(); ++r)
                row(t.rows[r], r < t.fills.size() ? &t.fills[r] : nullptr, false);
            QString path;
            for (int yy = tg.top; yy <= y; yy += tg.rowHeight)
                path += u" (%1,%2)--(%3,%2)"_s.arg(tg.columnLefts.front())
                            .arg(num(yy + 0.5))
                            .arg(tg.columnLefts.back() + 1);
            for (int x : tg.columnLefts)
                path += u" (%1,%2)--(%1,%3)"_s.arg(num(x + 0.5)).arg(tg.top).arg(y + 1);
            out += u"\\draw[%1,line width=0.75pt]%2;\n"_s.arg(color(m_palette.grid), path);
        }
    }

    void legend(QString &out)
    {
        if (m_g.legendTitleRect().isValid())
            text(out, QRectF(m_g.legendTitleRect()), m_d.legendTitle, 11, m_palette.foreground,
                 true, Qt::AlignLeft);
        const auto &items = m_g.legendItems();
        for (size_t i = 0; i < items.size() && i < m_d.legend.size(); ++i) {
            const QRectF sw(items[i].swatch);
            out += u"\\lxf{%1}{%2}{%3}{%4}{%5}\n"_s.arg(color(m_d.legend[i].color), num(sw.left()),
                                                        num(sw.top()), num(sw.right() + 1),
                                                        num(sw.bottom() + 1));
            const QRgb oc = qAlpha(m_d.legend[i].outline) ? m_d.legend[i].outline : m_palette.muted;
            rectOutline(out, sw.adjusted(0.5, 0.5, 0.5, 0.5), oc,
                        qAlpha(m_d.legend[i].outline) ? 2 : 1);
            text(out, QRectF(items[i].text), m_d.legend[i].text, 11, m_palette.foreground, false,
                 Qt::AlignLeft);
        }
    }

    const Diagram &m_d;
    RenderOptions m_o;
    DiagramRenderer m_r;
    const DiagramGeometry &m_g;
    DiagramPalette m_palette;
    QHash<QRgb, int> m_colors;
    QMap<QString, QString> m_pendingText; // ordered: deterministic output
    std::vector<QRgb> m_colorOrder;
};

} // namespace

QByteArray renderTikz(const Diagram &diagram, const RenderOptions &options)
{
    TikzWriter writer(diagram, options);
    return writer.write();
}

} // namespace lx
