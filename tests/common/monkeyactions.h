#pragma once

// The monkey's direct-manipulation and kernel actions (declared in monkey.h): a warp tile dragged
// in a cta-tiles view with synthesized mouse events, and a Kernel dock suggestion applied and
// the patched module saved.

#include "models/ctaedit.h"
#include "monkey.h"

#include <QFile>
#include <QScrollBar>

namespace lx::test {

// The layout a drag adds to a scene without a ctaLayout: fig8's ctaLayout on a 4x4-tile C.
inline const QString kCtaText =
    u"#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, 0]]}, "
    u"instrShape = [16, 16, 32]}>"_s;

// A cta-tiles view of a WMMA ctaLayout, added with its layout when the scene has none.
inline void Monkey::addTilesView()
{
    LayoutDocument *doc = m_w.document();
    if (doc->views().size() >= kMaxViews)
        return note(u"drag: enough views"_s);
    int li = -1;
    for (int i = 0; i < doc->layoutCount() && li < 0; ++i)
        if (ctaFieldsOf(doc->layoutAt(i)))
            li = i;
    if (li < 0) {
        if (doc->layoutCount() >= kMaxLayouts)
            return note(u"drag: enough layouts"_s);
        const QString name = doc->uniqueLayoutName(u"W"_s);
        note(u"drag: add a ctaLayout %1"_s.arg(name));
        QCOMPARE(m_w.addTextLayout(name, kCtaText, {64, 64}, u"f16"_s), QString());
        li = doc->indexOfLayout(name);
    }
    m_w.setCurrentLayoutIndex(li);
    for (QAction *a : m_addView)
        if (a->data().toString() == u"cta-tiles"_s)
            a->trigger();
    note(u"drag: a cta-tiles view of %1"_s.arg(doc->layoutAt(li).name));
    settle();
}

// A cta-tiles view to the front (the current tab, else the first such tab, else one added:
// addTilesView); a warp tile pressed, dragged onto a random
// cell of C (now and then a strip) and released. Then either the warp basis is that tile's
// [M, N] in one more undo step, or nothing changed and, for a drop elsewhere, the view says why.
inline void Monkey::actDrag()
{
    const auto isTiles = [this](const ViewPane *p) {
        const QList<DocumentView> &views = m_w.document()->views();
        return p && p->viewIndex() >= 0 && p->viewIndex() < int(views.size()) &&
               views.at(p->viewIndex()).kind == u"cta-tiles"_s;
    };
    // A tab whose view draws warp bases: the current one, else the first, else one added.
    const auto drawsBases = [&](ViewPane *p) { return isTiles(p) && !p->warpHandles().empty(); };
    const auto find = [&]() -> ViewPane * {
        if (drawsBases(m_w.currentViewPane()))
            return m_w.currentViewPane();
        for (ViewPane *p : m_w.viewPanes())
            if (drawsBases(p))
                return p;
        return nullptr;
    };
    ViewPane *pane = find();
    if (!pane) {
        addTilesView();
        pane = find();
    }
    if (!pane)
        return note(u"drag: no cta-tiles view draws a warp basis"_s);
    m_tabs->setCurrentWidget(pane);
    settle();
    const std::vector<CtaWarpHandle> handles = pane->warpHandles();
    const CtaWarpHandle h = handles.at(size_t(below(int(handles.size()))));
    DiagramView *view = pane->diagramView();
    const DiagramPanel &panel = view->diagram().panels.at(0);
    // Mostly a tile at 0 or a power of two along each axis (a basis the ctaLayout can keep),
    // else any tile of C, now and then a strip.
    const auto pick = [this](int tiles) {
        int k = 0;
        while ((2 << k) <= tiles - 1 && chance(50))
            ++k;
        return chance(60) ? (chance(25) ? 0 : 1 << k) : below(tiles);
    };
    const int toRow = chance(10) ? 0 : 1 + std::min(pick(panel.rows() - 1), panel.rows() - 2);
    const int toCol = 1 + std::min(pick(panel.columns() - 1), panel.columns() - 2);
    // Both cells on screen: scrolled to the first, the second where it then is.
    const DiagramGeometry &g = view->geometry();
    const QRect from = g.cellRect(0, h.tileM + 1, h.tileN + 1);
    view->horizontalScrollBar()->setValue(from.center().x() - view->viewport()->width() / 2);
    view->verticalScrollBar()->setValue(from.center().y() - view->viewport()->height() / 2);
    const QPoint scroll(view->horizontalScrollBar()->value(), view->verticalScrollBar()->value());
    const QPoint a = from.center() - scroll;
    const QPoint b = g.cellRect(0, toRow, toCol).center() - scroll;
    const DiagramHit atA = view->hitAt(a), atB = view->hitAt(b);
    if (atA.row != h.tileM + 1 || atA.col != h.tileN + 1 || !atB.isValid())
        return note(u"drag: the tiles are not both on screen"_s);
    LayoutDocument *doc = m_w.document();
    const int li = pane->layoutIndex();
    const DocumentLayout before = doc->layoutAt(li);
    const int index = doc->undoStack()->index();
    note(u"drag warp basis %1 of %2 from tile (%3, %4) to cell (%5, %6)"_s.arg(h.bit)
             .arg(before.name)
             .arg(h.tileM)
             .arg(h.tileN)
             .arg(atB.row)
             .arg(atB.col));
    QWidget *vp = view->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, a);
    for (int i = 1; i <= 3; ++i)
        QTest::mouseMove(vp, a + (b - a) * i / 3);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, b);
    settle();
    const DocumentLayout &after = doc->layoutAt(li);
    if (after == before) {
        QCOMPARE(doc->undoStack()->index(), index);
        if (atB.panel == 0 && (atB.row != atA.row || atB.col != atA.col))
            QVERIFY2(!pane->editMessage().isEmpty(), "a refused drop says nothing");
        return;
    }
    QCOMPARE(doc->undoStack()->index(), index + 1);
    const std::vector<int32_t> moved{atB.row - 1, atB.col - 1};
    QCOMPARE(after.attr->as<AmdWmmaAttr>()->ctaWarp.at(size_t(h.bit)), moved);
}

// "Suggest for this op" on a random op of the open kernel, its Apply clicked: the module text
// changes and is analysed again (the op table is filled); now and then Save Patched Module
// writes exactly the scene's module text.
inline void Monkey::actKernelApply()
{
    KernelDock *dock = m_w.kernelDock();
    const int rows = dock->model()->rowCount();
    if (rows == 0)
        return note(u"kernel apply: no kernel"_s);
    const int row = below(rows);
    if (const QString e = dock->suggestForOp(row); !e.isEmpty())
        return note(u"kernel apply: nothing for op %1 (%2)"_s.arg(row).arg(e.left(60)));
    auto *apply = dock->findChild<QPushButton *>(u"kernelApplyAdvice"_s);
    QVERIFY(apply);
    const QString before = m_w.document()->contents().kernelText;
    note(
        u"kernel apply: op %1%2"_s.arg(row).arg(apply->isEnabled() ? QString() : u" (disabled)"_s));
    if (apply->isEnabled())
        apply->click();
    settle();
    const QString after = m_w.document()->contents().kernelText;
    if (after != before)
        QVERIFY2(dock->model()->rowCount() > 0, "the patched module was not analysed again");
    if (chance(50)) {
        const QString path = m_dir.filePath(u"patched.ttgir"_s);
        QCOMPARE(dock->savePatchedModule(path), QString());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(f.readAll()), after);
    }
}

} // namespace lx::test
