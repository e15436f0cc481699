// One answer per question (the counting, hardware-fact, capacity, provenance and claims), through
// the real executable:
//  - counting: `analyze ds-load-tr` and `analyze kernel` give the same issued and distinct counts
//    for the same layouts, and both are Triton's (the conformance data: its lowering's count, its
//    cvt's zero register bases); a partition bit is not a replica;
//  - hardware facts come from the architecture file: a file without ds_load_tr8_b64 has no 8-bit
//    transposed load, a renamed plain instruction is the fallback's name in every face;
//  - capacity: a layout asking for more partitions than the architecture has is refused by
//    `analyze lds` (exit 1, `warnings` naming the partitions) and flagged in `render --figures`;
//  - provenance: the bandwidth model's fixed cost is `fitted`, the blog's measurements are
//    `measured` beside it, a bank count from an extrapolated phase table is `extrapolated`, and
//    `render --figures` carries the same values and provenance as `analyze --json`;
//  - claims: the n-way and cycle counts preset descriptions quote are the ones the program
//    computes, and the rocMLIR presets say what of them is inferred.

#include "clitest.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <set>

using namespace Qt::StringLiterals;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QJsonObject json(const QStringList &args, int expectedExit = 0)
{
    const lx::test::CliResult r = lx::test::runApp(args);
    if (r.exitCode != expectedExit)
        qWarning().noquote() << args.join(u' ') << "exit" << r.exitCode << r.errText();
    return QJsonDocument::fromJson(r.out).object();
}

QJsonObject figure(const QJsonObject &report, const QString &key)
{
    for (const QJsonValue &f : report.value(u"figures"_s).toArray())
        if (f.toObject().value(u"key"_s).toString() == key)
            return f.toObject();
    return {};
}

// One case of Triton's gfx1250 lowering tests (tests/data/conformance), and its encodings.
struct LoweringCase
{
    QJsonObject op;
    QJsonObject encodings;
};

LoweringCase loweringCase(const QString &id, int opIndex)
{
    const QJsonObject doc =
        QJsonDocument::fromJson(
            readAll(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-gfx1250-lowering.json")))
            .object();
    LoweringCase c;
    c.encodings = doc.value(u"encodings"_s).toObject().value(u"gfx1250_ds_transpose"_s).toObject();
    for (const QJsonValue &v : doc.value(u"cases"_s).toArray())
        if (v.toObject().value(u"id"_s).toString() == id)
            c.op = v.toObject()
                       .value(u"inputs"_s)
                       .toObject()
                       .value(u"ops"_s)
                       .toArray()[opIndex]
                       .toObject();
    return c;
}

// "#mma_b16" -> "#mma_b16 = ...\n" for every alias the text uses, then the text.
QString withAliases(const QString &text, const QJsonObject &encodings)
{
    QString out;
    for (auto it = encodings.begin(); it != encodings.end(); ++it)
        if (QRegularExpression(QRegularExpression::escape(it.key()) + u"\\b"_s)
                .match(text)
                .hasMatch())
            out += it.key() + u" = "_s + it.value().toString() + u"\n"_s;
    return out + text;
}

// A module of one allocation and one local_load of the case's layouts.
QString moduleOf(const LoweringCase &c)
{
    const QJsonObject src = c.op.value(u"src_memdesc"_s).toObject();
    const QJsonObject dst = c.op.value(u"dst_tensor"_s).toObject();
    const QJsonArray shape = src.value(u"shape"_s).toArray();
    const QString type = u"%1x%2x%3"_s.arg(shape[0].toInt())
                             .arg(shape[1].toInt())
                             .arg(src.value(u"elem"_s).toString());
    QString aliases;
    for (auto it = c.encodings.begin(); it != c.encodings.end(); ++it)
        aliases += it.key() + u" = "_s + it.value().toString() + u"\n"_s;
    const QString mem =
        u"!ttg.memdesc<%1, %2, #smem, mutable>"_s.arg(type, src.value(u"encoding"_s).toString());
    return aliases + u"#smem = #ttg.shared_memory\n"_s +
           u"module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
           u"ttg.target = \"hip:gfx1250\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
           u"  tt.func public @k() {\n"_s +
           u"    %m = ttg.local_alloc : () -> %1\n"_s.arg(mem) +
           u"    %r = ttg.local_load %m : %1 -> tensor<%2, %3>\n"_s.arg(
               mem, type, dst.value(u"encoding"_s).toString()) +
           u"    tt.return\n  }\n}\n"_s;
}

QStringList dsLoadTrArgs(const LoweringCase &c)
{
    const QJsonObject src = c.op.value(u"src_memdesc"_s).toObject();
    const QJsonObject dst = c.op.value(u"dst_tensor"_s).toObject();
    const QJsonArray shape = src.value(u"shape"_s).toArray();
    const QString elem = src.value(u"elem"_s).toString();
    return {u"analyze"_s,  u"ds-load-tr"_s,
            u"--shared"_s, withAliases(src.value(u"encoding"_s).toString(), c.encodings),
            u"--dst"_s,    withAliases(dst.value(u"encoding"_s).toString(), c.encodings),
            u"--shape"_s,  u"%1x%2"_s.arg(shape[0].toInt()).arg(shape[1].toInt()),
            u"--dtype"_s,  elem,
            u"--json"_s};
}

// The one local_load of `module` through `analyze kernel`.
QJsonObject kernelLoad(const QString &module, const QStringList &extra = {})
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"k.ttgir"_s);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(module.toUtf8());
    f.close();
    const QJsonObject r = json(QStringList{u"analyze"_s, u"kernel"_s, path, u"--json"_s} + extra);
    for (const QJsonValue &op : r.value(u"ops"_s).toArray())
        if (op.toObject().value(u"op"_s).toString() == u"ttg.local_load"_s)
            return op.toObject();
    return {};
}

// The embedded gfx1250 architecture file, edited by `edit`, written to `dir`.
template <typename Edit> QString editedArch(const QTemporaryDir &dir, Edit edit)
{
    QJsonObject arch = QJsonDocument::fromJson(
                           readAll(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json")))
                           .object();
    edit(arch);
    const QString path = dir.filePath(u"edited-gfx1250.json"_s);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QJsonDocument(arch).toJson());
    return path;
}

} // namespace

class TestOneAnswer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void partitionBitIsNoReplica();
    void replicatedRegistersGiveBothCounts();
    void transposedLoadsFromTheArchitectureFile();
    void fallbackNamesFromTheArchitectureFile();
    void tooManyPartitionsAreRefused();
    void provenanceOfTheBandwidthModel();
    void extrapolatedPhaseTables();
    void presetClaimsAreComputed();
};

void TestOneAnswer::partitionBitIsNoReplica()
{
    // Register basis [0, 1] of cvt moves only the partition: 16 loads, none of them a replica.
    const LoweringCase c =
        loweringCase(u"dst1250.partitioned_shared_ds_transpose_dot_op0_dim0"_s, 0);
    QVERIFY(!c.op.isEmpty());
    const int triton = c.op.value(u"derived_outcome"_s).toObject().value(u"instructions"_s).toInt();
    const QJsonObject tr = json(dsLoadTrArgs(c));
    QCOMPARE(tr.value(u"instructions"_s).toInt(), triton);
    QCOMPARE(tr.value(u"instructionsDistinct"_s).toInt(), triton);
    const QJsonObject k = kernelLoad(moduleOf(c));
    QCOMPARE(k.value(u"instruction"_s).toString(), tr.value(u"instruction"_s).toString());
    QCOMPARE(k.value(u"count"_s).toInt(), triton);
    QCOMPARE(k.value(u"issued"_s).toInt(), triton);
}

void TestOneAnswer::replicatedRegistersGiveBothCounts()
{
    // b8_tests, operand A: instrShape K = 128 over a K = 64 tile, one zero register basis. The
    // lowering issues Triton's count; every zero basis above the instruction's own registers
    // halves what the assembly keeps.
    const LoweringCase c = loweringCase(u"dst1250.b8_tests"_s, 0);
    QVERIFY(!c.op.isEmpty());
    const int issued = c.op.value(u"derived_outcome"_s).toObject().value(u"instructions"_s).toInt();
    int zeros = 0;
    for (const QJsonValue &b : c.op.value(u"derived_cvt_reg_lane_warp_to_offset"_s)
                                   .toObject()
                                   .value(u"register"_s)
                                   .toArray())
        zeros += b.toArray()[0].toInt() == 0 ? 1 : 0;
    QVERIFY(zeros > 0);
    const int distinct = issued >> zeros;
    const QJsonObject tr = json(dsLoadTrArgs(c));
    QCOMPARE(tr.value(u"instructions"_s).toInt(), issued);
    QCOMPARE(tr.value(u"instructionsDistinct"_s).toInt(), distinct);
    QCOMPARE(figure(tr, u"instructions"_s).value(u"value"_s).toDouble(), double(issued));
    QCOMPARE(figure(tr, u"instructionsDistinct"_s).value(u"value"_s).toDouble(), double(distinct));
    const QJsonObject k = kernelLoad(moduleOf(c));
    QCOMPARE(k.value(u"count"_s).toInt(), distinct);
    QCOMPARE(k.value(u"issued"_s).toInt(), issued);
}

void TestOneAnswer::transposedLoadsFromTheArchitectureFile()
{
    const LoweringCase c = loweringCase(u"dst1250.b8_tests"_s, 1);
    QVERIFY(!c.op.isEmpty());
    QTemporaryDir dir;
    const QString noTr8 = editedArch(dir, [](QJsonObject &arch) {
        QJsonArray loads;
        for (const QJsonValue &t : arch.value(u"transposedLoads"_s).toArray())
            if (t.toObject().value(u"name"_s).toString() != u"ds_load_tr8_b64"_s)
                loads.append(t);
        arch[u"transposedLoads"_s] = loads;
    });
    // The embedded file has the 8-bit variant, the edited one (same name, gfx1250) has not.
    QCOMPARE(kernelLoad(moduleOf(c)).value(u"instruction"_s).toString(), u"ds_load_tr8_b64"_s);
    const QJsonObject edited = kernelLoad(moduleOf(c), {u"--arch"_s, noTr8});
    QVERIFY2(!edited.value(u"instruction"_s).toString().contains(u"_tr"_s),
             qPrintable(edited.value(u"instruction"_s).toString()));
    QVERIFY(edited.value(u"eligible"_s).isNull());
    const QJsonObject tr = json(dsLoadTrArgs(c) + QStringList{u"--arch"_s, noTr8});
    QVERIFY(tr.value(u"instruction"_s).isNull());
    QCOMPARE(tr.value(u"eligible"_s).toBool(), false);
}

void TestOneAnswer::fallbackNamesFromTheArchitectureFile()
{
    // 32-bit elements: no transposed load, the plain load the architecture file names.
    const LoweringCase c =
        loweringCase(u"dst1250.partitioned_shared_ds_transpose_dot_op0_dim0"_s, 0);
    QVERIFY(!c.op.isEmpty());
    QStringList args = dsLoadTrArgs(c);
    args[args.indexOf(u"--dtype"_s) + 1] = u"f32"_s;
    const QString builtin = json(args).value(u"fallbackInstruction"_s).toString();
    QVERIFY(builtin.startsWith(u"ds_load_"_s));
    QTemporaryDir dir;
    const QString renamed = editedArch(dir, [&](QJsonObject &arch) {
        QJsonArray list = arch.value(u"instructions"_s).toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            QJsonObject ins = list[i].toObject();
            if (ins.value(u"name"_s).toString() == builtin) {
                ins[u"name"_s] = builtin + u"_renamed"_s;
                list[i] = ins;
            }
        }
        arch[u"instructions"_s] = list;
    });
    const QJsonObject tr = json(args + QStringList{u"--arch"_s, renamed});
    QCOMPARE(tr.value(u"fallbackInstruction"_s).toString(), builtin + u"_renamed"_s);
    QString module = moduleOf(c);
    module.replace(u"xf16"_s, u"xf32"_s);
    const QJsonObject k = kernelLoad(module, {u"--arch"_s, renamed});
    QCOMPARE(k.value(u"instruction"_s).toString(), builtin + u"_renamed"_s);
}

void TestOneAnswer::tooManyPartitionsAreRefused()
{
    // Fig 12 with operand A in 8 partitions: gfx1250 has 5.
    QJsonObject scene =
        QJsonDocument::fromJson(
            readAll(QStringLiteral(LX_SOURCE_DIR "/resources/presets/fig12.lxscene")))
            .object();
    QJsonArray layouts = scene.value(u"layouts"_s).toArray();
    QJsonObject a = layouts[0].toObject();
    a[u"text"_s] =
        a.value(u"text"_s)
            .toString()
            .replace(u"numPartitions = 2, numGroups = 2"_s, u"numPartitions = 8, numGroups = 1"_s)
            .replace(u"shape = [32, 64]"_s, u"shape = [16, 64]"_s);
    layouts[0] = a;
    scene[u"layouts"_s] = layouts;
    QTemporaryDir dir;
    const QString path = dir.filePath(u"fig12-8.lxscene"_s);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(scene).toJson());
    f.close();
    const QJsonObject arch =
        QJsonDocument::fromJson(
            readAll(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json")))
            .object();
    const int partitions = arch.value(u"cu"_s).toObject().value(u"ldsPartitions"_s).toInt();

    const QJsonObject lds = json({u"analyze"_s, u"lds"_s, u"--scene"_s, path, u"--json"_s}, 1);
    const QJsonArray warnings = lds.value(u"warnings"_s).toArray();
    QVERIFY(!warnings.isEmpty());
    std::set<int> named;
    for (const QJsonValue &w : warnings)
        for (const QJsonValue &p : w.toObject().value(u"partitions"_s).toArray())
            named.insert(p.toInt());
    for (int p = partitions; p < 8; ++p)
        QVERIFY2(named.count(p), qPrintable(QString::number(p)));
    QCOMPARE(lx::test::runApp({u"analyze"_s, u"lds"_s, u"--scene"_s, path}).exitCode, 1);
    QCOMPARE(figure(lds, u"fits"_s).value(u"value"_s).toDouble(), 0.0);

    // The allocator view (Fig 12's chart) flags it with the same figure.
    const QJsonObject render =
        json({u"render"_s, u"--scene"_s, path, u"--view"_s, u"allocator"_s, u"--figures"_s});
    QCOMPARE(figure(render, u"fits"_s).value(u"value"_s).toDouble(), 0.0);
    // The preset as shipped fits.
    const QJsonObject ok = json({u"analyze"_s, u"lds"_s, u"--preset"_s, u"fig12"_s, u"--json"_s});
    QVERIFY(ok.value(u"warnings"_s).toArray().isEmpty());
    QCOMPARE(figure(ok, u"fits"_s).value(u"value"_s).toDouble(), 1.0);
}

void TestOneAnswer::provenanceOfTheBandwidthModel()
{
    const QJsonObject arch =
        QJsonDocument::fromJson(
            readAll(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json")))
            .object();
    const QJsonObject cu = arch.value(u"cu"_s).toObject();
    for (const QString &layout : {u"plain"_s, u"partitioned"_s}) {
        QJsonObject measurement;
        for (const QJsonValue &m : cu.value(u"measurements"_s).toArray())
            if (m.toObject().value(u"layout"_s).toString() == layout)
                measurement = m.toObject();
        QVERIFY(!measurement.isEmpty());
        const QString preset = u"microbench-"_s + layout;
        const QJsonObject lds = json({u"analyze"_s, u"lds"_s, u"--preset"_s, preset, u"--json"_s});
        const QJsonObject fixed = figure(lds, u"fixedCycles"_s);
        QCOMPARE(fixed.value(u"provenance"_s).toString(), u"fitted"_s);
        QCOMPARE(fixed.value(u"value"_s).toDouble(),
                 cu.value(u"fixedCycles"_s).toObject().value(u"value"_s).toDouble());
        QVERIFY(fixed.value(u"note"_s).toString().contains(u"fitted"_s));
        const QJsonObject cycles = figure(lds, u"cyclesMeasured"_s);
        QCOMPARE(cycles.value(u"provenance"_s).toString(), u"measured"_s);
        QCOMPARE(cycles.value(u"value"_s).toDouble(), measurement.value(u"cycles"_s).toDouble());
        const QJsonObject steady = figure(lds, u"bandwidthSteadyMeasured"_s);
        QCOMPARE(steady.value(u"value"_s).toDouble(),
                 measurement.value(u"steadyBytesPerCycle"_s).toDouble());
        QCOMPARE(figure(lds, u"cyclesModel"_s).value(u"provenance"_s).toString(), u"model"_s);

        // render --figures of the same scenario: the same values and provenance.
        const QJsonObject render = json(
            {u"render"_s, u"--preset"_s, preset, u"--view"_s, u"lds-datapath"_s, u"--figures"_s});
        for (const QString &key : {u"fixedCycles"_s, u"cyclesModel"_s, u"cyclesMeasured"_s}) {
            QCOMPARE(figure(render, key).value(u"value"_s).toDouble(),
                     figure(lds, key).value(u"value"_s).toDouble());
            QCOMPARE(figure(render, key).value(u"provenance"_s).toString(),
                     figure(lds, key).value(u"provenance"_s).toString());
        }
    }
}

void TestOneAnswer::extrapolatedPhaseTables()
{
    // gfx1250 ds_load_b64's phase table is confidence L in the architecture file.
    const QJsonObject arch =
        QJsonDocument::fromJson(
            readAll(QStringLiteral(LX_SOURCE_DIR "/resources/arch/gfx1250.json")))
            .object();
    QString low, high;
    for (const QJsonValue &v : arch.value(u"instructions"_s).toArray()) {
        const QJsonObject i = v.toObject();
        if (i.value(u"access"_s).toString() != u"read"_s || i.value(u"passes"_s).toInt(1) != 1 ||
            i.value(u"name"_s).toString().contains(u"_tr"_s))
            continue;
        const QString c = i.value(u"confidence"_s).toString();
        if (c == u"L"_s && low.isEmpty())
            low = i.value(u"name"_s).toString();
        if (c != u"L"_s && high.isEmpty())
            high = i.value(u"name"_s).toString();
    }
    QVERIFY(!low.isEmpty() && !high.isEmpty());
    const QStringList access{u"analyze"_s,
                             u"banks"_s,
                             u"--reg"_s,
                             u"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], "
                             u"warpsPerCTA = [1, 1], order = [1, 0]}>"_s,
                             u"--shared"_s,
                             u"#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, "
                             u"order = [1, 0]}>"_s,
                             u"--shape"_s,
                             u"32x64"_s,
                             u"--arch"_s,
                             u"gfx1250"_s,
                             u"--json"_s};
    for (const QString &ins : {low, high}) {
        const QJsonObject r = json(access + QStringList{u"--instruction"_s, ins});
        const QString expected = ins == low ? u"extrapolated"_s : u"computed"_s;
        for (const QString &key : {u"nway"_s, u"cycles"_s})
            QCOMPARE(figure(r, key).value(u"provenance"_s).toString(), expected);
        QCOMPARE(figure(r, u"nway"_s).value(u"value"_s).toDouble(),
                 r.value(u"totals"_s).toObject().value(u"maxWays"_s).toDouble());
    }
}

void TestOneAnswer::presetClaimsAreComputed()
{
    // Every "N-way" and "N cycles" a preset description quotes is computed by one of its bank
    // views (the worst conflict, or the cycles of an instruction, of the wave, or the ideal).
    const QJsonArray presets =
        QJsonDocument::fromJson(lx::test::runApp({u"presets"_s, u"--json"_s}).out)
            .object()
            .value(u"presets"_s)
            .toArray();
    QVERIFY(!presets.isEmpty());
    int checked = 0;
    for (const QJsonValue &pv : presets) {
        const QString name = pv.toObject().value(u"name"_s).toString();
        const QString description = pv.toObject().value(u"description"_s).toString();
        std::set<int> claimed, claimedCycles;
        auto it = QRegularExpression(u"(\\d+)-way"_s).globalMatch(description);
        while (it.hasNext())
            claimed.insert(it.next().captured(1).toInt());
        // "16 cycles", and a bare "(16)" after a claim ("unswizzled 4-way (32)", "conflict-free
        // (2)"); other bracketed numbers (a descriptor's "LBO unused (1)") are not cycles.
        auto cy = QRegularExpression(u"(\\d+) cycles|(?:-way|conflict-free) \\((\\d+)\\)"_s)
                      .globalMatch(description);
        while (cy.hasNext()) {
            const QRegularExpressionMatch m = cy.next();
            claimedCycles.insert((m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)).toInt());
        }
        if (claimed.empty() && claimedCycles.empty())
            continue;
        const QJsonObject scene =
            QJsonDocument::fromJson(
                readAll(QStringLiteral(LX_SOURCE_DIR "/resources/presets/") + name + u".lxscene"_s))
                .object();
        std::set<int> computed, computedCycles;
        const QJsonArray views = scene.value(u"views"_s).toArray();
        for (qsizetype i = 0; i < views.size(); ++i) {
            const QString kind = views[i].toObject().value(u"kind"_s).toString();
            if (kind != u"bank-table"_s && kind != u"bank-histogram"_s)
                continue;
            const QJsonObject r = json({u"analyze"_s, u"banks"_s, u"--preset"_s, name, u"--view"_s,
                                        QString::number(i), u"--json"_s});
            computed.insert(r.value(u"maxWays"_s).toInt());
            for (const QString &k : {u"cycles"_s, u"idealCycles"_s})
                computedCycles.insert(r.value(k).toInt());
            computedCycles.insert(
                r.value(u"totals"_s).toObject().value(u"cyclesPerWave"_s).toInt());
            for (const QJsonValue &ins : r.value(u"instructions"_s).toArray()) {
                computed.insert(ins.toObject().value(u"maxWays"_s).toInt());
                computedCycles.insert(ins.toObject().value(u"cycles"_s).toInt());
            }
        }
        // A claim the bank views do not give (an NVIDIA preset's ldmatrix phase, say) is looked
        // for in the figures of every view (`render --figures`, the request layer's).
        const bool allFound =
            std::all_of(claimed.begin(), claimed.end(), [&](int n) { return computed.count(n); }) &&
            std::all_of(claimedCycles.begin(), claimedCycles.end(),
                        [&](int n) { return computedCycles.count(n); });
        for (qsizetype i = 0; !allFound && i < views.size(); ++i) {
            const QJsonObject r = json({u"render"_s, u"--preset"_s, name, u"--view-index"_s,
                                        QString::number(i), u"--figures"_s});
            for (const QJsonValue &fv : r.value(u"figures"_s).toArray()) {
                const QJsonObject fig = fv.toObject();
                const QString key = fig.value(u"key"_s).toString().toLower();
                if (!fig.value(u"value"_s).isDouble())
                    continue;
                const int value = fig.value(u"value"_s).toInt();
                if (key.contains(u"way"_s))
                    computed.insert(value);
                if (key.contains(u"cycles"_s))
                    computedCycles.insert(value);
            }
        }
        for (int n : claimed)
            QVERIFY2(computed.count(n),
                     qPrintable(name + u": the description says %1-way"_s.arg(n)));
        for (int n : claimedCycles)
            QVERIFY2(computedCycles.count(n),
                     qPrintable(name + u": the description says %1 cycles"_s.arg(n)));
        ++checked;
    }
    QVERIFY(checked >= 10);
    // The rocMLIR presets say what of them is the PR's and what is inferred.
    for (const QString &name : {u"rocmlir-kpack-before"_s, u"rocmlir-kpack-after"_s}) {
        const QJsonObject scene =
            QJsonDocument::fromJson(
                readAll(QStringLiteral(LX_SOURCE_DIR "/resources/presets/") + name + u".lxscene"_s))
                .object();
        const QString notes =
            scene.value(u"description"_s).toString() + scene.value(u"notes"_s).toString();
        QVERIFY2(notes.contains(u"m = 3 and 4"_s), qPrintable(name));
    }
}

QTEST_MAIN(TestOneAnswer)
#include "tst_oneanswer.moc"
