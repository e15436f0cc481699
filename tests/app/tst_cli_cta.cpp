// End-to-end: `layout-explorer analyze cta` and `analyze lds` on the blog's presets, and their
// exit codes on bad input (1) and bad usage (2).

#include "clitest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace {

lx::test::CliResult run(const QStringList &args)
{
    return lx::test::runApp(args);
}

} // namespace

class TestCliCta : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void ctaPresets_data();
    void ctaPresets();
    void ctaDirect();
    void partitionConflictsAgree();
    void ldsMicrobenchmark_data();
    void ldsMicrobenchmark();
    void badInput_data();
    void badInput();
};

void TestCliCta::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("LX_APP").isEmpty(), "LX_APP is not set");
}

void TestCliCta::ctaPresets_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<bool>("aShared");
    QTest::addColumn<bool>("bShared");
    QTest::addColumn<int>("aPieces");
    QTest::addColumn<int>("aGroups");
    QTest::addColumn<int>("aTdm");
    QTest::addColumn<int>("bPieces");
    QTest::addColumn<int>("bGroups");
    QTest::addColumn<int>("bTdm");
    // The blog's figures: fig8 A shared, B not; fig9 neither; fig10 A 4 pieces in 2 groups, B 8
    // in 4, TDM 1 and 2; fig11 A 4 pieces, B 2 pieces in 1 group, TDM 1 and 1 (the blog's text).
    // fig8 (C 32x32): B cut at each tile column, 2 pieces in 1 group; fig9 (C 64x32): 2 and 2.
    QTest::newRow("fig8") << QStringLiteral("fig8") << true << false << 0 << 0 << 0 << 2 << 1 << 1;
    QTest::newRow("fig9") << QStringLiteral("fig9") << false << false << 2 << 1 << 1 << 2 << 1 << 1;
    QTest::newRow("fig10") << QStringLiteral("fig10") << false << false << 4 << 2 << 1 << 8 << 4
                           << 2;
    QTest::newRow("fig11") << QStringLiteral("fig11") << false << false << 4 << 2 << 1 << 2 << 1
                           << 1;
}

void TestCliCta::ctaPresets()
{
    QFETCH(QString, preset);
    const lx::test::CliResult r =
        run({QStringLiteral("analyze"), QStringLiteral("cta"), QStringLiteral("--preset"), preset,
             QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    const QJsonObject a = j[QStringLiteral("A")].toObject(), b = j[QStringLiteral("B")].toObject();
    QTEST(a[QStringLiteral("crossPairShared")].toBool(), "aShared");
    QTEST(b[QStringLiteral("crossPairShared")].toBool(), "bShared");
    QTEST(a[QStringLiteral("pieces")].toInt(), "aPieces");
    QTEST(a[QStringLiteral("groups")].toInt(), "aGroups");
    QTEST(a[QStringLiteral("tdmInstructions")].toInt(), "aTdm");
    QTEST(b[QStringLiteral("pieces")].toInt(), "bPieces");
    QTEST(b[QStringLiteral("groups")].toInt(), "bGroups");
    QTEST(b[QStringLiteral("tdmInstructions")].toInt(), "bTdm");
    QCOMPARE(a[QStringLiteral("partitionDim")].toInt(), 0);
    QCOMPARE(b[QStringLiteral("partitionDim")].toInt(), 1);
    // warps 0..3 on SIMDs 0..3, SIMD pairs 0 1 0 1 (the blog: "warp N runs on SIMD N mod 4"),
    // numbered as the views number them, not by the architecture file's letters.
    const QJsonArray warps = j[QStringLiteral("warps")].toArray();
    QCOMPARE(warps.size(), 4);
    for (int w = 0; w < 4; ++w) {
        QCOMPARE(warps[w].toObject()[QStringLiteral("simd")].toInt(), w);
        QVERIFY(warps[w].toObject()[QStringLiteral("pair")].isDouble());
        QCOMPARE(warps[w].toObject()[QStringLiteral("pair")].toInt(), w % 2);
    }
}

void TestCliCta::ctaDirect()
{
    const lx::test::CliResult r =
        run({QStringLiteral("analyze"), QStringLiteral("cta"), QStringLiteral("--layout"),
             QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                            "{warp = [[0, 1], [1, 0]]}, instrShape = [16, 16, 32]}>"),
             QStringLiteral("--shape"), QStringLiteral("128x128"), QStringLiteral("--dtype"),
             QStringLiteral("f16")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QVERIFY(r.out.contains("A (partition_dim 0): shared across pairs"));
    // The pairs are named as the views name them: "SIMD pair 1", never the file's "pair B".
    QVERIFY(r.out.contains("warp 1: SIMD 1, SIMD pair 1\n"));
    QVERIFY(r.out.contains("warp 2: SIMD 2, SIMD pair 0\n"));
    QVERIFY(!r.out.contains("pair A") && !r.out.contains("pair B"));
    QVERIFY(r.out.contains("B (partition_dim 1): not shared across pairs"));
}

// `analyze cta --json` gives each ctaLayout the partition-conflict figure `suggest cta --json`
// ranked it by: the best candidates, the last one and fig8's own layout at 128x128.
void TestCliCta::partitionConflictsAgree()
{
    const lx::test::CliResult s =
        run({QStringLiteral("suggest"), QStringLiteral("cta"), QStringLiteral("--shape"),
             QStringLiteral("128x128"), QStringLiteral("--warps"), QStringLiteral("4"),
             QStringLiteral("--instr"), QStringLiteral("16x16x32"), QStringLiteral("--dtype"),
             QStringLiteral("bf16"), QStringLiteral("--json")});
    QVERIFY2(s.exitCode == 0, s.err.constData());
    const QJsonArray candidates =
        QJsonDocument::fromJson(s.out).object().value(QStringLiteral("candidates")).toArray();
    QVERIFY(candidates.size() > 4);
    const QString fig8 = QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, "
                                        "ctaLayout = {warp = [[0, 1], [1, 0]]}, instrShape = "
                                        "[16, 16, 32]}>");
    std::vector<std::pair<QString, int>> checks; // layout text, the search's count
    for (int i : {0, 1, 2, int(candidates.size()) - 1})
        checks.emplace_back(
            candidates[i].toObject().value(QStringLiteral("text")).toString(),
            candidates[i].toObject().value(QStringLiteral("partitionConflicts")).toInt());
    for (const QJsonValue &c : candidates)
        if (c.toObject().value(QStringLiteral("warpBases")).toArray() ==
            QJsonDocument::fromJson("[[0, 1], [1, 0]]").array())
            checks.emplace_back(fig8,
                                c.toObject().value(QStringLiteral("partitionConflicts")).toInt());
    QCOMPARE(int(checks.size()), 5);
    for (const auto &[text, ranked] : checks) {
        const lx::test::CliResult a =
            run({QStringLiteral("analyze"), QStringLiteral("cta"), QStringLiteral("--layout"), text,
                 QStringLiteral("--shape"), QStringLiteral("128x128"), QStringLiteral("--dtype"),
                 QStringLiteral("bf16"), QStringLiteral("--json")});
        QVERIFY2(a.exitCode == 0, a.err.constData());
        int figure = -1;
        for (const QJsonValue &f :
             QJsonDocument::fromJson(a.out).object().value(QStringLiteral("figures")).toArray())
            if (f.toObject().value(QStringLiteral("key")).toString() ==
                QStringLiteral("partitionConflicts")) {
                figure = f.toObject().value(QStringLiteral("value")).toInt();
                QCOMPARE(f.toObject().value(QStringLiteral("provenance")).toString(),
                         QStringLiteral("computed"));
            }
        QVERIFY2(figure == ranked, qPrintable(text));
    }
    // fig8 shares A across the SIMD pairs: one conflicting operand, more than the best's.
    QVERIFY(checks.back().second > checks.front().second);
}

void TestCliCta::ldsMicrobenchmark_data()
{
    QTest::addColumn<QString>("preset");
    QTest::addColumn<int>("totalBytes");
    QTest::addColumn<int>("secondOffset");
    QTest::addColumn<int>("conflicts");
    QTest::addColumn<double>("peak");
    QTest::addColumn<double>("measuredCycles");
    // The blog: 64 KiB vs 96 KiB (second buffer at the 64 KiB boundary), 256 vs 512 B/cycle,
    // measured 323 and 196 cycles: the model lands within one cycle of each, a fit residual since
    // its fixed cost is fitted to these two measurements (docs/worked-cases.md P1).
    QTest::newRow("plain") << QStringLiteral("microbench-plain") << 65536 << -1 << 32 << 256.0
                           << 323.0;
    QTest::newRow("partitioned") << QStringLiteral("microbench-partitioned") << 98304 << 65536 << 0
                                 << 512.0 << 196.0;
}

void TestCliCta::ldsMicrobenchmark()
{
    QFETCH(QString, preset);
    QFETCH(int, secondOffset);
    QFETCH(double, measuredCycles);
    const lx::test::CliResult r =
        run({QStringLiteral("analyze"), QStringLiteral("lds"), QStringLiteral("--preset"), preset,
             QStringLiteral("--json")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject j = QJsonDocument::fromJson(r.out).object();
    QTEST(j[QStringLiteral("totalBytes")].toInt(), "totalBytes");
    QTEST(j[QStringLiteral("partitionConflicts")].toInt(), "conflicts");
    QTEST(j[QStringLiteral("peakBytesPerCycle")].toDouble(), "peak");
    QVERIFY(qAbs(j[QStringLiteral("modelCycles")].toDouble() - measuredCycles) <= 1.0);
    const QJsonArray buffers = j[QStringLiteral("buffers")].toArray();
    QCOMPARE(buffers.size(), secondOffset < 0 ? 1 : 2);
    if (secondOffset >= 0) {
        QCOMPARE(buffers[1].toObject()[QStringLiteral("offset")].toInt(), secondOffset);
        QCOMPARE(buffers[1].toObject()[QStringLiteral("partitions")].toArray(), QJsonArray{1});
    }
    QVERIFY(j[QStringLiteral("steadyBytesPerCycle")].toDouble() > 0);
}

void TestCliCta::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    const QString a = QStringLiteral("analyze");
    QTest::newRow("cta: no source") << QStringList{a, QStringLiteral("cta")} << 2;
    QTest::newRow("cta: unknown preset")
        << QStringList{a, QStringLiteral("cta"), QStringLiteral("--preset"), QStringLiteral("nope")}
        << 1;
    QTest::newRow("cta: bad shape") << QStringList{a,
                                                   QStringLiteral("cta"),
                                                   QStringLiteral("--layout"),
                                                   QStringLiteral("#ttg.amd_wmma<{version = 3}>"),
                                                   QStringLiteral("--shape"),
                                                   QStringLiteral("12"),
                                                   QStringLiteral("--dtype"),
                                                   QStringLiteral("f16")}
                                    << 2;
    QTest::newRow("cta: layout text error")
        << QStringList{a,
                       QStringLiteral("cta"),
                       QStringLiteral("--layout"),
                       QStringLiteral("#ttg.amd_wmma<{version = }>"),
                       QStringLiteral("--shape"),
                       QStringLiteral("128x128"),
                       QStringLiteral("--dtype"),
                       QStringLiteral("f16")}
        << 1;
    QTest::newRow("cta: not surjective")
        << QStringList{a,
                       QStringLiteral("cta"),
                       QStringLiteral("--layout"),
                       QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = "
                                      "{warp = [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>"),
                       QStringLiteral("--shape"),
                       QStringLiteral("128x128"),
                       QStringLiteral("--dtype"),
                       QStringLiteral("f16")}
        << 1;
    QTest::newRow("lds: both sources") << QStringList{a,
                                                      QStringLiteral("lds"),
                                                      QStringLiteral("--preset"),
                                                      QStringLiteral("fig12"),
                                                      QStringLiteral("--scene"),
                                                      QStringLiteral("x.lxscene")}
                                       << 2;
    QTest::newRow("lds: missing scene file")
        << QStringList{a, QStringLiteral("lds"), QStringLiteral("--scene"),
                       QStringLiteral("/nonexistent.lxscene")}
        << 1;
    QTest::newRow("lds: preset without LDS buffers")
        << QStringList{a, QStringLiteral("lds"), QStringLiteral("--preset"), QStringLiteral("fig8")}
        << 1;
}

void TestCliCta::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(int, code);
    const lx::test::CliResult r = run(args);
    QCOMPARE(r.exitCode, code);
    QVERIFY(!r.err.isEmpty());
    QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestCliCta)
#include "tst_cli_cta.moc"
