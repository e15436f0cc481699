// One number, one provenance in every face, and no silent stand-in, through the real executable:
//  - `suggest shared --explain --json` marks the n-way read off a low-confidence phase table as
//    extrapolated, as `analyze banks` does for the same access;
//  - `suggest shared --json` gives each candidate's cycles with their provenance, and the best
//    candidate's figure says the same; the text marks extrapolated cycles;
//  - `check` names the provenance of a failing count in its message and its JUnit;
//  - `analyze banks --addresses` describes a 12-byte access as three 32-bit elements;
//  - a read whose transposed-load analysis fails is reported as failed, with the reason, by the
//    bank analysis and by the search (never a plain-load report standing in for it).

#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QJsonObject jsonOf(const lx::test::CliResult &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

// The figure of `key` in a "figures" array.
QJsonObject figureOf(const QJsonObject &o, const QString &key)
{
    for (const QJsonValue &f : o.value(u"figures"_s).toArray())
        if (f.toObject().value(u"key"_s).toString() == key)
            return f.toObject();
    return {};
}

} // namespace

class TestCliProvenance : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void explainCarriesTheBankViewsProvenance();
    void candidatesCarryTheirCyclesProvenance();
    void checkNamesTheProvenanceOfAFailingCount();
    void addressesOfAWideInstruction();
    void aFailedTransposedLoadAnalysisIsShownAsFailed();
};

void TestCliProvenance::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(),
             "LX_APP must name the layout-explorer binary");
}

// store-transposed reads through a gfx1250 instruction whose phase table the architecture file
// marks low-confidence: the bank view's n-way is extrapolated, and so is the explainer's.
void TestCliProvenance::explainCarriesTheBankViewsProvenance()
{
    const auto banks = lx::test::runApp(
        {u"analyze"_s, u"banks"_s, u"--preset"_s, u"store-transposed"_s, u"--json"_s});
    QCOMPARE(banks.exitCode, 0);
    const QJsonObject nway = figureOf(jsonOf(banks), u"nway"_s);
    QVERIFY2(!nway.isEmpty(), banks.out.constData());
    const auto explain = lx::test::runApp({u"suggest"_s, u"shared"_s, u"--preset"_s,
                                           u"store-transposed"_s, u"--explain"_s, u"--json"_s});
    QCOMPARE(explain.exitCode, 0);
    const QJsonObject ways = figureOf(jsonOf(explain), u"ways"_s);
    QVERIFY2(!ways.isEmpty(), explain.out.constData());
    QCOMPARE(ways.value(u"value"_s).toDouble(), nway.value(u"value"_s).toDouble());
    QCOMPARE(ways.value(u"provenance"_s).toString(), nway.value(u"provenance"_s).toString());
    QCOMPARE(ways.value(u"provenance"_s).toString(), u"extrapolated"_s);
}

// store-transposed writes gfx1250 LDS, whose store phase tables are all low-confidence: every
// candidate's write cycles are extrapolated, in the JSON, the best candidate's figure and the text.
void TestCliProvenance::candidatesCarryTheirCyclesProvenance()
{
    const auto r = lx::test::runApp(
        {u"suggest"_s, u"shared"_s, u"--preset"_s, u"store-transposed"_s, u"--json"_s});
    QCOMPARE(r.exitCode, 0);
    const QJsonObject o = jsonOf(r);
    const QJsonArray candidates = o.value(u"candidates"_s).toArray();
    QVERIFY(!candidates.isEmpty());
    for (const QJsonValue &c : candidates)
        QCOMPARE(c.toObject().value(u"writeCyclesProvenance"_s).toString(), u"extrapolated"_s);
    QCOMPARE(figureOf(o, u"bestWriteCycles"_s).value(u"provenance"_s).toString(),
             u"extrapolated"_s);
    const auto text =
        lx::test::runApp({u"suggest"_s, u"shared"_s, u"--preset"_s, u"store-transposed"_s});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.outText().contains(u" cyc [extrapolated]"_s), text.out.constData());
}

// The gfx1250 gemm of tests/data/kernels stores with an instruction whose phase table is
// low-confidence; a budget of 1-way fails on it, and the failure says the count is extrapolated.
void TestCliProvenance::checkNamesTheProvenanceOfAFailingCount()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString module = QStringLiteral(
        LX_TEST_DATA_DIR "/kernels/gemm_gfx1250_bf16_64x64x64_w22_t11_a01_b01_s1618_4116.ttgir");
    const QString junit = dir.filePath(u"check.xml"_s);
    const auto r =
        lx::test::runApp({u"check"_s, module, u"--max-ways"_s, u"1"_s, u"--junit"_s, junit});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.outText().contains(u"extrapolated: the phase table of"_s), r.out.constData());
    QFile f(junit);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(QString::fromUtf8(f.readAll()).contains(u"extrapolated: the phase table of"_s));
}

// ds_read_b96 moves 12 bytes per lane: three 32-bit elements (no 64-bit element divides 12).
void TestCliProvenance::addressesOfAWideInstruction()
{
    QStringList lanes;
    for (int l = 0; l < 64; ++l)
        lanes << QString::number(12 * l);
    const auto r = lx::test::runApp({u"analyze"_s, u"banks"_s, u"--arch"_s, u"gfx942"_s,
                                     u"--addresses"_s, lanes.join(u','), u"--width"_s, u"12"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY2(r.outText().contains(u"ds_read_b96"_s), r.out.constData());
    QVERIFY2(r.outText().contains(u"3 x 32-bit per lane"_s), r.out.constData());
}

// A #ttg.linear register layout is a transposed-load destination on gfx1250, but this one has 64
// lanes where a gfx1250 wave has 32: the transposed-load analysis fails. Which load the lowering
// would use is then unknown, so the bank analysis says it failed and why (it used to count a
// plain load in its place), and the search names the same cause instead of scoring candidates.
void TestCliProvenance::aFailedTransposedLoadAnalysisIsShownAsFailed()
{
    const QString reg = u"#ttg.linear<{register=[[0,1],[0,2],[0,4]], lane=[[1,0],[2,0],[4,0],"
                        "[8,0],[16,0],[32,0]], warp=[], block=[]}>"_s;
    const auto banks =
        lx::test::runApp({u"analyze"_s, u"banks"_s, u"--reg"_s, reg, u"--shared"_s,
                          u"#ttg.swizzled_shared<{vec=1, perPhase=1, maxPhase=1, order=[1,0]}>"_s,
                          u"--shape"_s, u"64x8"_s, u"--arch"_s, u"gfx1250"_s, u"--json"_s});
    QVERIFY(!banks.crashed());
    QVERIFY2(banks.exitCode != 0, banks.out.constData());
    QVERIFY2(banks.out.isEmpty(), banks.out.constData());
    QVERIFY2(banks.errText().contains(u"transposed-load analysis of this read failed"_s),
             banks.err.constData());
    QVERIFY2(banks.errText().contains(u"64 lanes"_s), banks.err.constData());
    const auto search = lx::test::runApp({u"suggest"_s, u"shared"_s, u"--reg"_s, reg, u"--shape"_s,
                                          u"64x8"_s, u"--arch"_s, u"gfx1250"_s});
    QVERIFY(!search.crashed());
    QVERIFY2(search.exitCode != 0, search.out.constData());
    QVERIFY2(search.errText().contains(u"64 lanes"_s), search.err.constData());
}

QTEST_GUILESS_MAIN(TestCliProvenance)
#include "tst_cli_provenance.moc"
