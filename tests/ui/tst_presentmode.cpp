// View > Present in the window: its own key, the current view alone on the whole screen,
// fitted above 100 % with larger text, the arrow keys walking the steps of a multi-step view and
// then the scene's views, and Esc bringing every panel back as it was.

#include "models/ctaedit.h"
#include "models/layoutdocument.h"
#include "render/diagramrenderer.h"
#include "render/exporter.h"
#include "scratchsettings.h"
#include "widgets/diagramview.h"
#include "widgets/mainwindow.h"
#include "widgets/presentmode.h"
#include "widgets/viewpane.h"

#include <QAction>
#include <QDockWidget>
#include <QMenuBar>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>
#include <QToolBar>

#include <map>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// What leaving must bring back: each dock's and toolbar's visibility, place and floating, and
// the bars around the views.
struct Arrangement
{
    std::map<QString, QString> docks;
    bool menuBar = false;
    bool statusBar = false;
    bool tabBar = false;
    Qt::WindowStates state;

    static Arrangement of(MainWindow &w)
    {
        Arrangement a;
        for (QDockWidget *d : w.findChildren<QDockWidget *>())
            a.docks[d->objectName()] = u"%1 area %2 floating %3"_s.arg(d->isHidden() ? 0 : 1)
                                           .arg(int(w.dockWidgetArea(d)))
                                           .arg(d->isFloating() ? 1 : 0);
        for (QToolBar *t : w.findChildren<QToolBar *>())
            a.docks[u"toolbar "_s + t->objectName() + u" in "_s + t->parent()->objectName()] =
                u"%1"_s.arg(t->isHidden() ? 0 : 1);
        a.menuBar = !w.menuBar()->isHidden();
        a.statusBar = !w.statusBar()->isHidden();
        a.tabBar = !w.viewTabs()->tabBar()->isHidden();
        a.state = w.windowState() & ~Qt::WindowActive;
        return a;
    }
    bool operator==(const Arrangement &) const = default;
};

} // namespace

class TestPresentMode : public QObject
{
    Q_OBJECT
private:
    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> window(const QString &preset)
    {
        auto w = m_scratch.newWindow();
        if (!preset.isEmpty() && !w->openPreset(preset).isEmpty())
            return nullptr;
        if (preset.isEmpty())
            w->openScene(builtinExampleScene());
        return lx::test::activeWindow(std::move(w), QSize(1200, 800));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // F5 is Present's alone (two actions on one key fire neither), and it works from the window.
    void presentHasItsOwnKey()
    {
        auto w = window({});
        QVERIFY(w);
        QAction *present = w->findChild<QAction *>(u"presentAction"_s);
        QVERIFY(present);
        QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F5));
        for (QAction *a : w->findChildren<QAction *>())
            if (a != present)
                QVERIFY2(!a->shortcuts().contains(present->shortcut()), qPrintable(a->text()));
        QTest::keyClick(w.get(), Qt::Key_F5);
        QVERIFY(w->presentMode()->isActive());
        QTest::keyClick(w->currentViewPane()->viewWidget(), Qt::Key_Escape);
        QVERIFY(!w->presentMode()->isActive());
    }

    // Entering hides every panel and bar; Esc brings back the arrangement the person had, a
    // hidden dock staying hidden and a moved one where it was.
    void escBringsThePanelsBackAsTheyWere()
    {
        auto w = window({});
        QVERIFY(w);
        // An arrangement of the person's own: one dock hidden, one moved to the other side.
        const QList<QDockWidget *> docks = w->findChildren<QDockWidget *>();
        QVERIFY(docks.size() >= 3);
        docks.at(0)->hide();
        docks.at(1)->show();
        w->addDockWidget(Qt::RightDockWidgetArea, docks.at(1));
        QTest::qWait(10);
        const Arrangement before = Arrangement::of(*w);

        w->presentMode()->action()->trigger();
        QVERIFY(w->presentMode()->isActive());
        QVERIFY(w->presentMode()->action()->isChecked());
        QVERIFY(w->windowState().testFlag(Qt::WindowFullScreen));
        for (QDockWidget *d : docks)
            QVERIFY2(d->isHidden(), qPrintable(d->objectName()));
        for (QToolBar *t : w->findChildren<QToolBar *>(Qt::FindDirectChildrenOnly))
            QVERIFY(t->isHidden());
        QVERIFY(w->menuBar()->isHidden());
        QVERIFY(w->statusBar()->isHidden());
        QVERIFY(w->viewTabs()->tabBar()->isHidden());

        QTest::keyClick(w->currentViewPane()->viewWidget(), Qt::Key_Escape);
        QVERIFY(!w->presentMode()->isActive());
        QVERIFY(!w->presentMode()->action()->isChecked());
        QTest::qWait(10);
        const Arrangement after = Arrangement::of(*w);
        QCOMPARE(after.docks, before.docks);
        QCOMPARE(after.menuBar, before.menuBar);
        QCOMPARE(after.statusBar, before.statusBar);
        QCOMPARE(after.tabBar, before.tabBar);
        QCOMPARE(after.state, before.state);
    }

    // The 4 x 2 example fits its window with room to spare: presented, it fills the screen
    // (above 100 %, and at least as large as Fit to Window makes it) and its text is at least
    // the presenting size; leaving gives the window's text size and zoom back.
    void theViewIsFittedAboveFullSizeWithLargerText()
    {
        auto w = window({});
        QVERIFY(w);
        DiagramView *view = w->currentViewPane()->diagramView();
        view->fitToView();
        const double windowFit = view->scale(); // Fit to Window may enlarge (up to 400 %)
        QVERIFY(windowFit >= 1.0);
        w->presentMode()->enter();
        QTRY_VERIFY(view->scale() > 1.0);
        // The screen's size arrives with the full-screen window: the view is fitted again then.
        QTRY_VERIFY(w->windowState().testFlag(Qt::WindowFullScreen));
        QTest::qWait(100);
        QCOMPARE(view->renderOptions().minTextPx, PresentMode::kPresentTextPx);
        const QSize size = view->geometry().size();
        QVERIFY2(size.width() <= view->viewport()->width() &&
                     size.height() <= view->viewport()->height(),
                 "the fitted diagram is larger than the screen");
        w->presentMode()->leave();
        QCOMPARE(view->renderOptions().minTextPx, DiagramView::kMinTextPx);
        // The zoom from before presenting comes back, not a new fit.
        QCOMPARE(view->scale(), windowFit);
        view->setScale(1.0);
        w->presentMode()->enter();
        QTRY_VERIFY(view->scale() > 1.0);
        w->presentMode()->leave();
        QCOMPARE(view->scale(), 1.0);
    }

    // Right walks the steps of Fig 6's pipeline one by one, then goes on to the scene's next
    // view; Left walks back the same way.
    void arrowKeysWalkTheStepsThenTheViews()
    {
        auto w = window(u"fig6"_s);
        QVERIFY(w);
        QCOMPARE(w->document()->addView(
                     DocumentView{u"ownership"_s, w->document()->layoutAt(0).name, {}}),
                 QString());
        w->viewTabs()->setCurrentIndex(0);
        ViewPane *pipeline = w->currentViewPane();
        const int steps = pipeline->stepCount();
        QVERIFY(steps >= 3);
        pipeline->setStep(0); // every step at once: the walk starts at the first
        w->presentMode()->enter();
        QWidget *keys = pipeline->viewWidget();
        for (int k = 1; k <= steps; ++k) {
            QTest::keyClick(keys, Qt::Key_Right);
            QCOMPARE(pipeline->currentStep(), k);
            QCOMPARE(w->viewTabs()->currentIndex(), 0);
        }
        QTest::keyClick(keys, Qt::Key_Right); // past the last step: the next view
        QCOMPARE(w->viewTabs()->currentIndex(), 1);
        QVERIFY(w->presentMode()->isActive());
        QVERIFY(!w->presentMode()->step(+1)); // the last view: nothing further
        QTest::keyClick(w->currentViewPane()->viewWidget(), Qt::Key_Left);
        QCOMPARE(w->viewTabs()->currentIndex(), 0);
        QTest::keyClick(pipeline->viewWidget(), Qt::Key_Left);
        QCOMPARE(pipeline->currentStep(), steps - 1);
        QTest::keyClick(pipeline->viewWidget(), Qt::Key_Escape);
        QVERIFY(!w->presentMode()->isActive());
    }

    // Fig 8's ctaLayout on a 128x128 C (8x8 tiles) presented on a 1920x1080 screen: its tables
    // at the presenting text size go beside the grid, so that the grid is drawn above 100 % and
    // larger than with the tables below; every column and row header of the panel is drawn
    // (never every other one). Leaving puts the tables back below.
    void aPresentedCtaViewFillsTheScreenWithEveryHeader()
    {
        auto w = window(u"fig8"_s);
        QVERIFY(w);
        std::optional<CtaFields> fields = ctaFieldsOf(w->document()->layoutAt(0));
        QVERIFY(fields);
        fields->shape = u"128x128"_s;
        QCOMPARE(applyCtaFields(*w->document(), 0, *fields), QString());
        QTRY_VERIFY(w->currentViewPane()->diagramView()->diagram().panels.size() == 1 &&
                    w->currentViewPane()->diagramView()->diagram().panels[0].columnHeaders.size() ==
                        9);
        // The screen: a view of the presenting size and text floor (the offscreen screen is
        // smaller than a slide).
        DiagramView view;
        view.setDiagram(w->currentViewPane()->diagramView()->diagram());
        RenderOptions o = view.renderOptions();
        o.minTextPx = PresentMode::kPresentTextPx;
        view.setRenderOptions(o);
        view.resize(1920, 1080);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.fitToView(PresentMode::kPresentMaxScale);
        const double below = view.scale();
        view.fitToView(PresentMode::kPresentMaxScale, true);
        QVERIFY2(view.scale() > 1.0 && view.scale() > below,
                 qPrintable(
                     u"presented at %1, with the tables below %2"_s.arg(view.scale()).arg(below)));
        QVERIFY(view.renderOptions().tablesBeside || view.renderOptions().tableColumns > 1);
        const QSize size = view.geometry().size();
        // The scroll bars of the first, unfitted size go once the view has laid itself out.
        QTRY_VERIFY(size.width() <= view.viewport()->width() &&
                    size.height() <= view.viewport()->height());
        QVERIFY2(size.width() <= view.viewport()->width() &&
                     size.height() <= view.viewport()->height(),
                 qPrintable(u"the fitted diagram (%1x%2) is larger than the screen (%3x%4)"_s
                                .arg(size.width())
                                .arg(size.height())
                                .arg(view.viewport()->width())
                                .arg(view.viewport()->height())));
        const QString svg = QString::fromUtf8(renderSvg(view.diagram(), view.renderOptions()));
        const DiagramPanel &p = view.diagram().panels[0];
        for (const QStringList *headers : {&p.columnHeaders, &p.rowHeaders})
            for (const QString &h : *headers)
                QVERIFY2(svg.contains(u">%1<"_s.arg(h)), qPrintable(h + u" is not drawn"_s));
        view.fitToView();
        QCOMPARE(view.renderOptions().tablesBeside, false);
        QCOMPARE(view.renderOptions().tableColumns, 1);
    }
};

QTEST_MAIN(TestPresentMode)
#include "tst_presentmode.moc"
