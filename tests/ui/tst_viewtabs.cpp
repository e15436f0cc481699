// ViewTabs on its own, over a LayoutDocument: one tab per view in the scene's order, adding and
// closing views as undo steps, the selection in every pane, the actions on the current pane
// only, and the current ownership view's colouring.

#include "analysis/ownership.h"
#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "render/diagram.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QImage>
#include <QMimeData>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// The example scene (an ownership and a matrix view of L), shown.
struct Fixture
{
    LayoutDocument document;
    ViewTabs tabs{&document};

    Fixture()
    {
        document.reset(builtinExampleScene());
        QObject::connect(&document, &LayoutDocument::structureChanged, &tabs, &ViewTabs::rebuild);
        tabs.rebuild();
    }
    // Shows the tabs at width x height, waits until they are on screen and makes the first
    // tab current; false when they never were shown.
    bool showFirstTab(int width, int height)
    {
        tabs.resize(width, height);
        tabs.show();
        const bool exposed = QTest::qWaitForWindowExposed(&tabs);
        tabs.setCurrentIndex(0);
        return exposed;
    }
    QStringList kinds() const
    {
        QStringList k;
        for (ViewPane *p : tabs.panes())
            k << document.views().at(p->viewIndex()).kind;
        return k;
    }
};

} // namespace

class TestViewTabs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // The XOR view's input is the selection: an element clicked in any view is decomposed there
    // (one hardware index owning it), whichever in-dims its options set; a click outside every
    // cell gives the view its options back.
    void theXorViewFollowsTheSelection()
    {
        Fixture f;
        f.tabs.resize(900, 700);
        f.tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&f.tabs));
        QCOMPARE(f.tabs.addView(u"xor"_s, u"L"_s), QString());
        QCOMPARE(f.document.setViewOptions(2, {{"warp", 3}}, u"warp 3"_s), QString());
        ViewPane *xorPane = f.tabs.panes().at(2);
        QCOMPARE(xorPane->diagramView()->diagram().title, u"warp=3 → [2,1] ⊕ [1,0] = [3,1]"_s);

        // Element (dim0=2, dim1=0), clicked in the ownership view: warp 3 lands elsewhere, so
        // only the selection can bring the view there.
        const LinearLayout &l = f.document.layoutAt(0).layout;
        const int64_t target = elementId({2, 0}, l.outDims());
        f.tabs.setCurrentIndex(0);
        DiagramView *ownership = f.tabs.panes().at(0)->diagramView();
        QPoint at(-1, -1);
        for (int y = 0; y < ownership->viewport()->height() && at.x() < 0; y += 2)
            for (int x = 0; x < ownership->viewport()->width() && at.x() < 0; x += 2)
                if (ownership->hitAt(QPoint(x, y)).elementId == target)
                    at = QPoint(x, y);
        QVERIFY2(at.x() >= 0, "the ownership view draws no cell of element [2,0]");
        const int edits = f.document.undoStack()->count();
        QTest::mouseClick(ownership->viewport(), Qt::LeftButton, {}, at);
        QCOMPARE(f.tabs.selectedElement(), target);
        f.tabs.setCurrentIndex(2);
        const Diagram &followed = xorPane->diagramView()->diagram();
        // The decomposition ends in the clicked element, and says it follows the selection.
        QVERIFY2(followed.title.startsWith(u"Selected element: "_s), qPrintable(followed.title));
        QVERIFY2(followed.title.endsWith(u"= [2,0]"_s) || followed.title.endsWith(u"→ [2,0]"_s),
                 qPrintable(followed.title));
        const DiagramPanel &dim0 = followed.panels.at(0);
        QCOMPARE(dim0.cell(dim0.rows() - 1, 0).elementId, target);
        // A selection is no edit of the scene: the view's options still say warp 3.
        QCOMPARE(f.document.views().at(2).options.value("warp", 0), 3);
        QCOMPARE(f.document.undoStack()->count(), edits);

        // Nothing selected: the options again.
        f.tabs.selectElement(-1);
        QCOMPARE(xorPane->diagramView()->diagram().title, u"warp=3 → [2,1] ⊕ [1,0] = [3,1]"_s);
    }

    // Views of one kind over one layout are told apart in their titles by the options in which
    // they differ, or by their order; a change of options retitles the tab.
    void twinViewsHaveTitlesOfTheirOwn()
    {
        Fixture f;
        QCOMPARE(f.tabs.addView(u"bank-table"_s, u"L"_s), QString());
        QCOMPARE(f.tabs.addView(u"bank-table"_s, u"L"_s), QString());
        QCOMPARE(viewTitle(f.document.contents(), 0), u"ownership · L"_s);
        QCOMPARE(viewTitle(f.document.contents(), 2), u"bank-table · L (1)"_s);
        QCOMPARE(viewTitle(f.document.contents(), 3), u"bank-table · L (2)"_s);
        const nlohmann::json plain = {{"shared", "plain"}, {"lanes", 32}};
        QCOMPARE(f.document.setViewOptions(3, plain, u"options"_s), QString());
        QCOMPARE(viewTitle(f.document.contents(), 2), u"bank-table · L"_s + u" (1)"_s);
        QCOMPARE(f.tabs.tabText(3), u"bank-table · L (lanes=32, shared=plain)"_s);
        const nlohmann::json kpack = {{"kpack", {{"rule", "after-fix"}}}, {"lanes", 32}};
        QCOMPARE(f.document.setViewOptions(2, kpack, u"options"_s), QString());
        QCOMPARE(f.tabs.tabText(2), u"bank-table · L (kpack.rule=after-fix)"_s);
        QCOMPARE(f.tabs.tabText(3), u"bank-table · L (shared=plain)"_s);
    }

    // No preset shows two tabs with one title.
    void everyPresetsTabsAreTitledApart()
    {
        for (const PresetInfo &preset : listPresets()) {
            Expected<SceneContents> scene = loadPresetScene(QString::fromStdString(preset.name));
            QVERIFY2(scene, preset.name.c_str());
            QStringList titles;
            for (int i = 0; i < int(scene->views.size()); ++i) {
                const QString title = viewTitle(*scene, i);
                QVERIFY2(!titles.contains(title),
                         qPrintable(QString::fromStdString(preset.name) + u": "_s + title));
                titles << title;
            }
        }
    }

    void oneTabPerViewInTheScenesOrder()
    {
        Fixture f;
        QCOMPARE(f.kinds(), (QStringList{u"ownership"_s, u"matrix"_s}));
        QCOMPARE(f.tabs.tabText(0), viewTitle(f.document.contents(), 0));
        QVERIFY(!f.tabs.tabToolTip(1).isEmpty());
        QCOMPARE(f.tabs.addView(u"xor"_s, u"L"_s), QString());
        QCOMPARE(f.kinds(), (QStringList{u"ownership"_s, u"matrix"_s, u"xor"_s}));
        QCOMPARE(f.tabs.currentIndex(), 2);
        QCOMPARE(f.tabs.closeView(0), QString());
        QCOMPARE(f.kinds(), (QStringList{u"matrix"_s, u"xor"_s}));
        f.document.undoStack()->undo();
        f.document.undoStack()->undo();
        QCOMPARE(f.kinds(), (QStringList{u"ownership"_s, u"matrix"_s}));
    }

    // Closing one view keeps the other tabs' panes (their diagram, zoom and scroll) instead of
    // building every view again; a view whose inputs changed is built again.
    void aStructureChangeKeepsTheViewsItDoesNotTouch()
    {
        Fixture f;
        QCOMPARE(f.tabs.addView(u"xor"_s, u"L"_s), QString());
        const QList<ViewPane *> before = f.tabs.panes();
        before.at(2)->diagramView()->setScale(2.5);
        QCOMPARE(f.tabs.closeView(0), QString());
        const QList<ViewPane *> after = f.tabs.panes();
        QCOMPARE(after.size(), 2);
        QCOMPARE(after.at(0), before.at(1));
        QCOMPARE(after.at(1), before.at(2));
        QCOMPARE(after.at(1)->viewIndex(), 1);
        QCOMPARE(after.at(1)->diagramView()->scale(), 2.5);
        f.document.undoStack()->undo(); // the ownership view is back in front, as a new pane
        const QList<ViewPane *> undone = f.tabs.panes();
        QCOMPARE(undone.size(), 3);
        QCOMPARE(undone.at(1), before.at(1));
        QCOMPARE(undone.at(2), before.at(2));
        for (int v = 0; v < 3; ++v) {
            const Expected<Diagram> expect = buildDocumentView(f.document.contents(), v);
            QVERIFY(bool(expect));
            QCOMPARE(undone.at(v)->diagramView()->diagram().title, expect->title);
            QCOMPARE(undone.at(v)->diagramView()->diagram().panels.size(), expect->panels.size());
        }
    }

    // In a shown window only the current tab builds on an edit; a tab behind it builds when it
    // is shown (or its diagram is read), and then shows the document as it is.
    void aHiddenTabBuildsWhenShown()
    {
        Fixture f;
        QVERIFY(f.showFirstTab(800, 600));
        ViewPane *matrix = f.tabs.panes().at(1);
        QCOMPARE(f.document.setBasisComponent(0, u"register"_s, 0, 0, 3), QString());
        QVERIFY(!f.tabs.panes().at(0)->isPending());
        QVERIFY(matrix->isPending());
        f.tabs.setCurrentIndex(1);
        QVERIFY(!matrix->isPending());
        const Expected<Diagram> expect = buildDocumentView(f.document.contents(), 1);
        QVERIFY(bool(expect));
        QVERIFY(matrix->viewWidget()->diagram().panels == expect->panels);
    }

    void anAddWithoutALayoutIsRefused()
    {
        Fixture f;
        QVERIFY(!f.tabs.addView(u"xor"_s, QString()).isEmpty());
        QCOMPARE(f.tabs.count(), 2);
        QCOMPARE(f.document.undoStack()->count(), 0);
    }

    // Go to Element: by coordinates or by owner, the element is selected in every pane and the
    // current view scrolls to it; a wrong query names its cause and selects nothing.
    void goToElementByCoordinatesOrByOwner()
    {
        Fixture f;
        // The worked example (linearlayout.h): warp 3 lands on [2,1] XOR [1,0] = [3,1].
        const LinearLayout &l = f.document.layoutAt(0).layout;
        Expected<QString> byOwner = f.tabs.goToElement(u"warp=3"_s);
        QVERIFY2(byOwner, byOwner ? "" : byOwner.message().c_str());
        QVERIFY2(byOwner->contains(u"dim0=3, dim1=1"_s), qPrintable(*byOwner));
        QCOMPARE(f.tabs.selectedElement(), elementId({3, 1}, l.outDims()));
        for (ViewPane *p : f.tabs.panes())
            QCOMPARE(p->diagramView()->highlightedElement(), elementId({3, 1}, l.outDims()));
        QVERIFY(f.tabs.goToElement(u"dim0=2 dim1=1"_s));
        QCOMPARE(f.tabs.selectedElement(), elementId({2, 1}, l.outDims()));
        for (const QString &bad : {u"dim0=4"_s, u"lane=1, dim0=1"_s, u"row=2"_s, u"dim0"_s})
            QVERIFY2(!f.tabs.goToElement(bad), qPrintable(bad));
        QCOMPARE(f.tabs.selectedElement(), elementId({2, 1}, l.outDims()));

        // A 128 x 128 tensor does not fit the view: it scrolls to the element.
        LinearLayout::BasesT bases{{"register", {}}};
        for (int b = 0; b < 7; ++b)
            bases[0].second.push_back({0, 1 << b});
        for (int b = 0; b < 7; ++b)
            bases[0].second.push_back({1 << b, 0});
        Expected<LinearLayout> big =
            LinearLayout::tryCreate(std::move(bases), {{"dim0", 128}, {"dim1", 128}}, true);
        QVERIFY(big);
        QCOMPARE(f.document.addLayout(DocumentLayout{u"big"_s, *big, {}, {}, {}, nullptr}),
                 QString());
        QCOMPARE(f.tabs.addView(u"ownership"_s, u"big"_s), QString());
        ViewPane *pane = f.tabs.currentPane();
        pane->resize(400, 300);
        QVERIFY(f.tabs.goToElement(u"dim0=120, dim1=110"_s));
        QVERIFY(pane->diagramView()->horizontalScrollBar()->value() > 0);
        QVERIFY(pane->diagramView()->verticalScrollBar()->value() > 0);
        QCOMPARE(pane->diagramView()->highlightedElement(), elementId({120, 110}, big->outDims()));
    }

    void theSelectionReachesEveryPaneAndSurvivesARebuild()
    {
        Fixture f;
        f.tabs.selectElement(6);
        for (ViewPane *p : f.tabs.panes())
            QCOMPARE(p->diagramView()->highlightedElement(), int64_t(6));
        QCOMPARE(f.tabs.addView(u"xor"_s, u"L"_s), QString());
        for (ViewPane *p : f.tabs.panes())
            QCOMPARE(p->diagramView()->highlightedElement(), int64_t(6));
    }

    void actionsActOnTheCurrentPaneOnly()
    {
        Fixture f;
        f.tabs.setCurrentIndex(1);
        ViewPane *other = f.tabs.panes().at(0);
        const double otherScale = other->diagramView()->scale();
        const double before = f.tabs.currentPane()->diagramView()->scale();
        f.tabs.zoomInAction()->trigger();
        QVERIFY(f.tabs.currentPane()->diagramView()->scale() > before);
        QCOMPARE(other->diagramView()->scale(), otherScale);
        // Labels and grid are options of every pane.
        f.tabs.labelsAction()->setChecked(false);
        for (ViewPane *p : f.tabs.panes())
            QVERIFY(!p->diagramView()->renderOptions().labels);
        // The example has no pipeline view: no steps to take.
        QVERIFY(!f.tabs.nextStepAction()->isEnabled());
        QVERIFY(f.tabs.closeViewAction()->isEnabled());
    }

    // Ctrl+C in a view (and Copy Figure anywhere) puts the figure on the clipboard as drawn:
    // an image at the view's zoom, and its SVG; zooming in copies a larger image. With no view
    // left there is nothing to copy, and the refusal says so.
    void copyFigurePutsTheDrawnFigureOnTheClipboard()
    {
        Fixture f;
        QVERIFY(f.showFirstTab(900, 700));
        ViewPane *pane = f.tabs.currentPane();
        QTRY_VERIFY(pane && !pane->isBusy());
        DiagramView *view = pane->diagramView();
        QApplication::clipboard()->clear();
        view->setFocus();
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        const QMimeData *copied = QApplication::clipboard()->mimeData();
        QVERIFY(copied && copied->hasImage());
        const QImage first = qvariant_cast<QImage>(copied->imageData());
        QVERIFY(!first.isNull());
        QVERIFY(copied->data(u"image/svg+xml"_s).contains("<svg"));
        // The size the window's own geometry gives the figure at the view's scale.
        QCOMPARE(first.size(), view->geometry().size());

        view->setScale(view->scale() * 2);
        QCOMPARE(f.tabs.copyFigure(), QString());
        const QImage zoomed =
            qvariant_cast<QImage>(QApplication::clipboard()->mimeData()->imageData());
        QVERIFY(zoomed.width() > first.width() * 3 / 2);

        while (f.tabs.count() > 0)
            QCOMPARE(f.tabs.closeView(0), QString());
        QVERIFY(!f.tabs.copyFigure().isEmpty());
        QVERIFY(!f.tabs.copyFigureAction()->isEnabled());
    }

    void theColouringOfTheCurrentOwnershipView()
    {
        Fixture f;
        f.tabs.setCurrentIndex(0);
        const std::optional<QString> initial = f.tabs.currentColor();
        QVERIFY(initial.has_value());
        QVERIFY(!initial->isEmpty());
        const QString other = *initial == u"warp"_s ? u"lane"_s : u"warp"_s;
        QCOMPARE(f.tabs.setCurrentColor(other), QString());
        QCOMPARE(QString::fromStdString(
                     f.document.views().at(0).options.value("colorBy", std::string())),
                 other);
        QCOMPARE(f.tabs.currentColor(), std::optional<QString>(other));
        f.document.undoStack()->undo();
        QCOMPARE(f.tabs.currentColor(), initial);
        // A matrix view has no colouring, and setting one changes nothing.
        f.tabs.setCurrentIndex(1);
        QVERIFY(!f.tabs.currentColor().has_value());
        QCOMPARE(f.tabs.setCurrentColor(other), QString());
        QVERIFY(f.document.views().at(1).options.empty());
    }
};

QTEST_MAIN(TestViewTabs)
#include "tst_viewtabs.moc"
