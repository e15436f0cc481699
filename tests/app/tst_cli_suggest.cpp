// End-to-end tests of `layout-explorer suggest shared|cta|op` (app/cmd_suggest.cpp) and of
// `analyze banks --addresses` (app/cmd_analyze_banks.cpp), run as a process (LX_APP).

#include "io/ttgir.h"
#include "request/kernelsuggest.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
};

Run runApp(const QStringList &args)
{
    QProcess p;
    p.start(qEnvironmentVariable("LX_APP"), args);
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), QString::fromUtf8(p.readAllStandardError())};
}

QJsonObject json(const Run &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

// Measured pattern p130 of tests/data/hardware: lanes 2k and 2k+1 load the same 8 bytes.
QStringList p130()
{
    const int bases[4] = {3280, 1680, 4016, 1608};
    QStringList out;
    for (int lane = 0; lane < 32; ++lane) {
        int a = 0;
        for (int b = 0; b < 4; ++b)
            if (lane & (2 << b))
                a ^= bases[b];
        out << QString::number(a);
    }
    return out;
}

} // namespace

class TestCliSuggest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addressesMeasuredRule();
    void addressesFromFile();
    void addressesErrors_data();
    void addressesErrors();
    void sharedPresetJson();
    void sharedFromText();
    void ctaJson();
    void opIsTheRequestLayersAnswer();
    void usageErrors_data();
    void usageErrors();
    void unknownArchitecture_data();
    void unknownArchitecture();
};

void TestCliSuggest::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(), "LX_APP must name the binary");
}

// sm90: 1 wavefront (measured), 2 in the textbook phases; the JSON says which rule and both.
void TestCliSuggest::addressesMeasuredRule()
{
    const Run r = runApp({u"analyze"_s, u"banks"_s, u"--addresses"_s, p130().join(u','),
                          u"--width"_s, u"8"_s, u"--arch"_s, u"sm90"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = json(r);
    QCOMPARE(j[u"cycles"].toInt(), 1);
    QCOMPARE(j[u"modelCycles"].toInt(), 2);
    QCOMPARE(j[u"measuredRuleConfidence"].toString(), u"measured"_s);
    QCOMPARE(j[u"cyclesMeaning"].toString(), u"wavefronts"_s);
    QCOMPARE(j[u"instruction"].toString(), u"LDS.64"_s);
    // A store of the same addresses keeps the textbook phases.
    const Run w = runApp({u"analyze"_s, u"banks"_s, u"--addresses"_s, p130().join(u','),
                          u"--width"_s, u"8"_s, u"--write"_s, u"--arch"_s, u"sm90"_s, u"--json"_s});
    QCOMPARE(w.exitCode, 0);
    QCOMPARE(json(w)[u"cycles"].toInt(), 2);
    QVERIFY(json(w)[u"measuredRule"].isNull());
    // Text output names measured vs model.
    const Run t = runApp({u"analyze"_s, u"banks"_s, u"--addresses"_s, p130().join(u','),
                          u"--width"_s, u"8"_s, u"--arch"_s, u"sm90"_s});
    QCOMPARE(t.exitCode, 0);
    QVERIFY(t.out.contains("measured vs model"));
}

// @FILE with spaces, newlines and '-' for inactive lanes; fewer lanes than the wave.
void TestCliSuggest::addressesFromFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"lanes.txt"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("0 128\n256 - 512\n");
    f.close();
    const Run r = runApp({u"analyze"_s, u"banks"_s, u"--addresses"_s, u"@"_s + path, u"--width"_s,
                          u"4"_s, u"--arch"_s, u"gfx942"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = json(r);
    // Four active lanes on bank 0, four distinct dwords: 4-way.
    QCOMPARE(j[u"maxWays"].toInt(), 4);
    QCOMPARE(j[u"addresses"].toArray().size(), 64);
    QVERIFY(j[u"addresses"].toArray()[3].isNull());
}

void TestCliSuggest::addressesErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QStringList base = {u"analyze"_s, u"banks"_s};
    QTest::newRow("no width") << base +
                                     QStringList{u"--addresses"_s, u"0,4"_s, u"--arch"_s, u"sm90"_s}
                              << 2 << u"--width"_s;
    QTest::newRow("bad number") << base + QStringList{u"--addresses"_s, u"0,x"_s,    u"--width"_s,
                                                      u"4"_s,           u"--arch"_s, u"sm90"_s}
                                << 1 << u"'x'"_s;
    QTest::newRow("negative") << base + QStringList{u"--addresses"_s, u"-4"_s,     u"--width"_s,
                                                    u"4"_s,           u"--arch"_s, u"sm90"_s}
                              << 1 << u"non-negative"_s;
    QTest::newRow("misaligned") << base + QStringList{u"--addresses"_s, u"0,6"_s,    u"--width"_s,
                                                      u"4"_s,           u"--arch"_s, u"sm90"_s}
                                << 1 << u"aligned"_s;
    QTest::newRow("too many")
        << base + QStringList{u"--addresses"_s, QStringList(QList<QString>(40, u"0"_s)).join(u','),
                              u"--width"_s,     u"4"_s,
                              u"--arch"_s,      u"sm90"_s}
        << 1 << u"40 addresses"_s;
    QTest::newRow("no such width")
        << base +
               QStringList{u"--addresses"_s, u"0"_s, u"--width"_s, u"32"_s, u"--arch"_s, u"sm90"_s}
        << 1 << u"32 bytes"_s;
    QTest::newRow("missing file") << base + QStringList{u"--addresses"_s, u"@/nonexistent/x"_s,
                                                        u"--width"_s,     u"4"_s,
                                                        u"--arch"_s,      u"sm90"_s}
                                  << 1 << u"cannot read"_s;
    QTest::newRow("two modes") << base + QStringList{u"--addresses"_s, u"0"_s,       u"--preset"_s,
                                                     u"lds-a1"_s,      u"--width"_s, u"4"_s}
                               << 2 << u"exactly one"_s;
}

void TestCliSuggest::addressesErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const Run r = runApp(args);
    QCOMPARE(r.exitCode, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

void TestCliSuggest::sharedPresetJson()
{
    const Run r = runApp(
        {u"suggest"_s, u"shared"_s, u"--preset"_s, u"lds-c1"_s, u"--limit"_s, u"5"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = json(r);
    const QJsonArray cs = j[u"candidates"].toArray();
    QCOMPARE(cs.size(), 5);
    for (const QString &key :
         {u"text"_s, u"readWays"_s, u"readCycles"_s, u"writeWays"_s, u"writeCycles"_s,
          u"vectorBits"_s, u"dsLoadTr"_s, u"ldsBytes"_s, u"partitionConflicts"_s, u"pareto"_s})
        QVERIFY2(cs[0].toObject().contains(key), qPrintable(key));
    QVERIFY(cs[0].toObject()[u"pareto"].toBool());
    QVERIFY(j[u"triton"].isObject());
    QVERIFY(j[u"triton"].toObject()[u"readCycles"].toInt() >=
            cs[0].toObject()[u"readCycles"].toInt());
    QVERIFY(!j[u"pruned"].toArray().isEmpty());
}

// The gfx950 A operand from text: Triton's pick is vec 8, perPhase 1, maxPhase 16.
void TestCliSuggest::sharedFromText()
{
    const Run r = runApp(
        {u"suggest"_s, u"shared"_s, u"--reg"_s,
         u"#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], "
         u"instrShape = [32, 32, 16], isTransposed = true}>, kWidth = 8}>"_s,
         u"--write-layout"_s,
         u"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], "
         u"order = [1, 0]}>"_s,
         u"--shape"_s, u"128x128"_s, u"--dtype"_s, u"f16"_s, u"--arch"_s, u"gfx950"_s,
         u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject t = json(r)[u"triton"].toObject();
    QCOMPARE(t[u"text"].toString(),
             u"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>"_s);
    QCOMPARE(t[u"readWays"].toInt(), 1);
}

void TestCliSuggest::ctaJson()
{
    const Run r = runApp({u"suggest"_s, u"cta"_s, u"--shape"_s, u"64x32"_s, u"--warps"_s, u"4"_s,
                          u"--instr"_s, u"16x16x32"_s, u"--dtype"_s, u"f16"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject top = json(r)[u"candidates"].toArray()[0].toObject();
    for (const QString &key :
         {u"text"_s, u"crossPairSharedA"_s, u"crossPairSharedB"_s, u"tdmInstructionsA"_s,
          u"tdmInstructionsB"_s, u"partitionConflicts"_s})
        QVERIFY2(top.contains(key), qPrintable(key));
    QVERIFY(!top[u"crossPairSharedA"].toBool() && !top[u"crossPairSharedB"].toBool());
}

// `suggest op --json` is the request layer's answer for the same module and line, every op of
// the buffer before and after.
void TestCliSuggest::opIsTheRequestLayersAnswer()
{
    const QString path =
        QStringLiteral(LX_TEST_DATA_DIR "/kernels/gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_"
                                        "s1618_4116.ttgir");
    const Run r = runApp({u"suggest"_s, u"op"_s, path, u"--line"_s, u"39"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject j = json(r);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const lx::Expected<lx::TtgirModule> module = lx::parseTtgir(f.readAll().toStdString());
    QVERIFY(module);
    const lx::Expected<lx::KernelSuggestion> s = lx::suggestForKernelOp(*module, 39);
    QVERIFY(s);
    QCOMPARE(j[u"ttgLine"].toString().toStdString(), s->ttgLine);
    QCOMPARE(j[u"gluon"].toString().toStdString(), s->gluon);
    QCOMPARE(j[u"improves"].toBool(), s->improves);
    QCOMPARE(j[u"analysed"].toInt(), s->analysed);
    const QJsonArray ops = j[u"ops"].toArray();
    QCOMPARE(size_t(ops.size()), s->before.size());
    for (qsizetype i = 0; i < ops.size(); ++i) {
        const QJsonObject op = ops[i].toObject();
        QCOMPARE(op[u"line"].toInt(), s->before[size_t(i)].line);
        for (const auto &[key, report] : {std::pair{u"before"_s, s->before[size_t(i)]},
                                          std::pair{u"after"_s, s->after[size_t(i)]}}) {
            const QJsonObject a = op[key].toObject();
            QCOMPARE(a[u"instruction"].toString().toStdString(), report.instruction);
            QCOMPARE(a[u"count"].toInteger(), report.count);
            QCOMPARE(a[u"maxWays"].toInt(), report.maxWays);
            QCOMPARE(a[u"cyclesPerCta"].toInteger(), report.cyclesPerCta.value_or(-1));
        }
    }
    // The text names the same line.
    const Run text = runApp({u"suggest"_s, u"op"_s, path, u"--line"_s, u"39"_s});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QByteArray::fromStdString(s->ttgLine)), text.out.constData());
}

void TestCliSuggest::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::newRow("no sub") << QStringList{u"suggest"_s} << 2;
    QTest::newRow("bad sub") << QStringList{u"suggest"_s, u"banks"_s} << 2;
    QTest::newRow("both") << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s,
                                         u"lds-c1"_s,  u"--reg"_s,  u"x"_s}
                          << 2;
    QTest::newRow("bad preset") << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s, u"nope"_s}
                                << 1;
    QTest::newRow("no access") << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s, u"fig2a"_s}
                               << 1;
    QTest::newRow("bad shape") << QStringList{u"suggest"_s, u"shared"_s, u"--reg"_s,   u"x"_s,
                                              u"--shape"_s, u"12"_s,     u"--dtype"_s, u"f16"_s,
                                              u"--arch"_s,  u"gfx942"_s}
                               << 2;
    QTest::newRow("bad reg") << QStringList{u"suggest"_s,     u"shared"_s,  u"--reg"_s,
                                            u"#ttg.nope<>"_s, u"--shape"_s, u"16x16"_s,
                                            u"--dtype"_s,     u"f16"_s,     u"--arch"_s,
                                            u"gfx942"_s}
                             << 1;
    QTest::newRow("cta warps") << QStringList{u"suggest"_s, u"cta"_s, u"--shape"_s, u"64x32"_s,
                                              u"--warps"_s, u"3"_s,   u"--instr"_s, u"16x16x32"_s,
                                              u"--dtype"_s, u"f16"_s}
                               << 1;
    const QString gemm =
        QStringLiteral(LX_TEST_DATA_DIR "/kernels/gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_"
                                        "s1618_4116.ttgir");
    QTest::newRow("op no line") << QStringList{u"suggest"_s, u"op"_s, gemm} << 2;
    QTest::newRow("op bad line") << QStringList{u"suggest"_s, u"op"_s, gemm, u"--line"_s, u"x"_s}
                                 << 2;
    QTest::newRow("op no file") << QStringList{u"suggest"_s, u"op"_s, u"--line"_s, u"39"_s} << 2;
    QTest::newRow("op missing file")
        << QStringList{u"suggest"_s, u"op"_s, u"/nonexistent.ttgir"_s, u"--line"_s, u"39"_s} << 1;
    QTest::newRow("op no op there")
        << QStringList{u"suggest"_s, u"op"_s, gemm, u"--line"_s, u"2"_s} << 1;
    QTest::newRow("op no shared") << QStringList{u"suggest"_s, u"op"_s, gemm, u"--line"_s, u"27"_s}
                                  << 1;
    QTest::newRow("cta instr") << QStringList{u"suggest"_s, u"cta"_s, u"--shape"_s, u"64x32"_s,
                                              u"--warps"_s, u"4"_s,   u"--instr"_s, u"16x16"_s,
                                              u"--dtype"_s, u"f16"_s}
                               << 2;
}

void TestCliSuggest::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    const Run r = runApp(args);
    QCOMPARE(r.exitCode, code);
    QVERIFY(!r.err.isEmpty());
    // The message names the command, then the cause: "layout-explorer suggest: ..." or
    // "layout-explorer suggest op: ...", never "suggest : ...".
    QVERIFY2(r.err.startsWith(u"layout-explorer suggest"_s) && !r.err.contains(u" :"_s),
             qPrintable(r.err));
}

void TestCliSuggest::unknownArchitecture_data()
{
    QTest::addColumn<QStringList>("args");
    const QString kernel =
        QStringLiteral(LX_TEST_DATA_DIR "/kernels/attn_gfx950_128x64x128_w4.ttgir");
    QTest::newRow("suggest shared --preset")
        << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s, u"lds-c1"_s};
    QTest::newRow("suggest shared kPack")
        << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s, u"rocmlir-kpack-before"_s};
    QTest::newRow("suggest shared --explain")
        << QStringList{u"suggest"_s, u"shared"_s, u"--preset"_s, u"lds-c1"_s, u"--explain"_s};
    QTest::newRow("suggest shared --reg")
        << QStringList{u"suggest"_s,
                       u"shared"_s,
                       u"--reg"_s,
                       u"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], "
                       u"warpsPerCTA = [1, 1], order = [1, 0]}>"_s,
                       u"--shape"_s,
                       u"32x32"_s};
    QTest::newRow("suggest cta") << QStringList{u"suggest"_s, u"cta"_s, u"--shape"_s, u"64x32"_s,
                                                u"--warps"_s, u"4"_s,   u"--instr"_s, u"16x16x32"_s,
                                                u"--dtype"_s, u"f16"_s};
    QTest::newRow("analyze banks --preset kPack")
        << QStringList{u"analyze"_s, u"banks"_s, u"--preset"_s, u"rocmlir-kpack-before"_s};
    QTest::newRow("analyze banks --preset")
        << QStringList{u"analyze"_s, u"banks"_s, u"--preset"_s, u"lds-c1"_s};
    QTest::newRow("analyze ds-load-tr")
        << QStringList{u"analyze"_s, u"ds-load-tr"_s, u"--preset"_s, u"fig1a"_s};
    QTest::newRow("analyze cta") << QStringList{u"analyze"_s, u"cta"_s, u"--preset"_s, u"fig8"_s};
    QTest::newRow("analyze lds") << QStringList{u"analyze"_s, u"lds"_s, u"--preset"_s,
                                                u"microbench-plain"_s};
    QTest::newRow("analyze kernel") << QStringList{u"analyze"_s, u"kernel"_s, kernel};
}

// Every command that takes --arch refuses an unknown one: exit 1, the name in the message.
void TestCliSuggest::unknownArchitecture()
{
    QFETCH(QStringList, args);
    const Run r = runApp(args + QStringList{u"--arch"_s, u"nonsense"_s});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(u"nonsense"_s), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliSuggest)
#include "tst_cli_suggest.moc"
