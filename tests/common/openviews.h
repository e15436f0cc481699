#pragma once

// The rig of the edit benchmarks (tst_editbench, lx_window_bench): a side x side layout whose
// views are shown side by side in a window, with one edit that always changes it.

#include "models/layoutdocument.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QGridLayout>
#include <QStringList>

#include <utility>
#include <vector>

namespace lx::test {

using namespace Qt::StringLiterals;

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

} // namespace lx::test
