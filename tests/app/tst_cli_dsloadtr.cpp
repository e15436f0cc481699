// `layout-explorer analyze ds-load-tr` end to end: the binary (env LX_APP) on presets and on
// explicit layouts, JSON and text, figures, and every kind of bad input with its exit code.

#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

lx::test::CliResult run(const QStringList &args)
{
    return lx::test::runApp(QStringList{QStringLiteral("analyze"), QStringLiteral("ds-load-tr")} +
                            args);
}

QJsonObject runJson(const QStringList &args, lx::test::CliResult *raw = nullptr)
{
    lx::test::CliResult r = run(args + QStringList{QStringLiteral("--json")});
    if (raw)
        *raw = r;
    return QJsonDocument::fromJson(r.out).object();
}

const QString kShared0 =
    QStringLiteral("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>");
// ds_transpose_gfx1250.mlir's #linear_ds_tr_tile_invalid and gfx950's (lane bases 1 and 2 swapped).
const QString kInvalid1250 =
    QStringLiteral("#ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 4]], lane = [[1, 0], "
                   "[4, 0], [2, 0], [8, 0], [16, 0]], warp = [[0, 0], [0, 0]], block = []}>");
const QString kValid950 =
    QStringLiteral("#ttg.linear<{register = [[0, 1], [0, 2], [0, 8], [0, 4]], lane = [[1, 0], [2, "
                   "0], [4, 0], [8, 0], [32, 0], [16, 0]], warp = [[0, 0], [0, 0]], block = []}>");

} // namespace

class TestCliDsLoadTr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(), "LX_APP is not set");
    }
    void attentionV();
    void presets_data();
    void presets();
    void explicitLayouts_data();
    void explicitLayouts();
    void packedFp4();
    void textReport();
    void figure();
    void thirtyTwoBitElements_data();
    void thirtyTwoBitElements();
    void badInput_data();
    void badInput();
};

void TestCliDsLoadTr::attentionV()
{
    // Blog: "128 ds_load_tr16_b128 instructions. Disabling transposed loads replaces them with
    // 1024 ds_load_u16 instructions."
    lx::test::CliResult raw;
    const QJsonObject j =
        runJson({QStringLiteral("--preset"), QStringLiteral("attention-v")}, &raw);
    QCOMPARE(raw.exitCode, 0);
    QCOMPARE(j.value(QStringLiteral("eligible")).toBool(), true);
    QCOMPARE(j.value(QStringLiteral("instruction")).toString(),
             QStringLiteral("ds_load_tr16_b128"));
    QCOMPARE(j.value(QStringLiteral("instructions")).toInt(), 128);
    QCOMPARE(j.value(QStringLiteral("fallbackInstruction")).toString(),
             QStringLiteral("ds_load_u16"));
    QCOMPARE(j.value(QStringLiteral("fallbackInstructions")).toInt(), 1024);
    QVERIFY(j.value(QStringLiteral("reason")).isNull());
    const QJsonObject cvt = j.value(QStringLiteral("cvt")).toObject();
    QVERIFY(cvt.contains(QStringLiteral("bases")) && cvt.contains(QStringLiteral("outDims")));
    // Eight warps x 128 instructions, 32 lanes each.
    const QJsonArray lanes = j.value(QStringLiteral("laneAddresses")).toArray();
    QCOMPARE(lanes.size(), 8 * 128);
    QCOMPARE(lanes.at(0).toObject().value(QStringLiteral("offsets")).toArray().size(), 32);
}

void TestCliDsLoadTr::presets_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("eligible");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("reason");
    // Counts: registers per thread / 8 elements per instruction. fig1a/1b: 32x8 over 32 lanes = 8
    // registers -> 1. fig2a: 32x16 -> 16 registers -> 2. fig2b: 64x16 i8 -> 32 -> 4.
    QTest::newRow("fig1a") << QStringLiteral("fig1a") << true << QStringLiteral("ds_load_tr16_b128")
                           << 1 << QString();
    QTest::newRow("fig1b") << QStringLiteral("fig1b") << true << QStringLiteral("ds_load_tr8_b64")
                           << 1 << QString();
    QTest::newRow("fig2a") << QStringLiteral("fig2a") << true << QStringLiteral("ds_load_tr16_b128")
                           << 2 << QString();
    QTest::newRow("fig2b") << QStringLiteral("fig2b") << true << QStringLiteral("ds_load_tr8_b64")
                           << 4 << QString();
    QTest::newRow("fig3") << QStringLiteral("fig3") << true << QStringLiteral("ds_load_tr16_b128")
                          << 1 << QString();
    QTest::newRow("fig4a") << QStringLiteral("fig4a") << true << QStringLiteral("ds_load_tr16_b128")
                           << 2 << QString();
    QTest::newRow("fig4b") << QStringLiteral("fig4b") << true << QStringLiteral("ds_load_tr8_b64")
                           << 4 << QString();
    QTest::newRow("fig5-valid") << QStringLiteral("fig5-valid") << true
                                << QStringLiteral("ds_load_tr16_b128") << 1 << QString();
    QTest::newRow("fig5-scrambled") << QStringLiteral("fig5-scrambled") << true
                                    << QStringLiteral("ds_load_tr16_b128") << 1 << QString();
    QTest::newRow("fig5-invalid") << QStringLiteral("fig5-invalid") << false
                                  << QStringLiteral("ds_load_tr16_b128") << 0
                                  << QStringLiteral("lane basis 1 maps to [4] (need offset 2)");
    QTest::newRow("fig6") << QStringLiteral("fig6") << true << QStringLiteral("ds_load_tr16_b128")
                          << 1 << QString();
    QTest::newRow("toy-32x8") << QStringLiteral("toy-32x8") << true
                              << QStringLiteral("ds_load_tr16_b128") << 1 << QString();
}

void TestCliDsLoadTr::presets()
{
    QFETCH(QString, preset);
    QFETCH(bool, eligible);
    QFETCH(QString, instruction);
    QFETCH(int, count);
    QFETCH(QString, reason);
    lx::test::CliResult raw;
    const QJsonObject j = runJson({QStringLiteral("--preset"), preset}, &raw);
    QVERIFY2(raw.exitCode == 0, raw.err.constData());
    QCOMPARE(j.value(QStringLiteral("eligible")).toBool(), eligible);
    QCOMPARE(j.value(QStringLiteral("instruction")).toString(), instruction);
    QCOMPARE(j.value(QStringLiteral("instructions")).toInt(), count);
    if (!eligible)
        QCOMPARE(j.value(QStringLiteral("reason")).toString(), reason);
}

void TestCliDsLoadTr::explicitLayouts_data()
{
    QTest::addColumn<QString>("dst");
    QTest::addColumn<QString>("arch");
    QTest::addColumn<bool>("eligible");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("reason");
    // dst1250.ds_transpose_ll_invalid and dst950.ds_transpose_ll (conformance file).
    QTest::newRow("gfx1250 ds_transpose_ll_invalid")
        << kInvalid1250 << QStringLiteral("gfx1250") << false << 0
        << QStringLiteral("lane basis 1 maps to [4] (need offset 2)");
    QTest::newRow("gfx950 ds_transpose_ll")
        << kValid950 << QStringLiteral("gfx950") << true << 4 << QString();
}

void TestCliDsLoadTr::explicitLayouts()
{
    QFETCH(QString, dst);
    QFETCH(QString, arch);
    QFETCH(bool, eligible);
    QFETCH(int, count);
    QFETCH(QString, reason);
    lx::test::CliResult raw;
    const QJsonObject j =
        runJson({QStringLiteral("--shared"), kShared0, QStringLiteral("--dst"), dst,
                 QStringLiteral("--shape"), QStringLiteral("64x16"), QStringLiteral("--dtype"),
                 QStringLiteral("bf16"), QStringLiteral("--arch"), arch},
                &raw);
    QVERIFY2(raw.exitCode == 0, raw.err.constData());
    QCOMPARE(j.value(QStringLiteral("eligible")).toBool(), eligible);
    QCOMPARE(j.value(QStringLiteral("instructions")).toInt(), count);
    if (eligible)
        QCOMPARE(j.value(QStringLiteral("instruction")).toString(),
                 QStringLiteral("ds_read_b64_tr_b16"));
    else
        QCOMPARE(j.value(QStringLiteral("reason")).toString(), reason);
}

void TestCliDsLoadTr::packedFp4()
{
    // dst1250.b4_packed_dim0: amdg.local_load_packed_transposed 32x128xi8 (#shared) ->
    // 64x64xi8 dot_op(opIdx 0, #mma_b8, kWidth 16): 8 x llvm.amdgcn.ds.load.tr4.b64 (exact).
    lx::test::CliResult raw;
    const QJsonObject j = runJson(
        {QStringLiteral("--packed-fp4"), QStringLiteral("--shared"), kShared0,
         QStringLiteral("--dst"),
         QStringLiteral("#mma_b8 = #ttg.amd_wmma<{version = 3, ctaLayout = {warp = [[0, 1], [1, "
                        "0]]}, instrShape = "
                        "[16, 16, 64]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma_b8, kWidth = 16}>"),
         QStringLiteral("--shape"), QStringLiteral("32x128"), QStringLiteral("--dst-shape"),
         QStringLiteral("64x64")},
        &raw);
    QVERIFY2(raw.exitCode == 0, raw.err.constData());
    QCOMPARE(j.value(QStringLiteral("eligible")).toBool(), true);
    QCOMPARE(j.value(QStringLiteral("intrinsic")).toString(),
             QStringLiteral("llvm.amdgcn.ds.load.tr4.b64"));
    QCOMPARE(j.value(QStringLiteral("instructions")).toInt(), 8);
}

void TestCliDsLoadTr::textReport()
{
    const lx::test::CliResult r = run({QStringLiteral("--preset"), QStringLiteral("fig5-invalid")});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.contains("eligible     no: lane basis 1 maps to [4] (need offset 2)"));
    QVERIFY(r.out.contains("fallback     8 x ds_load_u16"));
    const lx::test::CliResult ok = run({QStringLiteral("--preset"), QStringLiteral("fig1a")});
    QCOMPARE(ok.exitCode, 0);
    QVERIFY(ok.out.contains("eligible     yes: 1 x ds_load_tr16_b128 per thread"));
    // fig1a: source lane s reads from offset 32 (s & 7) + (s & 24) (tensor<32x8>, M contiguous).
    QVERIFY(ok.out.contains("instr   0: 0 32 64 96 128 160 192 224 8 40"));
}

void TestCliDsLoadTr::figure()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("fig1b.png"));
    const lx::test::CliResult r =
        run({QStringLiteral("--preset"), QStringLiteral("fig1b"), QStringLiteral("-o"), path});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QImage img(path);
    QVERIFY(!img.isNull());
    QVERIFY(img.width() > 400 && img.height() > 400);
    // An error leaves no file behind.
    const QString bad = dir.filePath(QStringLiteral("bad.png"));
    const lx::test::CliResult e =
        run({QStringLiteral("--preset"), QStringLiteral("fig5-invalid"), QStringLiteral("--view"),
             QStringLiteral("ds-load-tr-panels"), QStringLiteral("-o"), bad});
    QCOMPARE(e.exitCode, 1);
    QVERIFY(!QFile::exists(bad));
}

// 32-bit elements have no transposed load on gfx1250: a result (exit 0), not an error. The toy
// destination gives each lane 8 registers along dim1; the dim0-contiguous source puts them 32
// elements apart, so the fallback is 8 single 32-bit loads (ds_load_b32) per thread.
void TestCliDsLoadTr::thirtyTwoBitElements_data()
{
    QTest::addColumn<QString>("dtype");
    QTest::newRow("f32") << QStringLiteral("f32");
    QTest::newRow("i32") << QStringLiteral("i32");
}

void TestCliDsLoadTr::thirtyTwoBitElements()
{
    QFETCH(QString, dtype);
    const QStringList args{QStringLiteral("--shared"),
                           kShared0,
                           QStringLiteral("--dst"),
                           QStringLiteral("#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane "
                                          "= [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
                                          "warp = [], block = []}>"),
                           QStringLiteral("--shape"),
                           QStringLiteral("32x8"),
                           QStringLiteral("--dtype"),
                           dtype,
                           QStringLiteral("--arch"),
                           QStringLiteral("gfx1250")};
    const lx::test::CliResult r = run(args + QStringList{QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(QStringLiteral("eligible")).toBool(true), false);
    QVERIFY(j.value(QStringLiteral("instruction")).isNull());
    QCOMPARE(j.value(QStringLiteral("elementBits")).toInt(), 32);
    QVERIFY(j.value(QStringLiteral("reason"))
                .toString()
                .contains(QStringLiteral("no transposed load moves 32-bit elements on gfx1250")));
    QCOMPARE(j.value(QStringLiteral("fallbackInstruction")).toString(),
             QStringLiteral("ds_load_b32"));
    QCOMPARE(j.value(QStringLiteral("fallbackInstructions")).toInt(), 8);
    const lx::test::CliResult text = run(args);
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("instruction  none (gfx1250, " + dtype.toUtf8()));
    QVERIFY(text.out.contains("fallback     8 x ds_load_b32"));
}

void TestCliDsLoadTr::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("needle");
    const QString toyDst = QStringLiteral("#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane "
                                          "= [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], "
                                          "warp = [], block = []}>");
    auto req = [&](const QString &dst, const QString &shape, const QString &dtype,
                   const QString &arch) {
        return QStringList{QStringLiteral("--shared"), kShared0, QStringLiteral("--dst"),   dst,
                           QStringLiteral("--shape"),  shape,    QStringLiteral("--dtype"), dtype,
                           QStringLiteral("--arch"),   arch};
    };
    const QString g = QStringLiteral("gfx1250");
    QTest::newRow("shape not a power of two")
        << req(toyDst, QStringLiteral("48x8"), QStringLiteral("bf16"), g) << 1
        << QStringLiteral("48 is not a power of two");
    QTest::newRow("destination not a dot operand")
        << req(QStringLiteral("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [32, 1], "
                              "warpsPerCTA = [1, 1], "
                              "order = [1, 0]}>"),
               QStringLiteral("32x8"), QStringLiteral("bf16"), g)
        << 1 << QStringLiteral("must be a dot operand");
    QTest::newRow("unknown arch") << req(toyDst, QStringLiteral("32x8"), QStringLiteral("bf16"),
                                         QStringLiteral("gfx90a"))
                                  << 1 << QStringLiteral("gfx90a has no transposed LDS loads");
    QTest::newRow("gfx950 has 64 lanes")
        << req(toyDst, QStringLiteral("32x8"), QStringLiteral("bf16"), QStringLiteral("gfx950"))
        << 1 << QStringLiteral("warps have 64");
    QTest::newRow("layout text error with position")
        << req(QStringLiteral("#ttg.linear<{register = [[0, 1]], lane = oops}>"),
               QStringLiteral("32x8"), QStringLiteral("bf16"), g)
        << 1 << QStringLiteral("dst: 1:");
    QTest::newRow("a shared layout as destination")
        << req(QStringLiteral("#ttg.padded_shared<[512:+16] {order = [0, 1], shape = [64, 64]}>"),
               QStringLiteral("32x8"), QStringLiteral("bf16"), g)
        << 1
        << QStringLiteral(
               "must be a dot operand (#ttg.dot_op) or #ttg.linear; it is a shared-memory layout");
    QTest::newRow("mismatched shapes (padded 64x64 source, 32x8 tensor)")
        << QStringList{QStringLiteral("--shared"),
                       QStringLiteral(
                           "#ttg.padded_shared<[512:+16] {order = [0, 1], shape = [64, 64]}>"),
                       QStringLiteral("--dst"),
                       toyDst,
                       QStringLiteral("--shape"),
                       QStringLiteral("32x8"),
                       QStringLiteral("--dtype"),
                       QStringLiteral("bf16")}
        << 1
        << QStringLiteral(
               "shared: the padded_shared linear component covers 64 elements along dim0");
    QTest::newRow("unknown preset")
        << QStringList{QStringLiteral("--preset"), QStringLiteral("nope")} << 1
        << QStringLiteral("preset 'nope'");
    QTest::newRow("missing --dst") << QStringList{QStringLiteral("--shared"), kShared0} << 2
                                   << QStringLiteral("missing --dst");
    QTest::newRow("unknown dtype") << req(toyDst, QStringLiteral("32x8"), QStringLiteral("q7"), g)
                                   << 2 << QStringLiteral("unknown --dtype 'q7'");
    QTest::newRow("preset with --shared")
        << QStringList{QStringLiteral("--preset"), QStringLiteral("fig1a"),
                       QStringLiteral("--shared"), kShared0}
        << 2 << QStringLiteral("exclude each other");
    QTest::newRow("unknown option")
        << QStringList{QStringLiteral("--frobnicate")} << 2 << QStringLiteral("frobnicate");
}

void TestCliDsLoadTr::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, needle);
    const lx::test::CliResult r = run(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
}

QTEST_GUILESS_MAIN(TestCliDsLoadTr)
#include "tst_cli_dsloadtr.moc"
