// `layout-explorer convert` with CuTe text, end to end through LX_APP: CuTe in and out, byte and
// element units, the TV reading, refusals (exit 1) and bad usage (exit 2) with nothing on stdout.

#include <QProcess>
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
    p.start(qEnvironmentVariable("LX_APP"), args);
    Run r;
    if (!p.waitForFinished(60000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

const QString kSwizzled =
    QStringLiteral("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>");

} // namespace

class TestCliCute : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(!qEnvironmentVariable("LX_APP").isEmpty()); }

    // Triton's vec-8 swizzle of a 64x64 f16 tile is CuTe's Sw<3,3,3> in elements and Sw<3,4,3>
    // in bytes (each element offset doubles, so the swizzle's base moves up one bit).
    void sharedToCute_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("expected");
        QTest::newRow("elements") << QStringList{}
                                  << QStringLiteral("Sw<3,3,3> o 0 o (64,64):(64,1)\n");
        QTest::newRow("bytes") << QStringList{QStringLiteral("--units"), QStringLiteral("bytes"),
                                              QStringLiteral("--dtype"), QStringLiteral("f16")}
                               << QStringLiteral("Sw<3,4,3> o 0 o (64,128):(128,1)\n");
    }
    void sharedToCute()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, expected);
        const Run r = run(QStringList{QStringLiteral("convert"), QStringLiteral("--layout"),
                                      kSwizzled, QStringLiteral("--shape"), QStringLiteral("64x64"),
                                      QStringLiteral("--to"), QStringLiteral("cute")} +
                          extra);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, expected);
    }

    // The byte form read back is the same layout as Triton's (compared through the JSON form).
    void cuteToJson()
    {
        const Run fromTtg = run({QStringLiteral("convert"), QStringLiteral("--layout"), kSwizzled,
                                 QStringLiteral("--shape"), QStringLiteral("64x64"),
                                 QStringLiteral("--to"), QStringLiteral("json")});
        const Run fromCute =
            run({QStringLiteral("convert"), QStringLiteral("--layout"),
                 QStringLiteral("Sw<3,4,3> o _0 o (_64,_128):(_128,_1)"), QStringLiteral("--units"),
                 QStringLiteral("bytes"), QStringLiteral("--dtype"), QStringLiteral("f16"),
                 QStringLiteral("--to"), QStringLiteral("json")});
        QCOMPARE(fromTtg.exitCode, 0);
        QCOMPARE(fromCute.exitCode, 0);
        QCOMPARE(fromCute.out, fromTtg.out);
    }

    // SM80's 16x8 accumulator as a TV layout becomes a #ttg.linear (lane = [[0, 2], [0, 4],
    // [1, 0], [2, 0], [4, 0]]: see tst_cute for the derivation).
    void threadValue()
    {
        const Run r =
            run({QStringLiteral("convert"), QStringLiteral("--layout"),
                 QStringLiteral("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"), QStringLiteral("--shape"),
                 QStringLiteral("16x8"), QStringLiteral("--to"), QStringLiteral("ttg")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out,
                 QStringLiteral("#ttg.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], "
                                "[0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []}>\n"));
    }

    void failures_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("stride 3") << QStringList{QStringLiteral("--layout"),
                                                 QStringLiteral("(4,2):(1,3)"),
                                                 QStringLiteral("--to"), QStringLiteral("json")}
                                  << 1 << QStringLiteral("stride 3 is not a power of two");
        QTest::newRow("bytes without dtype")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("(4,8):(8,1)"),
                           QStringLiteral("--to"),     QStringLiteral("cute"),
                           QStringLiteral("--units"),  QStringLiteral("bytes")}
            << 2 << QStringLiteral("--units bytes needs --dtype");
        QTest::newRow("unknown units")
            << QStringList{QStringLiteral("--layout"), QStringLiteral("(4,8):(8,1)"),
                           QStringLiteral("--to"),     QStringLiteral("cute"),
                           QStringLiteral("--units"),  QStringLiteral("bits")}
            << 2 << QStringLiteral("unknown --units");
        QTest::newRow("blocked with xor")
            << QStringList{QStringLiteral("--layout"),
                           QStringLiteral("#ttg.linear<{register = [], lane = [[1, 1]], warp = [], "
                                          "block = []}>"),
                           QStringLiteral("--shape"),
                           QStringLiteral("2x2"),
                           QStringLiteral("--to"),
                           QStringLiteral("cute")}
            << 1 << QStringLiteral("more than one dim");
    }
    void failures()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run r = run(QStringList{QStringLiteral("convert")} + args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliCute)
#include "tst_cli_cute.moc"
