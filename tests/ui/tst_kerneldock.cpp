// The Kernel dock and its model: KernelOpsModel under QAbstractItemModelTester, opening real
// modules in the window (every one in tests/data/kernels), selecting an op (layouts and views
// added in one undo step), paste, and a module that cannot be read; a kernel as a document of its
// own (saved, reopened and read by the command line's scene reader exactly, for every module).

#include "io/scene.h"
#include "layout/builders.h"
#include "models/documentviews.h"
#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "models/opsuggestion.h"
#include "models/scenefile.h"
#include "request/analysisinputs.h"
#include "request/kernelrequest.h"
#include "request/kernelsuggest.h"
#include "scratchsettings.h"
#include "widgets/kerneldock.h"
#include "widgets/mainwindow.h"
#include "widgets/scenefiles.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>
#include <QWidget>

#include <algorithm>

using namespace lx;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");
const QString kAttention = kDir + QStringLiteral("attn_gfx950_128x64x128_w4.ttgir");

int rowOf(const KernelOpsModel &m, const char *op, bool problem)
{
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.opAt(r).op == op && m.opAt(r).isProblem() == problem)
            return r;
    return -1;
}

} // namespace

class TestKernelDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }
    void modelUnderTester();
    void opensEveryModule();
    void selectingAnOpIsOneUndoStep();
    void aWriteShowsItsStore();
    void theSelectedOpSaysWhatToChange();
    void unreadableModule();
    void pasteOpensAModule();
    void aKernelIsADocument();
    void kernelFollowsTheScene();
    void openingAsksBeforeReplacing();
    void suggestForAnOpGivesALineForTheKernel();
    void applyingTheSuggestionGivesWhatItPromised();
    void aLongSuggestionDoesNotGrowTheWindow();
    void anNvidiaOpGetsTheLayoutThatGivesItLdmatrix();
    void compilerLine();
    void aKeptSceneKeepsItsCompilerLine();
    void selectingAnOpBringsItsViewForward();
    void aSceneWithoutAKernelKeepsNoAdvice();
    void saveAsStartsBesideTheKernel();
    void aBlackwellModuleListsEveryOp();

private:
    test::ScratchSettings m_scratch; // the dialogs' folders are settings
};

void TestKernelDock::modelUnderTester()
{
    KernelOpsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    LayoutDocument document;
    KernelDock dock(&document);
    QAbstractItemModelTester dockTester(dock.model(),
                                        QAbstractItemModelTester::FailureReportingMode::Fatal);
    QCOMPARE(dock.openFile(kAttention), QString());
    const KernelOpsModel &m = *dock.model();
    QVERIFY(m.rowCount() > 20);
    QCOMPARE(m.columnCount(), int(KernelOpsModel::NumColumns));
    // The transposed V load: line 133, 32 ds_read_b64_tr_b16 per thread, 4-way conflicts.
    const int v = m.rowOfLine(133);
    QVERIFY(v >= 0);
    QCOMPARE(m.index(v, KernelOpsModel::OpColumn).data().toString(), u"local_load"_qs);
    QCOMPARE(m.index(v, KernelOpsModel::NameColumn).data().toString(), u"v"_qs);
    QCOMPARE(m.index(v, KernelOpsModel::ShapeColumn).data().toString(), u"64x128xf16"_qs);
    QCOMPARE(m.index(v, KernelOpsModel::InstructionColumn).data().toString(),
             u"ds_read_b64_tr_b16"_qs);
    QCOMPARE(m.index(v, KernelOpsModel::CountColumn).data().toLongLong(), 32);
    QCOMPARE(m.index(v, KernelOpsModel::ConflictsColumn).data().toString(), u"4-way"_qs);
    QCOMPARE(m.index(v, 0).data(KernelOpsModel::LineRole).toInt(), 133);
    QVERIFY(m.index(v, 0).data(KernelOpsModel::ProblemRole).toBool());
    QVERIFY(m.index(v, 0).data(Qt::BackgroundRole).isValid());
    QVERIFY(m.index(v, 0).data(KernelOpsModel::DetailRole).toString().contains(u"4-way"_qs));
    // V's registers, a model: each of the 4 warps (warpsPerCTA [4, 1], along M) holds the whole
    // 64x128 f16 B operand, 8192 / 64 lanes = 128 elements per thread = 64 VGPRs.
    QCOMPARE(m.index(v, KernelOpsModel::RegistersColumn).data().toLongLong(), 64);
    QVERIFY(m.index(v, 0)
                .data(KernelOpsModel::DetailRole)
                .toString()
                .contains(u"Registers (model): 128 elements per thread = 64 VGPRs"_qs));
    QCOMPARE(m.headerData(KernelOpsModel::RegistersColumn, Qt::Horizontal).toString(),
             u"VGPRs (model)"_qs);
    // A K-contiguous operand read with full-width vectors is not a problem row.
    const int q = m.rowOfLine(63);
    QCOMPARE(m.index(q, KernelOpsModel::InstructionColumn).data().toString(), u"ds_read_b128"_qs);
    QVERIFY(!m.index(q, 0).data(KernelOpsModel::ProblemRole).toBool());
    QVERIFY(!m.index(q, 0).data(Qt::BackgroundRole).isValid());
    model.setReport(m.module(), m.report());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestKernelDock::opensEveryModule()
{
    // Every module through the dock (a fresh scene each, as File > Open Kernel in a new window).
    const QStringList files =
        QDir(kDir).entryList({QStringLiteral("*.ttgir")}, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 90);
    qint64 worst = 0;
    QString worstName;
    for (const QString &f : files) {
        LayoutDocument document;
        KernelDock dock(&document);
        QCOMPARE(dock.openFile(kDir + f), QString());
        QVERIFY2(dock.model()->rowCount() > 0, qPrintable(f));
        QVERIFY2(document.layoutCount() > 0, qPrintable(f));
        if (dock.lastOpenMilliseconds() > worst) {
            worst = dock.lastOpenMilliseconds();
            worstName = f;
        }
    }
    // A figure for the notes, not an assertion: the time from reading a module to the table.
    qInfo("slowest open to table: %lld ms (%s)", static_cast<long long>(worst),
          qPrintable(worstName));
    // And through the window's own entry point (the one drag and drop and the command line
    // use), with its views built, for the attention module and a matmul.
    MainWindow window;
    for (const QString &f : {kAttention, kDir + u"matmul_gfx942_fp16_128x128x64_w4_bn.ttgir"_qs}) {
        QCOMPARE(window.openFile(f), QString());
        QVERIFY(window.kernelDock()->model()->rowCount() > 0);
        QVERIFY(!window.document()->views().isEmpty());
    }
    // A Triton cache folder too (`layout-explorer FOLDER`), with the compiler's line.
    QCOMPARE(window.openFile(QStringLiteral(LX_TEST_DATA_DIR "/triton-cache")), QString());
    QVERIFY(window.kernelDock()->model()->rowCount() > 0);
    QVERIFY2(window.kernelDock()->summaryText().contains(u"Compiler ("_qs),
             qPrintable(window.kernelDock()->summaryText()));
}

void TestKernelDock::selectingAnOpIsOneUndoStep()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kAttention), QString());
    QCOMPARE(document.arch(), u"gfx950"_qs);
    // Every layout alias became a named layout.
    for (const char *alias :
         {"blocked", "blocked1", "linear", "mma", "shared", "shared1", "shared2"})
        QVERIFY2(document.indexOfLayout(QString::fromLatin1(alias)) >= 0, alias);
    QVERIFY(!document.isModified()); // opening is not an edit

    const int k = rowOf(*dock.model(), "ttg.local_store", false);
    QVERIFY(k >= 0);
    const int before = document.undoStack()->index();
    const int layouts = document.layoutCount();
    const int views = int(document.views().size());
    dock.selectOp(k);
    QCOMPARE(document.undoStack()->index(), before + 1);
    QVERIFY(document.layoutCount() > layouts);
    QVERIFY(int(document.views().size()) > views);
    // The op's line is highlighted in the text.
    QCOMPARE(dock.textView()->textCursor().blockNumber() + 1, dock.model()->opAt(k).line);
    QCOMPARE(dock.table()->currentIndex().row(), k);
    document.undoStack()->undo();
    QCOMPARE(document.layoutCount(), layouts);
    QCOMPARE(int(document.views().size()), views);
    // Selecting it again after a redo adds nothing twice.
    document.undoStack()->redo();
    const int after = document.undoStack()->index();
    dock.selectOp(k);
    QCOMPARE(document.undoStack()->index(), after);
}

// The selected op's words stand under the table (not only in a tooltip): its instruction, its
// lowering path and, for the gemm's narrow store at line 39, what to change.
void TestKernelDock::theSelectedOpSaysWhatToChange()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(
        dock.openFile(kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs),
        QString());
    auto *detail = dock.findChild<QTextBrowser *>(u"kernelOpDetail"_qs);
    QVERIFY(detail);
    const int row = dock.model()->rowOfLine(39);
    QVERIFY(row >= 0);
    dock.selectOp(row);
    const KernelOpReport &op = dock.model()->opAt(row);
    QVERIFY(!op.advice.empty());
    QVERIFY2(detail->toPlainText().contains(QString::fromStdString(op.advice)),
             qPrintable(detail->toPlainText()));
    QVERIFY(detail->toPlainText().contains(QString::fromStdString(op.instruction)));
    // Another op, other words.
    const int other = dock.model()->rowOfLine(41);
    QVERIFY(other >= 0);
    dock.selectOp(other);
    QVERIFY(!detail->toPlainText().contains(QString::fromStdString(op.advice)));
    QVERIFY(detail->toPlainText().contains(
        QString::fromStdString(dock.model()->opAt(other).instruction)));
}

void TestKernelDock::aWriteShowsItsStore()
{
    // A local_store's or local_alloc's bank views are the write's: the bank table names the store
    // instruction the op lowers to, not a load of the same layouts.
    int writes = 0;
    for (const QString &f :
         {kAttention, kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs}) {
        LayoutDocument probe;
        KernelDock probeDock(&probe);
        QCOMPARE(probeDock.openFile(f), QString());
        for (int row = 0; row < probeDock.model()->rowCount(); ++row) {
            const KernelOpReport op = probeDock.model()->opAt(row);
            const bool write = op.op == "ttg.local_store" || op.op == "ttg.local_alloc";
            if (!write || !op.problem.empty() || op.accesses.empty())
                continue;
            // A fresh scene each time: the views this op adds are the ones to look at (the op
            // shown on opening already has its views).
            LayoutDocument document;
            KernelDock dock(&document);
            QCOMPARE(dock.openFile(f), QString());
            const QList<DocumentView> before = dock.table()->currentIndex().row() == row
                                                   ? QList<DocumentView>()
                                                   : document.views();
            dock.selectOp(row);
            const QList<DocumentView> &views = document.views();
            int table = -1;
            for (int v = 0; v < views.size() && table < 0; ++v)
                if (views[v].kind == u"bank-table"_qs && !before.contains(views[v]))
                    table = v;
            QVERIFY2(table >= 0, op.name.c_str());
            Expected<BankViewInput> in =
                resolveBankView(viewRequestFor(document.contents(), table));
            QVERIFY2(in, in ? "" : in.message().c_str());
            QVERIFY2(in->report.instruction.isWrite, op.name.c_str());
            QCOMPARE(in->report.instruction.name, op.accesses.front().instruction);
            ++writes;
        }
    }
    QVERIFY(writes >= 2);
}

void TestKernelDock::unreadableModule()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kAttention), QString());
    const int rows = dock.model()->rowCount();
    const QString e = dock.openText(u"module attributes {ttg.target = \"hip:gfx950\"} {\n"_qs,
                                    u"broken.ttgir"_qs);
    QVERIFY2(e.contains(u"broken.ttgir:1:"_qs) && e.contains(u"never closed"_qs), qPrintable(e));
    QCOMPARE(dock.model()->rowCount(), rows); // the dock keeps what it showed
    const QString missing = dock.openFile(kDir + u"no-such.ttgir"_qs);
    QVERIFY(missing.contains(u"cannot read"_qs));
}

void TestKernelDock::pasteOpensAModule()
{
    QVERIFY(KernelDock::looksLikeModule(u"module attributes {} {\n}"_qs));
    QVERIFY(!KernelDock::looksLikeModule(u"#ttg.blocked<{sizePerThread = [1]}>"_qs));
    QVERIFY(KernelDock::isModuleFile(u"/a/b.ttgir"_qs));
    QVERIFY(!KernelDock::isModuleFile(u"/a/b.lxscene"_qs));
}

void TestKernelDock::aKernelIsADocument()
{
    // Every module: opened, its first op shown, then saved; the saved scene reads back to the
    // same contents, the command line's reader resolves every layout in it, and opening it
    // brings the kernel back into the dock with the same rows.
    const QStringList files =
        QDir(kDir).entryList({QStringLiteral("*.ttgir")}, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString &f : files) {
        LayoutDocument document;
        KernelDock dock(&document);
        QCOMPARE(dock.openFile(kDir + f), QString());
        QCOMPARE(document.contents().title,
                 QStringLiteral("Kernel ") + QFileInfo(f).completeBaseName());
        QCOMPARE(document.contents().kernelOrigin, f);
        const QByteArray saved = serializeSceneContents(document.contents());
        Expected<Scene> scene =
            parseScene(std::string_view(saved.constData(), size_t(saved.size())));
        QVERIFY2(scene, scene ? "" : scene.message().c_str());
        for (const SceneLayout &l : scene->layouts) {
            Expected<ResolvedLayout> r = resolveLayout(*scene, l.name);
            QVERIFY2(r, qPrintable(f + QStringLiteral(": ") + QString::fromStdString(l.name) +
                                   QStringLiteral(": ") +
                                   QString::fromStdString(r ? std::string() : r.message())));
        }
        Expected<SceneContents> back = parseSceneText(saved);
        QVERIFY2(back, qPrintable(f));
        QVERIFY2(*back == document.contents(), qPrintable(f));

        LayoutDocument reopened;
        KernelDock again(&reopened);
        reopened.reset(*back);
        QCOMPARE(again.model()->rowCount(), dock.model()->rowCount());
        QCOMPARE(again.model()->report().ops.size(), dock.model()->report().ops.size());
        QVERIFY(!reopened.isModified()); // reopening adds nothing
        QCOMPARE(reopened.contents(), *back);
        // The op it selects says what it is, as when the kernel was opened.
        const auto *detail = again.findChild<QTextBrowser *>(u"kernelOpDetail"_qs);
        const auto *first = dock.findChild<QTextBrowser *>(u"kernelOpDetail"_qs);
        QVERIFY(detail && first);
        QVERIFY2(!detail->toPlainText().isEmpty(), qPrintable(f));
        QCOMPARE(detail->toPlainText(), first->toPlainText());
    }
}

void TestKernelDock::kernelFollowsTheScene()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kAttention), QString());
    QCOMPARE(dock.model()->report().arch, std::string("gfx950"));
    // The Architecture selector re-analyses the kernel.
    document.setArch(QStringLiteral("gfx942"));
    QCOMPARE(dock.model()->report().arch, std::string("gfx942"));
    document.undoStack()->undo();
    QCOMPARE(dock.model()->report().arch, std::string("gfx950"));
    // A new scene has no kernel: the dock is empty.
    SceneContents empty;
    empty.name = QStringLiteral("untitled");
    document.reset(empty);
    QCOMPARE(dock.model()->rowCount(), 0);
    QVERIFY(dock.textView()->toPlainText().isEmpty());
}

void TestKernelDock::openingAsksBeforeReplacing()
{
    LayoutDocument document;
    KernelDock dock(&document);
    document.reset(builtinExampleScene());
    QVERIFY(document.flipMatrixBit(0, 0, 0).isEmpty());
    const SceneContents edited = document.contents();
    int asked = 0;
    dock.setReplacePrompt([&asked] {
        ++asked;
        return false;
    });
    QCOMPARE(dock.openFile(kAttention), QString());
    QCOMPARE(asked, 1);
    QCOMPARE(document.contents(), edited); // cancelled: the edited scene stays
    QCOMPARE(dock.model()->rowCount(), 0);
    dock.setReplacePrompt([&asked] {
        ++asked;
        return true;
    });
    QCOMPARE(dock.openFile(kAttention), QString());
    QCOMPARE(asked, 2);
    // Its own scene: none of the old layouts, the kernel's aliases under their own names.
    QCOMPARE(document.indexOfLayout(edited.layouts.front().name), -1);
    for (const char *alias : {"shared", "shared1", "shared2"})
        QVERIFY2(document.indexOfLayout(QString::fromLatin1(alias)) >= 0, alias);
    QVERIFY(dock.model()->rowCount() > 0);
}

// The design loop on a kernel: the worst op, "Suggest for this op", the alias line put back into
// the module text, and the module analysed again: the worst conflict over every op that uses the
// alias is lower than before (the store's fix must not cost the load of the same buffer).
void TestKernelDock::suggestForAnOpGivesALineForTheKernel()
{
    const QString file = kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs;
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(file), QString());
    const KernelOpsModel &m = *dock.model();
    int worst = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.opAt(r).op != "ttg.convert_layout" && m.opAt(r).problem.empty() &&
            (worst < 0 || m.opAt(r).maxWays > m.opAt(worst).maxWays))
            worst = r;
    QVERIFY(worst >= 0 && m.opAt(worst).maxWays > 1);
    QCOMPARE(dock.suggestForOp(worst), QString());
    QVERIFY(dock.advice().improves);
    const QString line = dock.advice().ttgLine;
    QVERIFY2(line.startsWith(u"#shared"_qs) && line.contains(u" = #ttg."_qs), qPrintable(line));
    QVERIFY(!dock.advice().gluon.isEmpty());
    const QString alias = line.section(u' ', 0, 0);
    // The worst conflict over the ops that use the alias, in a report.
    const auto worstOver = [&alias](const KernelReport &report) {
        int ways = 0;
        for (const KernelOpReport &op : report.ops)
            if (QString::fromStdString(op.src) == alias || QString::fromStdString(op.dst) == alias)
                ways = std::max(ways, op.maxWays);
        return ways;
    };
    const int before = worstOver(m.report());

    // Put the line back into the module in place of the alias it names, and analyse again.
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
    int replaced = 0;
    for (QString &l : lines)
        if (l.startsWith(alias + u" = "_qs)) {
            l = line;
            ++replaced;
        }
    QCOMPARE(replaced, 1);
    const std::string text = lines.join(u'\n').toStdString();
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY(module);
    Expected<KernelReport> after = resolveKernel(*module);
    QVERIFY(after);
    QVERIFY2(worstOver(*after) < before,
             qPrintable(u"%1-way after, %2-way before"_qs.arg(worstOver(*after)).arg(before)));
}

// On an sm90 kernel the dock asks the same search with NVIDIA's candidates and cost: the A
// operand of g2_fp16_128x64x64_w22_16 (line 41) is read with ld.shared.b16 from a layout
// swizzled along M; the suggestion is an NVMMA layout under which the read is ldmatrix, as
// `suggest op` says (request/kernelsuggest.h, one answer for every face).
void TestKernelDock::anNvidiaOpGetsTheLayoutThatGivesItLdmatrix()
{
    const QString file = kDir + u"nvidia/g2_fp16_128x64x64_w22_16.ttgir"_qs;
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(file), QString());
    const KernelOpsModel &m = *dock.model();
    int row = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.opAt(r).line == 41)
            row = r;
    QVERIFY(row >= 0);
    QVERIFY(QString::fromStdString(m.opAt(row).instruction).startsWith(u"ld.shared"_qs));
    QCOMPARE(dock.suggestForOp(row), QString());
    QVERIFY(dock.advice().improves);
    const QString line = dock.advice().ttgLine;
    QVERIFY2(line.startsWith(u"#shared = #ttg.nvmma_shared<"_qs), qPrintable(line));
    Expected<KernelSuggestion> cli = suggestForKernelOp(m.module(), 41, KernelSuggestOptions{});
    QVERIFY(cli);
    QCOMPARE(line, QString::fromStdString(cli->ttgLine));
    const auto after = std::find_if(cli->after.begin(), cli->after.end(),
                                    [](const KernelOpReport &op) { return op.line == 41; });
    QVERIFY(after != cli->after.end());
    QVERIFY2(after->instruction.rfind("ldmatrix", 0) == 0, after->instruction.c_str());
}

// "Apply" puts the suggested layout in place of every scene layout made from the op's
// shared encoding as one undo step; the op's bank view then reads what the suggestion promised
// for that op (instruction and n-way, through the view's own request); undo brings the kernel's
// layouts back.
void TestKernelDock::applyingTheSuggestionGivesWhatItPromised()
{
    const QString file = kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs;
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(file), QString());
    auto *apply = dock.findChild<QPushButton *>(u"kernelApplyAdvice"_qs);
    QVERIFY(apply && !apply->isEnabled());
    QVERIFY(!applyOpSuggestion(&document, dock.advice()).isEmpty()); // nothing suggested yet
    const KernelOpsModel &m = *dock.model();
    int worst = -1;
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.opAt(r).problem.empty() && (worst < 0 || m.opAt(r).maxWays > m.opAt(worst).maxWays))
            worst = r;
    QVERIFY(worst >= 0 && m.opAt(worst).maxWays > 1);
    QCOMPARE(dock.suggestForOp(worst), QString());
    QVERIFY(apply->isEnabled());
    const OpSuggestion first = dock.advice();
    // The alias's own layout and the op's shared layout, at least.
    QVERIFY2(first.sharedNames.size() >= 2, qPrintable(first.sharedNames.join(u", "_qs)));
    QList<DocumentLayout> own;
    for (const QString &name : first.sharedNames) {
        QVERIFY2(document.indexOfLayout(name) >= 0, qPrintable(name));
        own << document.layoutAt(document.indexOfLayout(name));
    }
    int bankView = -1;
    for (int v = 0; v < int(document.views().size()); ++v)
        if (document.views().at(v).kind == u"bank-table"_qs)
            bankView = v; // the op's, added last
    QVERIFY(bankView >= 0);
    const int steps = document.undoStack()->count();
    apply->click();
    QCOMPARE(document.undoStack()->count(), steps + 1);
    for (const QString &name : first.sharedNames) {
        const DocumentLayout &l = document.layoutAt(document.indexOfLayout(name));
        const std::vector<int32_t> shape(l.shape.begin(), l.shape.end());
        QVERIFY2(l.layout == *toLinearLayout(*first.attr, shape), qPrintable(name));
    }

    // What the suggestion promised for the op, from the module analysed with the layout in place.
    Expected<KernelSuggestion> promised =
        suggestForKernelOp(m.module(), m.opAt(worst).line, KernelSuggestOptions{});
    QVERIFY(promised);
    const auto op = std::find_if(promised->after.begin(), promised->after.end(),
                                 [&](const KernelOpReport &r) { return r.line == first.line; });
    QVERIFY(op != promised->after.end());
    Expected<BankViewInput> view = resolveBankView(viewRequestFor(document.contents(), bankView));
    QVERIFY2(view, view ? "" : view.message().c_str());
    QCOMPARE(view->report.instruction.name, op->instruction);
    QCOMPARE(view->report.totals.maxWays, op->maxWays);

    document.undoStack()->undo();
    for (int i = 0; i < own.size(); ++i)
        QVERIFY(document.layoutAt(document.indexOfLayout(first.sharedNames[i])) == own[i]);
}

// The suggestion and the op's words scroll inside the dock: a window at the height of a screen
// stays that high (before, the dock's minimum height grew with the text and pushed the window
// past the bottom of the screen).
void TestKernelDock::aLongSuggestionDoesNotGrowTheWindow()
{
    LayoutDocument document;
    QMainWindow window;
    auto *dock = new KernelDock(&document, &window);
    window.setCentralWidget(new QWidget(&window));
    window.addDockWidget(Qt::BottomDockWidgetArea, dock);
    window.resize(1000, 380);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(
        dock->openFile(kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs),
        QString());
    QCoreApplication::processEvents();
    const int height = window.height();
    int worst = 0;
    for (int r = 0; r < dock->model()->rowCount(); ++r)
        if (dock->model()->opAt(r).maxWays > dock->model()->opAt(worst).maxWays)
            worst = r;
    QCOMPARE(dock->suggestForOp(worst), QString());
    QVERIFY(!dock->advice().html.isEmpty());
    QTest::qWait(50); // the layouts settle
    QCOMPARE(window.height(), height);
    // The suggestion asked for is scrolled into view.
    const auto *advice = dock->findChild<QTextBrowser *>(u"kernelAdvice"_qs);
    QVERIFY(advice && !advice->visibleRegion().isEmpty());
    QTRY_COMPARE(advice->verticalScrollBar()->value(), 0); // its first line in view, at the top
    // The buttons stay in view above the words that scroll (they had scrolled out of sight under
    // a long op detail).
    for (const char *name : {"kernelSuggest", "kernelApplyAdvice"}) {
        const auto *button = dock->findChild<QPushButton *>(QString::fromLatin1(name));
        QVERIFY(button);
        QVERIFY2(button->visibleRegion().boundingRect().height() == button->height(), name);
    }
}

// A Triton cache kernel folder opens with the compiler's line under the totals: the numbers of the
// request layer's answer for the same folder, each disagreement marked; a module without its
// assembly, or pasted text, has no such line.
void TestKernelDock::compilerLine()
{
    LayoutDocument document;
    KernelDock dock(&document);
    const QDir cache(QStringLiteral(LX_TEST_DATA_DIR "/triton-cache"));
    int agreeing = 0, disagreeing = 0;
    for (const QString &hash : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString folder = cache.filePath(hash);
        QCOMPARE(dock.openFile(folder), QString());
        Expected<std::vector<KernelFiles>> files = findKernels(folder.toStdString());
        QVERIFY(files.hasValue());
        Expected<KernelAnswer> a = resolveCompiledKernel(files->front());
        QVERIFY(a.hasValue() && a->compiler && a->assembly);
        const QString text = dock.summaryText();
        QVERIFY2(text.contains(QStringLiteral("Compiler (%1.amdgcn)")
                                   .arg(QString::fromStdString(files->front().name))),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("VGPRs %1, %2 spilled")
                                  .arg(*a->assembly->vgprs)
                                  .arg(*a->assembly->vgprSpills)));
        if (a->compiler->agree()) {
            ++agreeing;
            QVERIFY(text.contains(u"agrees with the prediction"_qs) && !text.contains(u"✗"_qs));
        } else {
            ++disagreeing;
            QVERIFY(text.contains(u"<b>disagrees</b>"_qs) && text.contains(u"✗"_qs));
        }
    }
    QVERIFY(agreeing > 0);
    QCOMPARE(dock.openFile(kAttention), QString());
    QVERIFY(!dock.summaryText().contains(u"Compiler ("_qs));
    qInfo("cache kernels: %d agree with the compiler, %d do not", agreeing, disagreeing);
}

// A person who keeps the open scene at the replace prompt sees nothing of the module they did
// not open: not its ops, not its compiler line.
void TestKernelDock::aKeptSceneKeepsItsCompilerLine()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kAttention), QString());
    const QString before = dock.summaryText();
    QVERIFY(!before.contains(u"Compiler ("_qs));
    dock.setReplacePrompt([] { return false; });
    const QDir cache(QStringLiteral(LX_TEST_DATA_DIR "/triton-cache"));
    const QStringList folders = cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    QVERIFY(!folders.isEmpty());
    QCOMPARE(dock.openFile(cache.filePath(folders.front())), QString());
    QCOMPARE(dock.summaryText(), before);
}

// Save As of a kernel's scene starts beside the module it was opened from, under the kernel's
// name; a scene of another kind starts in the scenes' folder.
// A Blackwell module: every op is a row, tmem_load gives its tcgen05 message and count, the
// reduction load says it is not modelled, and selecting each op adds only views that build.
void TestKernelDock::aBlackwellModuleListsEveryOp()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QStringList messages;
    connect(&dock, &KernelDock::statusMessage, this, [&](const QString &m) { messages << m; });
    QCOMPARE(dock.openFile(QStringLiteral(LX_TEST_DATA_DIR) +
                           u"/kernels/blackwell/tmem_mma_sm100.ttgir"_qs),
             QString());
    const KernelOpsModel &m = *dock.model();
    QCOMPARE(m.rowCount(), 8);
    int load = -1, red = -1;
    for (int row = 0; row < m.rowCount(); ++row) {
        const int line = m.index(row, 0).data(KernelOpsModel::LineRole).toInt();
        load = line == 20 ? row : load;
        red = line == 24 ? row : red;
    }
    QVERIFY(load >= 0 && red >= 0);
    QCOMPARE(m.index(load, KernelOpsModel::InstructionColumn).data().toString(),
             u"tcgen05.ld.sync.aligned.32x32b.x128.b32"_qs);
    QCOMPARE(m.index(load, KernelOpsModel::CountColumn).data().toString(), u"1"_qs);
    QVERIFY2(
        m.index(red, 0).data(KernelOpsModel::DetailRole).toString().contains(u"not modelled"_qs),
        qPrintable(m.index(red, 0).data(KernelOpsModel::DetailRole).toString()));
    // Opening says how many ops were analysed; selecting an op says nothing unless a view of it
    // cannot be added.
    messages.clear();
    for (int row = 0; row < m.rowCount(); ++row)
        dock.selectOp(row);
    QVERIFY2(messages.isEmpty(), qPrintable(messages.join(u"; "_qs)));
}

void TestKernelDock::saveAsStartsBesideTheKernel()
{
    LayoutDocument document;
    QWidget parent;
    SceneFiles files(&document, &parent);
    KernelDock dock(&document);
    QCOMPARE(dock.openFile(kAttention), QString());
    const QFileInfo start(files.saveAsStartPath());
    QCOMPARE(start.absolutePath(), QFileInfo(kAttention).absolutePath());
    QCOMPARE(start.fileName(), u"attn_gfx950_128x64x128_w4.lxscene"_qs);
    document.reset(builtinExampleScene());
    QVERIFY(QFileInfo(files.saveAsStartPath()).absolutePath() != start.absolutePath());
    // Pasted text has no folder: its scene is not saved into the last module's.
    QFile module(kAttention);
    QVERIFY(module.open(QIODevice::ReadOnly));
    QCOMPARE(dock.openText(QString::fromUtf8(module.readAll()), u"clipboard"_qs), QString());
    QVERIFY(QFileInfo(files.saveAsStartPath()).absolutePath() != start.absolutePath());
}

// Selecting an op in the window shows that op's views: its first view comes to the front, whether
// it was just added or was open already (a new user saw the views pile up behind the last one).
void TestKernelDock::selectingAnOpBringsItsViewForward()
{
    MainWindow window;
    QCOMPARE(window.openFile(kAttention), QString());
    const KernelOpsModel &m = *window.kernelDock()->model();
    QList<int> rows; // two local_loads of named values
    for (int r = 0; r < m.rowCount() && rows.size() < 2; ++r)
        if (m.opAt(r).op == "ttg.local_load" && !m.opAt(r).name.empty() &&
            m.opAt(r).name.front() != '%')
            rows << r;
    QCOMPARE(rows.size(), 2);
    const auto shownIsOf = [&](int row) {
        const int view = window.viewTabs()->currentIndex();
        const QString prefix = QString::fromStdString(m.opAt(row).name) + u"_"_qs;
        return view >= 0 && window.document()->views().at(view).layoutName.startsWith(prefix);
    };
    for (int row : {rows.at(0), rows.at(1), rows.at(0)}) {
        window.kernelDock()->selectOp(row);
        QVERIFY2(shownIsOf(row),
                 qPrintable(
                     window.document()->views().at(window.viewTabs()->currentIndex()).kind +
                     u" of "_qs +
                     window.document()->views().at(window.viewTabs()->currentIndex()).layoutName));
    }
}

// A scene without a kernel leaves nothing of the last kernel's op or suggestion in the dock (a
// new user read an old kernel's refusal under "No kernel open.").
void TestKernelDock::aSceneWithoutAKernelKeepsNoAdvice()
{
    LayoutDocument document;
    KernelDock dock(&document);
    QCOMPARE(
        dock.openFile(kDir + u"gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir"_qs),
        QString());
    const int row = dock.model()->rowOfLine(39);
    QVERIFY(row >= 0);
    QCOMPARE(dock.suggestForOp(row), QString());
    auto *advice = dock.findChild<QTextBrowser *>(u"kernelAdvice"_qs);
    auto *detail = dock.findChild<QTextBrowser *>(u"kernelOpDetail"_qs);
    auto *apply = dock.findChild<QPushButton *>(u"kernelApplyAdvice"_qs);
    QVERIFY(advice && detail && apply);
    QVERIFY(!advice->toPlainText().isEmpty() && !detail->toPlainText().isEmpty() &&
            apply->isEnabled());
    document.reset(builtinExampleScene());
    QCOMPARE(advice->toPlainText(), QString());
    QCOMPARE(detail->toPlainText(), QString());
    QVERIFY(!apply->isEnabled());
    QVERIFY(dock.advice().html.isEmpty());
}

QTEST_MAIN(TestKernelDock)
#include "tst_kerneldock.moc"
