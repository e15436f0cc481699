// Window benchmarks (QBENCHMARK; not part of the test run: `lx_window_bench`, see
// tests/bench/CMakeLists.txt). Measure; assert nothing about time.
//   editOn1024ToPicture      one basis edit until every open view (ownership, inverse, matrix, xor)
//                            of a 1024×1024 layout shows it
//   editOn1024StaysInteractive  what the window's thread spends on that edit
//   open4096                 a 4096×4096 ownership view from the scene to the first painted picture
//   pan4096 / zoom4096       one pan step / one zoom step of that view repainted (fitted, and at
//                            100 % where labels are drawn)
//
//   QT_QPA_PLATFORM=offscreen build/dev/tests/bench/lx_window_bench [-tickcounter]

#include "models/layoutdocument.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QGridLayout>
#include <QScrollBar>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// side x side (side = 2^sideBits): register bits first, then lane 2^5, warp 2^5, each basis the
// next out bit in order (dim0 bits, then dim1 bits): a bijection.
SceneContents sceneOfSide(int sideBits, const QStringList &kinds)
{
    LinearLayout::BasesT bases;
    int next = 0;
    const int side = 1 << sideBits;
    for (const auto &[name, bits] :
         {std::pair{"register", 2 * sideBits - 10}, {"lane", 5}, {"warp", 5}}) {
        std::vector<LinearLayout::Basis> bs;
        for (int b = 0; b < bits; ++b, ++next)
            bs.push_back(next < sideBits ? LinearLayout::Basis{1 << next, 0}
                                         : LinearLayout::Basis{0, 1 << (next - sideBits)});
        bases.emplace_back(name, std::move(bs));
    }
    SceneContents s;
    s.layouts.append({u"L"_s,
                      *LinearLayout::tryCreate(bases, {{"dim0", side}, {"dim1", side}}, false),
                      {},
                      {},
                      {},
                      nullptr});
    for (const QString &kind : kinds)
        s.views.append({kind, u"L"_s, {}});
    return s;
}

const QStringList kEveryView = {u"ownership"_s, u"inverse"_s, u"matrix"_s, u"xor"_s};

// A document with the views of a scene shown side by side in a window.
struct OpenViews
{
    LayoutDocument doc;
    QWidget window;
    QList<ViewPane *> panes;

    explicit OpenViews(int sideBits, const QStringList &kinds = kEveryView,
                       QSize size = QSize(1600, 1000))
    {
        doc.reset(sceneOfSide(sideBits, kinds));
        auto *grid = new QGridLayout(&window);
        for (int i = 0; i < int(doc.views().size()); ++i) {
            auto *pane = new ViewPane(&doc, i, &window);
            grid->addWidget(pane, i / 2, i % 2);
            panes.append(pane);
        }
        window.resize(size);
        window.show();
    }
    bool idle() const
    {
        for (ViewPane *p : panes)
            if (p->isBusy())
                return false;
        return true;
    }
    // Runs the event loop until every view has its diagram, waking on each event (a finished
    // build posts one) rather than polling: QTRY_VERIFY's 50 ms steps would be measured too.
    bool waitIdle(int timeoutMs = 60000) const
    {
        QElapsedTimer t;
        t.start();
        QEventLoop loop;
        while (!idle() && t.elapsed() < timeoutMs)
            loop.processEvents(QEventLoop::WaitForMoreEvents);
        return idle();
    }
    // register basis 0 alternates between [1,0] and [1,1]: always valid, always a change.
    QString edit()
    {
        m_value ^= 1;
        return doc.setBasisComponent(0, u"register"_s, 0, 1, m_value);
    }
    void repaint()
    {
        for (ViewPane *p : std::as_const(panes))
            p->diagramView()->viewport()->repaint();
    }

private:
    int m_value = 0;
};

} // namespace

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
