// DiagramView: on-screen pixels equal the PNG export; hover, click, zoom and highlight.

#include "render/exporter.h"
#include "render/palette.h"
#include "widgets/diagramview.h"

#include <QApplication>
#include <QCursor>
#include <QPainter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QWheelEvent>

#include <cmath>

using namespace Qt::StringLiterals;
using lx::Diagram;
using lx::DiagramView;
using lx::RenderOptions;

namespace {

Diagram sampleDiagram()
{
    Diagram d;
    d.title = u"View"_s;
    auto &a = d.addPanel(6, 8);
    for (int r = 0; r < 6; ++r) {
        a.rowHeaders << QString::number(r);
        for (int c = 0; c < 8; ++c) {
            a.cell(r, c).fill = lx::categoricalColor(r + c, 14);
            a.cell(r, c).elementId = r * 8 + c;
            a.setText(r, c, u"T%1"_s.arg(c));
            a.setTooltip(r, c, u"cell %1,%2"_s.arg(r).arg(c));
        }
    }
    auto &b = d.addPanel(2, 2);
    b.cell(1, 1).elementId = 9; // the same element as panel 0's (1, 1)
    b.cell(1, 1).fill = qRgb(200, 200, 200);
    d.legend.push_back({lx::categoricalColor(0, 14), u"legend"_s});
    return d;
}

// A 48×64 grid: large enough that a zoom scrolls, with row headers and axis labels whose
// widths do not scale exactly linearly.
Diagram gridDiagram()
{
    Diagram d;
    d.title = u"Grid"_s;
    d.subtitle = u"rows: dim0, columns: dim1"_s;
    auto &a = d.addPanel(48, 64);
    a.rowAxisLabel = u"dim0"_s;
    a.columnAxisLabel = u"dim1"_s;
    for (int r = 0; r < 48; ++r)
        a.rowHeaders << QString::number(r);
    for (int c = 0; c < 64; ++c) {
        a.columnHeaders << QString::number(c);
        for (int r = 0; r < 48; ++r)
            a.cell(r, c).fill = lx::categoricalColor(r + c, 14);
    }
    return d;
}

// Where `viewportPos` falls inside the cell under it, as a fraction of the cell (x, y in
// [0, 1)), and which cell that is.
struct CellPoint
{
    lx::DiagramHit hit;
    QPointF fraction;
};
CellPoint cellPointAt(const DiagramView &view, QPoint viewportPos)
{
    CellPoint p;
    p.hit = view.hitAt(viewportPos);
    if (!p.hit.isValid())
        return p;
    const QRect cell = view.geometry().cellRect(p.hit.panel, p.hit.row, p.hit.col);
    const QPoint at = viewportPos + QPoint(view.horizontalScrollBar()->value(),
                                           view.verticalScrollBar()->value());
    p.fraction = QPointF(double(at.x() - cell.left()) / cell.width(),
                         double(at.y() - cell.top()) / cell.height());
    return p;
}

void ctrlWheel(DiagramView &view, QPoint pos, int steps)
{
    QWheelEvent e(QPointF(pos), QPointF(view.viewport()->mapToGlobal(pos)), QPoint(),
                  QPoint(0, 120 * steps), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase,
                  false);
    QCoreApplication::sendEvent(view.viewport(), &e);
}

// Grabs what the view shows of the diagram (top-left aligned at scroll 0).
QImage grabDiagram(DiagramView &view, QSize size)
{
    const QImage shot =
        view.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
    return shot.copy(QRect(QPoint(0, 0), size));
}

} // namespace

class TestDiagramView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void screenEqualsPngExport_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("dark");
        QTest::addColumn<qint64>("highlight");
        QTest::newRow("scale 1") << 1.0 << false << qint64(-1);
        QTest::newRow("scale 1.75 with a highlight") << 1.75 << false << qint64(9);
        QTest::newRow("scale 0.6 dark") << 0.6 << true << qint64(-1);
    }
    void screenEqualsPngExport()
    {
        QFETCH(double, scale);
        QFETCH(bool, dark);
        QFETCH(qint64, highlight);
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(sampleDiagram());
        RenderOptions o;
        o.dark = dark;
        view.setRenderOptions(o);
        view.setScale(scale, QPoint(0, 0));
        view.setHighlightedElement(highlight);
        const QSize size = view.geometry().size();
        view.resize(size + QSize(40, 40)); // everything visible, no scrolling
        QCOMPARE(view.horizontalScrollBar()->value(), 0);

        // The window's options: the ones given, its scale and highlight, and its text floor.
        const RenderOptions shown = view.renderOptions();
        QCOMPARE(shown.scale, scale);
        QCOMPARE(shown.highlightedElement, highlight);
        QCOMPARE(shown.minTextPx, DiagramView::kMinTextPx);
        QCOMPARE(shown.minCellTextPx, lx::DiagramRenderer::kMinTextPixelSize);
        const QImage png = lx::renderImage(view.diagram(), shown);
        QCOMPARE(png.size(), size);
        QCOMPARE(grabDiagram(view, size), png);
    }

    void scrolledScreenEqualsPngRegion()
    {
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(sampleDiagram());
        view.setScale(2.0, QPoint(0, 0));
        view.resize(180, 140);
        view.show(); // resize events of hidden widgets are deferred until shown
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.horizontalScrollBar()->setValue(57);
        view.verticalScrollBar()->setValue(33);
        RenderOptions o;
        o.scale = 2.0;
        const QImage png = lx::renderImage(view.diagram(), o);
        const QSize vp = view.viewport()->size();
        QImage shot =
            view.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
        shot = shot.copy(QRect(QPoint(0, 0), vp));
        QImage region = png.copy(QRect(QPoint(57, 33), vp));
        // Scrolled 57 px right, the row headers are out of sight: a frozen band along the left
        // edge repeats them over the cells. Everywhere else the screen is the PNG.
        const std::vector<QRect> bands = view.frozenHeaderBands();
        QCOMPARE(bands.size(), size_t(1));
        const QRect band = bands.front();
        QCOMPARE(band.left(), 0);
        QVERIFY(band.width() > 0 && band.width() < vp.width() / 2);
        QVERIFY(shot.copy(band) != region.copy(band));
        QPainter mask(&region);
        mask.fillRect(band, Qt::black);
        mask.end();
        QPainter maskShot(&shot);
        maskShot.fillRect(band, Qt::black);
        maskShot.end();
        QCOMPARE(shot, region);
    }

    // Frozen headers: none while the headers are in view; scrolled down a long grid, the column
    // headers stay at the top, show the columns in view, and cover the cells (no hit there).
    void frozenHeadersFollowTheScroll()
    {
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(gridDiagram());
        view.resize(400, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.frozenHeaderBands().empty());
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum() / 2);
        std::vector<QRect> bands = view.frozenHeaderBands();
        QCOMPARE(bands.size(), size_t(1));
        const QRect top = bands.front();
        QCOMPARE(top.top(), 0);
        QVERIFY(top.width() > view.viewport()->width() / 2);
        QVERIFY(!view.hitAt(top.center()).isValid());
        QVERIFY(view.hitAt(top.center() + QPoint(0, top.height() + 4)).isValid());
        // The band shows text: pixels that are neither the background nor a cell fill.
        const QImage shot = view.viewport()->grab().toImage();
        const QRgb bg = lx::DiagramPalette::light().background;
        int ink = 0, background = 0;
        for (int y = top.top(); y <= top.bottom(); ++y)
            for (int x = top.left(); x <= top.right(); ++x)
                (shot.pixel(x, y) == bg ? background : ink) += 1;
        QVERIFY2(background > ink && ink > 0,
                 qPrintable(u"%1 ink, %2 bg"_s.arg(ink).arg(background)));
        // Scrolled right as well: the row headers freeze too.
        view.horizontalScrollBar()->setValue(view.horizontalScrollBar()->maximum() / 2);
        bands = view.frozenHeaderBands();
        QCOMPARE(bands.size(), size_t(2));
    }

    // The window's text floor is not a cell-label floor: a label that fits at 9 px is drawn in
    // the window (a fitted figure, whose floor covers labels too, leaves it out).
    void windowKeepsSmallCellLabels()
    {
        Diagram d = sampleDiagram();
        d.cellSize = QSizeF(34, 34);
        DiagramView view;
        view.setDiagram(d);
        const lx::DiagramRenderer shown(view.diagram(), view.renderOptions());
        const int px = shown.cellTextPixelSize(0, 1, 5); // "R8191" in a 34 px cell
        QVERIFY2(px > 0 && px < DiagramView::kMinTextPx, qPrintable(QString::number(px)));
        RenderOptions fitted;
        fitted.minTextPx = DiagramView::kMinTextPx;
        QCOMPARE(lx::DiagramRenderer(d, fitted).cellTextPixelSize(0, 1, 5), 0);
    }

    // Fit keeps the text floor: a grid too large to read at its fitted scale keeps its title,
    // headers and legend at 10 px or more, and all of it still fits.
    void fitKeepsTextReadable()
    {
        Diagram d = gridDiagram();
        d.legend.push_back({lx::categoricalColor(0, 14), u"a legend entry to read"_s});
        DiagramView view;
        view.setDiagram(d);
        view.resize(500, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitToView();
        QVERIFY(view.scale() < 0.5);
        QCOMPARE(view.geometry().textPx(lx::diagramstyle::kHeaderPx), DiagramView::kMinTextPx);
        QVERIFY(view.geometry().textPx(lx::diagramstyle::kTitlePx) >= DiagramView::kMinTextPx);
        // The legend's swatches keep the proportion of its text, not of the cells.
        QCOMPARE(view.geometry().legendItems().size(), size_t(1));
        QVERIFY(view.geometry().legendItems().front().swatch.width() >= 10);
        QTRY_VERIFY(view.geometry().size().width() <= view.viewport()->width());
        QTRY_VERIFY(view.geometry().size().height() <= view.viewport()->height());
        // Without the floor the same fit would draw the headers at a few pixels.
        RenderOptions linear;
        linear.scale = view.scale();
        QVERIFY(lx::DiagramGeometry::compute(d, linear).textPx(lx::diagramstyle::kHeaderPx) <
                DiagramView::kMinTextPx);
    }

    void hoverAndClickSignals()
    {
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(sampleDiagram());
        view.resize(view.geometry().size() + QSize(20, 20));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy hovered(&view, &DiagramView::cellHovered);
        QSignalSpy clicked(&view, &DiagramView::cellClicked);
        const QPoint centre = view.geometry().cellRect(0, 1, 1).center();
        QTest::mouseMove(view.viewport(), centre);
        QTRY_COMPARE(hovered.count(), 1);
        QCOMPARE(hovered.at(0).at(0).toInt(), 0);
        QCOMPARE(hovered.at(0).at(1).toInt(), 1);
        QCOMPARE(hovered.at(0).at(2).toInt(), 1);
        QCOMPARE(hovered.at(0).at(3).toLongLong(), qint64(9));
        // Moving inside the same cell emits nothing new.
        QTest::mouseMove(view.viewport(), centre + QPoint(1, 1));
        QCOMPARE(hovered.count(), 1);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, centre);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(3).toLongLong(), qint64(9));
        // Outside every cell: panel -1.
        QTest::mouseMove(view.viewport(), QPoint(1, 1));
        QCOMPARE(hovered.count(), 2);
        QCOMPARE(hovered.at(1).at(0).toInt(), -1);
        // Tooltip text comes from the cell.
        QCOMPARE(view.diagram().panels[0].tooltip(1, 1), u"cell 1,1"_s);
    }

    // The wheel scrolls the picture under a resting cursor: the hover follows the cell now
    // under it (the status bar would otherwise name a cell scrolled away).
    void hoverFollowsTheScroll()
    {
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(gridDiagram());
        view.resize(300, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy hovered(&view, &DiagramView::cellHovered);
        const QPoint at = view.geometry().cellRect(0, 3, 3).center();
        QCursor::setPos(view.viewport()->mapToGlobal(at));
        QTest::mouseMove(view.viewport(), at);
        QTRY_VERIFY(hovered.count() >= 1);
        QCOMPARE(hovered.last().at(1).toInt(), 3);
        const int rowHeight =
            view.geometry().cellRect(0, 4, 3).top() - view.geometry().cellRect(0, 3, 3).top();
        view.verticalScrollBar()->setValue(view.verticalScrollBar()->value() + 2 * rowHeight);
        QTRY_COMPARE(hovered.last().at(1).toInt(), 5);
        QCOMPARE(hovered.last().at(2).toInt(), 3);
    }

    // A subtitle wider than the view wraps to its width (read without scrolling) and unwraps
    // when there is room again; the diagram's own subtitle is kept.
    void subtitleWrapsToTheView()
    {
        Diagram d = sampleDiagram();
        const QString words = u"a subtitle of many words that says what the view shows and why"_s;
        d.subtitle = words;
        DiagramView view;
        view.setFrameShape(QFrame::NoFrame);
        view.setDiagram(d);
        view.resize(160, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY(view.diagram().subtitle.contains(u'\n'));
        QCOMPARE(QString(view.diagram().subtitle).replace(u'\n', u' '), words);
        QVERIFY(view.geometry().subtitleRect().right() < view.viewport()->width());
        view.resize(1200, 200);
        QTRY_COMPARE(view.diagram().subtitle, words);
    }

    void zoomKeysAndFit()
    {
        DiagramView view;
        view.setDiagram(sampleDiagram());
        view.resize(200, 150);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy scaled(&view, &DiagramView::scaleChanged);
        QTest::keyClick(&view, Qt::Key_Plus);
        QCOMPARE(view.scale(), 1.25);
        QTest::keyClick(&view, Qt::Key_Minus);
        QCOMPARE(view.scale(), 1.0);
        QCOMPARE(scaled.count(), 2);
        view.fitToView();
        QVERIFY(view.scale() < 1.0);
        // The scroll bars are laid out on the next event-loop turn.
        QTRY_VERIFY(view.geometry().size().width() <= view.viewport()->width());
        QTRY_VERIFY(view.geometry().size().height() <= view.viewport()->height());
        view.setScale(1000);
        QCOMPARE(view.scale(), DiagramView::kMaxScale);
    }

    // Fit fills the view: a diagram that fits at 100 % is enlarged, up to the view's size (a
    // figure projected in a lecture hall). Zoomed in, the scroll bars take room from the
    // viewport, which is no reason to fit smaller once they are gone.
    void fitEnlargesADiagramThatFitsAt100()
    {
        DiagramView view;
        view.setDiagram(sampleDiagram());
        const QSize natural = view.geometry().size();
        const int frame = 2 * view.frameWidth();
        view.resize(natural * 2 + QSize(frame + 2, frame + 2));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setScale(4.0);
        QTRY_VERIFY(view.horizontalScrollBar()->isVisible());
        view.fitToView();
        QVERIFY2(view.scale() > 1.8 && view.scale() <= 2.05,
                 qPrintable(QString::number(view.scale())));
        QTRY_VERIFY(view.geometry().size().width() <= view.viewport()->width());
        QTRY_VERIFY(view.geometry().size().height() <= view.viewport()->height());
        QCOMPARE(view.horizontalScrollBar()->value(), 0);
        QCOMPARE(view.verticalScrollBar()->value(), 0);
        QTRY_VERIFY(!view.horizontalScrollBar()->isVisible());
        QTRY_VERIFY(!view.verticalScrollBar()->isVisible());
        // A larger diagram is still fitted below 100 %, all of it in view.
        view.setDiagram(gridDiagram());
        view.setScale(1.0);
        view.fitToView();
        QVERIFY(view.scale() < 1.0);
        QTRY_VERIFY(view.geometry().size().width() <= view.viewport()->width());
        QTRY_VERIFY(view.geometry().size().height() <= view.viewport()->height());
    }

    // Ctrl+wheel zooms about the cursor: the same point of the same cell stays under it, step
    // after step, in and out (within a pixel of rounding).
    void wheelZoomKeepsThePointUnderTheCursor()
    {
        DiagramView view;
        view.setDiagram(gridDiagram());
        view.resize(640, 480);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QPoint cursor(470, 390);
        const CellPoint start = cellPointAt(view, cursor);
        QVERIFY(start.hit.isValid());
        for (int step : {1, 1, 1, 1, 1, -1, -1, 1, -1, -1, -1, -1}) {
            ctrlWheel(view, cursor, step);
            const CellPoint now = cellPointAt(view, cursor);
            const QString where = u"scale %1"_s.arg(view.scale());
            QVERIFY2(now.hit == start.hit, qPrintable(where));
            const QRect cell = view.geometry().cellRect(now.hit.panel, now.hit.row, now.hit.col);
            QVERIFY2(std::abs(now.fraction.x() - start.fraction.x()) * cell.width() <= 1.0,
                     qPrintable(where));
            QVERIFY2(std::abs(now.fraction.y() - start.fraction.y()) * cell.height() <= 1.0,
                     qPrintable(where));
        }
        QCOMPARE(view.scale(), 1.0);
    }

    // The zoom keys keep the point at the view's centre.
    void keyZoomKeepsTheCentre()
    {
        DiagramView view;
        view.setDiagram(gridDiagram());
        view.resize(640, 480);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.horizontalScrollBar()->setValue(300);
        view.verticalScrollBar()->setValue(200);
        const QPoint centre = view.viewport()->rect().center();
        const CellPoint start = cellPointAt(view, centre);
        QVERIFY(start.hit.isValid());
        for (int key : {Qt::Key_Plus, Qt::Key_Plus, Qt::Key_Minus, Qt::Key_Minus, Qt::Key_Minus}) {
            QTest::keyClick(&view, Qt::Key(key));
            const CellPoint now = cellPointAt(view, centre);
            QVERIFY2(now.hit == start.hit, qPrintable(u"scale %1"_s.arg(view.scale())));
        }
    }
};

QTEST_MAIN(TestDiagramView)
#include "tst_diagramview.moc"
