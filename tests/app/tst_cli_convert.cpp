// `layout-explorer convert` and `layout-explorer presets`, end to end through the executable
// named by the environment variable LX_APP: each output form, bad usage (exit 2) and bad input
// (exit 1), with nothing on stdout when the command fails.

#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <algorithm>

namespace {

lx::test::CliResult run(const QStringList &args)
{
    return lx::test::runApp(args);
}

// Triton's unittest/Dialect/TritonGPU/DumpLayoutTest.cpp: a 4-element blocked layout with 8 threads
// per warp and 4 warps.
const char *kBlocked4 =
    "#ttg.blocked<{sizePerThread=[1], threadsPerWarp=[8], warpsPerCTA=[4], order=[0]}>";

} // namespace

class TestCliConvert : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void tritonTextDistributed();
    void tritonTextShared();
    void json();
    void ttg();
    void gluon();
    void rawJsonInput();
    void badUsage_data();
    void badUsage();
    void badInput_data();
    void badInput();
    void presets();
};

void TestCliConvert::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(),
             "LX_APP must name the layout-explorer binary");
}

void TestCliConvert::tritonTextDistributed()
{
    lx::test::CliResult r =
        run({QStringLiteral("convert"), QStringLiteral("--layout"), QString::fromUtf8(kBlocked4),
             QStringLiteral("--shape"), QStringLiteral("4"), QStringLiteral("--to"),
             QStringLiteral("triton-text")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(
        r.outText(),
        QStringLiteral("[ T0:0| T4:0| T8:0|T12:0|T16:0|T20:0|T24:0|T28:0,  T1:0| T5:0| T9:0|T13:0|"
                       "T17:0|T21:0|T25:0|T29:0,  T2:0| T6:0|T10:0|T14:0|T18:0|T22:0|T26:0|T30:0,  "
                       "T3:0| T7:0|T11:0|T15:0|T19:0|T23:0|T27:0|T31:0]\n"));
    r = run({QStringLiteral("convert"), QStringLiteral("--layout"), QString::fromUtf8(kBlocked4),
             QStringLiteral("--shape"), QStringLiteral("4"), QStringLiteral("--to"),
             QStringLiteral("triton-text"), QStringLiteral("--hw")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.outText(), QStringLiteral("Warp0:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                                         "Warp1:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                                         "Warp2:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                                         "Warp3:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"));
}

void TestCliConvert::tritonTextShared()
{
    // Triton's unittest/Dialect/TritonGPU/DumpLayoutTest.cpp, tensor<8x32xf16>.
    lx::test::CliResult r =
        run({QStringLiteral("convert"), QStringLiteral("--layout"),
             QStringLiteral(
                 "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 8, order = [1, 0]}>"),
             QStringLiteral("--shape"), QStringLiteral("8x32"), QStringLiteral("--to"),
             QStringLiteral("triton-text")});
    QCOMPARE(r.exitCode, 0);
    const QString expected = QStringLiteral(
        "[[(0: 0),(0: 1),(0: 2),(0: 3),(0: 4),(0: 5),(0: 6),(0: 7),(0: 8),(0: "
        "9),(0:10),(0:11),(0:12),(0:13),(0:14),(0:15),(0:16),(0:17),(0:18),(0:19),(0:20),(0:21),(0:"
        "22),(0:23),(0:24),(0:25),(0:26),(0:27),(0:28),(0:29),(0:30),(0:31)]\n"
        "[ (1: 0),(1: 1),(1: 2),(1: 3),(1: 4),(1: 5),(1: 6),(1: 7),(1: 8),(1: "
        "9),(1:10),(1:11),(1:12),(1:13),(1:14),(1:15),(1:16),(1:17),(1:18),(1:19),(1:20),(1:21),(1:"
        "22),(1:23),(1:24),(1:25),(1:26),(1:27),(1:28),(1:29),(1:30),(1:31)]\n"
        "[ (2: 8),(2: 9),(2:10),(2:11),(2:12),(2:13),(2:14),(2:15),(2: 0),(2: 1),(2: 2),(2: 3),(2: "
        "4),(2: 5),(2: 6),(2: "
        "7),(2:24),(2:25),(2:26),(2:27),(2:28),(2:29),(2:30),(2:31),(2:16),(2:17),(2:18),(2:19),(2:"
        "20),(2:21),(2:22),(2:23)]\n"
        "[ (3: 8),(3: 9),(3:10),(3:11),(3:12),(3:13),(3:14),(3:15),(3: 0),(3: 1),(3: 2),(3: 3),(3: "
        "4),(3: 5),(3: 6),(3: "
        "7),(3:24),(3:25),(3:26),(3:27),(3:28),(3:29),(3:30),(3:31),(3:16),(3:17),(3:18),(3:19),(3:"
        "20),(3:21),(3:22),(3:23)]\n"
        "[ "
        "(4:16),(4:17),(4:18),(4:19),(4:20),(4:21),(4:22),(4:23),(4:24),(4:25),(4:26),(4:27),(4:28)"
        ",(4:29),(4:30),(4:31),(4: 0),(4: 1),(4: 2),(4: 3),(4: 4),(4: 5),(4: 6),(4: 7),(4: 8),(4: "
        "9),(4:10),(4:11),(4:12),(4:13),(4:14),(4:15)]\n"
        "[ "
        "(5:16),(5:17),(5:18),(5:19),(5:20),(5:21),(5:22),(5:23),(5:24),(5:25),(5:26),(5:27),(5:28)"
        ",(5:29),(5:30),(5:31),(5: 0),(5: 1),(5: 2),(5: 3),(5: 4),(5: 5),(5: 6),(5: 7),(5: 8),(5: "
        "9),(5:10),(5:11),(5:12),(5:13),(5:14),(5:15)]\n"
        "[ "
        "(6:24),(6:25),(6:26),(6:27),(6:28),(6:29),(6:30),(6:31),(6:16),(6:17),(6:18),(6:19),(6:20)"
        ",(6:21),(6:22),(6:23),(6: 8),(6: 9),(6:10),(6:11),(6:12),(6:13),(6:14),(6:15),(6: 0),(6: "
        "1),(6: 2),(6: 3),(6: 4),(6: 5),(6: 6),(6: 7)]\n"
        "[ "
        "(7:24),(7:25),(7:26),(7:27),(7:28),(7:29),(7:30),(7:31),(7:16),(7:17),(7:18),(7:19),(7:20)"
        ",(7:21),(7:22),(7:23),(7: 8),(7: 9),(7:10),(7:11),(7:12),(7:13),(7:14),(7:15),(7: 0),(7: "
        "1),(7: 2),(7: 3),(7: 4),(7: 5),(7: 6),(7: 7)]]\n");
    QCOMPARE(r.outText(), expected);
    // Case 4d: vec 2, perPhase 1, maxPhase 32, hardware view; offset 32 lands on row 1, column
    // (0 ^ 1) * 2 = 2, offset 34 on column (1 ^ 1) * 2 = 0.
    r = run({QStringLiteral("convert"), QStringLiteral("--layout"),
             QStringLiteral(
                 "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 32, order = [1, 0]}>"),
             QStringLiteral("--shape"), QStringLiteral("8x32"), QStringLiteral("--to"),
             QStringLiteral("triton-text"), QStringLiteral("--hw")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.outText().split(QLatin1Char('\n'));
    QCOMPARE(lines.at(0), QStringLiteral("Block: 0:"));
    QCOMPARE(lines.at(1), QStringLiteral("Offset: 0 -> (0, 0)"));
    QCOMPARE(lines.at(33), QStringLiteral("Offset: 32 -> (1, 2)"));
    QCOMPARE(lines.at(35), QStringLiteral("Offset: 34 -> (1, 0)"));
    QCOMPARE(lines.at(256), QStringLiteral("Offset: 255 -> (7,17)"));
}

void TestCliConvert::json()
{
    const lx::test::CliResult r =
        run({QStringLiteral("convert"), QStringLiteral("--layout"), QString::fromUtf8(kBlocked4),
             QStringLiteral("--shape"), QStringLiteral("4"), QStringLiteral("--to"),
             QStringLiteral("json")});
    QCOMPARE(r.exitCode, 0);
    // By hand: threads 0..3 take the 4 elements (lane bits 0, 1); lane bit 2 and both warp bits
    // replicate (the 4-element tensor is covered by the first 4 threads, Case 4a).
    const QJsonDocument expected = QJsonDocument::fromJson(
        R"({"bases": [["register", []], ["lane", [[1], [2], [0]]], ["warp", [[0], [0]]], ["block", []]],
            "outDims": [["dim0", 4]]})");
    QCOMPARE(QJsonDocument::fromJson(r.outText().toUtf8()), expected);
}

void TestCliConvert::ttg()
{
    lx::test::CliResult r =
        run({QStringLiteral("convert"), QStringLiteral("--layout"), QString::fromUtf8(kBlocked4),
             QStringLiteral("--to"), QStringLiteral("ttg")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.outText(), QStringLiteral("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], "
                                         "warpsPerCTA = [4], order = [0]}>\n"));
    r = run({QStringLiteral("convert"), QStringLiteral("--layout"),
             QStringLiteral("#mma = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, 1]]}, "
                            "instrShape = [16, 16, 32]}>\n"
                            "#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>"),
             QStringLiteral("--to"), QStringLiteral("ttg"), QStringLiteral("--aliases")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.outText(),
             QStringLiteral("#mma = #ttg.amd_wmma<{version = 3, isTranspose = false, ctaLayout = "
                            "{warp = [[0, 1]]}, instrShape = [16, 16, 32]}>\n"
                            "#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>\n"));
}

void TestCliConvert::gluon()
{
    const lx::test::CliResult r = run(
        {QStringLiteral("convert"), QStringLiteral("--layout"),
         QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {register = "
                        "[[0, 1]], warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>"),
         QStringLiteral("--to"), QStringLiteral("gluon")});
    QCOMPARE(r.exitCode, 0);
    // docs/gfx1250-layouts.md §7.2: AMDWMMALayout(version, transposed, warp_bases, reg_bases,
    // instr_shape, ...).
    QCOMPARE(
        r.outText(),
        QStringLiteral("ttgl.amd.AMDWMMALayout(version=3, transposed=True, warp_bases=[[2, 1], "
                       "[1, 0]], reg_bases=[[0, 1]], instr_shape=[16, 16, 32])\n"));
}

void TestCliConvert::rawJsonInput()
{
    const QString raw = QStringLiteral(
        R"({"bases": [["register", [[1, 0]]], ["lane", [[0, 1]]], ["warp", []], ["block", []]], "outDims": [["dim0", 2], ["dim1", 2]]})");
    lx::test::CliResult r = run({QStringLiteral("convert"), QStringLiteral("--layout"), raw,
                                 QStringLiteral("--to"), QStringLiteral("ttg")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.outText(),
             QStringLiteral(
                 "#ttg.linear<{register = [[1, 0]], lane = [[0, 1]], warp = [], block = []}>\n"));
    // Register 0/1 walks dim0, lane 0/1 walks dim1: element (i, j) is T<j>:<i>.
    r = run({QStringLiteral("convert"), QStringLiteral("--layout"), raw, QStringLiteral("--to"),
             QStringLiteral("triton-text")});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(r.outText(), QStringLiteral("[[T0:0, T1:0]\n[ T0:1, T1:1]]\n"));
}

void TestCliConvert::badUsage_data()
{
    QTest::addColumn<QStringList>("args");
    const QString l = QString::fromUtf8(kBlocked4);
    QTest::newRow("no-options") << QStringList{QStringLiteral("convert")};
    QTest::newRow("missing-to") << QStringList{QStringLiteral("convert"),
                                               QStringLiteral("--layout"), l};
    QTest::newRow("missing-layout")
        << QStringList{QStringLiteral("convert"), QStringLiteral("--to"), QStringLiteral("ttg")};
    QTest::newRow("unknown-form") << QStringList{QStringLiteral("convert"),
                                                 QStringLiteral("--layout"), l,
                                                 QStringLiteral("--to"), QStringLiteral("xml")};
    QTest::newRow("malformed-shape") << QStringList{
        QStringLiteral("convert"), QStringLiteral("--layout"), l,
        QStringLiteral("--shape"), QStringLiteral("12xq"),     QStringLiteral("--to"),
        QStringLiteral("json")};
    QTest::newRow("zero-shape") << QStringList{
        QStringLiteral("convert"), QStringLiteral("--layout"), l,
        QStringLiteral("--shape"), QStringLiteral("0x4"),      QStringLiteral("--to"),
        QStringLiteral("json")};
    QTest::newRow("json-without-shape")
        << QStringList{QStringLiteral("convert"), QStringLiteral("--layout"), l,
                       QStringLiteral("--to"), QStringLiteral("json")};
    QTest::newRow("hw-with-ttg") << QStringList{
        QStringLiteral("convert"), QStringLiteral("--layout"), l,
        QStringLiteral("--to"),    QStringLiteral("ttg"),      QStringLiteral("--hw")};
    QTest::newRow("unknown-option")
        << QStringList{QStringLiteral("convert"), QStringLiteral("--frobnicate")};
    QTest::newRow("stray-argument") << QStringList{
        QStringLiteral("convert"), QStringLiteral("--layout"), l,
        QStringLiteral("--to"),    QStringLiteral("ttg"),      QStringLiteral("extra")};
    QTest::newRow("presets-unknown-action")
        << QStringList{QStringLiteral("presets"), QStringLiteral("delete")};
    QTest::newRow("presets-show-without-name")
        << QStringList{QStringLiteral("presets"), QStringLiteral("show")};
}

void TestCliConvert::badUsage()
{
    QFETCH(QStringList, args);
    const lx::test::CliResult r = run(args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY(r.outText().isEmpty());
    QVERIFY(!r.errText().isEmpty());
}

void TestCliConvert::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("phrase");
    QTest::newRow("malformed-text")
        << QStringList{QStringLiteral("convert"), QStringLiteral("--layout"),
                       QStringLiteral("#ttg.blocked<{sizePerThread = [1], order = [0]"),
                       QStringLiteral("--to"), QStringLiteral("ttg")}
        << QStringLiteral("1:47: expected '}'");
    QTest::newRow("unknown-key")
        << QStringList{QStringLiteral("convert"), QStringLiteral("--layout"),
                       QStringLiteral(
                           "#ttg.amd_wmma<{version = 2, isTransposed = true, ctaLayout = {}}>"),
                       QStringLiteral("--to"), QStringLiteral("gluon")}
        << QStringLiteral("1:29: unknown key 'isTransposed'");
    QTest::newRow("rank-mismatch")
        << QStringList{QStringLiteral("convert"),    QStringLiteral("--layout"),
                       QString::fromUtf8(kBlocked4), QStringLiteral("--shape"),
                       QStringLiteral("4x4"),        QStringLiteral("--to"),
                       QStringLiteral("json")}
        << QString();
    QTest::newRow("bad-json") << QStringList{QStringLiteral("convert"), QStringLiteral("--layout"),
                                             QStringLiteral("{\"bases\": ["),
                                             QStringLiteral("--to"), QStringLiteral("json")}
                              << QStringLiteral("not valid JSON");
    QTest::newRow("raw-shape-mismatch")
        << QStringList{QStringLiteral("convert"),
                       QStringLiteral("--layout"),
                       QStringLiteral(
                           R"({"bases": [["offset", [[1]]], ["block", []]], "outDims": [["dim0", 2]]})"),
                       QStringLiteral("--shape"),
                       QStringLiteral("4"),
                       QStringLiteral("--to"),
                       QStringLiteral("json")}
        << QStringLiteral("--shape does not match");
    QTest::newRow("unknown-preset")
        << QStringList{QStringLiteral("presets"), QStringLiteral("show"),
                       QStringLiteral("no-such-preset")}
        << QStringLiteral("no preset named");
}

void TestCliConvert::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, phrase);
    const lx::test::CliResult r = run(args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.outText().isEmpty());
    QVERIFY2(r.errText().contains(phrase), qPrintable(r.errText()));
}

void TestCliConvert::presets()
{
    lx::test::CliResult r = run({QStringLiteral("presets")});
    QCOMPARE(r.exitCode, 0);
    // A line per preset starting with its name (in counting order: fig9 before fig10), then an
    // indented description line.
    QStringList lines = r.outText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.removeIf([](const QString &l) { return l.startsWith(QLatin1Char(' ')); });
    QVERIFY(lines.size() > 1);
    QVERIFY(std::any_of(lines.begin(), lines.end(),
                        [](const QString &l) { return l.startsWith(QStringLiteral("default ")); }));
    QStringList names;
    for (const QString &l : lines)
        names << l.section(QLatin1Char(' '), 0, 0);
    QVERIFY(names.indexOf(u"fig9"_qs) >= 0 &&
            names.indexOf(u"fig9"_qs) < names.indexOf(u"fig10"_qs));
    QVERIFY(names.indexOf(u"fig1a"_qs) >= 0 &&
            names.indexOf(u"fig1a"_qs) < names.indexOf(u"fig2a"_qs));
    r = run({QStringLiteral("presets"), QStringLiteral("list"), QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonDocument list = QJsonDocument::fromJson(r.outText().toUtf8());
    QVERIFY(list.isObject());
    bool found = false;
    for (const auto &p : list.object().value(QStringLiteral("presets")).toArray())
        found |= p.toObject().value(QStringLiteral("name")).toString() == QLatin1String("default");
    QVERIFY(found);
    r = run({QStringLiteral("presets"), QStringLiteral("show"), QStringLiteral("default"),
             QStringLiteral("--json")});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject scene = QJsonDocument::fromJson(r.outText().toUtf8()).object();
    QCOMPARE(scene.value(QStringLiteral("format")).toString(),
             QStringLiteral("layout-explorer-scene"));
    QCOMPARE(scene.value(QStringLiteral("name")).toString(), QStringLiteral("default"));
    r = run({QStringLiteral("presets"), QStringLiteral("show"), QStringLiteral("default")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.outText().contains(QStringLiteral("ownership of C")));
}

QTEST_GUILESS_MAIN(TestCliConvert)
#include "tst_cli_convert.moc"
