// LabelPlacer: a label takes the first free place it offers; no two labels overlap; a line never
// crosses a label; a caption goes beside its line.

#include "render/labelplacer.h"

#include <QTest>

using namespace lx;

class TestLabelPlacer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void segmentMeetsRect_data()
    {
        QTest::addColumn<QLineF>("line");
        QTest::addColumn<bool>("meets");
        // The rectangle is (10, 10) to (20, 20).
        QTest::newRow("through") << QLineF(0, 15, 30, 15) << true;
        QTest::newRow("inside") << QLineF(12, 12, 18, 18) << true;
        QTest::newRow("one end inside") << QLineF(15, 15, 40, 40) << true;
        QTest::newRow("diagonal short of the corner") << QLineF(0, 15, 15, 0) << false;
        QTest::newRow("diagonal through the corner region") << QLineF(0, 20, 20, 0) << true;
        QTest::newRow("parallel above") << QLineF(0, 5, 30, 5) << false;
        QTest::newRow("vertical beside") << QLineF(25, 0, 25, 30) << false;
        QTest::newRow("stops short") << QLineF(0, 15, 9, 15) << false;
    }
    void segmentMeetsRect()
    {
        QFETCH(QLineF, line);
        QFETCH(bool, meets);
        QCOMPARE(lx::segmentMeetsRect(line, QRectF(10, 10, 10, 10)), meets);
    }

    void labelsNeverOverlap()
    {
        LabelPlacer placer;
        const QRectF a(0, 0, 50, 10);
        QVERIFY(placer.place({a}) == a);
        // The same place is taken: the second offers it first, gets its second choice.
        const QRectF b(0, 20, 50, 10);
        QVERIFY(placer.place({a, b}) == b);
        // Nothing free: not placed.
        QVERIFY(!placer.place({a.translated(10, 0), b.translated(0, 5)}));
    }

    void fixedTextIsAvoided()
    {
        LabelPlacer placer;
        placer.addFixed(QRectF(0, 0, 100, 20));
        QVERIFY(!placer.isFree(QRectF(90, 10, 30, 10)));
        QVERIFY(placer.isFree(QRectF(101, 10, 30, 10)));
    }

    void linesAreAvoidedUnlessAllowed()
    {
        LabelPlacer placer;
        placer.addLine(QLineF(50, 0, 50, 100), 2);
        const QRectF across(40, 40, 20, 10);
        QVERIFY(!placer.isFree(across));
        QVERIFY(placer.isFree(across, false));
        QVERIFY(placer.isFree(QRectF(52, 40, 20, 10)));
        placer.addOutline(QRectF(100, 100, 50, 50));
        QVERIFY(!placer.isFree(QRectF(140, 120, 20, 10)));
        QVERIFY(placer.isFree(QRectF(110, 120, 20, 10))); // inside the outline, off its edges
    }

    // The caption of a vertical arrow goes to its right (then left), never across it; of a
    // horizontal line, above it (then below).
    void captionsGoBesideTheirLine()
    {
        const QSizeF size(40, 10);
        const auto vertical = LabelPlacer::besideLine(QPointF(100, 0), QPointF(100, 200), size, 3);
        QCOMPARE(vertical.front(), QRectF(103, 95, 40, 10));
        QCOMPARE(vertical.at(1), QRectF(57, 95, 40, 10));
        const auto flat = LabelPlacer::besideLine(QPointF(0, 50), QPointF(200, 50), size, 3);
        QCOMPARE(flat.front(), QRectF(80, 37, 40, 10));
        QCOMPARE(flat.at(1), QRectF(80, 53, 40, 10));
        LabelPlacer placer;
        placer.addLine(QLineF(100, 0, 100, 200), 2);
        for (const QRectF &r : vertical)
            QVERIFY(placer.isFree(r));
    }
};

QTEST_MAIN(TestLabelPlacer)
#include "tst_labelplacer.moc"
