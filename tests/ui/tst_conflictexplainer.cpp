// The conflict explainer opened from the views, driven through the real window offscreen: a click
// on a conflicting bank of the histogram (and on a conflicting element of the bank table) opens
// the explainer on that bank, Apply lowers the n-way in every view as one undo step, and one
// Ctrl+Z restores it.
#include "lessons/lesson.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "models/suggestmodel.h"
#include "render/diagram.h"
#include "render/diagramrenderer.h"
#include "scratchsettings.h"
#include "widgets/conflictexplainer.h"
#include "widgets/diagramview.h"
#include "widgets/mainwindow.h"
#include "widgets/suggestpanel.h"
#include "widgets/viewpane.h"

#include <QDockWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

ViewPane *paneOfKind(MainWindow &w, const QString &kind)
{
    for (ViewPane *p : w.viewPanes())
        if (w.document()->views().at(p->viewIndex()).kind == kind)
            return p;
    return nullptr;
}

QString figure(const Diagram &d, const QString &key)
{
    for (const DiagramFigure &f : d.figures)
        if (f.key == key)
            return f.value;
    return {};
}

// Shows the pane's tab, fits its diagram and clicks the centre of cell (panel, row, col).
void clickCell(MainWindow &w, ViewPane *pane, int panel, int row, int col)
{
    w.viewTabs()->setCurrentWidget(pane);
    DiagramView *v = pane->diagramView();
    v->setScale(1.0);
    const QRect cell = v->geometry().cellRect(panel, row, col);
    // Scroll the cell into the viewport, then click it.
    v->horizontalScrollBar()->setValue(std::max(0, cell.left() - 40));
    v->verticalScrollBar()->setValue(std::max(0, cell.top() - 40));
    const QPoint at =
        cell.center() - QPoint(v->horizontalScrollBar()->value(), v->verticalScrollBar()->value());
    QVERIFY(v->viewport()->rect().contains(at));
    QTest::mouseClick(v->viewport(), Qt::LeftButton, {}, at);
}

} // namespace

class TestConflictExplainer : public QObject
{
    Q_OBJECT

    lx::test::ScratchSettings m_scratch;

    std::unique_ptr<MainWindow> makeWindow(const QString &preset)
    {
        auto w = m_scratch.newWindow();
        if (!w->openPreset(preset).isEmpty())
            return nullptr;
        return lx::test::shownWindow(std::move(w), QSize(1400, 900));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // rocMLIR PR #2196, before the fix: the A-operand stores put T0, T2, ..., T14 on bank 0 in
    // the first phase of the first store, 8-way (the PR's own table).
    void clickOnAConflictingBankExplainsItAndApplies()
    {
        auto w = makeWindow(u"rocmlir-kpack-before"_s);
        QVERIFY(w);
        auto *dock = w->findChild<QDockWidget *>(u"conflictDock"_s);
        QVERIFY(dock);
        QVERIFY(!dock->isVisible());
        auto *explainer = qobject_cast<ConflictExplainer *>(dock->widget());
        QVERIFY(explainer);
        ViewPane *histogram = paneOfKind(*w, u"bank-histogram"_s);
        QVERIFY(histogram);
        QCOMPARE(figure(histogram->diagramView()->diagram(), u"nway"_s), u"8-way"_s);

        const DiagramPanel &phase0 = histogram->diagramView()->diagram().panels.at(0);
        const int bottom = phase0.rows() - 1;
        QCOMPARE(phase0.rows(), 8); // 8 dwords on the busiest bank
        // Bank 0's bar is 8 high: its top cell is row 0.
        QVERIFY(qAlpha(phase0.cell(0, 0).fill) != 0);
        // A bank no lane of the phase touches (phase 0 writes banks 0, 1, 6 and 7 only)
        // opens nothing.
        QCOMPARE(qAlpha(phase0.cell(bottom, 3).fill), 0);
        clickCell(*w, histogram, 0, bottom, 3);
        QVERIFY(!dock->isVisible());
        QVERIFY(!explainer->explanation());

        clickCell(*w, histogram, 0, bottom, 0);
        QVERIFY(dock->isVisible());
        QVERIFY(explainer->explanation());
        const ConflictExplanation &e = *explainer->explanation();
        QCOMPARE(e.bank, 0);
        QCOMPARE(e.phase, 0);
        QCOMPARE(e.ways, 8);
        const std::vector<int> even = {0, 2, 4, 6, 8, 10, 12, 14};
        QCOMPARE(e.lanes, even);
        QVERIFY2(explainer->text().contains(u"T14 @ byte"_s), qPrintable(explainer->text()));
        QVERIFY(e.fix);
        QCOMPARE(e.fix->kind, std::string("rotation"));
        // LX_SCREENSHOT_DIR: the window as the README shows it (the explainer opened by the click).
        if (const QString dir = qEnvironmentVariable("LX_SCREENSHOT_DIR"); !dir.isEmpty()) {
            dock->raise();
            QTest::qWait(50);
            QVERIFY(w->grab().save(dir + u"/explain-click-rocmlir-kpack-before.png"_s));
        }

        // Apply: one undo step, every view re-reads the document.
        QUndoStack *undo = w->document()->undoStack();
        const int before = undo->index();
        QVERIFY(explainer->applyButton()->isEnabled());
        QTest::mouseClick(explainer->applyButton(), Qt::LeftButton);
        QCOMPARE(undo->index(), before + 1);
        const QString after = figure(histogram->diagramView()->diagram(), u"nway"_s);
        QVERIFY2(after.endsWith(u"-way"_s) && after.left(after.indexOf(u'-')).toInt() < 8,
                 qPrintable(after));
        ViewPane *table = paneOfKind(*w, u"bank-table"_s);
        QCOMPARE(figure(table->diagramView()->diagram(), u"nway"_s), after);
        QTest::qWait(0); // the explainer re-explains the same bank after the edit
        QVERIFY(explainer->text().contains(u"Applied"_s));
        QVERIFY(explainer->explanation()->ways < 8);

        // One Ctrl+Z restores the 8-way stores.
        w->activateWindow();
        QTest::keyClick(w.get(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(undo->index(), before);
        QCOMPARE(figure(histogram->diagramView()->diagram(), u"nway"_s), u"8-way"_s);
        QTest::qWait(0);
        QCOMPARE(explainer->explanation()->ways, 8);
        QVERIFY(!explainer->text().contains(u"Applied"_s));
    }

    // A #ttg access (lesson 12's store: 8 rows of 128 bytes on the same banks): a click on a red
    // element of the bank table explains its bank with the colliding lane bits, and the applied
    // XOR term lowers the n-way it names.
    void clickOnATtgTableCellExplainsWithTheKernel()
    {
        auto w = makeWindow(u"default"_s);
        QVERIFY(w);
        const auto lessons = builtinLessons();
        auto lesson = std::find_if(lessons.begin(), lessons.end(),
                                   [](const Lesson &l) { return l.id == "12-swizzle-banks"; });
        QVERIFY(lesson != lessons.end());
        auto contents = sceneContentsFromScene(lesson->scene);
        QVERIFY(contents);
        w->openScene(*contents);
        ViewPane *table = paneOfKind(*w, u"bank-table"_s);
        QVERIFY(table);
        auto *dock = w->findChild<QDockWidget *>(u"conflictDock"_s);
        auto *explainer = qobject_cast<ConflictExplainer *>(dock->widget());
        // Element (0, 0): lane 0 of the first store, on bank 0 with the rows below it.
        clickCell(*w, table, 0, 0, 0);
        QVERIFY(dock->isVisible());
        QVERIFY(explainer->explanation());
        const ConflictExplanation e = *explainer->explanation();
        QVERIFY(e.ways > 1);
        QVERIFY(std::find(e.lanes.begin(), e.lanes.end(), 0) != e.lanes.end());
        QVERIFY(!e.collisions.empty());
        QVERIFY(e.fix);
        QVERIFY(e.fix->waysAfter < e.fix->waysBefore);
        const int before = w->document()->undoStack()->index();
        QTest::mouseClick(explainer->applyButton(), Qt::LeftButton);
        QCOMPARE(w->document()->undoStack()->index(), before + 1);
        QTest::qWait(0);
        QCOMPARE(explainer->explanation()->ways, e.fix->waysAfter);
        w->document()->undoStack()->undo();
        QTest::qWait(0);
        QCOMPARE(explainer->explanation()->ways, e.ways);

        // An element of an ownership view of R: the same access, found in the bank table.
        QCOMPARE(w->document()->addView(DocumentView{u"ownership"_s, u"R"_s, {}}), QString());
        ViewPane *ownership = paneOfKind(*w, u"ownership"_s);
        QVERIFY(ownership);
        dock->hide();
        clickCell(*w, ownership, 0, 0, 0);
        QVERIFY(dock->isVisible());
        const ConflictExplanation fromOwnership = *explainer->explanation();
        QCOMPARE(fromOwnership.ways, e.ways);
        QVERIFY(std::find(fromOwnership.lanes.begin(), fromOwnership.lanes.end(), 0) !=
                fromOwnership.lanes.end());
        QVERIFY2(explainer->text().contains(u"bank-table"_s), qPrintable(explainer->text()));
    }

    // The Suggest panel's own explainer and Apply share the same fix code: on lds-c1 (a #ttg
    // read) the worst conflict's fix replaces the shared layout as one undo step and lowers the
    // bank table's n-way; a suggested candidate applies the same way.
    void suggestPanelAppliesThroughTheSameEdits()
    {
        auto w = makeWindow(u"lds-c1"_s);
        QVERIFY(w);
        auto *dock = w->findChild<QDockWidget *>(u"suggestDock"_s);
        QVERIFY(dock);
        dock->show();
        dock->raise();
        auto *panel = qobject_cast<SuggestPanel *>(dock->widget());
        QVERIFY(panel);
        panel->refresh();
        QVERIFY(panel->model()->rowCount() > 0);
        ViewPane *table = paneOfKind(*w, u"bank-table"_s);
        const QString before = figure(table->diagramView()->diagram(), u"nway"_s);
        QPushButton *applyFix = nullptr;
        for (auto *b : panel->findChildren<QPushButton *>())
            if (b->text() == u"Apply fix"_s)
                applyFix = b;
        QVERIFY(applyFix && applyFix->isEnabled());
        QUndoStack *undo = w->document()->undoStack();
        const int index = undo->index();
        QTest::mouseClick(applyFix, Qt::LeftButton);
        QCOMPARE(undo->index(), index + 1);
        const QString after = figure(table->diagramView()->diagram(), u"nway"_s);
        QVERIFY2(after.left(after.indexOf(u'-')).toInt() <
                     before.left(before.indexOf(u'-')).toInt(),
                 qPrintable(before + u" -> "_s + after));
        undo->undo();
        QCOMPARE(figure(table->diagramView()->diagram(), u"nway"_s), before);
        // The first candidate (the front's best) applied from the table.
        QCOMPARE(panel->model()->apply(0), QString());
        QCOMPARE(undo->index(), index + 1);
    }
};

QTEST_MAIN(TestConflictExplainer)
#include "tst_conflictexplainer.moc"
