// DiagramGeometry (without a window), level of detail, partial painting and golden images.
//
// Golden images live in tests/data/golden. To (re)generate them after an intended change, run
//   LX_UPDATE_GOLDEN=1 build/dev/tests/tst_diagramrenderer
// then LOOK at every tests/data/golden/*.png before committing them.

#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "render/palette.h"

#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

using namespace Qt::StringLiterals;
using lx::Diagram;
using lx::DiagramRenderer;
using lx::RenderOptions;

namespace {

// Two panels side by side: a 4×6 grid coloured by column and a 3×3 grid coloured by row, a
// group, one shared element id (7) in both panels. No text anywhere when labels are off.
Diagram flatDiagram()
{
    Diagram d;
    d.cellSize = QSizeF(10, 8);
    auto &a = d.addPanel(4, 6);
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 6; ++c)
            a.cell(r, c).fill = lx::categoricalColor(c, 6);
    a.cell(1, 2).elementId = 7;
    a.groups.push_back({QRect(0, 0, 3, 2), qRgb(0, 0, 0), QString(), 2.0, false});
    auto &b = d.addPanel(3, 3);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            b.cell(r, c).fill = lx::categoricalColor(r, 3);
    b.cell(2, 0).elementId = 7;
    b.cell(0, 0).fill = 0; // an empty cell
    return d;
}

Diagram labelledDiagram()
{
    Diagram d;
    d.title = u"Labelled"_s;
    d.subtitle = u"texts, headers, a table and a legend"_s;
    auto &p = d.addPanel(3, 4);
    p.title = u"panel"_s;
    p.rowAxisLabel = u"dim0"_s;
    p.columnAxisLabel = u"dim1"_s;
    for (int r = 0; r < 3; ++r) {
        p.rowHeaders << QString::number(r);
        for (int c = 0; c < 4; ++c) {
            p.cell(r, c).fill = lx::categoricalColor(r * 4 + c, 12);
            p.setText(r, c, u"T%1:R%2"_s.arg(c).arg(r));
        }
    }
    for (int c = 0; c < 4; ++c)
        p.columnHeaders << QString::number(c);
    p.groups.push_back({QRect(1, 1, 2, 2), qRgb(200, 0, 0), u"g"_s, 2.0, false});
    d.tables.push_back({u"table"_s, {u"a"_s, u"b"_s}, {{u"1"_s, u"2"_s}}, {}});
    d.legend.push_back({lx::categoricalColor(0, 12), u"first"_s});
    d.legend.push_back({lx::categoricalColor(1, 12), u"second"_s});
    return d;
}

QImage paintAll(const Diagram &d, const RenderOptions &o)
{
    QString error;
    QImage img = lx::renderImage(d, o, &error);
    return img;
}

QString goldenPath(const QString &name)
{
    return QStringLiteral(LX_TEST_DATA_DIR "/golden/") + name + u".png"_s;
}

// Fraction of pixels whose largest channel difference exceeds `channelTolerance`.
double differingFraction(const QImage &a, const QImage &b, int channelTolerance)
{
    if (a.size() != b.size())
        return 1.0;
    const QImage x = a.convertToFormat(QImage::Format_ARGB32);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32);
    qint64 bad = 0;
    for (int r = 0; r < x.height(); ++r) {
        const auto *p = reinterpret_cast<const QRgb *>(x.constScanLine(r));
        const auto *q = reinterpret_cast<const QRgb *>(y.constScanLine(r));
        for (int c = 0; c < x.width(); ++c) {
            const int diff = std::max(
                {std::abs(qRed(p[c]) - qRed(q[c])), std::abs(qGreen(p[c]) - qGreen(q[c])),
                 std::abs(qBlue(p[c]) - qBlue(q[c])), std::abs(qAlpha(p[c]) - qAlpha(q[c]))});
            if (diff > channelTolerance)
                ++bad;
        }
    }
    return double(bad) / double(qint64(x.width()) * x.height());
}

// Compares with the golden image (or writes it when LX_UPDATE_GOLDEN is set).
bool compareGolden(const QImage &actual, const QString &name, int channelTolerance,
                   double maxFraction, QString *why)
{
    const QString path = goldenPath(name);
    if (qEnvironmentVariableIsSet("LX_UPDATE_GOLDEN")) {
        QDir().mkpath(QStringLiteral(LX_TEST_DATA_DIR "/golden"));
        if (!actual.save(path)) {
            *why = u"cannot write "_s + path;
            return false;
        }
        return true;
    }
    QImage golden(path);
    if (golden.isNull()) {
        *why = u"missing golden %1: run with LX_UPDATE_GOLDEN=1 and look at it"_s.arg(path);
        return false;
    }
    const double f = differingFraction(actual, golden, channelTolerance);
    if (f > maxFraction) {
        actual.save(QDir::temp().filePath(name + u"-actual.png"_s));
        *why = u"%1: %2% of pixels differ (allowed %3%); actual saved to %4"_s.arg(name)
                   .arg(f * 100)
                   .arg(maxFraction * 100)
                   .arg(QDir::temp().filePath(name + u"-actual.png"_s));
        return false;
    }
    return true;
}

} // namespace

class TestDiagramRenderer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void cellEdgesAndHitTest_data()
    {
        QTest::addColumn<double>("scale");
        QTest::newRow("1") << 1.0;
        QTest::newRow("0.7 (fractional cells)") << 0.7;
        QTest::newRow("0.33") << 0.33;
        QTest::newRow("2.5") << 2.5;
    }
    void cellEdgesAndHitTest()
    {
        QFETCH(double, scale);
        const Diagram d = flatDiagram();
        RenderOptions o;
        o.scale = scale;
        const auto g = lx::DiagramGeometry::compute(d, o);
        QCOMPARE(int(g.panels().size()), 2);
        for (int p = 0; p < 2; ++p) {
            const auto &pg = g.panels()[size_t(p)];
            for (int r = 0; r < pg.rows; ++r) {
                for (int c = 0; c < pg.cols; ++c) {
                    const QRect cr = g.cellRect(p, r, c);
                    // Edges are floor(c * w) from the panel's left.
                    QCOMPARE(cr.left(),
                             pg.cells.left() + int(std::floor(c * d.cellSize.width() * scale)));
                    QCOMPARE(cr.top(),
                             pg.cells.top() + int(std::floor(r * d.cellSize.height() * scale)));
                    if (cr.isEmpty())
                        continue;
                    for (const QPoint pt : {cr.topLeft(), cr.bottomRight(), cr.center()}) {
                        const lx::DiagramHit hit = g.hitTest(d, pt);
                        QCOMPARE(hit.panel, p);
                        QCOMPARE(hit.row, r);
                        QCOMPARE(hit.col, c);
                        QCOMPARE(hit.elementId, d.panels[size_t(p)].cell(r, c).elementId);
                    }
                }
            }
            // Just outside the cells: nothing.
            QVERIFY(!g.hitTest(d, pg.cells.topLeft() - QPoint(1, 0)).isValid());
            QVERIFY(!g.hitTest(d, QPoint(pg.cells.right(), pg.cells.top()))
                         .isValid()); // closing grid line
        }
        // Auto-placed panels do not overlap and everything is inside the image.
        QVERIFY(!g.panels()[0].bounds.intersects(g.panels()[1].bounds));
        QVERIFY(QRect(QPoint(0, 0), g.size()).contains(g.panels()[1].bounds));
    }

    void explicitOrigins()
    {
        // A C tile with an A strip on its left and a B strip on top, placed by origin.
        Diagram d;
        d.cellSize = QSizeF(10, 10);
        auto &c = d.addPanel(4, 4);
        c.origin = QPointF(30, 30);
        auto &a = d.addPanel(4, 2);
        a.origin = QPointF(0, 30);
        auto &b = d.addPanel(2, 4);
        b.origin = QPointF(30, 0);
        const auto g = lx::DiagramGeometry::compute(d, RenderOptions{});
        const QPoint cc = g.panels()[0].cells.topLeft();
        QCOMPARE(g.panels()[1].cells.topLeft(), cc - QPoint(30, 0));
        QCOMPARE(g.panels()[2].cells.topLeft(), cc - QPoint(0, 30));
    }

    void levelOfDetail()
    {
        const Diagram d = labelledDiagram();
        RenderOptions o;
        const DiagramRenderer normal(d, o);
        // Cells of 28×20: "T0:R0" (5 characters, one line) is drawn.
        QVERIFY(normal.cellTextPixelSize(0, 1, 5) >= DiagramRenderer::kMinTextPixelSize);
        QVERIFY(normal.drawsGrid(0));
        o.scale = 0.15; // cells of 4.2×3 px
        const DiagramRenderer tiny(d, o);
        QCOMPARE(tiny.cellTextPixelSize(0, 1, 5), 0);
        QVERIFY(!tiny.drawsGrid(0));
        o.scale = 1;
        o.labels = false;
        QCOMPARE(DiagramRenderer(d, o).cellTextPixelSize(0, 1, 5), 0);
    }

    void textIsSkippedWhenTooSmall()
    {
        // At a scale where text is below the threshold, the cells look exactly as without labels.
        const Diagram d = labelledDiagram();
        RenderOptions o;
        o.scale = 0.3;
        o.legend = false;
        const DiagramRenderer r(d, o);
        QCOMPARE(r.cellTextPixelSize(0, 1, 5), 0);
        const QImage with = paintAll(d, o);
        Diagram noText = d;
        for (int row = 0; row < 3; ++row)
            for (int c = 0; c < 4; ++c)
                noText.panels[0].cell(row, c).text = -1;
        const QImage without = paintAll(noText, o);
        const QRect cells = r.geometry().panels()[0].cells;
        QCOMPARE(with.copy(cells), without.copy(cells));
    }

    void partialPaintEqualsFullPaint_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("labels");
        QTest::newRow("flat 1") << 1.0 << false;
        QTest::newRow("flat 0.3 (raster path)") << 0.3 << false;
        QTest::newRow("labelled 1.5") << 1.5 << true;
    }
    void partialPaintEqualsFullPaint()
    {
        QFETCH(double, scale);
        QFETCH(bool, labels);
        const Diagram d = labels ? labelledDiagram() : flatDiagram();
        RenderOptions o;
        o.scale = scale;
        const DiagramRenderer r(d, o);
        const QImage full = paintAll(d, o);
        QImage tiled(r.size(), QImage::Format_ARGB32_Premultiplied);
        tiled.fill(Qt::transparent);
        // Four tiles with odd sizes, each painted with only its exposed rect and a clip, the way
        // a widget paints after scrolling.
        const int w = r.size().width();
        const int h = r.size().height();
        for (const QRect tile :
             {QRect(0, 0, w / 3, h / 2), QRect(w / 3, 0, w - w / 3, h / 2),
              QRect(0, h / 2, w / 2 + 1, h - h / 2), QRect(w / 2 + 1, h / 2, w, h)}) {
            QPainter p(&tiled);
            p.setClipRect(tile);
            r.paint(&p, tile);
        }
        QCOMPARE(tiled, full);
    }

    void highlightInEveryPanel()
    {
        const Diagram d = flatDiagram();
        RenderOptions o;
        o.scale = 2;
        o.highlightedElement = 7;
        const QImage img = paintAll(d, o);
        const DiagramRenderer r(d, o);
        const QRgb hc = lx::DiagramPalette::light().highlight;
        // The top-left pixel of both cells carrying element 7 is the highlight colour.
        QCOMPARE(img.pixel(r.geometry().cellRect(0, 1, 2).topLeft()), hc);
        QCOMPARE(img.pixel(r.geometry().cellRect(1, 2, 0).topLeft()), hc);
        // ... and of a cell without it is not.
        QVERIFY(img.pixel(r.geometry().cellRect(0, 3, 5).topLeft()) != hc);
    }

    void goldenFlatExact()
    {
        RenderOptions o;
        o.scale = 2;
        o.highlightedElement = 7;
        QString why;
        QVERIFY2(compareGolden(paintAll(flatDiagram(), o), u"flat"_s, 0, 0.0, &why),
                 qPrintable(why));
    }

    void goldenFlatDarkTransparentExact()
    {
        RenderOptions o;
        o.dark = true;
        o.transparent = true;
        QString why;
        QVERIFY2(
            compareGolden(paintAll(flatDiagram(), o), u"flat-dark-transparent"_s, 0, 0.0, &why),
            qPrintable(why));
    }

    // A group outlined in black (the cta-pieces strips, warp tiles) stays visible on the dark
    // theme: its outline's pixel stands out from the background there, and is black on light.
    void groupOutlinesShowOnTheDarkTheme()
    {
        const Diagram d = flatDiagram();
        for (const bool dark : {false, true}) {
            RenderOptions o;
            o.dark = dark;
            o.scale = 2;
            const QImage img = paintAll(d, o);
            const DiagramRenderer r(d, o);
            const lx::DiagramPalette palette = lx::DiagramPalette::forOptions(o);
            // The outline runs along the group's top edge, over the top-left cell's first row.
            const QPoint onOutline = r.geometry().cellRect(0, 0, 0).topLeft() + QPoint(3, 0);
            const QRgb outline = img.pixel(onOutline);
            const int distance = std::abs(qGray(outline) - qGray(palette.background));
            QVERIFY2(distance > 100, qPrintable(u"%1: outline %2 on background %3"_s
                                                    .arg(dark ? u"dark"_s : u"light"_s)
                                                    .arg(qGray(outline))
                                                    .arg(qGray(palette.background))));
            if (!dark)
                QCOMPARE(outline, qRgb(0, 0, 0));
        }
        // The rule itself: ink that vanishes takes the foreground; a coloured outline stays.
        const lx::DiagramPalette darkPalette = lx::DiagramPalette::dark();
        QCOMPARE(lx::visibleOutline(qRgb(40, 40, 40), darkPalette), darkPalette.foreground);
        QCOMPARE(lx::visibleOutline(qRgb(230, 60, 60), darkPalette), qRgb(230, 60, 60));
    }

    void goldenLabelledTolerance()
    {
        // Text rasterisation varies between FreeType versions and fonts: allow 3% of the pixels
        // to differ by more than 96 per channel.
        RenderOptions o;
        o.scale = 1.5;
        QString why;
        QVERIFY2(compareGolden(paintAll(labelledDiagram(), o), u"labelled"_s, 96, 0.03, &why),
                 qPrintable(why));
    }
};

QTEST_MAIN(TestDiagramRenderer)
#include "tst_diagramrenderer.moc"
