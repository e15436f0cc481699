// Window benchmarks (QBENCHMARK; not part of the test run: `lx_window_bench`, see
// tests/bench/CMakeLists.txt). Measure; assert nothing about time.
//   editOn1024ToPicture      one basis edit until every open view (ownership, inverse, matrix, xor)
//                            of a 1024×1024 layout shows it
//   editOn1024StaysInteractive  what the window's thread spends on that edit
//   open4096                 a 4096×4096 ownership view from the scene to the first painted picture
//   pan4096 / zoom4096       one pan step / one zoom step of that view repainted (fitted, and at
//                            100 % where labels are drawn)
//   fit4096                  Fit of that view from 100 %, repainted
//
//   QT_QPA_PLATFORM=offscreen build/dev/tests/bench/lx_window_bench [-tickcounter]

#include "openviews.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QScrollBar>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

using lx::test::OpenViews;

class WindowBench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void editOn1024StaysInteractive()
    {
        OpenViews v(10);
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
        for (ViewPane *p : std::as_const(v.panes))
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
        QBENCHMARK
        {
            if (const QString e = v.edit(); !e.isEmpty())
                QFAIL(qPrintable(e));
            v.repaint();
        }
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
    }

    void editOn1024ToPicture()
    {
        OpenViews v(10);
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
        QBENCHMARK
        {
            if (const QString e = v.edit(); !e.isEmpty())
                QFAIL(qPrintable(e));
            QVERIFY(v.waitIdle());
            v.repaint();
        }
    }

    void open4096()
    {
        QBENCHMARK
        {
            OpenViews v(12, {u"ownership"_s}, QSize(1280, 800));
            QVERIFY(QTest::qWaitForWindowExposed(&v.window));
            QVERIFY(v.waitIdle());
            QVERIFY2(v.panes[0]->errorText().isEmpty(), qPrintable(v.panes[0]->errorText()));
            v.repaint();
        }
    }

    void pan4096_data()
    {
        QTest::addColumn<bool>("fitted");
        QTest::newRow("fitted") << true;
        QTest::newRow("100%") << false;
    }
    void pan4096()
    {
        QFETCH(bool, fitted);
        OpenViews v(12, {u"ownership"_s}, QSize(1280, 800));
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
        DiagramView *view = v.panes[0]->diagramView();
        if (fitted)
            view->setScale(4 * double(view->viewport()->width()) / view->geometry().size().width() *
                           view->scale()); // a quarter of the width in view: 4-px cells
        else
            view->setScale(1.0);
        QScrollBar *h = view->horizontalScrollBar();
        int step = 40;
        QBENCHMARK
        {
            if (h->value() + step > h->maximum() || h->value() + step < 0)
                step = -step;
            h->setValue(h->value() + step);
            view->viewport()->repaint();
        }
    }

    // Fit (F) of that view: the bisection for the largest scale at which it fits with its text
    // at the window's floor.
    void fit4096()
    {
        OpenViews v(12, {u"ownership"_s}, QSize(1280, 800));
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
        DiagramView *view = v.panes[0]->diagramView();
        QBENCHMARK
        {
            view->setScale(1.0);
            view->fitToView();
            view->viewport()->repaint();
        }
    }

    void zoom4096()
    {
        OpenViews v(12, {u"ownership"_s}, QSize(1280, 800));
        QVERIFY(QTest::qWaitForWindowExposed(&v.window));
        QTRY_VERIFY_WITH_TIMEOUT(v.idle(), 60000);
        DiagramView *view = v.panes[0]->diagramView();
        view->fitToView();
        bool in = true;
        int steps = 0;
        QBENCHMARK
        {
            if (in)
                view->zoomIn();
            else
                view->zoomOut();
            if (++steps % 8 == 0)
                in = !in;
            view->viewport()->repaint();
        }
    }
};

QTEST_MAIN(WindowBench)
#include "qbench_window.moc"
