// The window follows the compiler: a scratch Triton cache watched from the Kernel dock
// (File > Watch Triton Cache) while kernel folders of tests/data/triton-cache are written into
// it one at a time, as Triton writes them. Each appears in the list, newest first and opened;
// a recompile of a kernel of the same name shows what changed; a folder being written is not
// read; a scene with unsaved changes is not replaced; Stop stops.

#include "cachecopy.h"
#include "scratchsettings.h"

#include "io/ttgir.h"
#include "models/kernelopsmodel.h"
#include "models/kernelwatchmodel.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "request/kerneldiff.h"
#include "request/kernelrequest.h"
#include "widgets/kerneldock.h"
#include "widgets/kernelwatchpanel.h"
#include "widgets/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

using namespace lx;
using lx::test::copyKernelFolder;
using lx::test::kTritonCache;
using lx::test::putFile;
using lx::test::readFile;
using lx::test::tritonCacheFolders;
using lx::test::writeFile;

namespace {

constexpr int kAppearMs = 10000; // polls every 250 ms; a folder settles in 300 ms

// The module name and target of a cache folder, read by the product's own readers.
struct Expect
{
    QString name, arch;
};

Expect expectOf(const QString &hash)
{
    Expected<std::vector<KernelFiles>> found =
        findKernels((kTritonCache + u'/' + hash).toStdString());
    if (!found || found->empty())
        qFatal("no kernel in %s", qPrintable(hash));
    Expected<KernelAnswer> a = resolveCompiledKernel(found->front());
    if (!a)
        qFatal("%s", a.message().c_str());
    return {QString::fromStdString(a->files.name),
            QString::fromStdString(a->metadata ? a->metadata->arch : a->report.arch)};
}

} // namespace

class TestKernelWatch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_settings.install()); }
    void menuHasTheAction();
    void kernelsAppearAsTheyAreCompiled();
    void unsavedChangesAreNotReplaced();
    void halfWrittenFolderIsNotRead();
    void badFolder();

private:
    lx::test::ScratchSettings m_settings;
};

void TestKernelWatch::menuHasTheAction()
{
    MainWindow window;
    auto *action = window.findChild<QAction *>(QStringLiteral("watchCacheAction"));
    QVERIFY(action);
    bool inFileMenu = false;
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(action))
            inFileMenu = true;
    QVERIFY(inFileMenu);
    QVERIFY(!action->statusTip().isEmpty());
    // Its default folder is Triton's: $TRITON_CACHE_DIR, else ~/.triton/cache.
    qputenv("TRITON_CACHE_DIR", "/somewhere/cache");
    QCOMPARE(KernelWatchModel::defaultFolder(), QStringLiteral("/somewhere/cache"));
    qunsetenv("TRITON_CACHE_DIR");
    QVERIFY(KernelWatchModel::defaultFolder().endsWith(QLatin1String("/.triton/cache")));
}

void TestKernelWatch::kernelsAppearAsTheyAreCompiled()
{
    QTemporaryDir cache;
    MainWindow window;
    window.show();
    KernelDock *dock = window.kernelDock();
    KernelWatchPanel *panel = dock->watchPanel();
    KernelWatchModel *model = panel->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QVERIFY(panel->isHidden());
    QCOMPARE(panel->startWatching(cache.path()), QString());
    QVERIFY(!dock->isHidden());
    QVERIFY(panel->isVisible());
    QVERIFY(panel->followNewest());

    const QStringList folders = tritonCacheFolders();
    QStringList names;
    for (int i = 0; i < folders.size(); ++i) {
        const Expect want = expectOf(folders[i]);
        QVERIFY(copyKernelFolder(cache.path(), folders[i]));
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), i + 1, kAppearMs);
        // Newest first, selected and opened: the scene is the kernel's.
        const KernelWatchModel::Entry &e = model->entryAt(0);
        QCOMPARE(e.folderName, folders[i]);
        QCOMPARE(model->index(0, KernelWatchModel::NameColumn).data().toString(), want.name);
        QCOMPARE(model->index(0, KernelWatchModel::ArchColumn).data().toString(), want.arch);
        QVERIFY(!model->index(0, KernelWatchModel::TimeColumn).data().toString().isEmpty());
        QCOMPARE(panel->list()->currentIndex().row(), 0);
        QCOMPARE(window.document()->contents().kernelOrigin, want.name + QStringLiteral(".ttgir"));
        QCOMPARE(window.document()->contents().kernelText,
                 QString::fromUtf8(readFile(QString::fromStdString(e.files.ttgir))));
        QVERIFY(!window.document()->isModified());
        // The compiler's answer is beside the prediction.
        QVERIFY(dock->summaryText().contains(QLatin1String("Compiler (")));
        // A kernel of a name compiled before is compared with that compile.
        QCOMPARE(e.hasPrevious, names.contains(want.name));
        if (e.hasPrevious) {
            QVERIFY(!e.changes.empty());
            QCOMPARE(model->index(0, KernelWatchModel::ChangesColumn).data().toString(),
                     e.changes.size() == 1 ? QStringLiteral("1 change")
                                           : QStringLiteral("%1 changes").arg(e.changes.size()));
            const QString html = panel->changesView()->toHtml();
            QVERIFY(html.contains(QString::fromStdString(e.changes.front().what).toHtmlEscaped()));
        }
        names << want.name;
    }
    QVERIFY2(names.count(QStringLiteral("matmul")) >= 2, "the test data has recompiles");
    const QString header = panel->findChild<QLabel *>(QStringLiteral("kernelWatchHeader"))->text();
    QVERIFY2(header.contains(cache.path()), qPrintable(header));
    QVERIFY2(header.contains(QStringLiteral("%1 kernels compiled").arg(folders.size())),
             qPrintable(header));

    // A recompile with one layout changed: the change names that layout with both texts.
    const QString fma = folders.back();
    const QByteArray module = readFile(kTritonCache + u'/' + fma + QStringLiteral("/matmul.ttgir"));
    const Expected<TtgirModule> parsed = parseTtgir(module.toStdString());
    QVERIFY(parsed && parsed->alias("shared"));
    const std::string before = parsed->alias("shared")->text;
    const std::string after =
        "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>";
    QByteArray edited = module;
    edited.replace(QByteArray::fromStdString("#shared = " + before),
                   QByteArray::fromStdString("#shared = " + after));
    const QString again = cache.filePath(QStringLiteral("RECOMPILED"));
    QVERIFY(QDir().mkpath(again));
    QVERIFY(putFile(again, QStringLiteral("matmul.ttgir"), edited));
    QVERIFY(putFile(again, QStringLiteral("matmul.json"),
                    readFile(kTritonCache + u'/' + fma + QStringLiteral("/matmul.json"))));
    QVERIFY(putFile(again, QStringLiteral("__grp__matmul.json"), "{}"));
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), int(folders.size()) + 1, kAppearMs);
    const KernelWatchModel::Entry &e = model->entryAt(0);
    QVERIFY(e.hasPrevious);
    QCOMPARE(QDir(e.previousFolder).dirName(), fma);
    const auto layout = std::find_if(e.changes.begin(), e.changes.end(),
                                     [](const KernelChange &c) { return c.kind == "layout"; });
    QVERIFY(layout != e.changes.end());
    QCOMPARE(layout->before, before);
    QCOMPARE(layout->after, after);
    QCOMPARE(window.document()->contents().kernelText, QString::fromUtf8(edited));

    // Choosing an earlier row opens that kernel.
    panel->list()->selectRow(model->rowCount() - 1);
    QCOMPARE(window.document()->contents().kernelText,
             QString::fromUtf8(readFile(
                 QString::fromStdString(model->entryAt(model->rowCount() - 1).files.ttgir))));

    // Stop: nothing more is listed.
    panel->findChild<QPushButton *>(QStringLiteral("kernelWatchStop"))->click();
    QVERIFY(!model->isWatching());
    QVERIFY(copyKernelFolder(cache.path(), folders.front(), QStringLiteral("AFTERSTOP")));
    QTest::qWait(1500);
    QCOMPARE(model->rowCount(), int(folders.size()) + 1);
}

void TestKernelWatch::unsavedChangesAreNotReplaced()
{
    QTemporaryDir cache;
    MainWindow window;
    KernelWatchPanel *panel = window.kernelDock()->watchPanel();
    QCOMPARE(panel->startWatching(cache.path()), QString());
    // An edit the person has not saved.
    Expected<SceneContents> preset = loadPresetScene(QStringLiteral("default"));
    QVERIFY(preset);
    window.openScene(*preset);
    QCOMPARE(window.document()->duplicateLayout(0), QString());
    const SceneContents mine = window.document()->contents();
    QVERIFY(window.document()->isModified());
    QVERIFY(copyKernelFolder(cache.path(), tritonCacheFolders().front()));
    QTRY_COMPARE_WITH_TIMEOUT(panel->model()->rowCount(), 1, kAppearMs);
    QCOMPARE(window.document()->contents().title, mine.title);
    QCOMPARE(window.document()->contents().layouts.size(), mine.layouts.size());
    QVERIFY(window.document()->contents().kernelText.isEmpty());
    QVERIFY(window.document()->isModified());
}

void TestKernelWatch::halfWrittenFolderIsNotRead()
{
    QTemporaryDir cache;
    MainWindow window;
    KernelWatchPanel *panel = window.kernelDock()->watchPanel();
    QCOMPARE(panel->startWatching(cache.path()), QString());
    const QString hash = tritonCacheFolders().front();
    const QString to = cache.filePath(QStringLiteral("WRITING"));
    QVERIFY(QDir().mkpath(to + QStringLiteral("/tmp.pid_3_9")));
    QVERIFY(putFile(to, QStringLiteral("matmul.ttgir"),
                    readFile(kTritonCache + u'/' + hash + QStringLiteral("/matmul.ttgir"))));
    QVERIFY(QDir().mkpath(to + QStringLiteral("/tmp.pid_3_9")));
    const QByteArray assembly =
        readFile(kTritonCache + u'/' + hash + QStringLiteral("/matmul.amdgcn"));
    QVERIFY(writeFile(to + QStringLiteral("/tmp.pid_3_9/matmul.amdgcn"),
                      assembly.left(assembly.size() / 3)));
    QTest::qWait(2000);
    QCOMPARE(panel->model()->rowCount(), 0);
    QVERIFY(window.document()->contents().kernelText.isEmpty());
    // Finished: it appears, read whole.
    QVERIFY(writeFile(to + QStringLiteral("/tmp.pid_3_9/matmul.amdgcn"), assembly));
    QVERIFY(QFile::rename(to + QStringLiteral("/tmp.pid_3_9/matmul.amdgcn"),
                          to + QStringLiteral("/matmul.amdgcn")));
    QVERIFY(QDir().rmdir(to + QStringLiteral("/tmp.pid_3_9")));
    for (const QString &f : {QStringLiteral("matmul.json"), QStringLiteral("__grp__matmul.json")})
        QVERIFY(putFile(to, f, readFile(kTritonCache + u'/' + hash + u'/' + f)));
    QTRY_COMPARE_WITH_TIMEOUT(panel->model()->rowCount(), 1, kAppearMs);
    QVERIFY(panel->model()->entryAt(0).error.isEmpty());
    QVERIFY(window.kernelDock()->summaryText().contains(QLatin1String("Compiler (")));
}

void TestKernelWatch::badFolder()
{
    MainWindow window;
    KernelWatchPanel *panel = window.kernelDock()->watchPanel();
    const QString e = panel->startWatching(QStringLiteral("/no/such/cache"));
    QVERIFY(e.contains(QLatin1String("/no/such/cache")));
    QVERIFY(e.contains(QLatin1String("no such folder")));
    QVERIFY(!panel->model()->isWatching());
    QVERIFY(panel->isHidden());
}

QTEST_MAIN(TestKernelWatch)
#include "tst_kernelwatch.moc"
