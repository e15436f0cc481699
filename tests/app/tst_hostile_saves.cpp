// Hostile input for the window's files: scene saves keep symbolic links and never replace a
// device or pipe, keep the file's permissions; autosave starts with the first edit, writes files
// only their owner can read, and cleans up what dead sessions leave behind.

#include "models/autosave.h"
#include "models/layoutdocument.h"
#include "models/scenefile.h"

#include "clitest.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using lx::Autosave;
using lx::LayoutDocument;
using lx::SceneContents;

namespace {

SceneContents defaultScene()
{
    lx::Expected<SceneContents> s = lx::loadPresetScene(u"default"_s);
    return s ? *s : SceneContents{};
}

mode_t modeOf(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_mode : 0;
}

// A lock file as QLockFile writes it, owned by a process that no longer exists.
void writeDeadLock(const QString &path)
{
    QVERIFY(lx::test::writeFile(path, "2147483000\nlayout-explorer\n" +
                                          QSysInfo::machineHostName().toUtf8() + "\n"));
}

} // namespace

class TestHostileSaves : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(!defaultScene().layouts.isEmpty()); }

    void saveThroughSymlinkKeepsTheLink()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(u"real.lxscene"_s);
        const QString link = dir.filePath(u"link.lxscene"_s);
        QVERIFY(lx::test::writeFile(target, "old"));
        QVERIFY(QFile::link(target, link));
        QCOMPARE(lx::writeSceneFile(link, defaultScene()), QString());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(lx::test::readFile(target), lx::serializeSceneContents(defaultScene()));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::System).size(), 2);
    }

    void saveRefusesSpecialFiles_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("character device") << u"device"_s << u"is a character device"_s;
        QTest::newRow("pipe") << u"fifo"_s << u"is a pipe"_s;
        QTest::newRow("directory") << u"dir"_s << u"is a directory"_s;
        QTest::newRow("link to a device") << u"devlink"_s << u"(-> /dev/null)"_s;
    }
    void saveRefusesSpecialFiles()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        QString path = dir.filePath(u"x.lxscene"_s);
        if (kind == u"device"_s)
            path = u"/dev/null"_s;
        else if (kind == u"fifo"_s)
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        else if (kind == u"dir"_s)
            QVERIFY(QDir().mkpath(path));
        else
            QVERIFY(QFile::link(u"/dev/null"_s, path));
        const mode_t before = modeOf(path);
        const QString error = lx::writeSceneFile(path, defaultScene());
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY(error.contains(u"refusing to replace it"_s));
        QCOMPARE(modeOf(path), before);
        QCOMPARE(modeOf(u"/dev/null"_s) & S_IFMT, mode_t(S_IFCHR));
    }

    void saveKeepsPermissions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"x.lxscene"_s);
        QVERIFY(lx::test::writeFile(path, "old"));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
        QCOMPARE(lx::writeSceneFile(path, defaultScene()), QString());
        QCOMPARE(modeOf(path) & 07777, mode_t(0640));
    }

    void readingADeviceOrDirectoryIsBounded_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        QTest::newRow("/dev/zero")
            << u"/dev/zero"_s << u"more than 1 MiB (the limit for a scene file)"_s;
        QTest::newRow("directory") << u"/"_s << u"is a directory, not a scene file"_s;
        QTest::newRow("missing") << u"/nonexistent/x.lxscene"_s << u"No such file or directory"_s;
    }
    void readingADeviceOrDirectoryIsBounded()
    {
        QFETCH(QString, path);
        QFETCH(QString, message);
        const lx::Expected<SceneContents> s = lx::readSceneFile(path);
        QVERIFY(!s);
        QVERIFY2(QString::fromStdString(s.message()).contains(message), s.message().c_str());
    }

    // The first edit after opening becomes modified only after its change signal; it is
    // autosaved all the same, into files only the owner can read.
    void firstEditIsAutosavedPrivately()
    {
        QTemporaryDir dir;
        const QString folder = dir.filePath(u"autosave"_s);
        LayoutDocument doc;
        doc.reset(defaultScene(), dir.filePath(u"mine.lxscene"_s));
        Autosave autosave(&doc, folder);
        autosave.setDelay(0);
        QCOMPARE(doc.renameLayout(0, u"renamed"_s), QString());
        QVERIFY(doc.isModified());
        QTRY_VERIFY(QFile::exists(autosave.scenePath()));
        QCOMPARE(modeOf(autosave.scenePath()) & 07777, mode_t(0600));
        const QString origin = autosave.scenePath().chopped(8) + u".origin"_s;
        QTRY_VERIFY(QFile::exists(origin));
        QCOMPARE(modeOf(origin) & 07777, mode_t(0600));
        QCOMPARE(modeOf(folder) & 0777, mode_t(0700));
        const lx::Expected<SceneContents> saved = lx::readSceneFile(autosave.scenePath());
        QVERIFY(saved);
        QCOMPARE(saved->layouts.front().name, u"renamed"_s);
    }

    // Dead sessions with nothing to recover leave only their lock: it is removed. A dead
    // session with a scene is kept for recovery; a live one is never touched.
    void staleLocksOfDeadSessionsAreCleaned()
    {
        QTemporaryDir dir;
        writeDeadLock(dir.filePath(u"dead1.lock"_s));
        writeDeadLock(dir.filePath(u"dead2.lock"_s));
        QVERIFY(lx::test::writeFile(dir.filePath(u"orphan.origin"_s), "/x.lxscene"));
        writeDeadLock(dir.filePath(u"crashed.lock"_s));
        QCOMPARE(lx::writeSceneFile(dir.filePath(u"crashed.lxscene"_s), defaultScene()), QString());
        QLockFile live(dir.filePath(u"live.lock"_s));
        QVERIFY(live.tryLock(0));

        LayoutDocument doc;
        doc.reset(defaultScene());
        Autosave autosave(&doc, dir.path());
        QStringList left = QDir(dir.path()).entryList(QDir::Files);
        left.removeAll(QFileInfo(autosave.scenePath()).completeBaseName() + u".lock"_s);
        QCOMPARE(left, (QStringList{u"crashed.lock"_s, u"crashed.lxscene"_s, u"live.lock"_s}));

        const QList<Autosave::Recoverable> found = Autosave::recoverable(dir.path());
        QCOMPARE(found.size(), 1);
        Autosave::discardRecoverable(found.front());
        QVERIFY(Autosave::recoverable(dir.path()).isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(u"crashed.lock"_s)));
        QVERIFY(QFile::exists(dir.filePath(u"live.lock"_s)));
    }
};

QTEST_MAIN(TestHostileSaves)
#include "tst_hostile_saves.moc"
