// `layout-explorer diff` end to end through LX_APP: text and JSON output, @FILE layouts, CuTe
// layouts, and the exit codes of bad input (1) and bad usage (2) with nothing on stdout.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList &args)
{
    QProcess p;
    p.start(qEnvironmentVariable("LX_APP"), QStringList{QStringLiteral("diff")} + args);
    Run r;
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Lanes 1 and 2 land on dim1 = 1 and dim0 = 1; the second layout swaps them.
const QString kA =
    QStringLiteral("#ttg.linear<{register = [], lane = [[0, 1], [1, 0]], warp = [], block = []}>");
const QString kB =
    QStringLiteral("#ttg.linear<{register = [], lane = [[1, 0], [0, 1]], warp = [], block = []}>");

} // namespace

class TestCliDiff : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!qEnvironmentVariable("LX_APP").isEmpty()); }

    // Swapping the two lane bases moves (0, 1) and (1, 0) between lanes 1 and 2: 2 elements
    // differ, and the data moves between lanes of one warp.
    void json()
    {
        const Run r =
            run({QStringLiteral("--a"), kA, QStringLiteral("--b"), kB, QStringLiteral("--shape"),
                 QStringLiteral("2x2"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("equal")).toBool(true), false);
        QCOMPARE(o.value(QStringLiteral("differingElements")).toInt(), 2);
        const QJsonObject lane = o.value(QStringLiteral("basisDelta")).toArray().at(1).toObject();
        QCOMPARE(lane.value(QStringLiteral("inDim")).toString(), QStringLiteral("lane"));
        QCOMPARE(lane.value(QStringLiteral("changed")).toArray().size(), 2);
        QCOMPARE(o.value(QStringLiteral("conversion"))
                     .toObject()
                     .value(QStringLiteral("kind"))
                     .toString(),
                 QStringLiteral("intra-warp shuffle"));
    }

    // The same layout given three ways: #ttg text, CuTe text and a raw JSON file.
    void sameLayoutThreeWays()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"bases": [["offset", [[0, 1], [0, 2], [1, 0]]], ["block", []]],
                    "outDims": [["dim0", 2], ["dim1", 4]]})");
        f.close();
        const QString ttg = QStringLiteral(
            "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0]]}, alignment = 16>");
        Run r =
            run({QStringLiteral("--a"), ttg, QStringLiteral("--b"), QStringLiteral("(2,4):(4,1)"),
                 QStringLiteral("--shape"), QStringLiteral("2x4")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral("equal as functions: yes\n")), qPrintable(r.out));
        r = run({QStringLiteral("--a"), QLatin1Char('@') + path, QStringLiteral("--b"),
                 QStringLiteral("(2,4):(4,1)"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("\"equal\":true")), qPrintable(r.out));
        // A shared layout has no convert_layout; the JSON says why.
        QVERIFY(r.out.contains(QStringLiteral("\"conversion\":null")));
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("no b") << QStringList{QStringLiteral("--a"), kA} << 2
                              << QStringLiteral("--a and --b are required");
        QTest::newRow("bad shape") << QStringList{QStringLiteral("--a"),     kA,
                                                  QStringLiteral("--b"),     kB,
                                                  QStringLiteral("--shape"), QStringLiteral("2xx")}
                                   << 2 << QStringLiteral("malformed --shape");
        QTest::newRow("no shape") << QStringList{QStringLiteral("--a"), kA, QStringLiteral("--b"),
                                                 kB}
                                  << 1 << QStringLiteral("need --shape");
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("--a"),     QStringLiteral("@/nonexistent/x.json"),
                           QStringLiteral("--b"),     kB,
                           QStringLiteral("--shape"), QStringLiteral("2x2")}
            << 1 << QStringLiteral("cannot read /nonexistent/x.json");
        QTest::newRow("other out-dims")
            << QStringList{QStringLiteral("--a"), kA, QStringLiteral("--b"),
                           QStringLiteral("(4,2):(2,1)")}
            << 1 << QStringLiteral("--a: #ttg and Gluon layouts need --shape");
        QTest::newRow("sizes differ")
            << QStringList{QStringLiteral("--a"), QStringLiteral("(2,2):(2,1)"),
                           QStringLiteral("--b"), QStringLiteral("(4,2):(2,1)")}
            << 1 << QStringLiteral("size 2 in A and 4 in B");
    }
    void failures()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_cli_diff.moc"
