// DiagramView: on-screen pixels equal the PNG export; hover, click, zoom and highlight.

#include "render/exporter.h"
#include "render/palette.h"
#include "widgets/diagramview.h"

#include <QApplication>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

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

        o.scale = scale;
        o.highlightedElement = highlight;
        const QImage png = lx::renderImage(view.diagram(), o);
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
        const QImage shot =
            view.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32_Premultiplied);
        QCOMPARE(shot.copy(QRect(QPoint(0, 0), vp)), png.copy(QRect(QPoint(57, 33), vp)));
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
        QVERIFY(view.geometry().size().width() <= view.viewport()->width());
        QVERIFY(view.geometry().size().height() <= view.viewport()->height());
        view.setScale(1000);
        QCOMPARE(view.scale(), DiagramView::kMaxScale);
    }
};

QTEST_MAIN(TestDiagramView)
#include "tst_diagramview.moc"
