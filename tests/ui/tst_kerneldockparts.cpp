// The Kernel dock's parts, each with its model under QAbstractItemModelTester:
//  - the op table sorts by typed numbers: by Cycles / CTA the costliest op comes first;
//  - the counts table puts the prediction and the compiler's count in two columns, the
//    straight-line and in-loop split that adds up to the prediction beside them, and the counting
//    rule written next to it, with the kernel's own loop-body copies;
//  - selecting an op selects its layouts in the scene panel (WindowDocks on a bare window);
//  - Apply puts the suggestion in the scene and in the module text (one undo step) and the
//    module is analysed again: the op now reads what the suggestion promised; Save Patched
//    Module writes that text, with the alias line replaced;
//  - the selected op's explanation is read-only wrapping text to select and copy.

#include "models/kerneladvicemodel.h"
#include "models/kernelcountsmodel.h"
#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "models/layoutlistmodel.h"
#include "request/kernelrequest.h"
#include "request/kernelsuggest.h"
#include "scratchsettings.h"
#include "widgets/kerneladvicepanel.h"
#include "widgets/kerneldock.h"
#include "widgets/kernelsummarypanel.h"
#include "widgets/layoutactions.h"
#include "widgets/windowdocks.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

#include <algorithm>
#include <limits>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");
// A module whose costliest op is not its most conflicted one.
const QString kGemm = kDir + u"gemm_gfx1250_bf16_128x128x64_w22_t11_a10_b10_s824_4116.ttgir"_s;
// A module with a conflicting store the suggestion improves.
const QString kSmall = kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_s;

QAbstractItemModelTester *tester(QAbstractItemModel *m, QObject *parent)
{
    return new QAbstractItemModelTester(m, QAbstractItemModelTester::FailureReportingMode::QtTest,
                                        parent);
}

} // namespace

class TestKernelDockParts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }
    void cyclesColumnSortsByTheNumber();
    void countsBesideTheirRule();
    void selectingAnOpSelectsItsLayouts();
    void applyAnalysesAgainAndSavesThePatchedModule();
    void aLongLineWrapsInsteadOfScrollingSideways();
    void theOpDetailIsTextToSelectAndCopy();

private:
    test::ScratchSettings m_scratch;
};

void TestKernelDockParts::cyclesColumnSortsByTheNumber()
{
    LayoutDocument document;
    KernelDock dock(&document);
    auto *table = qobject_cast<QTableView *>(dock.table());
    QVERIFY(table);
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(table->model());
    QVERIFY(proxy);
    tester(dock.model(), this);
    tester(proxy, this);
    QCOMPARE(dock.openFile(kGemm), QString());
    const KernelReport &report = dock.model()->report();
    QVERIFY(report.totals.worstOp >= 0);
    // Unsorted by cost, the table is in module order.
    QCOMPARE(proxy->mapToSource(proxy->index(0, 0)).row(), 0);
    table->sortByColumn(KernelOpsModel::CyclesColumn, Qt::DescendingOrder);
    QCOMPARE(proxy->mapToSource(proxy->index(0, 0)).row(), report.totals.worstOp);
    qlonglong last = std::numeric_limits<qlonglong>::max();
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QVariant v =
            proxy->index(r, KernelOpsModel::CyclesColumn).data(KernelOpsModel::SortRole);
        QCOMPARE(v.typeId(), QMetaType::LongLong);
        QVERIFY(v.toLongLong() <= last);
        last = v.toLongLong();
        const KernelOpReport &op = dock.model()->opAt(proxy->mapToSource(proxy->index(r, 0)).row());
        QCOMPARE(v.toLongLong(), qlonglong(op.cyclesPerCta.value_or(-1)));
    }
    // Choosing the first row chooses the costliest op, whatever its place in the module.
    table->setCurrentIndex(proxy->index(0, KernelOpsModel::LineColumn));
    QCOMPARE(dock.textView()->textCursor().blockNumber() + 1,
             report.ops.at(size_t(report.totals.worstOp)).line);
    // The summary names it.
    QVERIFY2(dock.summaryText().contains(
                 u"line %1: %2 cycles"_s.arg(report.ops.at(size_t(report.totals.worstOp)).line)
                     .arg(*report.ops.at(size_t(report.totals.worstOp)).cyclesPerCta)),
             qPrintable(dock.summaryText()));
}

void TestKernelDockParts::countsBesideTheirRule()
{
    LayoutDocument document;
    KernelDock dock(&document);
    KernelCountsModel *counts = dock.summaryPanel()->countsModel();
    tester(counts, this);
    QCOMPARE(dock.openFile(kGemm), QString());
    const KernelReport &report = dock.model()->report();
    QCOMPARE(size_t(counts->rowCount()), report.totals.instructions.size());
    for (int r = 0; r < counts->rowCount(); ++r) {
        const KernelCountsModel::Row &row = counts->rowAt(r);
        QCOMPARE(row.predicted, row.straight + row.inLoop);
        QCOMPARE(row.predicted, report.totals.instructions.at(row.instruction));
        QVERIFY(!row.compiler);
        QVERIFY(!counts->index(r, KernelCountsModel::CompilerColumn).data().isValid());
    }
    auto *rule = dock.findChild<QLabel *>(u"kernelCountingRule"_s);
    QVERIFY(rule && rule->text().contains(u"straight-line + u × in-loop"_s));

    // A cache folder with the assembly: the compiler's column and the kernel's u.
    QCOMPARE(dock.openFile(QStringLiteral(LX_TEST_DATA_DIR "/triton-cache"), false), QString());
    Expected<std::vector<KernelFiles>> found = findKernels(LX_TEST_DATA_DIR "/triton-cache");
    QVERIFY(found);
    const auto first = std::find_if(found->begin(), found->end(),
                                    [](const KernelFiles &f) { return f.incomplete.empty(); });
    QVERIFY(first != found->end());
    Expected<KernelAnswer> answer = resolveCompiledKernel(*first);
    QVERIFY(answer && answer->compiler);
    QCOMPARE(size_t(counts->rowCount()), answer->compiler->kinds.size());
    for (int r = 0; r < counts->rowCount(); ++r) {
        const KernelCountsModel::Row &row = counts->rowAt(r);
        const CompilerKindRow &k = answer->compiler->kinds[size_t(r)];
        QCOMPARE(row.compiler, std::optional<int64_t>(k.compiler));
        QCOMPARE(row.predicted, k.straight + answer->compiler->unroll * k.inLoop);
        QCOMPARE(counts->index(r, 0).data(KernelCountsModel::AgreeRole).toBool(), k.agree);
    }
    QVERIFY2(rule->text().contains(u"straight-line + %1 × in-loop"_s.arg(answer->compiler->unroll)),
             qPrintable(rule->text()));
}

void TestKernelDockParts::selectingAnOpSelectsItsLayouts()
{
    QMainWindow window;
    LayoutDocument document;
    LayoutActions actions(&document, &window);
    WindowDocks docks(&window, &document, &actions);
    KernelDock *dock = docks.kernelDock();
    QSignalSpy chosen(dock, &KernelDock::layoutsChosen);
    QCOMPARE(dock->openFile(kGemm), QString());
    int loads = 0;
    for (int row = 0; row < dock->model()->rowCount(); ++row) {
        if (dock->model()->opAt(row).op != "ttg.local_load")
            continue;
        ++loads;
        chosen.clear();
        dock->selectOp(row);
        QCOMPARE(chosen.size(), 1);
        QStringList names = chosen.front().front().toStringList();
        QCOMPARE(names.size(), 2); // the op's shared layout and its registers
        QStringList selected;
        for (const QModelIndex &i : docks.layoutTable()->selectionModel()->selectedRows())
            selected << document.layoutAt(i.row()).name;
        selected.sort();
        const QString current = document.layoutAt(docks.layoutTable()->currentIndex().row()).name;
        QCOMPARE(current, names.front()); // the shared layout, current in the editors
        names.sort();
        QCOMPARE(selected, names);
    }
    QVERIFY(loads > 0);
}

void TestKernelDockParts::applyAnalysesAgainAndSavesThePatchedModule()
{
    LayoutDocument document;
    KernelDock dock(&document);
    tester(dock.advicePanel()->model(), this);
    QCOMPARE(dock.openFile(kSmall), QString());
    const QString original = document.contents().kernelText;
    const KernelOpsModel &m = *dock.model();
    int worst = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.opAt(r).problem.empty() && (worst < 0 || m.opAt(r).maxWays > m.opAt(worst).maxWays))
            worst = r;
    QVERIFY(worst >= 0 && m.opAt(worst).maxWays > 1);
    const int line = m.opAt(worst).line;
    const int waysBefore = m.opAt(worst).maxWays;
    QCOMPARE(dock.suggestForOp(worst), QString());
    const OpSuggestion advice = dock.advice();
    QVERIFY(advice.improves);
    QVERIFY2(advice.patchError.isEmpty(), qPrintable(advice.patchError));
    // The before/after table is the suggestion's rows.
    QCOMPARE(dock.advicePanel()->model()->rowList(), advice.rows);
    QVERIFY(!advice.rows.isEmpty());
    Expected<KernelSuggestion> promised =
        suggestForKernelOp(m.module(), line, KernelSuggestOptions{});
    QVERIFY(promised);
    const auto after = std::find_if(promised->after.begin(), promised->after.end(),
                                    [&](const KernelOpReport &r) { return r.line == line; });
    QVERIFY(after != promised->after.end());

    const int steps = document.undoStack()->count();
    auto *apply = dock.findChild<QPushButton *>(u"kernelApplyAdvice"_s);
    QVERIFY(apply && apply->isEnabled());
    apply->click();
    QCOMPARE(document.undoStack()->count(), steps + 1);
    QVERIFY(document.contents().kernelText.contains(advice.ttgLine));
    // Analysed again: the op reads as promised.
    const int again = m.rowOfLine(line);
    QVERIFY(again >= 0);
    QCOMPARE(m.opAt(again).instruction, after->instruction);
    QCOMPARE(m.opAt(again).maxWays, after->maxWays);
    QCOMPARE(m.opAt(again).cyclesPerCta, after->cyclesPerCta);

    QTemporaryDir tmp;
    const QString saved = tmp.filePath(u"patched.ttgir"_s);
    QCOMPARE(dock.savePatchedModule(saved), QString());
    QFile f(saved);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    QCOMPARE(text, document.contents().kernelText);
    Expected<TtgirModule> module = parseTtgir(text.toStdString());
    QVERIFY(module);
    Expected<KernelReport> report = resolveKernel(*module);
    QVERIFY(report);
    const auto op = std::find_if(report->ops.begin(), report->ops.end(),
                                 [&](const KernelOpReport &r) { return r.line == line; });
    QVERIFY(op != report->ops.end());
    QCOMPARE(op->maxWays, after->maxWays);
    QCOMPARE(dock.savePatchedModule(tmp.filePath(u"no/such/folder/x.ttgir"_s)).isEmpty(), false);

    // Undo brings the module as written back, analysed.
    document.undoStack()->undo();
    QCOMPARE(document.contents().kernelText, original);
    QCOMPARE(m.opAt(m.rowOfLine(line)).maxWays, waysBefore);
}

// A suggestion whose #ttg and Gluon lines run for hundreds of characters without a space wraps
// anywhere at the panel's width: nothing in the panel scrolls sideways (a new user saw the words
// scroll sideways under a long line) and every character is still there to read.
void TestKernelDockParts::aLongLineWrapsInsteadOfScrollingSideways()
{
    QAction save(u"Save Patched Module"_s);
    KernelAdvicePanel panel(&save);
    // As narrow as its buttons allow.
    panel.resize(panel.minimumSizeHint().width(), 360);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const int width = panel.width();
    QString offsets;
    for (int i = 0; i < 40; ++i)
        offsets += u"[0,%1],"_s.arg(1 << (i % 12));
    OpSuggestion advice;
    advice.improves = true;
    advice.ttgLine = u"#shared=#ttg.shared_linear<{offset=["_s + offsets + u"]},alignment=16>"_s;
    advice.gluon = u"gl.SharedLinearLayout(offset_bases=["_s + offsets + u"])"_s;
    advice.html = u"<b>Suggested for line 40</b>:<pre style=\"white-space: pre-wrap\">%1</pre>"
                  u"Gluon: <code>%2</code>"_s.arg(advice.ttgLine.toHtmlEscaped(),
                                                  advice.gluon.toHtmlEscaped());
    panel.showAdvice(advice);
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
    QCOMPARE(panel.width(), width);
    QVERIFY(panel.minimumSizeHint().width() <= width);
    for (const QAbstractScrollArea *area : panel.findChildren<QAbstractScrollArea *>())
        if (area->isVisible())
            QVERIFY2(area->horizontalScrollBar()->maximum() == 0,
                     qPrintable(u"%1 scrolls %2 px sideways"_s.arg(area->objectName())
                                    .arg(area->horizontalScrollBar()->maximum())));
    auto *words = panel.findChild<QTextBrowser *>(u"kernelAdvice"_s);
    QVERIFY(words);
    QVERIFY(words->toPlainText().contains(advice.ttgLine));
    QVERIFY(words->toPlainText().contains(advice.gluon));
}

// The selected op's explanation is read-only text that wraps at the part's width (anywhere, for a
// #ttg line without spaces) and scrolls only down, and can be selected and copied with Ctrl+C, as
// the suggestion's words are (the same newWrappingText); typing into it changes nothing.
void TestKernelDockParts::theOpDetailIsTextToSelectAndCopy()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kSmall), QString());
    auto *detail = dock.findChild<QTextBrowser *>(u"kernelOpDetail"_s);
    QVERIFY(detail);
    QVERIFY(detail->isReadOnly());
    QVERIFY(detail->textInteractionFlags() & Qt::TextSelectableByMouse);
    QCOMPARE(detail->lineWrapMode(), QTextEdit::WidgetWidth);
    QCOMPARE(detail->wordWrapMode(), QTextOption::WrapAtWordBoundaryOrAnywhere);
    QCOMPARE(detail->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
    const int row = dock.model()->rowOfLine(39);
    QVERIFY(row >= 0);
    dock.selectOp(row);
    const QString shown = dock.model()->index(row, 0).data(KernelOpsModel::DetailRole).toString();
    QVERIFY(!shown.isEmpty());
    QCOMPARE(detail->toPlainText(), shown);
    // Selected (as a drag of the mouse over it would) and copied with Ctrl+C.
    QGuiApplication::clipboard()->clear();
    detail->selectAll();
    QTest::keyClick(detail, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), shown);
    // Typing changes nothing.
    detail->setFocus();
    QTest::keyClicks(detail, u"typed"_s);
    QCOMPARE(detail->toPlainText(), shown);
}

QTEST_MAIN(TestKernelDockParts)
#include "tst_kerneldockparts.moc"
