// The Suggest panel's model works on what the document holds: after a hand edit of the shared
// layout (raw bases, no attribute) its explainer explains the layout the bank view shows, and its
// fix is applied over exactly that layout as one undo step. Its search scores the access as the
// bank view reads it (the view's dtype).

#include "io/scene.h"
#include "models/conflictfix.h"
#include "models/ctasuggestmodel.h"
#include "models/documentviews.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"
#include "render/diagram.h"
#include "request/analysisinputs.h"
#include "request/figures.h"
#include "request/viewrequest.h"
#include "widgets/ctasuggestpage.h"
#include "widgets/suggestpanel.h"

#include <QComboBox>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <QClipboard>
#include <QGuiApplication>
#include <QPushButton>
#include <QSignalSpy>
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

// lds-c1 over a [16, 32] tile instead of [16, 64] ('read' a blocked layout of that tile): a scene
// whose shared layout has the name of lds-c1's but another shape.
SceneContents narrowerLdsC1()
{
    SceneContents c = presetContents("lds-c1");
    for (DocumentLayout &l : c.layouts) {
        l.shape = {16, 32};
        if (l.name == u"read"_s)
            l.sourceText = u"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 4], "
                           u"warpsPerCTA = [1, 1], order = [1, 0]}>"_s;
    }
    Expected<SceneContents> rebuilt = parseSceneText(serializeSceneContents(c));
    return rebuilt ? *rebuilt : SceneContents{};
}

// fig8 with its C set to 128x128, as the ctaLayout editor's shape field sets it (the layout
// rebuilt from its text over the new shape).
SceneContents fig8At128()
{
    SceneContents c = presetContents("fig8");
    for (DocumentLayout &l : c.layouts)
        l.shape = {128, 128};
    Expected<SceneContents> rebuilt = parseSceneText(serializeSceneContents(c));
    return rebuilt ? *rebuilt : SceneContents{};
}

// The "partitionConflicts" figure of the ctaLayout view `view` of `contents`, as the Analysis
// panel and `analyze cta` read it; -1 without one.
int shownConflicts(const SceneContents &contents, int view)
{
    const Expected<CtaInput> in = resolveCta(viewRequestFor(contents, view));
    if (!in)
        return -1;
    for (const Figure &f : ctaFigures(*in))
        if (f.key == "partitionConflicts" && f.value)
            return int(*f.value);
    return -1;
}

} // namespace

class TestSuggestModel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void explainsTheHandEditedLayout();
    void searchTakesTheViewsDtype();
    void thePanelFollowsTheDocument();
    void aSearchIsNeverAppliedToAnotherScene();
    void aHiddenPanelSearchesAgainWhenShown();
    void offersCtaLayoutsOnFig8();
    void comparesACtaCandidate();
    void searchesTheChosenView();
    void anAppliedSharedLayoutStaysSelected();
    void nothingToSearchIsSaidOnce();
    void onNvidiaTheReadInstructionIsShown();
};

// An sm90 scene (an mma v2 A operand read from an unswizzled 128x64 f16 tile): the panel asks the
// NVIDIA search (nvmma and swizzled candidates, the lowering's instruction and wavefronts); the
// column of the better load shows each candidate's read instruction, and no candidate is padded
// (Triton's NVIDIA pipeline allocates none).
void TestSuggestModel::onNvidiaTheReadInstructionIsShown()
{
    const Expected<SceneContents> scene = parseSceneText(QByteArrayLiteral(R"({
        "format": "layout-explorer-scene", "version": 1, "name": "nv", "arch": "sm90",
        "layouts": [
          {"name": "A", "shape": [128, 64], "dtype": "f16",
           "text": "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>"},
          {"name": "plain", "shape": [128, 64], "dtype": "f16",
           "text": "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"}],
        "views": [{"kind": "bank-table", "layout": "A", "options": {"shared": "plain"}}]})"));
    QVERIFY2(scene, scene ? "" : scene.message().c_str());
    LayoutDocument doc;
    doc.reset(*scene);
    SuggestModel model(&doc);
    model.refresh();
    const SuggestSharedResult &r = model.result();
    QVERIFY2(!r.candidates.empty(), qPrintable(model.status()));
    bool nvmma = false;
    for (int row = 0; row < int(r.candidates.size()); ++row) {
        const SharedCandidate &c = r.candidates[size_t(row)];
        QVERIFY2(c.family != "padded", c.text.c_str());
        nvmma = nvmma || c.family == "nvmma";
        QVERIFY(!c.readInstruction.empty());
        QCOMPARE(
            model.data(model.index(row, SuggestModel::DsLoadTrColumn), Qt::DisplayRole).toString(),
            QString::fromStdString(c.readInstruction));
    }
    QVERIFY(nvmma);
}

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

// A search belongs to the scene it ran on. The monkey found this (seed 24, action 5106): the
// panel searched one scene, was hidden, a kernel opened as a new scene with a layout of the same
// name, and Apply layout wrote the old scene's candidate (built for the old shape) into it, with
// the new shape beside it: a layout that its own file did not give back. Now the model refuses
// a candidate or a fix of a scene that has changed since, and the document keeps what it was.
void TestSuggestModel::aSearchIsNeverAppliedToAnotherScene()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    SuggestModel model(&doc);
    model.refresh();
    QVERIFY2(model.rowCount() > 0, qPrintable(model.status()));
    Expected<ConflictExplanation> e = model.explainWorst();
    QVERIFY(e && e->fix);

    const SceneContents other = narrowerLdsC1();
    QVERIFY(!other.layouts.isEmpty());
    doc.reset(other);
    QVERIFY(!model.apply(0).isEmpty());
    QVERIFY(!model.applyFix(*e->fix).isEmpty());
    QVERIFY(doc.contents() == other);
    QCOMPARE(doc.undoStack()->count(), 0);

    // Searched again on the scene it now holds, the same apply goes through, and what it writes
    // is what the scene's file gives back.
    model.refresh();
    QVERIFY2(model.rowCount() > 0, qPrintable(model.status()));
    QVERIFY(model.apply(0).isEmpty());
    const Expected<SceneContents> back = parseSceneText(serializeSceneContents(doc.contents()));
    QVERIFY2(back, back ? "" : back.message().c_str());
    QVERIFY(*back == doc.contents());

    // Below the model, the same rule: a fix made for one shape is not written into a layout of
    // another (the entry would keep a shape its layout was not built over).
    doc.undoStack()->undo();
    const SceneContents before = doc.contents();
    const LayoutAttrPtr attr = model.candidate(0)->attr;
    QVERIFY(attr);
    const QString why = applySharedFix(&doc, attr, u"naive"_s, {16, 64}, u"f16"_s, u"fix"_s);
    QVERIFY2(why.contains(u"16×64"_s) && why.contains(u"16×32"_s), qPrintable(why));
    QVERIFY(doc.contents() == before);
}

// A hidden panel does not keep a result of a scene that has changed; shown again, it searches
// the scene the document holds.
void TestSuggestModel::aHiddenPanelSearchesAgainWhenShown()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    SuggestPanel panel(&doc);
    panel.resize(600, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    const SuggestModel &model = *panel.model();
    QVERIFY(model.rowCount() > 0);
    panel.hide();
    doc.reset(narrowerLdsC1());
    QCOMPARE(model.rowCount(), 0); // nothing stale to select while hidden
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTRY_VERIFY(model.rowCount() > 0);
    const int naive = doc.indexOfLayout(u"naive"_s);
    QVERIFY(model.access() && model.access()->sharedLayout == doc.layoutAt(naive).layout);
}

// fig8 at 128x128: the panel searches ctaLayouts (the scene has no bank view), ranks one with
// fewer partition conflicts than fig8's own first, previews it without changing the scene,
// applies it as one undo step, and the view then shows the candidate's figure.
void TestSuggestModel::offersCtaLayoutsOnFig8()
{
    LayoutDocument doc;
    doc.reset(fig8At128());
    QVERIFY(!doc.contents().layouts.isEmpty());
    SuggestPanel panel(&doc);
    panel.resize(700, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    QVERIFY(panel.isCtaSearch());
    const CtaSuggestModel &model = *panel.ctaPage()->model();
    QVERIFY2(model.rowCount() > 2, qPrintable(model.status()));
    const int shown = shownConflicts(doc.contents(), 0);
    QVERIFY(shown > 0);
    QCOMPARE(model.candidate(model.currentRow())->partitionConflicts, shown);
    const CtaCandidate best = *model.candidate(0);
    QVERIFY2(best.partitionConflicts < shown, qPrintable(model.status()));

    // Sorted by a column, the table keeps the numbers' order.
    QTableView *table = panel.ctaPage()->table();
    table->sortByColumn(CtaSuggestModel::PiecesColumn, Qt::DescendingOrder);
    const QAbstractItemModel *sorted = table->model();
    for (int r = 1; r < sorted->rowCount(); ++r)
        QVERIFY(sorted->index(r - 1, CtaSuggestModel::PiecesColumn)
                    .data(CtaSuggestModel::SortRole)
                    .toInt() >= sorted->index(r, CtaSuggestModel::PiecesColumn)
                                    .data(CtaSuggestModel::SortRole)
                                    .toInt());

    // A preview is the scene with the candidate in place; the document is untouched.
    const SceneContents before = doc.contents();
    const std::optional<SceneContents> preview = model.sceneWith(0);
    QVERIFY(preview);
    QCOMPARE(shownConflicts(*preview, 0), best.partitionConflicts);
    QVERIFY(doc.contents() == before);

    // Apply: one undo step, after which the view's figure is the candidate's.
    const int steps = doc.undoStack()->count();
    QSignalSpy searched(panel.ctaPage()->model(), &CtaSuggestModel::refreshed);
    panel.ctaPage()->selectRow(0);
    panel.ctaPage()->applySelected();
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(shownConflicts(doc.contents(), 0), best.partitionConflicts);
    QVERIFY(deepEqual(doc.layoutAt(0).attr, best.attr));
    // Its #ttg line is what the scene now holds, and what Copy #ttg copies.
    QCOMPARE(model.ttgText(0), QString::fromStdString(best.text));
    // The panel keeps the applied ctaLayout selected (the scene's own row now): Copy #ttg copies
    // what was applied, after the panel has searched the changed scene again.
    QTRY_VERIFY(searched.count() > 0);
    auto *copy = panel.ctaPage()->findChild<QPushButton *>(u"ctaCopyTtg"_s);
    auto *apply = panel.ctaPage()->findChild<QPushButton *>(u"ctaApply"_s);
    QVERIFY(copy && apply);
    // Searched again (the window's other parts follow the same edit), it is still selected, at
    // its rank rather than as the scene's own row, to copy and not to apply again.
    for (int again = 0; again < 2; ++again) {
        const int selected = panel.ctaPage()->selectedRow();
        QVERIFY2(selected >= 0 && selected != model.currentRow(),
                 qPrintable(u"selected row %1 of %2"_s.arg(selected).arg(model.rowCount())));
        QCOMPARE(model.ttgText(selected), QString::fromStdString(best.text));
        QVERIFY(copy->isEnabled());
        QVERIFY(!apply->isEnabled());
        panel.refresh();
    }
    copy->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), QString::fromStdString(best.text));
    doc.undoStack()->undo();
    QVERIFY(doc.contents() == before);
}

// Compare: the candidate joins the scene with a compare view of the two ctaLayouts, every
// ctaLayout figure in two columns; one undo step takes both away.
void TestSuggestModel::comparesACtaCandidate()
{
    LayoutDocument doc;
    doc.reset(fig8At128());
    CtaSuggestModel model(&doc);
    model.search(0);
    QVERIFY2(model.rowCount() > 1, qPrintable(model.status()));
    const SceneContents before = doc.contents();
    QVERIFY(model.compare(0).isEmpty());
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.views().size(), before.views.size() + 1);
    Expected<Diagram> d = buildDocumentView(doc.contents(), int(doc.views().size()) - 1);
    QVERIFY2(d, d ? "" : d.message().c_str());
    const DiagramTable *cta = nullptr;
    for (const DiagramTable &t : d->tables)
        if (t.title.startsWith(u"ctaLayout figures"_s))
            cta = &t;
    QVERIFY(cta);
    QCOMPARE(int(cta->header.size()), 3);
    bool conflicts = false;
    for (const QStringList &row : cta->rows)
        if (row.value(0) == u"Partition conflicts"_s) {
            conflicts = true;
            QVERIFY(row.value(1).startsWith(QString::number(shownConflicts(before, 0))));
            QVERIFY(
                row.value(2).startsWith(QString::number(model.candidate(0)->partitionConflicts)));
        }
    QVERIFY(conflicts);
    // fig8's A has no pieces, the candidate's has: its A rows sit beside A's other rows.
    int pieces = -1;
    for (int r = 0; r < int(cta->rows.size()); ++r)
        if (cta->rows[size_t(r)].value(0) == u"A pieces"_s)
            pieces = r;
    QVERIFY(pieces >= 0 && pieces + 1 < int(cta->rows.size()));
    QCOMPARE(cta->rows[size_t(pieces + 1)].value(0), u"A num_groups"_s);
    doc.undoStack()->undo();
    QVERIFY(doc.contents() == before);
}

// Every access of a scene can be searched: lds-b1's store (view 2) as well as its read.
void TestSuggestModel::searchesTheChosenView()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-b1"));
    SuggestPanel panel(&doc);
    panel.resize(700, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    QVERIFY(panel.viewChooser()->count() >= 3);
    QVERIFY(panel.model()->access() && panel.model()->access()->viewIndex == 0);
    panel.chooseView(2);
    const SuggestModel &model = *panel.model();
    QVERIFY2(model.access(), qPrintable(model.status()));
    QCOMPARE(model.access()->viewIndex, 2);
    const auto &request = std::get<SuggestSharedRequest>(model.access()->request);
    QVERIFY(request.write.has_value()); // searched as the store it is
    QVERIFY(model.rowCount() > 0);
    QVERIFY(model.status().contains(u"writes"_s));
    // The choice stays while the scene changes.
    QVERIFY(doc.undoStack()->count() == 0);
    panel.refresh();
    QCOMPARE(model.access()->viewIndex, 2);
}

// The shared-layout search: after Apply the applied candidate stays selected (it is the scene's
// layout now) through the searches that follow, with Copy #ttg / Copy Gluon enabled and Apply
// not.
void TestSuggestModel::anAppliedSharedLayoutStaysSelected()
{
    LayoutDocument doc;
    doc.reset(presetContents("lds-c1"));
    SuggestPanel panel(&doc);
    panel.resize(700, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    const SuggestModel &model = *panel.model();
    int best = -1;
    for (int r = 0; r < model.rowCount() && best < 0; ++r)
        if (model.candidate(r)->attr && model.candidate(r)->readWays <= 1)
            best = r;
    QVERIFY(best >= 0);
    const QString text = QString::fromStdString(model.candidate(best)->text);
    auto *table = panel.findChild<QTableView *>(u"suggestTable"_s);
    auto *apply = panel.findChild<QPushButton *>(u"suggestApply"_s);
    auto *copy = panel.findChild<QPushButton *>(u"suggestCopyTtg"_s);
    auto *gluon = panel.findChild<QPushButton *>(u"suggestCopyGluon"_s);
    QVERIFY(table && apply && copy && gluon);
    QVERIFY(!copy->isEnabled()); // nothing selected yet
    table->selectRow(best);
    QVERIFY(apply->isEnabled() && copy->isEnabled());
    apply->click();
    const int naive = doc.indexOfLayout(u"naive"_s);
    QTRY_VERIFY(model.access() && model.access()->sharedLayout == doc.layoutAt(naive).layout);
    for (int again = 0; again < 2; ++again) {
        const int selected = table->currentIndex().row();
        QVERIFY2(model.candidate(selected), qPrintable(u"selected row %1"_s.arg(selected)));
        QCOMPARE(QString::fromStdString(model.candidate(selected)->text), text);
        QVERIFY(model.isInPlace(selected));
        QVERIFY(copy->isEnabled() && gluon->isEnabled());
        QVERIFY(!apply->isEnabled());
        panel.refresh();
    }
    copy->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), text);
    gluon->click();
    QVERIFY2(QGuiApplication::clipboard()->text().contains(u"Layout("_s),
             qPrintable(QGuiApplication::clipboard()->text()));
}

// A scene with nothing to search (one ownership view): the reason is said once (the status
// line, not again in the explainer), and the actions with nothing to act on are disabled, each
// saying why on hover.
void TestSuggestModel::nothingToSearchIsSaidOnce()
{
    LayoutDocument doc;
    doc.reset(builtinExampleScene());
    SuggestPanel panel(&doc);
    panel.resize(700, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.refresh();
    QVERIFY(!panel.model()->access());
    QVERIFY(!panel.isCtaSearch());
    const QString reason = panel.model()->status();
    QVERIFY2(reason.startsWith(u"Nothing to search"_s), qPrintable(reason));
    // The reason's own words (after "Nothing to search: ") appear once in the panel's text.
    const QString words = reason.section(u": "_s, 1);
    QVERIFY(!words.isEmpty());
    QString shown;
    for (const QLabel *l : panel.findChildren<QLabel *>())
        if (l->isVisible())
            shown += l->text() + u'\n';
    for (const QTextBrowser *t : panel.findChildren<QTextBrowser *>())
        if (t->isVisible())
            shown += t->toPlainText() + u'\n';
    QCOMPARE(shown.count(words), 1);
    for (const char *name :
         {"suggestExplain", "suggestApply", "suggestCopyTtg", "suggestCopyGluon"}) {
        auto *b = panel.findChild<QPushButton *>(QString::fromLatin1(name));
        QVERIFY2(b, name);
        QVERIFY2(!b->isEnabled(), name);
        QVERIFY2(b->toolTip().startsWith(u"Nothing to"_s), qPrintable(b->toolTip()));
    }
}

QTEST_MAIN(TestSuggestModel)
#include "tst_suggestmodel.moc"
