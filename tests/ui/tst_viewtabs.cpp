// ViewTabs on its own, over a LayoutDocument: one tab per view in the scene's order, adding and
// closing views as undo steps, the selection in every pane, the actions on the current pane
// only, and the current ownership view's colouring.

#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "widgets/diagramview.h"
#include "widgets/viewpane.h"
#include "widgets/viewtabs.h"

#include <QAction>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

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

    void anAddWithoutALayoutIsRefused()
    {
        Fixture f;
        QVERIFY(!f.tabs.addView(u"xor"_s, QString()).isEmpty());
        QCOMPARE(f.tabs.count(), 2);
        QCOMPARE(f.document.undoStack()->count(), 0);
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

    void theColouringOfTheCurrentOwnershipView()
    {
        Fixture f;
        f.tabs.setCurrentIndex(0);
        const std::optional<QString> initial = f.tabs.currentColor();
        QVERIFY(initial.has_value());
        QVERIFY(!initial->isEmpty());
        const QString other = *initial == u"warp"_s ? u"lane"_s : u"warp"_s;
        QCOMPARE(f.tabs.setCurrentColor(other), QString());
        QCOMPARE(f.document.views().at(0).options.value(u"colorBy"_s).toString(), other);
        QCOMPARE(f.tabs.currentColor(), std::optional<QString>(other));
        f.document.undoStack()->undo();
        QCOMPARE(f.tabs.currentColor(), initial);
        // A matrix view has no colouring, and setting one changes nothing.
        f.tabs.setCurrentIndex(1);
        QVERIFY(!f.tabs.currentColor().has_value());
        QCOMPARE(f.tabs.setCurrentColor(other), QString());
        QVERIFY(f.document.views().at(1).options.isEmpty());
    }
};

QTEST_MAIN(TestViewTabs)
#include "tst_viewtabs.moc"
