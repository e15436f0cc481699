// The program as a plain process: started through the dynamic loader it is still itself
// (`--version`, `presets`, `render`), and it adds nothing to its environment, so a process it
// starts inherits exactly what it was given. The out-of-process checks run the real executable
// ($LX_APP); the in-process ones run the headless library's commands, as the Python package will,
// and look at the environment a child would inherit (`environ`).

#include "clitest.h"
#include "command.h"

#include <QGuiApplication>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

#include <unistd.h>

extern char **environ;

using namespace Qt::StringLiterals;
using lx::test::CliResult;

namespace {

// The ELF program interpreter (PT_INTERP) of the 64-bit executable at `path`, or empty.
QString programInterpreter(const QString &path)
{
    const QByteArray elf = lx::test::readFile(path);
    auto read = [&](qsizetype at, int bytes) -> quint64 {
        if (at < 0 || at + bytes > elf.size())
            return 0;
        quint64 v = 0;
        for (int i = bytes - 1; i >= 0; --i)
            v = (v << 8) | quint8(elf[at + i]);
        return v;
    };
    if (!elf.startsWith("\x7f"
                        "ELF") ||
        elf.size() < 64 || elf[4] != 2 || elf[5] != 1) // ELFCLASS64, little-endian
        return {};
    const quint64 phoff = read(0x20, 8);
    const quint64 phentsize = read(0x36, 2);
    const quint64 phnum = read(0x38, 2);
    for (quint64 i = 0; i < phnum; ++i) {
        const auto ph = qsizetype(phoff + i * phentsize);
        if (read(ph, 4) != 3) // PT_INTERP
            continue;
        const auto offset = qsizetype(read(ph + 8, 8));
        const auto size = qsizetype(read(ph + 0x20, 8));
        if (offset <= 0 || size <= 1 || offset + size > elf.size())
            return {};
        return QString::fromLocal8Bit(elf.mid(offset, size - 1)); // without the final NUL
    }
    return {};
}

// Runs $LX_APP with `args`, through its program interpreter when `loader` is set.
CliResult run(bool loader, const QStringList &args)
{
    if (!loader)
        return lx::test::runApp(args);
    return lx::test::runCli(programInterpreter(lx::test::appPath()),
                            QStringList{lx::test::appPath()} + args);
}

QSet<QString> environmentOf(const QByteArray &nulSeparated)
{
    QSet<QString> vars;
    for (const QByteArray &entry : nulSeparated.split('\0'))
        if (!entry.isEmpty())
            vars.insert(QString::fromLocal8Bit(entry));
    return vars;
}

// What a process started now would inherit.
QSet<QString> currentEnvironment()
{
    QSet<QString> vars;
    for (char **e = environ; e && *e; ++e)
        vars.insert(QString::fromLocal8Bit(*e));
    return vars;
}

} // namespace

class TestCliProcess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(lx::test::appIsSet(), "LX_APP must name the layout-explorer executable");
        m_loader = programInterpreter(lx::test::appPath());
        QVERIFY2(!m_loader.isEmpty(), "the executable names no program interpreter (PT_INTERP)");
        QVERIFY2(QFile::exists(m_loader), qPrintable(m_loader));
    }

    // `/lib64/ld-linux-x86-64.so.2 layout-explorer --version` prints the program's version, not
    // the loader's, and the commands work as when the program is started directly.
    void throughTheLoader_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("--version") << QStringList{u"--version"_s};
        QTest::newRow("presets") << QStringList{u"presets"_s};
        QTest::newRow("render --help") << QStringList{u"render"_s, u"--help"_s};
    }
    void throughTheLoader()
    {
        QFETCH(QStringList, args);
        const CliResult direct = run(false, args);
        QCOMPARE(direct.exitCode, 0);
        QVERIFY(!direct.out.isEmpty());
        const CliResult loaded = run(true, args);
        QVERIFY2(loaded.exitCode == 0, loaded.err.constData());
        QCOMPARE(loaded.out, direct.out);
        if (args.front() == u"--version")
            QVERIFY2(loaded.out.startsWith("layout-explorer "), loaded.out.constData());
    }

    // A figure rendered through the loader is the one rendered directly.
    void rendersThroughTheLoader()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString a = dir.filePath(u"direct.svg"_s);
        const QString b = dir.filePath(u"loaded.svg"_s);
        const CliResult direct = run(false, {u"render"_s, u"--preset"_s, u"fig9"_s, u"-o"_s, a});
        QVERIFY2(direct.exitCode == 0, direct.err.constData());
        const CliResult loaded = run(true, {u"render"_s, u"--preset"_s, u"fig9"_s, u"-o"_s, b});
        QVERIFY2(loaded.exitCode == 0, loaded.err.constData());
        const QByteArray svg = lx::test::readFile(a);
        QVERIFY(svg.contains("<svg"));
        QCOMPARE(lx::test::readFile(b), svg);
    }

    // The environment of the running program (/proc/PID/environ, which shows what the process
    // image was started with) is exactly the one it was given: no variable added, for instance by
    // running itself again with GLIBC_TUNABLES set.
    void environmentOfTheRunningProgram_data()
    {
        QTest::addColumn<bool>("loader");
        QTest::newRow("direct") << false;
        QTest::newRow("through the loader") << true;
    }
    void environmentOfTheRunningProgram()
    {
        QFETCH(bool, loader);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"LX_TEST_MARKER"_s, u"1"_s);
        QProcess p;
        p.setProcessEnvironment(env);
        // `analyze kernel -` waits for its module on standard input: the program is running.
        const QStringList args{u"analyze"_s, u"kernel"_s, u"-"_s};
        if (loader)
            p.start(m_loader, QStringList{lx::test::appPath()} + args);
        else
            p.start(lx::test::appPath(), args);
        QVERIFY(p.waitForStarted(30000));
        QTest::qWait(1500); // long past a start (and any second start of the same process)
        QCOMPARE(p.state(), QProcess::Running);
        QFile f(u"/proc/%1/environ"_s.arg(p.processId()));
        if (!f.open(QIODevice::ReadOnly)) {
            p.kill();
            p.waitForFinished();
            QSKIP("no /proc/PID/environ here");
        }
        const QSet<QString> seen = environmentOf(f.readAll());
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(30000));
        const QStringList given = env.toStringList();
        const QSet<QString> expected(given.begin(), given.end());
        const QStringList added = QStringList((seen - expected).values());
        const QStringList lost = QStringList((expected - seen).values());
        QVERIFY2(added.isEmpty(), qPrintable(u"added: "_s + added.join(u", "_s)));
        QVERIFY2(lost.isEmpty(), qPrintable(u"lost: "_s + lost.join(u", "_s)));
        for (const QString &v : seen)
            QVERIFY2(!v.startsWith(u"GLIBC_TUNABLES="_s) || given.contains(v), qPrintable(v));
    }

    // A command that paints opens its QGuiApplication on the offscreen platform without putting
    // QT_QPA_PLATFORM (or anything else) in the environment a child process would inherit.
    void paintingLeavesTheEnvironment()
    {
        const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
        qunsetenv("QT_QPA_PLATFORM");
        const QSet<QString> before = currentEnvironment();
        QString platformName;
        QSet<QString> during;
        const int rc = lx::app::withGuiApplication([&] {
            platformName = QGuiApplication::platformName();
            during = currentEnvironment();
            return 0;
        });
        QTemporaryDir dir;
        const lx::app::Command *render = lx::app::findCommand(u"render"_s);
        const int renderRc = render ? render->run({u"render"_s, u"--preset"_s, u"fig9"_s, u"-o"_s,
                                                   dir.filePath(u"fig9.png"_s)})
                                    : -1;
        const QSet<QString> after = currentEnvironment();
        if (!platform.isNull())
            qputenv("QT_QPA_PLATFORM", platform);
        QCOMPARE(rc, 0);
        QCOMPARE(platformName, u"offscreen"_s);
        QCOMPARE(during, before);
        QCOMPARE(renderRc, int(lx::app::ExitOk));
        QCOMPARE(after, before);
    }

private:
    QString m_loader;
};

QTEST_GUILESS_MAIN(TestCliProcess)
#include "tst_cli_process.moc"
