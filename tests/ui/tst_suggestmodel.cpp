// The Suggest panel's model works on what the document holds: after a hand edit of the shared
// layout (raw bases, no attribute) its explainer explains the layout the bank view shows, and its
// fix is applied over exactly that layout as one undo step. Its search scores the access as the
// bank view reads it (the view's dtype).

#include "io/scene.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"
#include "request/analysisinputs.h"
#include "request/viewrequest.h"
#include "widgets/suggestpanel.h"

#include <QPushButton>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

SceneContents presetContents(const char *name)
{
    Expected<Scene> scene = loadPreset(name);
    if (!scene)
        return SceneContents{};
    Expected<SceneContents> contents = sceneContentsFromScene(*scene);
    return contents ? *contents : SceneContents{};
}

// The worst n-way of the access bank view `view` of the document shows.
int shownWays(const LayoutDocument &doc, int view)
{
    const Expected<BankViewInput> in = resolveBankView(viewRequestFor(doc.contents(), view));
    return in ? in->report.totals.maxWays : -1;
}

} // namespace

class TestSuggestModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void explainsTheHandEditedLayout();
    void searchTakesTheViewsDtype();
    void thePanelFollowsTheDocument();
};

// lds-c1: 'read' reads 'naive' (an unswizzled [16, 64] f16 tile, view 0, 4-way). A hand edit XORs
// column bit 4 into row bit 0 (offset basis 6 becomes [1, 16]): the layout is raw bases now, with
// fewer conflicts than the unswizzled one but still some (2-way). The explainer must explain
// that layout, not an unswizzled one.
void TestSuggestModel::explainsTheHandEditedLayout()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    const int naive = doc.indexOfLayout(u"naive"_s);
    QVERIFY(naive >= 0);
    const int unswizzledWays = shownWays(doc, 0);
    QCOMPARE(doc.layoutAt(naive).layout.basis("offset", 6), (LinearLayout::Basis{1, 0}));
    QVERIFY(doc.setBasisComponent(naive, u"offset"_s, 6, 1, 16).isEmpty());
    QVERIFY(!doc.layoutAt(naive).attr); // raw bases now
    const LinearLayout edited = doc.layoutAt(naive).layout;
    const int editedWays = shownWays(doc, 0);
    QVERIFY2(
        editedWays > 1 && editedWays < unswizzledWays,
        qPrintable(u"%1-way after the edit, %2-way before"_s.arg(editedWays).arg(unswizzledWays)));

    SuggestModel model(&doc);
    model.refresh();
    Expected<ConflictExplanation> e = model.explainWorst();
    QVERIFY2(e, e ? "" : e.message().c_str());
    // The worst phase of the layout on screen, not of an unswizzled order [1, 0] layout.
    QCOMPARE(e->ways, editedWays);
    QVERIFY(e->fix);
    QCOMPARE(e->fix->waysBefore, editedWays);

    // Apply fix: one undo step, over exactly the edited layout.
    const int steps = doc.undoStack()->count();
    QVERIFY(model.applyFix(*e->fix).isEmpty());
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QVERIFY(doc.layoutAt(naive).attr);
    QCOMPARE(shownWays(doc, 0), e->fix->waysAfter);
    doc.undoStack()->undo();
    QVERIFY(doc.layoutAt(naive).layout == edited);

    // A fix of a layout that has changed since it was explained is refused.
    Expected<ConflictExplanation> again = model.explainWorst();
    QVERIFY(again && again->fix);
    QVERIFY(doc.setBasisComponent(naive, u"offset"_s, 7, 1, 16).isEmpty());
    const int before = doc.undoStack()->count();
    QVERIFY(!model.applyFix(*again->fix).isEmpty());
    QCOMPARE(doc.undoStack()->count(), before);
}

// With the view option dtype f32 the bank view reads 32-bit elements; the search's reference
// (Triton's pick) and every candidate are scored at 32 bits too: the searched access is the
// view's, whatever the layouts' own dtype says.
void TestSuggestModel::searchTakesTheViewsDtype()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    nlohmann::json o = doc.views()[0].options;
    o["dtype"] = "f32";
    QVERIFY(doc.setViewOptions(0, o, u"f32"_s).isEmpty());
    SuggestModel model(&doc);
    model.refresh();
    QVERIFY2(!model.result().candidates.empty(), qPrintable(model.status()));
    const auto *request =
        model.access() ? std::get_if<SuggestSharedRequest>(&model.access()->request) : nullptr;
    QVERIFY(request);
    QCOMPARE(request->elementBits, 32);
}

// Shown, the panel never shows a stale result: applying the best candidate re-explains the new
// layout (no conflict, nothing to fix) and searches again for it; an undo brings the old
// explanation back.
void TestSuggestModel::thePanelFollowsTheDocument()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    const int naive = doc.indexOfLayout(u"naive"_s);
    SuggestPanel panel(&doc);
    panel.resize(600, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    auto *explainer = panel.findChild<QTextBrowser *>(u"conflictExplainer"_s);
    QVERIFY(explainer);
    const int before = shownWays(doc, 0);
    QVERIFY(before > 1);
    QVERIFY(explainer->toPlainText().contains(u"%1-way"_s.arg(before)));
    const SuggestModel &model = *panel.model();
    int best = -1;
    for (int r = 0; r < model.rowCount() && best < 0; ++r)
        if (model.candidate(r) && model.candidate(r)->readWays <= 1)
            best = r;
    QVERIFY(best >= 0);
    QVERIFY(panel.model()->apply(best).isEmpty());
    QCOMPARE(shownWays(doc, 0), 1);
    // At once: the explainer explains the applied layout.
    QVERIFY2(explainer->toPlainText().contains(u"No bank conflict"_s),
             qPrintable(explainer->toPlainText()));
    // A moment later the search has run on the applied layout.
    QTRY_VERIFY(model.access() && model.access()->sharedLayout == doc.layoutAt(naive).layout);
    doc.undoStack()->undo();
    QVERIFY(explainer->toPlainText().contains(u"%1-way"_s.arg(before)));
    QTRY_VERIFY(model.access() && model.access()->sharedLayout == doc.layoutAt(naive).layout);
}

QTEST_MAIN(TestSuggestModel)
#include "tst_suggestmodel.moc"
