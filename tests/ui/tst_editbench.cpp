// Benchmark: one basis edit on a 128×128 layout, through the document, rebuilding and repainting
// every open view (all visible side by side). Measures; asserts nothing about time.
//
//   QT_QPA_PLATFORM=offscreen ./tests/tst_editbench -tickcounter   (or the default walltime)

#include "models/layoutdocument.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"

#include <QGridLayout>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// side x side (side = 2^sideBits): register bits first, then lane 2^5, warp 2^5, each basis the
// next out bit in order (dim0 bits, then dim1 bits): a bijection.
SceneContents sceneOfSide(int sideBits)
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
    // Every view kind that shows one distributed layout without further options.
    for (const QString &kind : {u"ownership"_s, u"inverse"_s, u"matrix"_s, u"xor"_s})
        s.views.append({kind, u"L"_s, {}});
    return s;
}

} // namespace

class TestEditBench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void editRepaintsEveryView()
    {
        LayoutDocument doc;
        doc.reset(sceneOfSide(7));
        QWidget window;
        auto *grid = new QGridLayout(&window);
        QList<ViewPane *> panes;
        for (int i = 0; i < int(doc.views().size()); ++i) {
            auto *pane = new ViewPane(&doc, i, &window);
            grid->addWidget(pane, i / 2, i % 2);
            panes.append(pane);
        }
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The benchmark is only meaningful when every view shows the layout.
        for (ViewPane *p : std::as_const(panes))
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));
        for (ViewPane *p : std::as_const(panes))
            p->diagramView()->fitToView();

        // register basis 0 alternates between [1,0] and [1,1]: always valid, always a change.
        int value = 0;
        QBENCHMARK
        {
            value ^= 1;
            const QString e = doc.setBasisComponent(0, u"register"_s, 0, 1, value);
            if (!e.isEmpty())
                QFAIL(qPrintable(e));
            for (ViewPane *p : std::as_const(panes))
                p->diagramView()->viewport()->repaint();
        }
    }

    // 1024 x 1024: the views are built on worker threads. What the window's thread spends on an
    // edit (the document change, scheduling every view's build, repainting the old pictures) is
    // what keeps it interactive; edit-to-picture latency is measured separately below.
    void editOn1024StaysInteractive()
    {
        LayoutDocument doc;
        doc.reset(sceneOfSide(10));
        QWidget window;
        auto *grid = new QGridLayout(&window);
        QList<ViewPane *> panes;
        for (int i = 0; i < int(doc.views().size()); ++i) {
            auto *pane = new ViewPane(&doc, i, &window);
            grid->addWidget(pane, i / 2, i % 2);
            panes.append(pane);
        }
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto idle = [&] {
            for (ViewPane *p : std::as_const(panes))
                if (p->isBusy())
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(idle(), 60000);
        for (ViewPane *p : std::as_const(panes))
            QVERIFY2(p->errorText().isEmpty(), qPrintable(p->errorText()));

        int value = 0;
        QBENCHMARK
        {
            value ^= 1;
            const QString e = doc.setBasisComponent(0, u"register"_s, 0, 1, value);
            if (!e.isEmpty())
                QFAIL(qPrintable(e));
            for (ViewPane *p : std::as_const(panes))
                p->diagramView()->viewport()->repaint();
        }
        QTRY_VERIFY_WITH_TIMEOUT(idle(), 60000);
    }

    void editOn1024ToPicture()
    {
        LayoutDocument doc;
        doc.reset(sceneOfSide(10));
        QWidget window;
        auto *grid = new QGridLayout(&window);
        QList<ViewPane *> panes;
        for (int i = 0; i < int(doc.views().size()); ++i) {
            auto *pane = new ViewPane(&doc, i, &window);
            grid->addWidget(pane, i / 2, i % 2);
            panes.append(pane);
        }
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto idle = [&] {
            for (ViewPane *p : std::as_const(panes))
                if (p->isBusy())
                    return false;
            return true;
        };
        QTRY_VERIFY_WITH_TIMEOUT(idle(), 60000);
        int value = 0;
        QBENCHMARK
        {
            value ^= 1;
            const QString e = doc.setBasisComponent(0, u"register"_s, 0, 1, value);
            if (!e.isEmpty())
                QFAIL(qPrintable(e));
            QTRY_VERIFY_WITH_TIMEOUT(idle(), 60000);
        }
    }
};

QTEST_MAIN(TestEditBench)
#include "tst_editbench.moc"
