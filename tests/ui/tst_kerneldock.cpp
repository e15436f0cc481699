// The Kernel dock and its model: KernelOpsModel under QAbstractItemModelTester, opening real
// modules in the window (every one in tests/data/kernels), selecting an op (layouts and views
// added in one undo step), paste, and a module that cannot be read.

#include "models/kernelopsmodel.h"
#include "models/layoutdocument.h"
#include "request/kernelrequest.h"
#include "widgets/kerneldock.h"
#include "widgets/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

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
    void modelUnderTester();
    void opensEveryModule();
    void selectingAnOpIsOneUndoStep();
    void unreadableModule();
    void pasteOpensAModule();
    void compilerLine();
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

QTEST_MAIN(TestKernelDock)
#include "tst_kerneldock.moc"
