// Benchmark: one basis edit through the document, rebuilding and repainting every open view
// (ownership, inverse, matrix, xor, all visible side by side), on 128×128. Measure; assert
// nothing about time. The 1024×1024 and 4096×4096 window benchmarks take minutes and are not part
// of the test run: they are lx_window_bench (tests/bench/qbench_window.cpp).
//
//   QT_QPA_PLATFORM=offscreen ./tests/tst_editbench -tickcounter   (or the default walltime)

#include "openviews.h"

#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

using lx::test::OpenViews;

class TestEditBench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void editRepaintsEveryView()
    {
        OpenViews v(7);
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QVERIFY(v.idle()); // 128 x 128 builds on the window's thread
        // The benchmark is only meaningful when every view shows the layout.
        for (ViewPane *p : std::as_const(v.panes)) {
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
            p->diagramView()->fitToView();
        }
        QBENCHMARK
        {
            if (const QString e = v.edit(); !e.isEmpty())
                QFAIL(qPrintable(e));
            v.repaint();
        }
    }
};

QTEST_MAIN(TestEditBench)
#include "tst_editbench.moc"
