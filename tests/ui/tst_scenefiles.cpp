// SceneFiles on its own, over a LayoutDocument and a bare widget: save and open, a bad file, the
// unsaved-changes prompt, the recent-files menu, module files handed on, and crash recovery.

#include "models/autosave.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"
#include "scratchsettings.h"
#include "widgets/scenefiles.h"

#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QWidget>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// A document, a widget for the dialogs and the part, autosaving to `autosaveDir`.
struct Fixture
{
    QWidget parent;
    LayoutDocument document;
    SceneFiles files{&document, &parent};

    explicit Fixture(const QString &autosaveDir)
    {
        files.setAutosaveDirectory(autosaveDir);
        document.reset(builtinExampleScene());
    }
};

// An edit of the example's first layout, as the bases editor makes one.
void edit(LayoutDocument &document)
{
    QCOMPARE(document.renameLayout(0, u"edited"_s), QString());
}

} // namespace

class TestSceneFiles : public QObject
{
    Q_OBJECT
    test::ScratchSettings m_scratch;

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_scratch.install()); }

    // Save As offers the scene's own name (a kernel scene is named after its module).
    void saveAsOffersTheScenesName()
    {
        QCOMPARE(SceneFiles::suggestedFileName(u"gemm_gfx1250_bf16_64x64x64"_s),
                 u"gemm_gfx1250_bf16_64x64x64.lxscene"_s);
        QCOMPARE(SceneFiles::suggestedFileName(u"a/b c"_s), u"a-b-c.lxscene"_s);
        QCOMPARE(SceneFiles::suggestedFileName(u"../x"_s), u"x.lxscene"_s);
        QCOMPARE(SceneFiles::suggestedFileName(QString()), u"untitled.lxscene"_s);
    }

    void saveThenOpenGivesTheSameScene()
    {
        QTemporaryDir dir;
        Fixture a(m_scratch.autosavePath());
        edit(a.document);
        QSignalSpy status(&a.files, &SceneFiles::status);
        const QString file = dir.filePath(u"s.lxscene"_s);
        QCOMPARE(a.files.saveToFile(file), QString());
        QVERIFY(!a.document.isModified());
        QCOMPARE(a.document.fileName(), file);
        QCOMPARE(status.size(), 1);
        QVERIFY(status.at(0).at(0).toString().contains(u"s.lxscene"_s));

        Fixture b(m_scratch.autosavePath());
        QCOMPARE(b.files.openFile(file), QString());
        QCOMPARE(b.document.contents(), a.document.contents());
        QCOMPARE(b.document.fileName(), file);
        QVERIFY(!b.document.isModified());
    }

    void aBadFileChangesNothing()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(u"bad.lxscene"_s);
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": 3");
        f.close();
        Fixture a(m_scratch.autosavePath());
        edit(a.document);
        const SceneContents before = a.document.contents();
        const QString e = a.files.openFile(file);
        QVERIFY(!e.isEmpty());
        QCOMPARE(a.document.contents(), before);
        QVERIFY(a.document.isModified());
        QVERIFY(!a.files.recentFiles().contains(file));
        // The warning names the file once, whether the reason names it (a missing file) or
        // not (a parse error).
        for (const QString &path : {file, dir.filePath(u"missing.lxscene"_s)}) {
            const QString reason = a.files.openFile(path);
            QVERIFY(!reason.isEmpty());
            const QString message = SceneFiles::openFailureMessage(path, reason);
            QVERIFY2(message.count(path) == 1, qPrintable(message));
            QVERIFY(message.contains(reason));
        }
    }

    void thePromptIsAskedOnlyForUnsavedChanges_data()
    {
        QTest::addColumn<bool>("modified");
        QTest::addColumn<int>("answer");
        QTest::addColumn<bool>("proceeds");
        QTest::addColumn<int>("asked");
        QTest::newRow("clean") << false << int(QMessageBox::Cancel) << true << 0;
        QTest::newRow("modified, cancel") << true << int(QMessageBox::Cancel) << false << 1;
        QTest::newRow("modified, discard") << true << int(QMessageBox::Discard) << true << 1;
    }
    void thePromptIsAskedOnlyForUnsavedChanges()
    {
        QFETCH(bool, modified);
        QFETCH(int, answer);
        QFETCH(bool, proceeds);
        QFETCH(int, asked);
        Fixture a(m_scratch.autosavePath());
        if (modified)
            edit(a.document);
        int count = 0;
        a.files.setSavePrompt([&](const QString &) {
            ++count;
            return QMessageBox::StandardButton(answer);
        });
        const SceneContents before = a.document.contents();
        a.files.newAction()->trigger();
        QCOMPARE(count, asked);
        // New Scene replaced the document exactly when the prompt let it.
        QCOMPARE(a.document.contents() != before, proceeds);
        QCOMPARE(a.document.layoutCount() == 0, proceeds);
    }

    void theRecentMenuListsTheLastFilesFirst()
    {
        QTemporaryDir dir;
        QSettings().remove(u"recentFiles"_s);
        Fixture a(m_scratch.autosavePath());
        QMenu menu;
        a.files.setRecentMenu(&menu);
        QVERIFY(!menu.isEnabled());
        QStringList saved;
        for (int i = 0; i < 10; ++i) {
            saved.prepend(dir.filePath(u"s%1.lxscene"_s.arg(i)));
            QCOMPARE(a.files.saveToFile(saved.first()), QString());
        }
        // Eight files, newest first, then a separator and "Clear Menu".
        QCOMPARE(a.files.recentFiles(), saved.mid(0, 8));
        QVERIFY(menu.isEnabled());
        const QList<QAction *> actions = menu.actions();
        QCOMPARE(actions.size(), 8 + 2);
        for (int i = 0; i < 8; ++i)
            QCOMPARE(actions.at(i)->toolTip(), saved.at(i));
        // Opening an older entry makes it the newest.
        actions.at(3)->trigger();
        QCOMPARE(a.document.fileName(), saved.at(3));
        QCOMPARE(a.files.recentFiles().value(0), saved.at(3));
        menu.actions().last()->trigger(); // Clear Menu
        QVERIFY(a.files.recentFiles().isEmpty());
        QVERIFY(!menu.isEnabled());
    }

    void moduleFilesGoToTheModuleOpener()
    {
        Fixture a(m_scratch.autosavePath());
        const SceneContents before = a.document.contents();
        QStringList opened;
        a.files.setModuleOpener([&](const QString &file) {
            opened << file;
            return u"not a module: test"_s;
        });
        QCOMPARE(a.files.openFile(u"/nowhere/k.ttgir"_s), u"not a module: test"_s);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(u"/nowhere/m.mlir"_s)});
        QVERIFY(SceneFiles::acceptsDrop(&mime));
        QSignalSpy status(&a.files, &SceneFiles::status);
        a.files.openDropped(&mime);
        QCOMPARE(opened, (QStringList{u"/nowhere/k.ttgir"_s, u"/nowhere/m.mlir"_s}));
        QCOMPARE(status.size(), 1);
        QCOMPARE(a.document.contents(), before);
        QMimeData other;
        other.setUrls({QUrl::fromLocalFile(u"/nowhere/a.png"_s)});
        QVERIFY(!SceneFiles::acceptsDrop(&other));
    }

    void aCrashedSessionIsRecoveredAsUnsaved()
    {
        QTemporaryDir dir;
        SceneContents edited;
        {
            Fixture a(dir.path());
            edit(a.document);
            edited = a.document.contents();
            QCOMPARE(a.files.autosave()->saveNow(), QString());
            // Gone without discardAutosave(): a crash.
        }
        Fixture b(dir.path());
        QStringList questions;
        b.files.setRecoverPrompt([&](const QString &q) {
            questions << q;
            return true;
        });
        QVERIFY(b.files.recoverAutosaves());
        QCOMPARE(questions.size(), 1);
        QCOMPARE(b.document.contents(), edited);
        QVERIFY(b.document.isModified());
        b.files.discardAutosave();
        QVERIFY(!b.files.recoverAutosaves());
    }
};

QTEST_MAIN(TestSceneFiles)
#include "tst_scenefiles.moc"
