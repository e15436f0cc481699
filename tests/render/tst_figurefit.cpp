// fitDiagram: a figure fitted to a page is never larger than the page, uses it, is centred on a
// page of exactly the asked size, lays side-by-side panels (and blocks of free annotations) out
// in rows when that allows a larger scale, never overlaps panels, wraps its subtitle at word
// boundaries to the page and says when its text would be too small to read.

#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "render/diagramstyle.h"
#include "render/figurefit.h"

#include <QTest>

#include <set>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// `n` panels of 16 x 16 cells with headers and a title, side by side as the renderer flows them.
Diagram panels(int n)
{
    Diagram d;
    d.title = u"Eight warps"_s;
    for (int i = 0; i < n; ++i) {
        DiagramPanel &p = d.addPanel(16, 16);
        p.title = u"warp %1"_s.arg(i);
        for (int r = 0; r < 16; ++r)
            p.rowHeaders << QString::number(r);
        for (int c = 0; c < 16; ++c)
            p.columnHeaders << QString::number(c);
    }
    return d;
}

bool overlaps(const DiagramGeometry &g)
{
    std::vector<QRect> boxes;
    for (const auto &p : g.panels())
        boxes.push_back(p.bounds);
    for (const auto &t : g.tables())
        boxes.push_back(t.bounds);
    for (size_t i = 0; i < boxes.size(); ++i)
        for (size_t j = i + 1; j < boxes.size(); ++j)
            if (boxes[i].intersects(boxes[j]))
                return true;
    return false;
}

// A table of `rows` rows of two short columns.
DiagramTable table(const QString &title, int rows)
{
    DiagramTable t{title, {u"basis"_s, u"value"_s}, {}, {}};
    for (int r = 0; r < rows; ++r)
        t.rows.push_back({u"lane=%1"_s.arg(1 << r), u"[%1, 0]"_s.arg(r)});
    return t;
}

} // namespace

class TestFigureFit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void neverLargerThanTheTarget_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<QSize>("target");
        QTest::newRow("8 panels, slide") << 8 << QSize(1920, 1080);
        QTest::newRow("8 panels, A4 at 96 dpi") << 8 << QSize(794, 1123);
        QTest::newRow("1 panel, slide") << 1 << QSize(1920, 1080);
        QTest::newRow("3 panels, thumbnail") << 3 << QSize(320, 200);
    }
    void neverLargerThanTheTarget()
    {
        QFETCH(int, count);
        QFETCH(QSize, target);
        const Diagram d = panels(count);
        const FittedFigure f = fitDiagram(d, RenderOptions{}, target);
        QVERIFY(f.fits);
        const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
        QCOMPARE(g.size(), f.size);
        QVERIFY2(f.size.width() <= target.width() && f.size.height() <= target.height(),
                 qPrintable(u"%1x%2"_s.arg(f.size.width()).arg(f.size.height())));
        // It uses the page: within 10% of one side (or at the enlargement cap).
        QVERIFY(f.size.width() >= 0.9 * target.width() ||
                f.size.height() >= 0.9 * target.height() || f.options.scale >= 4.0);
        QVERIFY(!overlaps(g));
    }

    // A tall panel with a table on a wide page: the table goes beside the panel, at a larger
    // scale than below it, and nothing overlaps.
    void aTableSitsBesideATallPanel()
    {
        Diagram d;
        d.title = u"tall"_s;
        d.addPanel(64, 16);
        d.tables.push_back(table(u"bases"_s, 8));
        RenderOptions one;
        const QSize natural = DiagramGeometry::compute(d, one).size();
        const double belowScale = std::min(1920.0 / natural.width(), 1080.0 / natural.height());
        const FittedFigure f = fitDiagram(d, one, QSize(1920, 1080));
        QVERIFY(f.fits);
        QVERIFY(f.options.tablesBeside);
        QVERIFY(f.options.scale > 1.1 * belowScale);
        const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
        QVERIFY(!overlaps(g));
        QVERIFY(g.tables().front().bounds.left() > g.panels().front().bounds.right());
        QCOMPARE(g.tables().front().bounds.top(), g.panels().front().bounds.top());
    }

    // Six tall tables under a short panel: on a wide page they stand in columns.
    void tablesStandInColumnsOnAWidePage()
    {
        Diagram d;
        d.title = u"pipeline"_s;
        for (int i = 0; i < 6; ++i)
            d.tables.push_back(table(u"step %1"_s.arg(i), 10));
        const FittedFigure f = fitDiagram(d, RenderOptions{}, QSize(1920, 1080));
        QVERIFY(f.fits);
        QVERIFY2(f.options.tableColumns > 1, qPrintable(QString::number(f.options.tableColumns)));
        const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
        QVERIFY(!overlaps(g));
        // In order: each column is read top to bottom, left column first.
        for (size_t i = 1; i < g.tables().size(); ++i) {
            const QRect &a = g.tables()[i - 1].bounds, &b = g.tables()[i].bounds;
            QVERIFY(b.top() > a.bottom() || b.left() > a.right());
        }
    }

    // Fitted to a slide, no text is below kFittedMinTextPx even when the grids shrink far.
    void fittedTextKeepsItsMinimum()
    {
        const Diagram d = panels(32);
        const FittedFigure f = fitDiagram(d, RenderOptions{}, QSize(1920, 1080));
        QVERIFY(f.fits);
        QVERIFY(f.options.scale < 1.0);
        const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
        QVERIFY(g.textPx(diagramstyle::kHeaderPx) >= kFittedMinTextPx);
        QVERIFY(g.textPx(diagramstyle::kLabelPx) >= kFittedMinTextPx);
        QVERIFY(!overlaps(g));
    }

    void rowsBeatOneLongRow()
    {
        // Eight square panels in one row on a 16:9 page: rows give a larger scale.
        const Diagram d = panels(8);
        RenderOptions one;
        const QSize natural = DiagramGeometry::compute(d, one).size();
        const double oneRowScale = std::min(1920.0 / natural.width(), 1080.0 / natural.height());
        const FittedFigure f = fitDiagram(d, one, QSize(1920, 1080));
        QVERIFY2(f.columns > 1 && f.columns < 8, qPrintable(QString::number(f.columns)));
        QVERIFY(f.options.scale > 1.5 * oneRowScale);
    }

    // Panels placed to mean something (a strip above a tile, another left of it) stay where
    // they are.
    void fixedOriginsAreKept()
    {
        Diagram d = panels(3);
        d.panels[0].origin = QPointF(600, 0);
        d.panels[1].origin = QPointF(0, 500);
        d.panels[2].origin = QPointF(600, 500);
        const FittedFigure f = fitDiagram(d, RenderOptions{}, QSize(800, 600));
        QCOMPARE(f.columns, 0);
        for (size_t i = 0; i < d.panels.size(); ++i)
            QCOMPARE(f.diagram.panels[i].origin, d.panels[i].origin);
    }

    // Panels placed in a grid read row by row (pairs of source and destination, one
    // instruction a row) flow into other rows like unplaced ones.
    void aGridOfPlacedPanelsMayFlow()
    {
        Diagram d = panels(8);
        for (size_t i = 0; i < d.panels.size(); ++i)
            d.panels[i].origin = QPointF(double(i % 2) * 600.0, double(i / 2) * 600.0);
        RenderOptions one;
        const QSize natural = DiagramGeometry::compute(d, one).size();
        const double asPlaced = std::min(1920.0 / natural.width(), 1080.0 / natural.height());
        const FittedFigure f = fitDiagram(d, one, QSize(1920, 1080));
        QVERIFY(f.columns > 2);
        QVERIFY(f.options.scale > 1.2 * asPlaced);
        QVERIFY(!overlaps(DiagramGeometry::compute(f.diagram, f.options)));
    }

    void arrangeInOneColumnStacksThePanels()
    {
        const Diagram d = arrangePanels(panels(3), RenderOptions{}, 1);
        const DiagramGeometry g = DiagramGeometry::compute(d, RenderOptions{});
        QCOMPARE(g.panels().size(), size_t(3));
        QVERIFY(g.panels()[0].bounds.bottom() < g.panels()[1].bounds.top());
        QVERIFY(g.panels()[1].bounds.bottom() < g.panels()[2].bounds.top());
        QVERIFY(!overlaps(g));
    }

    void thePageIsTheAskedSize()
    {
        const QSize page(1920, 1080);
        const FittedFigure f = fitDiagram(panels(3), RenderOptions{}, page);
        QVERIFY(f.fits);
        QCOMPARE(f.options.page, page);
        const DiagramRenderer r(f.diagram, f.options);
        QCOMPARE(r.pageSize(), page);
        QCOMPARE(r.size(), f.size);
        QVERIFY(f.size != page);
        QCOMPARE(r.figureOffset(), QPoint((page.width() - f.size.width()) / 2,
                                          (page.height() - f.size.height()) / 2));
    }

    // The subtitle is broken at spaces only, every word kept in order, each line as wide as the
    // page allows: no line would have room for the next line's first word.
    void theSubtitleWrapsAtWordBoundaries()
    {
        Diagram d = panels(2);
        const QString words =
            u"stage 1 step by step (blue: the slot taken), then each stage-2 round (outlined: "
            u"the buffers it moved); grey lines: 64 KiB partition boundaries; red: the LDS "
            u"capacity (320 KiB, gfx1250); total 139264 B, with a few more words to make it "
            u"longer than one line of a slide"_s;
        d.subtitle = words;
        const QSize page(960, 540);
        const FittedFigure f = fitDiagram(d, RenderOptions{}, page);
        QVERIFY(f.fits);
        const QStringList lines = f.diagram.subtitle.split(u'\n');
        QVERIFY(lines.size() > 1);
        QCOMPARE(lines.join(u' '), words);
        const DiagramGeometry g = DiagramGeometry::compute(f.diagram, f.options);
        const int px = g.textPx(diagramstyle::kSubtitlePx);
        const int margin = diagramstyle::px(diagramstyle::kMargin * f.options.scale);
        const int room = page.width() - 2 * margin - 1;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QVERIFY(!lines[i].isEmpty() && !lines[i].startsWith(u' ') && !lines[i].endsWith(u' '));
            QVERIFY2(DiagramGeometry::textWidth(lines[i], px) <= room, qPrintable(lines[i]));
            if (i + 1 < lines.size()) {
                const QString longer = lines[i] + u' ' + lines[i + 1].section(u' ', 0, 0);
                QVERIFY2(DiagramGeometry::textWidth(longer, px) > room, qPrintable(longer));
            }
        }
        QVERIFY(g.subtitleRect().right() < page.width());
    }

    // Fourteen charts drawn with free annotations, side by side: on a slide they go into rows,
    // each box moving with its chart, at a much larger scale than one long row.
    void blocksWrapIntoRows()
    {
        Diagram d;
        d.title = u"Fourteen steps"_s;
        for (int i = 0; i < 14; ++i) {
            const double x = i * 230.0;
            d.blocks.emplace_back(x, 0, 230, 320);
            d.annotations.push_back(
                {DiagramAnnotation::Text, {-1, QPointF(x, 0)}, {}, u"step %1"_s.arg(i)});
            d.annotations.push_back({DiagramAnnotation::Box,
                                     {-1, QPointF(x, 60)},
                                     {-1, QPointF(x + 170, 300)},
                                     u"b%1"_s.arg(i)});
        }
        d.annotations.push_back(
            {DiagramAnnotation::Text, {-1, QPointF(0, 330)}, {}, u"x: time, y: offset"_s});
        RenderOptions one;
        const QSize natural = DiagramGeometry::compute(d, one).size();
        const double oneRow = std::min(1920.0 / natural.width(), 1080.0 / natural.height());
        const FittedFigure f = fitDiagram(d, one, QSize(1920, 1080));
        QVERIFY(f.fits);
        QVERIFY2(f.options.scale > 1.5 * oneRow,
                 qPrintable(u"%1 vs %2"_s.arg(f.options.scale).arg(oneRow)));
        std::set<double> rows;
        for (const QRectF &b : f.diagram.blocks)
            rows.insert(b.top());
        QVERIFY(rows.size() > 1);
        // Each chart's box is still inside its block, and the caption under every block.
        for (int i = 0; i < 14; ++i) {
            const DiagramAnnotation &box = f.diagram.annotations[size_t(2 * i + 1)];
            QVERIFY(f.diagram.blocks[size_t(i)].contains(box.from.pos));
            QVERIFY(f.diagram.blocks[size_t(i)].contains(box.to.pos));
        }
        for (const QRectF &b : f.diagram.blocks)
            QVERIFY(f.diagram.annotations.back().from.pos.y() >= b.bottom());
    }

    void arrangeBlocksKeepsTheirOrder()
    {
        Diagram d;
        for (int i = 0; i < 5; ++i)
            d.blocks.emplace_back(i * 100.0, 0, 100, 50);
        const Diagram two = arrangeBlocks(d, 2);
        // Rows of two, left to right, top to bottom.
        QCOMPARE(two.blocks[0].topLeft(), QPointF(0, 0));
        QCOMPARE(two.blocks[1].topLeft(), QPointF(100, 0));
        QCOMPARE(two.blocks[2].topLeft(), QPointF(0, 50));
        QCOMPARE(two.blocks[4].topLeft(), QPointF(0, 100));
        QVERIFY(arrangeBlocks(d, 5).blocks == d.blocks);
    }

    // A page too small for legible text is still filled, and the fit says so.
    void textTooSmallToReadIsSaid()
    {
        const FittedFigure roomy = fitDiagram(panels(2), RenderOptions{}, QSize(1920, 1080));
        QVERIFY(roomy.warnings.isEmpty());
        // A title of 40 characters is 240 px wide at 10 px: it cannot be that on this page.
        Diagram d = panels(2);
        d.title = QString(40, u'W');
        const FittedFigure tiny = fitDiagram(d, RenderOptions{}, QSize(160, 90));
        QVERIFY(tiny.fits);
        QVERIFY(!tiny.warnings.isEmpty());
        QVERIFY2(tiny.warnings.join(u' ').contains(u"px"_s), qPrintable(tiny.warnings.join(u' ')));
    }

    void aVeryWidePanelIsCutIntoRows()
    {
        // One row of 256 cells (like a strip of LDS offsets): far wider than a slide.
        Diagram d;
        d.title = u"Strip"_s;
        d.subtitle = QString(u"a long explanation of the strip "_s).repeated(20);
        DiagramPanel &p = d.addPanel(1, 256);
        for (int c = 0; c < 256; ++c) {
            p.columnHeaders << QString::number(c);
            p.setText(0, c, QString::number(c % 7));
        }
        p.groups.push_back(DiagramGroup{QRect(60, 0, 80, 1), qRgb(200, 0, 0), u"g"_s});
        RenderOptions one;
        const QSize natural = DiagramGeometry::compute(d, one).size();
        const double plain = std::min(1920.0 / natural.width(), 1080.0 / natural.height());
        const FittedFigure f = fitDiagram(d, one, QSize(1920, 1080));
        QVERIFY(f.fits);
        QVERIFY(f.diagram.panels.size() > 1);
        QVERIFY2(f.options.scale > 2 * plain,
                 qPrintable(u"%1 vs %2"_s.arg(f.options.scale).arg(plain)));
        QVERIFY(f.diagram.subtitle.contains(QLatin1Char('\n')));
        // Every cell is still there, in order, with its header.
        QStringList texts, headers;
        int groupCells = 0;
        for (const DiagramPanel &piece : f.diagram.panels) {
            for (int c = 0; c < piece.columns(); ++c)
                texts << piece.text(0, c);
            headers << piece.columnHeaders;
            for (const DiagramGroup &g : piece.groups)
                groupCells += g.cells.width();
        }
        QCOMPARE(texts.size(), 256);
        for (int c = 0; c < 256; ++c) {
            QCOMPARE(texts.at(c), QString::number(c % 7));
            QCOMPARE(headers.at(c), QString::number(c));
        }
        QCOMPARE(groupCells, 80);
        QVERIFY(!overlaps(DiagramGeometry::compute(f.diagram, f.options)));
    }
};

QTEST_MAIN(TestFigureFit)
#include "tst_figurefit.moc"
