// The window entry point with a scene it cannot open: the reason goes to stderr and the window
// opens anyway (on the default scene, with the reason shown); a --screenshot run exits 1.

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

class TestCliWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("LX_APP"))
            QSKIP("LX_APP is not set (run through ctest)");
    }

    void aBadSceneStillOpensTheWindow_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("reason");
        QTest::newRow("missing file")
            << QStringList{u"/nonexistent/broken.lxscene"_s} << QByteArray("broken.lxscene");
        QTest::newRow("unknown preset")
            << QStringList{u"--preset"_s, u"no-such-preset"_s} << QByteArray("no-such-preset");
    }
    void aBadSceneStillOpensTheWindow()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, reason);
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        env.insert(u"HOME"_s, home.path()); // no remembered state or autosaves of the person
        env.insert(u"XDG_CONFIG_HOME"_s, home.path());
        env.insert(u"XDG_DATA_HOME"_s, home.path());
        p.setProcessEnvironment(env);
        p.setReadChannel(QProcess::StandardError);
        p.start(qEnvironmentVariable("LX_APP"), args);
        QVERIFY(p.waitForStarted());
        QByteArray err;
        while (!err.contains(reason) && p.waitForReadyRead(30000))
            err += p.readAllStandardError();
        QVERIFY2(err.contains(reason), err.constData());
        // The reason was printed and the program is still running: the window is open.
        QCOMPARE(p.state(), QProcess::Running);
        p.kill();
        p.waitForFinished();
    }

    void aScreenshotOfABadSceneExitsOne()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        p.setProcessEnvironment(env);
        const QString shot = dir.filePath(u"shot.png"_s);
        p.start(qEnvironmentVariable("LX_APP"),
                {u"/nonexistent/broken.lxscene"_s, u"--screenshot"_s, shot});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(!QFile::exists(shot));
    }

    void watch()
    {
        // --watch DIR: the window opens watching it; a folder that is not there is refused with
        // the reason (exit 1).
        QTemporaryDir dir;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        const QString shot = dir.filePath(u"shot.png"_s);
        QProcess bad;
        bad.setProcessEnvironment(env);
        bad.start(qEnvironmentVariable("LX_APP"),
                  {u"--watch"_s, u"/nonexistent/cache"_s, u"--screenshot"_s, shot});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 1);
        const QByteArray err = bad.readAllStandardError();
        QVERIFY2(err.contains("--watch") && err.contains("/nonexistent/cache"), err.constData());
        QProcess good;
        good.setProcessEnvironment(env);
        good.start(qEnvironmentVariable("LX_APP"),
                   {u"--watch"_s, dir.path(), u"--screenshot"_s, shot});
        QVERIFY(good.waitForFinished(60000));
        QCOMPARE(good.exitCode(), 0);
        QVERIFY(QFile::exists(shot));
    }
};

QTEST_MAIN(TestCliWindow)
#include "tst_cli_window.moc"
