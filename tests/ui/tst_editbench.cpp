// Benchmark: one basis edit through the document, rebuilding and repainting every open view
// (ownership, inverse, matrix, xor, all visible side by side), on 128×128. Measure; assert
// nothing about time. The 1024×1024 and 4096×4096 window benchmarks take minutes and are not part
// of the test run: they are lx_window_bench (tests/bench/qbench_window.cpp).
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

// A document with the views of sceneOfSide(sideBits) shown side by side in a window.
struct OpenViews
{
    LayoutDocument doc;
    QWidget window;
    QList<ViewPane *> panes;

    explicit OpenViews(int sideBits)
    {
        doc.reset(sceneOfSide(sideBits));
        auto *grid = new QGridLayout(&window);
        for (int i = 0; i < int(doc.views().size()); ++i) {
            auto *pane = new ViewPane(&doc, i, &window);
            grid->addWidget(pane, i / 2, i % 2);
            panes.append(pane);
        }
        window.resize(1600, 1000);
        window.show();
    }
    // No view is waiting for a worker's diagram.
    bool idle() const
    {
        for (ViewPane *p : panes)
            if (p->isBusy())
                return false;
        return true;
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
