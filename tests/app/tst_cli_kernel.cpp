// `layout-explorer analyze kernel` end to end: the binary (env LX_APP) on real modules, JSON and
// text, stdin, --arch, and bad input and usage with their exit codes.

#include "clitest.h"

#include "request/kerneldiff.h"
#include "request/kernelrequest.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

lx::test::CliResult run(const QStringList &args, const QByteArray &input = {})
{
    return lx::test::runApp(QStringList{QStringLiteral("analyze"), QStringLiteral("kernel")} + args,
                            input);
}

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/");
const QString kAttention = kDir + QStringLiteral("attn_gfx950_128x64x128_w4.ttgir");

QJsonObject opAtLine(const QJsonObject &report, int line)
{
    for (const QJsonValue &v : report.value(QStringLiteral("ops")).toArray())
        if (v.toObject().value(QStringLiteral("line")).toInt() == line)
            return v.toObject();
    return {};
}

} // namespace

class TestCliKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(!qEnvironmentVariable("LX_APP").isEmpty()); }

    void json()
    {
        const lx::test::CliResult r = run({kAttention, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("arch")).toString(), QStringLiteral("gfx950"));
        const QJsonArray layouts = j.value(QStringLiteral("layouts")).toArray();
        QCOMPARE(layouts.size(), 7);
        QCOMPARE(layouts.at(0).toObject().value(QStringLiteral("alias")).toString(),
                 QStringLiteral("#blocked"));
        QVERIFY(layouts.at(0)
                    .toObject()
                    .value(QStringLiteral("text"))
                    .toString()
                    .startsWith(QStringLiteral("#ttg.blocked<")));
        // The V load: eligible for ds_read_b64_tr_b16, 32 per thread (kernels.json: the compiler
        // emits 64 for this load and its epilogue copy at line 178).
        const QJsonObject v = opAtLine(j, 133);
        QCOMPARE(v.value(QStringLiteral("op")).toString(), QStringLiteral("ttg.local_load"));
        QCOMPARE(v.value(QStringLiteral("name")).toString(), QStringLiteral("v"));
        QCOMPARE(v.value(QStringLiteral("shape")).toString(), QStringLiteral("64x128"));
        QCOMPARE(v.value(QStringLiteral("dtype")).toString(), QStringLiteral("f16"));
        QCOMPARE(v.value(QStringLiteral("src")).toString(), QStringLiteral("#shared2"));
        QCOMPARE(v.value(QStringLiteral("instruction")).toString(),
                 QStringLiteral("ds_read_b64_tr_b16"));
        QCOMPARE(v.value(QStringLiteral("count")).toInt(), 32);
        QCOMPARE(v.value(QStringLiteral("eligible")).toBool(), true);
        for (const char *key : {"reason", "maxWays", "cyclesPerCta", "bytes"})
            QVERIFY2(v.contains(QLatin1String(key)), key);
        // The Q load is not eligible (K is contiguous) and reads with ds_read_b128 instead.
        const QJsonObject q = opAtLine(j, 63);
        QCOMPARE(q.value(QStringLiteral("eligible")).toBool(true), false);
        QVERIFY(!q.value(QStringLiteral("reason")).toString().isEmpty());
        QCOMPARE(q.value(QStringLiteral("instruction")).toString(), QStringLiteral("ds_read_b128"));
        // Totals are the sums over the ops (the compiler's own mix for this module).
        const QJsonObject totals = j.value(QStringLiteral("totals")).toObject();
        QCOMPARE(totals.value(QStringLiteral("ds_read_b128")).toInt(), 40);
        QCOMPARE(totals.value(QStringLiteral("ds_read_b64_tr_b16")).toInt(), 64);
        QCOMPARE(totals.value(QStringLiteral("ds_write_b16")).toInt(), 192);
        // The convert_layout after the loop: MFMA accumulator to a linear layout.
        QCOMPARE(opAtLine(j, 204).value(QStringLiteral("instruction")).toString(),
                 QStringLiteral("intra-warp shuffle"));
    }

    void stdinAndText()
    {
        QFile f(kAttention);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const lx::test::CliResult r = run({QStringLiteral("-")}, f.readAll());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("arch gfx950"));
        QVERIFY(r.out.contains("32 x ds_read_b64_tr_b16"));
        QVERIFY(r.out.contains("ds_read_b128           40"));
        // V (line 133): every one of the 4 warps (warpsPerCTA [4, 1], along M) holds the whole
        // 64x128 f16 B operand, 8192 / 64 lanes = 128 elements = 64 VGPRs per thread, a model.
        const QString row =
            r.outText().split(QLatin1Char('\n')).filter(QStringLiteral("  133  ")).value(0);
        QVERIFY2(row.contains(QStringLiteral(", 64 VGPRs per thread (model)")), qPrintable(row));
    }

    void archOverride()
    {
        // gfx942 has no transposed load: the same module falls back to vector loads, and the
        // note says it was analysed for another target.
        const lx::test::CliResult r = run({kAttention, QStringLiteral("--arch"),
                                           QStringLiteral("gfx942"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j.value(QStringLiteral("arch")).toString(), QStringLiteral("gfx942"));
        const QJsonObject v = opAtLine(j, 133);
        QVERIFY(v.value(QStringLiteral("eligible")).isNull());
        QCOMPARE(v.value(QStringLiteral("instruction")).toString(), QStringLiteral("ds_read_u16"));
        QVERIFY(j.value(QStringLiteral("notes")).toArray().size() >= 1);
    }

    // A Triton cache folder: one report per kernel folder, each with the compiler's answer; the
    // same module given with --asm gives the same compiler block. The three modules that are also
    // in tests/data/kernels agree (tst_kernel holds them to the criterion); the gfx1250 FMA
    // matmul, which tst_kernel does not hold, is where a disagreement shows and is marked.
    void cacheFolder()
    {
        const QString cache = QStringLiteral(LX_TEST_DATA_DIR "/triton-cache");
        const lx::test::CliResult r = run({cache, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray kernels =
            QJsonDocument::fromJson(r.out).object().value(QStringLiteral("kernels")).toArray();
        QCOMPARE(kernels.size(), 5);
        int agree = 0;
        for (const QJsonValue &k : kernels) {
            const QJsonObject c = k[QStringLiteral("compiler")].toObject();
            QVERIFY(!c.isEmpty());
            QVERIFY(c[QStringLiteral("vgprs")].toInt() > 0);
            QVERIFY(c[QStringLiteral("ldsBytesLaunched")].toInt() > 0);
            agree += c[QStringLiteral("agree")].toBool() ? 1 : 0;
            bool marked = false;
            for (const QJsonValue &op : k[QStringLiteral("ops")].toArray())
                marked = marked || !op[QStringLiteral("compilerAgrees")].toBool(true);
            QCOMPARE(marked, !c[QStringLiteral("countsAgree")].toBool() ||
                                 !c[QStringLiteral("transposedAgree")].toBool());
            const QString ttgir = k[QStringLiteral("path")].toString();
            const QString asmFile = ttgir.chopped(6) + QStringLiteral(".amdgcn");
            QTemporaryDir tmp;
            const QString alone = tmp.filePath(QStringLiteral("alone.ttgir"));
            QVERIFY(QFile::copy(ttgir, alone));
            const lx::test::CliResult one =
                run({alone, QStringLiteral("--asm"), asmFile, QStringLiteral("--json")});
            QCOMPARE(one.exitCode, 0);
            const QJsonObject c1 =
                QJsonDocument::fromJson(one.out).object()[QStringLiteral("compiler")].toObject();
            QCOMPARE(c1[QStringLiteral("ds")], c[QStringLiteral("ds")]);
            QCOMPARE(c1[QStringLiteral("kinds")], c[QStringLiteral("kinds")]);
            QVERIFY(c1[QStringLiteral("ldsBytesLaunched")].isNull()); // no metadata beside it
        }
        QVERIFY(agree >= 3);
        const lx::test::CliResult text = run({cache});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("compiler ("));
        QVERIFY(text.out.contains("VGPRs"));
        QCOMPARE(text.out.contains("DIFFER"), agree < 5);
    }

    void since()
    {
        // --since: what changed against an earlier compile, the request layer's diff
        // (request/kerneldiff.h) written out; every pair of compiles of "matmul" in the cache.
        const QDir cache(QStringLiteral(LX_TEST_DATA_DIR "/triton-cache"));
        QStringList matmuls;
        for (const QString &h : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            if (QFile::exists(cache.filePath(h + QStringLiteral("/matmul.ttgir"))))
                matmuls << cache.filePath(h);
        QVERIFY(matmuls.size() >= 2);
        for (int i = 0; i + 1 < matmuls.size(); ++i) {
            const QString a = matmuls[i], b = matmuls[i + 1];
            const lx::test::CliResult r =
                run({b, QStringLiteral("--since"), a, QStringLiteral("--json")});
            QCOMPARE(r.exitCode, 0);
            const QJsonObject since =
                QJsonDocument::fromJson(r.out).object()[QStringLiteral("since")].toObject();
            const lx::Expected<lx::KernelAnswer> before =
                lx::resolveCompiledKernel(lx::kernelFilesIn(a.toStdString(), "matmul"));
            const lx::Expected<lx::KernelAnswer> after =
                lx::resolveCompiledKernel(lx::kernelFilesIn(b.toStdString(), "matmul"));
            QVERIFY(before && after);
            const lx::KernelDiff d = lx::diffKernels(*before, *after);
            const QJsonArray changes = since[QStringLiteral("changes")].toArray();
            QCOMPARE(changes.size(), qsizetype(d.changes.size()));
            for (size_t k = 0; k < d.changes.size(); ++k) {
                const QJsonObject c = changes.at(qsizetype(k)).toObject();
                QCOMPARE(c[QStringLiteral("kind")].toString().toStdString(), d.changes[k].kind);
                QCOMPARE(c[QStringLiteral("what")].toString().toStdString(), d.changes[k].what);
                QCOMPARE(c[QStringLiteral("before")].toString().toStdString(), d.changes[k].before);
                QCOMPARE(c[QStringLiteral("after")].toString().toStdString(), d.changes[k].after);
            }
            QCOMPARE(since[QStringLiteral("same")].toBool(), d.same());
            const lx::test::CliResult text = run({b, QStringLiteral("--since"), a});
            QCOMPARE(text.exitCode, 0);
            for (const std::string &line : lx::describeChanges(d))
                QVERIFY2(text.out.contains(QByteArray::fromStdString("  " + line + "\n")),
                         line.c_str());
        }
        // A compile against itself: no change.
        const lx::test::CliResult same = run({matmuls[0], QStringLiteral("--since"), matmuls[0]});
        QCOMPARE(same.exitCode, 0);
        QVERIFY(same.out.contains(": no change\n"));
        // Usage and input errors.
        QCOMPARE(run({cache.path(), QStringLiteral("--since"), matmuls[0]}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("-"), QStringLiteral("--since"), matmuls[0]}).exitCode, 2);
        const lx::test::CliResult missing =
            run({matmuls[0], QStringLiteral("--since"), QStringLiteral("/no/such/kernel")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("/no/such/kernel"));
    }

    // What an op costs has one name (cyclesPerCta: all the CTA's warps; a bank view's cycles are
    // one wave's), and so does each byte count; the costliest op is named with its reason, the
    // op with the most cycles of the report's own ops, in the JSON and the text alike.
    void costNames()
    {
        const QString module =
            kDir + QStringLiteral("gemm_gfx1250_bf16_128x128x64_w22_t11_a10_b10_s824_4116.ttgir");
        const lx::test::CliResult r = run({module, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        for (const char *gone : {"ldsBytes"})
            QVERIFY2(!j.contains(QLatin1String(gone)), gone);
        QVERIFY(j.value(QStringLiteral("ldsBytesEndToEnd")).toInteger() > 0);
        qint64 most = -1, sum = 0;
        int line = 0;
        for (const QJsonValue &v : j.value(QStringLiteral("ops")).toArray()) {
            const QJsonObject op = v.toObject();
            QVERIFY(!op.contains(QStringLiteral("cycles")));
            QVERIFY(op.contains(QStringLiteral("cyclesPerCta")));
            if (op.value(QStringLiteral("cyclesPerCta")).isNull())
                continue;
            const qint64 c = op.value(QStringLiteral("cyclesPerCta")).toInteger();
            QVERIFY(!op.value(QStringLiteral("cyclesProvenance")).toString().isEmpty());
            sum += c;
            if (c > most) {
                most = c;
                line = op.value(QStringLiteral("line")).toInt();
            }
        }
        QVERIFY(most > 0);
        QCOMPARE(j.value(QStringLiteral("cyclesPerCta")).toInteger(), sum);
        const QJsonObject worst = j.value(QStringLiteral("worstOp")).toObject();
        QCOMPARE(worst.value(QStringLiteral("line")).toInt(), line);
        QCOMPARE(worst.value(QStringLiteral("cyclesPerCta")).toInteger(), most);
        QVERIFY(!worst.value(QStringLiteral("reason")).toString().isEmpty());
        QVERIFY(!worst.value(QStringLiteral("provenance")).toString().isEmpty());
        const QJsonObject compiler = j.value(QStringLiteral("compiler")).toObject();
        QVERIFY(!compiler.contains(QStringLiteral("ldsBytes")));
        const lx::test::CliResult text = run({module});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(
            text.out.contains(QStringLiteral("costliest op           line %1, %2 cycles per CTA")
                                  .arg(line)
                                  .arg(most)
                                  .toUtf8()),
            text.out.constData());
    }

    // On sm90 a loop-free module states the range Nsight Compute's hardware load counter was
    // measured to read (the prediction plus one wavefront per warp), in the JSON and the text;
    // a module with a loop states none (its instructions run more than once per warp).
    void nvidiaLoadCounter()
    {
        const QString loopFree = kDir + QStringLiteral("nvidia/tr_fp32_32x128_w8.ttgir");
        const lx::test::CliResult r = run({loopFree, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        const QJsonObject w = j.value(QStringLiteral("totals"))
                                  .toObject()
                                  .value(QStringLiteral("wavefronts"))
                                  .toObject();
        const qint64 load = w.value(QStringLiteral("load")).toInteger();
        QVERIFY(load > 0);
        QCOMPARE(w.value(QStringLiteral("loadCounterMax")).toInteger(),
                 load + j.value(QStringLiteral("numWarps")).toInteger());
        QVERIFY(w.value(QStringLiteral("loadCounterNote"))
                    .toString()
                    .contains(QStringLiteral("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld")));
        const lx::test::CliResult text = run({loopFree});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(
            text.out.contains(
                QStringLiteral("load counter (ncu)     %1 to %2").arg(load).arg(load + 8).toUtf8()),
            text.out.constData());
        const lx::test::CliResult looped =
            run({kDir + QStringLiteral("nvidia/sm90_fp16_64x64x32_w4_s2_ak_bn.ttgir"),
                 QStringLiteral("--json")});
        QCOMPARE(looped.exitCode, 0);
        const QJsonObject lw = QJsonDocument::fromJson(looped.out)
                                   .object()
                                   .value(QStringLiteral("totals"))
                                   .toObject()
                                   .value(QStringLiteral("wavefronts"))
                                   .toObject();
        QVERIFY(lw.contains(QStringLiteral("load")));
        QVERIFY(!lw.contains(QStringLiteral("loadCounterMax")));
    }

    // A Blackwell module (tests/data/kernels/blackwell): no alias is refused, every ttng op is
    // listed, tmem_load / tmem_store / tmem_alloc with a value carry their tcgen05 message by
    // mnemonic (the lit test's CHECK for these layouts: 32x32b.x128, one per thread), the
    // tcgen05.mma and tcgen05.cp ops are named, and the reduction load is named as not modelled.
    void blackwellModule()
    {
        const QString path = kDir + QStringLiteral("blackwell/tmem_mma_sm100.ttgir");
        const lx::test::CliResult text = run({path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(!text.out.contains("unknown alias") && !text.out.contains("is not read"),
                 text.out.constData());
        for (const char *want :
             {"ttng.tmem_alloc", "ttng.tc_gen5_mma", "ttng.tmem_copy", "ttng.tmem_subslice",
              "ttng.tmem_store", "1 x tcgen05.ld.sync.aligned.32x32b.x128.b32",
              "1 x tcgen05.st.sync.aligned.32x32b.x128.b32",
              "1 x tcgen05.st.sync.aligned.32x32b.x64.unpack::16b.b32", "tcgen05.mma path",
              "tcgen05.cp path", "line 24: ttng.tmem_load is not modelled"})
            QVERIFY2(text.out.contains(want), want);
        const lx::test::CliResult j = run({path, QStringLiteral("--json")});
        QCOMPARE(j.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(j.out).object();
        const QJsonObject load = opAtLine(report, 20);
        QCOMPARE(load.value(QStringLiteral("op")).toString(), QStringLiteral("ttng.tmem_load"));
        QCOMPARE(load.value(QStringLiteral("instruction")).toString(),
                 QStringLiteral("tcgen05.ld.sync.aligned.32x32b.x128.b32"));
        QCOMPARE(load.value(QStringLiteral("count")).toInteger(), 1);
        QCOMPARE(load.value(QStringLiteral("path")).toString(), QStringLiteral("tcgen05.ld"));
        QCOMPARE(opAtLine(report, 24).value(QStringLiteral("path")).toString(),
                 QStringLiteral("not modelled"));
        // Tensor memory is not shared memory: no tcgen05 message in the totals.
        for (const QString &key : report.value(QStringLiteral("totals")).toObject().keys())
            QVERIFY2(!key.startsWith(QStringLiteral("tcgen05")), qPrintable(key));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("input");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no file") << QStringList{} << QByteArray() << 2 << QByteArray("one FILE");
        QTest::newRow("two files")
            << QStringList{kAttention, kAttention} << QByteArray() << 2 << QByteArray("one FILE");
        QTest::newRow("missing file") << QStringList{kDir + QStringLiteral("nope.ttgir")}
                                      << QByteArray() << 1 << QByteArray("cannot read");
        QTest::newRow("truncated") << QStringList{QStringLiteral("-")}
                                   << QByteArray("module attributes {} {\n  tt.func @f() {\n") << 1
                                   << QByteArray("-:2:16: '{' is never closed");
        QTest::newRow("unknown arch")
            << QStringList{kAttention, QStringLiteral("--arch"), QStringLiteral("gfx0")}
            << QByteArray() << 1 << QByteArray("gfx0");
        QTest::newRow("no target")
            << QStringList{QStringLiteral("-")} << QByteArray("%a = tt.load %p : tensor<4xf16>\n")
            << 1 << QByteArray("no target");
        QTest::newRow("binary assembly")
            << QStringList{kAttention, QStringLiteral("--asm"), QStringLiteral("/bin/sh")}
            << QByteArray() << 1 << QByteArray("NUL");
        QTest::newRow("missing assembly") << QStringList{kAttention, QStringLiteral("--asm"),
                                                         kDir + QStringLiteral("nope.amdgcn")}
                                          << QByteArray() << 1 << QByteArray("nope.amdgcn");
        QTest::newRow("empty folder")
            << QStringList{QStringLiteral(LX_TEST_DATA_DIR "/kernels/../floors-none")}
            << QByteArray() << 1 << QByteArray("cannot read");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--frobnicate")}
                                        << QByteArray() << 2 << QByteArray("frobnicate");
    }

    void badInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, input);
        QFETCH(int, exitCode);
        QFETCH(QByteArray, message);
        const lx::test::CliResult r = run(args, input.isEmpty() ? QByteArray() : input);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCliKernel)
#include "tst_cli_kernel.moc"
