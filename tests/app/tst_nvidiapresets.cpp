// The NVIDIA presets scripts/nvidia-presets writes from parameters (nv-hopper-gemm-128b,
// nv-ldmatrix-x4-trans, nv-swizzle-conflicts, nv-descriptors, nv-tmem-accumulator): the numbers
// their descriptions state are the ones the program computes now (the script's --check mode renders
// the figures again and compares), and the story each tells holds, read from `render --figures` as
// the window's analysis panel lists them.

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

// key -> text of the figures of view `view` of `preset`.
QHash<QString, QString> figures(const QString &preset, int view)
{
    const lx::test::CliResult r =
        lx::test::runApp({u"render"_s, u"--preset"_s, preset, u"--view-index"_s,
                          QString::number(view), u"--figures"_s});
    if (r.exitCode != 0)
        qWarning().noquote() << preset << view << r.errText();
    QHash<QString, QString> out;
    for (const QJsonValue &f :
         QJsonDocument::fromJson(r.out).object().value(u"figures"_s).toArray())
        out.insert(f.toObject().value(u"key"_s).toString(),
                   f.toObject().value(u"text"_s).toString());
    return out;
}

} // namespace

class TestNvidiaPresets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void descriptionsAreComputed();
    void transposedLoad();
    void swizzleThatStillConflicts();
    void descriptors();
    void warpgroups();
};

void TestNvidiaPresets::descriptionsAreComputed()
{
    const QString python = QStandardPaths::findExecutable(u"python3"_s);
    if (python.isEmpty())
        QSKIP("python3 is not installed");
    QProcess p;
    p.start(python, {QStringLiteral(LX_SOURCE_DIR "/scripts/nvidia-presets"), u"--app"_s,
                     qEnvironmentVariable("LX_APP"), u"--check"_s});
    QVERIFY(p.waitForFinished(300000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
}

// A B operand's two K elements of a thread are a row apart in an N-contiguous buffer: no
// ldmatrix, but lanes 2-4 walk N: ldmatrix.trans, four matrices for the thread's 8 registers.
void TestNvidiaPresets::transposedLoad()
{
    const auto f = figures(u"nv-ldmatrix-x4-trans"_s, 0);
    QCOMPARE(f.value(u"instruction"_s), u"ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 (sm90)"_s);
    QCOMPARE(f.value(u"matrices"_s), u"4 (.x4)"_s);
    QVERIFY2(f.value(u"whyNotMatrix"_s).contains(u"offset 1"_s),
             qPrintable(f.value(u"whyNotMatrix"_s)));
    // The 128-byte swizzle: every phase covers the 32 banks once.
    QCOMPARE(f.value(u"nway"_s), u"1-way"_s);
}

// maxPhase 4 over 128-byte rows: rows r and r + 4 collide, every phase 2-way: twice the
// wavefronts of the 128-byte NVMMA swizzle, which reads the same matrices conflict-free.
void TestNvidiaPresets::swizzleThatStillConflicts()
{
    const auto atom = figures(u"nv-swizzle-conflicts"_s, 0);
    const auto half = figures(u"nv-swizzle-conflicts"_s, 1);
    const auto full = figures(u"nv-swizzle-conflicts"_s, 3);
    QCOMPARE(atom.value(u"nway"_s), u"2-way"_s);
    QVERIFY(atom.value(u"canonical"_s).startsWith(u"not canonical"_s));
    QCOMPARE(half.value(u"instruction"_s), full.value(u"instruction"_s));
    QCOMPARE(half.value(u"nway"_s), u"2-way"_s);
    QCOMPARE(full.value(u"nway"_s), u"1-way"_s);
    QCOMPARE(half.value(u"wavefronts"_s).toInt(), 2 * full.value(u"wavefronts"_s).toInt());
    QCOMPARE(full.value(u"wavefronts"_s), full.value(u"idealWavefronts"_s));
}

// docs/nvidia-layouts.md §8: K-major with the 128-byte swizzle, SBO = 8 rows of 128 bytes =
// 1024 B and no LBO; MN-major (B, 64 x 128 bf16, N contiguous), LBO = the next 64-element span
// of N after all 64 K rows = 64 x 128 B = 8192 B, SBO = the next 8 K rows = 1024 B.
void TestNvidiaPresets::descriptors()
{
    const auto a = figures(u"nv-descriptors"_s, 0);
    const auto b = figures(u"nv-descriptors"_s, 1);
    QVERIFY2(a.value(u"descriptorA"_s).startsWith(u"K-major, layout type 1 (SWIZZLE_128B)"_s),
             qPrintable(a.value(u"descriptorA"_s)));
    QVERIFY2(a.value(u"descriptorA"_s).contains(u"SBO 1024 B"_s),
             qPrintable(a.value(u"descriptorA"_s)));
    QVERIFY2(b.value(u"descriptorB"_s).startsWith(u"MN-major"_s),
             qPrintable(b.value(u"descriptorB"_s)));
    QVERIFY2(b.value(u"descriptorB"_s).contains(u"LBO 8192 B"_s),
             qPrintable(b.value(u"descriptorB"_s)));
    QVERIFY2(b.value(u"descriptorB"_s).contains(u"SBO 1024 B"_s),
             qPrintable(b.value(u"descriptorB"_s)));
    QCOMPARE(a.value(u"tmaSwizzle"_s), u"CU_TENSOR_MAP_SWIZZLE_128B"_s);
}

// 8 warps of MMA v3 are two warpgroups: the legend of the warpgroup colouring names both.
void TestNvidiaPresets::warpgroups()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"gemm.svg"_s);
    const lx::test::CliResult r =
        lx::test::runApp({u"render"_s, u"--preset"_s, u"nv-hopper-gemm-128b"_s, u"--view-index"_s,
                          u"0"_s, u"-o"_s, path});
    QCOMPARE(r.exitCode, 0);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(f.readAll());
    QVERIFY(svg.contains(u"warpgroup 0: warps 0–3"_s));
    QVERIFY(svg.contains(u"warpgroup 1: warps 4–7"_s));
    QVERIFY(!svg.contains(u"warpgroup 2"_s));
}

QTEST_GUILESS_MAIN(TestNvidiaPresets)
#include "tst_nvidiapresets.moc"
