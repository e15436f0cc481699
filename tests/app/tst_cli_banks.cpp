// End-to-end tests of `layout-explorer analyze banks` (app/cmd_analyze_banks.cpp), run as a
// process (LX_APP). Expected counts come from rocMLIR pull request #2196 and
// docs/worked-cases.md (R1, G3).

#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

lx::test::CliResult runApp(const QStringList &args)
{
    return lx::test::runApp(QStringList{u"analyze"_s, u"banks"_s} + args);
}

const QString kWmmaA =
    u"#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 16], [0, 32]], "
    u"lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8]], warp = [], block = []}>"_s;

} // namespace

class TestCliBanks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void presets_data();
    void presets();
    void layoutsFromText_data();
    void layoutsFromText();
    void perfConfig();
    void perfConfigFollowsTheRule();
    void textReport();
    void transposedLoadOfFig2a();
    void thirtyTwoBitFallback();
    void transposedLoadThatDoesNotApply();
    void errors_data();
    void errors();
    void defaultsOfTheRequestLayer();
    void archOfAPreset_data();
    void archOfAPreset();
};

void TestCliBanks::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(),
             "LX_APP must name the layout-explorer binary");
}

// rocMLIR PR #2196: before the fix 8-way, 16 cycles per store (ideal 2, two 32-lane phases); after:
// 2-way, 4.
void TestCliBanks::presets_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("maxWays");
    QTest::addColumn<int>("cycles");
    QTest::newRow("rocmlir-kpack-before") << u"rocmlir-kpack-before"_s << 8 << 16;
    QTest::newRow("rocmlir-kpack-after") << u"rocmlir-kpack-after"_s << 2 << 4;
}

void TestCliBanks::presets()
{
    QFETCH(QString, preset);
    QFETCH(int, maxWays);
    QFETCH(int, cycles);
    const lx::test::CliResult r = runApp({u"--preset"_s, preset, u"--json"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(u"instruction"_s).toString(), u"ds_write_b32"_s);
    QCOMPARE(j.value(u"arch"_s).toString(), u"gfx942"_s);
    QCOMPARE(j.value(u"maxWays"_s).toInt(), maxWays);
    QCOMPARE(j.value(u"cycles"_s).toInt(), cycles);
    QCOMPARE(j.value(u"idealCycles"_s).toInt(), 2);
    const QJsonArray phases = j.value(u"phases"_s).toArray();
    QCOMPARE(phases.size(), 2);
    QCOMPARE(phases.at(0).toObject().value(u"lanes"_s).toArray().size(), 32);
    QCOMPARE(phases.at(0).toObject().value(u"lanes"_s).toArray().at(31).toInt(), 31);
    QCOMPARE(phases.at(1).toObject().value(u"lanes"_s).toArray().at(0).toInt(), 32);
    QCOMPARE(phases.at(0).toObject().value(u"maxWays"_s).toInt(), maxWays);
    QCOMPARE(j.value(u"instructions"_s).toArray().size(), 3); // dPerThread = 3 stores
    QVERIFY(j.contains(u"tritonExtraWavefronts"_s));
    QVERIFY(j.value(u"tritonExtraWavefronts"_s).isNull()); // D = 96: no linear layout
    QCOMPARE(j.value(u"confidence"_s).toString(), u"M"_s);
}

// G3: gfx1250 WMMA A operand, unpadded 8-way 16 cycles, padded [128:+8] 2 cycles.
void TestCliBanks::layoutsFromText_data()
{
    QTest::addColumn<QString>("shared");
    QTest::addColumn<int>("maxWays");
    QTest::addColumn<int>("cycles");
    QTest::addColumn<bool>("tritonApplies");
    QTest::newRow("G3 unpadded")
        << u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"_s << 8
        << 16 << true;
    QTest::newRow("G3 padded")
        << u"#ttg.padded_shared<[128:+8] {order = [1, 0], shape = [16, 64]}>"_s << 1 << 2 << false;
}

void TestCliBanks::layoutsFromText()
{
    QFETCH(QString, shared);
    QFETCH(int, maxWays);
    QFETCH(int, cycles);
    QFETCH(bool, tritonApplies);
    const lx::test::CliResult r =
        runApp({u"--reg"_s, kWmmaA, u"--shared"_s, shared, u"--shape"_s, u"16x64"_s, u"--dtype"_s,
                u"f16"_s, u"--arch"_s, u"gfx1250"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(u"instruction"_s).toString(), u"ds_load_b128"_s);
    QCOMPARE(j.value(u"maxWays"_s).toInt(), maxWays);
    QCOMPARE(j.value(u"cycles"_s).toInt(), cycles);
    QCOMPARE(j.value(u"idealCycles"_s).toInt(), 2);
    QCOMPARE(j.value(u"phases"_s).toArray().size(), 2);
    QCOMPARE(j.value(u"phases"_s).toArray().at(1).toObject().value(u"laneText"_s).toString(),
             u"T16-31"_s);
    QCOMPARE(j.value(u"tritonExtraWavefronts"_s).isDouble(), tritonApplies);
}

void TestCliBanks::perfConfig()
{
    const lx::test::CliResult r =
        runApp({u"--perf-config"_s, u"v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"_s, u"--rotate"_s,
                u"--dtype"_s, u"f16"_s, u"--arch"_s, u"gfx942"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(u"maxWays"_s).toInt(), 2);
    QCOMPARE(j.value(u"cycles"_s).toInt(), 4);
}

// Without --rotate the rotation is rocMLIR's rule after the fix: copyKPerThread 2 < kPack 4,
// so the stores rotate (2-way, 4 cycles, as --rotate gives); --rule before-fix keeps the old
// choice (8-way, 16 cycles). The figures say the decision; --rotate with --rule is refused.
void TestCliBanks::perfConfigFollowsTheRule()
{
    const QStringList base{u"--perf-config"_s, u"v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"_s,
                           u"--dtype"_s,       u"f16"_s,
                           u"--arch"_s,        u"gfx942"_s,
                           u"--json"_s};
    for (const auto &[extra, ways] :
         {std::pair{QStringList{}, 2}, std::pair{QStringList{u"--rule"_s, u"after-fix"_s}, 2},
          std::pair{QStringList{u"--rule"_s, u"before-fix"_s}, 8}}) {
        const lx::test::CliResult r = runApp(base + extra);
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(u"maxWays"_s).toInt(), ways);
        QString decision;
        for (const QJsonValue &f : j.value(u"figures"_s).toArray())
            if (f.toObject().value(u"key"_s).toString() == u"decisionAfterFix"_s)
                decision = f.toObject().value(u"text"_s).toString();
        QVERIFY2(decision.startsWith(u"rotate"_s), qPrintable(decision));
    }
    const lx::test::CliResult both =
        runApp(base + QStringList{u"--rotate"_s, u"--rule"_s, u"after-fix"_s});
    QCOMPARE(both.exitCode, 1);
    QVERIFY2(both.errText().contains(u"rule"_s), qPrintable(both.errText()));
}

void TestCliBanks::textReport()
{
    const lx::test::CliResult r = runApp({u"--preset"_s, u"rocmlir-kpack-before"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QString text = QString::fromUtf8(r.out);
    QVERIFY2(text.contains(u"ways per phase [8, 8], 16 cycles, ideal 2"_s), qPrintable(text));
    QVERIFY(text.contains(u"ds_write_b32"_s));
    QVERIFY(text.contains(u"Triton's model"_s));
    QVERIFY(text.contains(u"confidence M"_s));
}

// fig2a: the 32x16 f16 B operand, N contiguous (row = 32 B), read by ds_load_tr16_b128. By
// hand (docs/lds-models.md §2.7): source lane s reads the 16 B of row s % 8 + 8 (s / 16) at
// column 8 ((s / 8) % 2), so lanes 0-15 read bytes 0-255 and lanes 16-31 bytes 256-511, each
// phase every bank once: 1-way, 2 cycles per instruction (ideal 2). 16 registers per lane, 8 per
// load: 2 instructions, 4 cycles for the wave.
void TestCliBanks::transposedLoadOfFig2a()
{
    for (const QStringList &extra :
         {QStringList{u"--instruction"_s, u"ds_load_tr16_b128"_s}, QStringList{}}) {
        const lx::test::CliResult r =
            runApp(QStringList{u"--preset"_s, u"fig2a"_s, u"--json"_s} + extra);
        QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(u"instruction"_s).toString(), u"ds_load_tr16_b128"_s);
        QCOMPARE(j.value(u"instructionForced"_s).toBool(), !extra.isEmpty());
        const QJsonArray phases = j.value(u"phases"_s).toArray();
        QCOMPARE(phases.size(), 2);
        for (int p = 0; p < 2; ++p) {
            const QJsonObject ph = phases.at(p).toObject();
            const QJsonArray lanes = ph.value(u"lanes"_s).toArray();
            QCOMPARE(lanes.size(), 16);
            QCOMPARE(lanes.at(0).toInt(), 16 * p);
            QCOMPARE(ph.value(u"maxWays"_s).toInt(), 1);
            QCOMPARE(ph.value(u"cycles"_s).toInt(), 1);
        }
        QCOMPARE(j.value(u"cycles"_s).toInt(), 2);
        QCOMPARE(j.value(u"idealCycles"_s).toInt(), 2);
        const QJsonObject totals = j.value(u"totals"_s).toObject();
        QCOMPARE(totals.value(u"instructions"_s).toInt(), 2);
        QCOMPARE(totals.value(u"cyclesPerWave"_s).toInt(), 4);
        QVERIFY(!totals.contains(u"cycles"_s)); // one name per quantity: a wave's
        const QJsonObject tr = j.value(u"transposedLoad"_s).toObject();
        QCOMPARE(tr.value(u"used"_s).toBool(), true);
        QCOMPARE(tr.value(u"transposedInstructions"_s).toInt(), 2);
    }
    const lx::test::CliResult text = runApp({u"--preset"_s, u"fig2a"_s});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.outText().contains(u"transposed load: 2 x ds_load_tr16_b128 per thread"_s),
             qPrintable(text.outText()));
    QVERIFY(text.outText().contains(u"ways per phase [1, 1], 2 cycles"_s));
}

// f32: no transposed variant. A result, not an error: the B operand's 16 registers per lane are
// 16 rows apart in the N-contiguous tile, so 16 single ds_load_b32 per thread.
void TestCliBanks::thirtyTwoBitFallback()
{
    const lx::test::CliResult r =
        runApp({u"--preset"_s, u"fig2a"_s, u"--dtype"_s, u"f32"_s, u"--json"_s});
    QVERIFY2(r.exitCode == 0, qPrintable(r.errText()));
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(j.value(u"instruction"_s).toString(), u"ds_load_b32"_s);
    const QJsonObject tr = j.value(u"transposedLoad"_s).toObject();
    QCOMPARE(tr.value(u"used"_s).toBool(true), false);
    QVERIFY(tr.value(u"candidate"_s).isNull());
    QVERIFY(tr.value(u"reason"_s).toString().contains(u"no transposed load moves 32-bit"_s));
    QCOMPARE(tr.value(u"fallbackInstruction"_s).toString(), u"ds_load_b32"_s);
    QCOMPARE(tr.value(u"fallbackInstructions"_s).toInt(), 16);
    QVERIFY(j.value(u"source"_s).toString().contains(u"no transposed load for 32-bit"_s));
}

// The B operand over a K-contiguous tile: destination lanes 0-7 are 32 elements apart, not 1.
void TestCliBanks::transposedLoadThatDoesNotApply()
{
    const QString b = u"#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                      u"{warp = []}, instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 1, "
                      u"parent = #mma, kWidth = 8}>"_s;
    const QStringList args{u"--reg"_s,
                           b,
                           u"--shared"_s,
                           u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
                           u"order = [0, 1]}>"_s,
                           u"--shape"_s,
                           u"32x16"_s,
                           u"--arch"_s,
                           u"gfx1250"_s};
    const lx::test::CliResult forced =
        runApp(args + QStringList{u"--instruction"_s, u"ds_load_tr16_b128"_s});
    QCOMPARE(forced.exitCode, 1);
    QVERIFY2(forced.errText().contains(u"ds_load_tr16_b128 does not apply: lane basis 0"_s),
             qPrintable(forced.errText()));
    const lx::test::CliResult fallback = runApp(args + QStringList{u"--json"_s});
    QVERIFY2(fallback.exitCode == 0, qPrintable(fallback.errText()));
    // Without --instruction: the plain ds_load_b128 (8 contiguous k per lane), as wide as the
    // transposed load, so not labelled a fallback.
    const QJsonObject j = QJsonDocument::fromJson(fallback.out).object();
    QCOMPARE(j.value(u"instruction"_s).toString(), u"ds_load_b128"_s);
    QVERIFY(j.value(u"transposedLoad"_s).isNull());
}

void TestCliBanks::errors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QStringList layouts = {
        u"--reg"_s,
        kWmmaA,
        u"--shared"_s,
        u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"_s,
        u"--shape"_s,
        u"16x64"_s,
        u"--dtype"_s,
        u"f16"_s};
    QTest::newRow("unknown arch") << (layouts + QStringList{u"--arch"_s, u"gfx9999"_s}) << 1
                                  << u"unknown architecture 'gfx9999'; known:"_s;
    QTest::newRow("unknown instruction")
        << (layouts + QStringList{u"--arch"_s, u"gfx1250"_s, u"--instruction"_s, u"ds_read_b128"_s})
        << 1 << u"unknown instruction 'ds_read_b128' for gfx1250; known: ds_load_b32"_s;
    QTest::newRow("bad shape") << QStringList{u"--reg"_s,   kWmmaA,      u"--shared"_s, kWmmaA,
                                              u"--shape"_s, u"16by64"_s, u"--dtype"_s,  u"f16"_s,
                                              u"--arch"_s,  u"gfx1250"_s}
                               << 2 << u"--shape expects"_s;
    QTest::newRow("no mode") << QStringList{u"--json"_s} << 2 << u"exactly one of"_s;
    QTest::newRow("unknown preset")
        << QStringList{u"--preset"_s, u"no-such-preset"_s} << 1 << u"no-such-preset"_s;
    QTest::newRow("bad perf config") << QStringList{u"--perf-config"_s, u"v4:1,2"_s, u"--dtype"_s,
                                                    u"f16"_s,           u"--arch"_s, u"gfx942"_s}
                                     << 1 << u"14 fields"_s;
    QTest::newRow("bad layout text")
        << QStringList{u"--reg"_s, u"#ttg.blocked<{"_s, u"--shared"_s, kWmmaA,      u"--shape"_s,
                       u"16x64"_s, u"--dtype"_s,        u"f16"_s,      u"--arch"_s, u"gfx1250"_s}
        << 1 << u"--reg: 1:"_s;
    QTest::newRow("unknown dtype")
        << QStringList{u"--perf-config"_s, u"v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"_s,
                       u"--dtype"_s,       u"q7"_s,
                       u"--arch"_s,        u"gfx942"_s}
        << 1 << u"unknown element type 'q7'"_s;
}

void TestCliBanks::errors()
{
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const lx::test::CliResult r = runApp(args);
    QCOMPARE(r.exitCode, exitCode);
    QVERIFY2(r.errText().contains(message), qPrintable(r.errText()));
    QVERIFY(r.out.isEmpty());
}

// Without --arch and --dtype the command takes the request layer's defaults, the ones the window
// uses for a scene that names neither (gfx1250, f16), and gives the numbers of the explicit run.
void TestCliBanks::defaultsOfTheRequestLayer()
{
    const QStringList layouts = {
        u"--reg"_s,
        kWmmaA,
        u"--shared"_s,
        u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>"_s,
        u"--shape"_s,
        u"16x64"_s,
        u"--json"_s};
    const lx::test::CliResult implicit = runApp(layouts);
    QVERIFY2(implicit.exitCode == 0, qPrintable(implicit.errText()));
    const lx::test::CliResult explicitRun =
        runApp(layouts + QStringList{u"--arch"_s, u"gfx1250"_s, u"--dtype"_s, u"f16"_s});
    QVERIFY2(explicitRun.exitCode == 0, qPrintable(explicitRun.errText()));
    QJsonObject a = QJsonDocument::fromJson(implicit.out).object();
    QJsonObject b = QJsonDocument::fromJson(explicitRun.out).object();
    QCOMPARE(a.value(u"arch"_s).toString(), u"gfx1250"_s);
    QCOMPARE(a.value(u"dtype"_s).toString(), u"f16"_s);
    // Only the dtype figure says where the element type came from.
    QCOMPARE(a.value(u"figures"_s).toArray().size(), b.value(u"figures"_s).toArray().size());
    a.remove(u"figures"_s);
    b.remove(u"figures"_s);
    QCOMPARE(a, b);
}

void TestCliBanks::archOfAPreset_data()
{
    QTest::addColumn<QString>("arch");
    QTest::newRow("gfx1250") << u"gfx1250"_s;
    QTest::newRow("gfx950") << u"gfx950"_s;
    QTest::newRow("gfx942") << u"gfx942"_s;
}

// --arch replaces a preset's architecture, as in every analyze command: the preset's access on
// that architecture gives the numbers of the same access given on the command line (--perf-config
// with the preset's kPack options) on it. An unknown architecture is refused, named.
void TestCliBanks::archOfAPreset()
{
    QFETCH(QString, arch);
    const lx::test::CliResult preset =
        runApp({u"--preset"_s, u"rocmlir-kpack-before"_s, u"--arch"_s, arch, u"--json"_s});
    QVERIFY2(preset.exitCode == 0, qPrintable(preset.errText()));
    const lx::test::CliResult given = runApp(
        {u"--perf-config"_s, u"v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1"_s, u"--operand"_s, u"A"_s,
         u"--rule"_s, u"before-fix"_s, u"--dtype"_s, u"f16"_s, u"--arch"_s, arch, u"--json"_s});
    QVERIFY2(given.exitCode == 0, qPrintable(given.errText()));
    const QJsonObject p = QJsonDocument::fromJson(preset.out).object();
    const QJsonObject g = QJsonDocument::fromJson(given.out).object();
    QCOMPARE(p.value(u"arch"_s).toString(), arch);
    for (const char *key : {"arch", "instruction", "maxWays", "cycles", "idealCycles", "banks"})
        QCOMPARE(p.value(QLatin1String(key)), g.value(QLatin1String(key)));

    const lx::test::CliResult bad =
        runApp({u"--preset"_s, u"rocmlir-kpack-before"_s, u"--arch"_s, u"nonsense"_s});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.errText().contains(u"nonsense"_s), qPrintable(bad.errText()));
    QVERIFY(bad.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliBanks)
#include "tst_cli_banks.moc"
