// The presets scripts/story-presets writes from parameters (swizzle-not-enough,
// store-transposed): the numbers their descriptions state are the ones the program computes
// now (the script's --check mode reruns the analyses and compares), and the story each tells
// holds: the swizzle removes the bank conflicts but not the partition conflicts, which the
// partitioned layout removes; the K-contiguous store is strided ds_store_b16.

#include "clitest.h"

#include <QFile>
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

QTEST_MAIN(TestStoryPresets)
#include "tst_storypresets.moc"
