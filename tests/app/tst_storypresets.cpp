// The presets scripts/story-presets writes from parameters (swizzle-not-enough,
// store-transposed): the numbers their descriptions state are the ones the program computes
// now (the script's --check mode reruns the analyses and compares), and the story each tells
// holds: the swizzle removes the bank conflicts but not the partition conflicts, which the
// partitioned layout removes; the K-contiguous store is strided ds_store_b16; in
// allocator-stage2 stage 2 first lifts a buffer off a live overlap, then a neighbour past the
// partition that lift put it in, and ends with neither kind of clash.

#include "clitest.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace Qt::StringLiterals;

namespace {

QJsonObject analyze(const QStringList &args)
{
    const lx::test::CliResult r = lx::test::runApp(QStringList{u"analyze"_s} + args);
    if (r.exitCode != 0)
        qWarning().noquote() << args.join(u' ') << r.errText();
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestStoryPresets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void descriptionsAreComputed();
    void swizzleIsNotEnough();
    void storeSide();
    void allocatorSecondStage();
};

void TestStoryPresets::descriptionsAreComputed()
{
    const QString python = QStandardPaths::findExecutable(u"python3"_s);
    if (python.isEmpty())
        QSKIP("python3 is not installed");
    QProcess p;
    p.start(python, {QStringLiteral(LX_SOURCE_DIR "/scripts/story-presets"), u"--app"_s,
                     qEnvironmentVariable("LX_APP"), u"--check"_s});
    QVERIFY(p.waitForFinished(300000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
}

void TestStoryPresets::swizzleIsNotEnough()
{
    const QStringList preset{u"--preset"_s, u"swizzle-not-enough"_s, u"--json"_s};
    const QJsonObject plain = analyze(QStringList{u"banks"_s, u"--view"_s, u"1"_s} + preset);
    const QJsonObject swizzled = analyze(QStringList{u"banks"_s, u"--view"_s, u"2"_s} + preset);
    QCOMPARE(plain.value(u"instruction"_s).toString(), u"ds_load_b128"_s);
    // 16 lanes of a phase read 16 rows of 256 B at the same column: one bank group, 16-way.
    QCOMPARE(plain.value(u"maxWays"_s).toInt(), 16);
    QCOMPARE(swizzled.value(u"maxWays"_s).toInt(), 1);
    // The 32 KiB buffer lies in partition 0 and every load has warps of both pairs.
    const QJsonObject lds = analyze(QStringList{u"lds"_s} + preset);
    QVERIFY(lds.value(u"loads"_s).toInt() > 0);
    QCOMPARE(lds.value(u"partitionConflicts"_s).toInt(), lds.value(u"loads"_s).toInt());
    // The partitioned copy (last view): rows 16w..16w+15 of warp w, partition = row bit 4, so
    // pair A (even warps) reads partition 0 and pair B partition 1: no conflict.
    const lx::test::CliResult shown =
        lx::test::runApp({u"presets"_s, u"show"_s, u"swizzle-not-enough"_s, u"--json"_s});
    QCOMPARE(shown.exitCode, 0);
    QJsonObject scene = QJsonDocument::fromJson(shown.out).object();
    const QJsonArray views = scene.value(u"views"_s).toArray();
    scene.insert(u"views"_s, QJsonArray{views.last()});
    QTemporaryDir dir;
    const QString path = dir.filePath(u"split.lxscene"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(scene).toJson());
    f.close();
    const QJsonObject split = analyze({u"lds"_s, u"--scene"_s, path, u"--json"_s});
    QCOMPARE(split.value(u"loads"_s).toInt(), lds.value(u"loads"_s).toInt());
    QCOMPARE(split.value(u"partitionConflicts"_s).toInt(), 0);
}

void TestStoryPresets::storeSide()
{
    const QStringList preset{u"--preset"_s, u"store-transposed"_s, u"--json"_s};
    const QJsonObject store = analyze(QStringList{u"banks"_s, u"--view"_s, u"0"_s} + preset);
    const QJsonObject read = analyze(QStringList{u"banks"_s, u"--view"_s, u"1"_s} + preset);
    const QJsonObject tr = analyze(QStringList{u"banks"_s, u"--view"_s, u"3"_s} + preset);
    // Registers walk N, the tile is K-contiguous: no two of a lane's elements are adjacent.
    QCOMPARE(store.value(u"instruction"_s).toString(), u"ds_store_b16"_s);
    QCOMPARE(store.value(u"vectorElements"_s).toInt(), 1);
    QCOMPARE(read.value(u"instruction"_s).toString(), u"ds_load_b128"_s);
    // As wide as the transposed load: not labelled a fallback.
    QVERIFY(read.value(u"transposedLoad"_s).isNull());
    QCOMPARE(tr.value(u"instruction"_s).toString(), u"ds_load_tr16_b128"_s);
}

void TestStoryPresets::allocatorSecondStage()
{
    const QJsonObject lds = analyze({u"lds"_s, u"--preset"_s, u"allocator-stage2"_s, u"--json"_s});
    const QJsonArray rounds = lds.value(u"stage2"_s).toArray();
    QVERIFY(rounds.size() >= 2);
    // The rules applied, in this order: a live overlap first, then a neighbour's partition.
    QStringList rules;
    for (const QJsonValue &r : rounds)
        for (const QJsonValue &m : r.toObject().value(u"moves"_s).toArray())
            rules << m.toObject().value(u"rule"_s).toString();
    QVERIFY2(rules.size() >= 2, qPrintable(rules.join(u"; "_s)));
    QVERIFY2(rules.first().contains(u"overlapping"_s), qPrintable(rules.first()));
    QVERIFY2(rules.last().contains(u"partition"_s), qPrintable(rules.last()));
    // The end state, checked from the buffers and the scene's lifetimes alone: no two buffers
    // live at one step share a byte, and no two partition buffers of one allocation a partition.
    const lx::test::CliResult shown =
        lx::test::runApp({u"presets"_s, u"show"_s, u"allocator-stage2"_s, u"--json"_s});
    QCOMPARE(shown.exitCode, 0);
    const QJsonArray allocs = QJsonDocument::fromJson(shown.out)
                                  .object()
                                  .value(u"views"_s)
                                  .toArray()
                                  .first()
                                  .toObject()
                                  .value(u"options"_s)
                                  .toObject()
                                  .value(u"allocations"_s)
                                  .toArray();
    QHash<QString, QPair<int, int>> live;
    for (const QJsonValue &a : allocs) {
        const QJsonArray l = a.toObject().value(u"live"_s).toArray();
        live.insert(a.toObject().value(u"layout"_s).toString(), {l.at(0).toInt(), l.at(1).toInt()});
    }
    const QJsonArray buffers = lds.value(u"buffers"_s).toArray();
    QCOMPARE(buffers.size(), 7);
    for (const QJsonValue &x : buffers)
        for (const QJsonValue &y : buffers) {
            const QJsonObject a = x.toObject(), b = y.toObject();
            const QString na = a.value(u"name"_s).toString(), nb = b.value(u"name"_s).toString();
            if (na >= nb)
                continue;
            const QString ra = na.section(u'.', 0, 0), rb = nb.section(u'.', 0, 0);
            const auto la = live.value(ra), lb = live.value(rb);
            const qint64 oa = a.value(u"offset"_s).toInteger(),
                         ob = b.value(u"offset"_s).toInteger();
            const qint64 sa = a.value(u"size"_s).toInteger(), sb = b.value(u"size"_s).toInteger();
            if (la.first < lb.second && lb.first < la.second)
                QVERIFY2(oa + sa <= ob || ob + sb <= oa, qPrintable(na + u" / "_s + nb));
            if (ra == rb) {
                const QJsonArray pa = a.value(u"partitions"_s).toArray();
                for (const QJsonValue &p : b.value(u"partitions"_s).toArray())
                    QVERIFY2(!pa.contains(p), qPrintable(na + u" / "_s + nb));
            }
        }
}

QTEST_MAIN(TestStoryPresets)
#include "tst_storypresets.moc"
