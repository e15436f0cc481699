// A Blackwell (sm100) module through the kernel analysis (analysis/kernel.h):
// tests/data/kernels/blackwell/tmem_mma_sm100.ttgir, put together from the text of Triton's lit
// test tritongpu_to_llvm_blackwell.mlir (its README says from which functions). Every op is
// listed; a tmem_alloc with a value, a tmem_load and a tmem_store get the tcgen05 message the lit
// test's CHECK lines give for the same register and TMEM layouts (tensor_memory_ld,
// tensor_memory_st, tensor_memory_unpack_f16), none of which counts as shared memory;
// tc_gen5_mma and tmem_copy are named with what moves their data; a tmem_subslice is a view; the
// reduction form of tmem_load is named as not modelled. A register layout whose warps do not
// hold TMEM lanes 32 and 64 is refused with Triton's reason.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QFile>
#include <QTest>

#include <string>

using namespace lx;

namespace {

const QString kModule = QStringLiteral(LX_TEST_DATA_DIR "/kernels/blackwell/tmem_mma_sm100.ttgir");

std::string readModule(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

// The report of the op whose text starts with `start` (after its results).
const KernelOpReport *opOf(const KernelReport &report, const TtgirModule &module,
                           const std::string &text)
{
    for (const KernelOpReport &r : report.ops)
        if (module.ops.at(size_t(r.opIndex)).text.find(text) != std::string::npos)
            return &r;
    return nullptr;
}

} // namespace

class TestBlackwellKernel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void everyOpListed();
    void tcgen05Messages_data();
    void tcgen05Messages();
    void refusedPair();
};

void TestBlackwellKernel::everyOpListed()
{
    Expected<TtgirModule> module = parseTtgir(readModule(kModule));
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    QCOMPARE(module->arch, std::string("sm100"));
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY2(report.hasValue(), report ? "" : report.message().c_str());
    // Every ttng op of the text is in the report, none unread.
    QCOMPARE(report->ops.size(), size_t(8));
    for (const std::string &note : report->notes)
        QVERIFY2(note.find("is not read") == std::string::npos, note.c_str());
    for (const KernelOpReport &r : report->ops)
        QVERIFY2(r.problem.empty(), (r.op + ": " + r.problem).c_str());
    const KernelOpReport *mma = opOf(*report, *module, "ttng.tc_gen5_mma");
    QVERIFY(mma && mma->path == "tcgen05.mma" && mma->accesses.empty());
    const KernelOpReport *copy = opOf(*report, *module, "ttng.tmem_copy");
    QVERIFY(copy && copy->path == "tcgen05.cp" && copy->accesses.empty());
    const KernelOpReport *view = opOf(*report, *module, "ttng.tmem_subslice");
    QVERIFY(view && view->path.empty());
    // The reduction is named, in the op and in the module's notes.
    const KernelOpReport *red = opOf(*report, *module, "redOp");
    QVERIFY(red && red->path == "not modelled");
    QVERIFY2(red->pathReason.find("tcgen05.ld.red") != std::string::npos, red->pathReason.c_str());
    const std::string named =
        "line " + std::to_string(red->line) + ": ttng.tmem_load is not modelled";
    bool noted = false;
    for (const std::string &note : report->notes)
        noted = noted || note.find(named) != std::string::npos;
    QVERIFY2(noted, named.c_str());
    // Tensor memory is not shared memory: the totals hold no tcgen05 message.
    for (const auto &[instruction, count] : report->totals.instructions)
        QVERIFY2(instruction.rfind("tcgen05", 0) != 0, instruction.c_str());
    QVERIFY(!report->totals.hasWavefronts);
}

void TestBlackwellKernel::tcgen05Messages_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("mnemonic");
    QTest::addColumn<qint64>("count");
    // The CHECK lines of the lit test's functions with the same layouts.
    QTest::newRow("tmem_alloc f32 (tensor_memory_ld)")
        << QStringLiteral("%acc = ttng.tmem_alloc")
        << QStringLiteral("tcgen05.st.sync.aligned.32x32b.x128.b32") << qint64(1);
    QTest::newRow("tmem_load (tensor_memory_ld)")
        << QStringLiteral("%r = ttng.tmem_load")
        << QStringLiteral("tcgen05.ld.sync.aligned.32x32b.x128.b32") << qint64(1);
    QTest::newRow("tmem_store (tensor_memory_st)")
        << QStringLiteral("ttng.tmem_store %r")
        << QStringLiteral("tcgen05.st.sync.aligned.32x32b.x128.b32") << qint64(1);
    QTest::newRow("tmem_alloc f16 unpacked (tensor_memory_unpack_f16)")
        << QStringLiteral("%out = ttng.tmem_alloc")
        << QStringLiteral("tcgen05.st.sync.aligned.32x32b.x64.unpack::16b.b32") << qint64(1);
}

void TestBlackwellKernel::tcgen05Messages()
{
    QFETCH(QString, op);
    QFETCH(QString, mnemonic);
    QFETCH(qint64, count);
    Expected<TtgirModule> module = parseTtgir(readModule(kModule));
    QVERIFY(module.hasValue());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY(report.hasValue());
    const KernelOpReport *r = opOf(*report, *module, op.toStdString());
    QVERIFY(r);
    QVERIFY2(r->problem.empty(), r->problem.c_str());
    QCOMPARE(QString::fromStdString(r->instruction), mnemonic);
    QCOMPARE(qint64(r->count), count);
    QCOMPARE(r->accesses.size(), size_t(1));
    QCOMPARE(QString::fromStdString(r->accesses[0].instruction), mnemonic);
    QCOMPARE(r->accesses[0].isWrite, mnemonic.startsWith(QStringLiteral("tcgen05.st")));
    QVERIFY(!r->accesses[0].wavefronts);
    QVERIFY2(r->pathReason.find(mnemonic.toStdString()) != std::string::npos,
             r->pathReason.c_str());
}

// Warps along the columns: warp 1 holds column 32, not TMEM lane 32.
void TestBlackwellKernel::refusedPair()
{
    const std::string text =
        "#blocked = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], "
        "warpsPerCTA = [1, 4], order = [0, 1]}>\n"
        "#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>\n"
        "module attributes {\"ttg.num-warps\" = 4 : i32, ttg.target = \"cuda:100\"} {\n"
        "  tt.func @f(%t: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>) {\n"
        "    %r = ttng.tmem_load %t : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> "
        "tensor<128x128xf32, #blocked>\n"
        "    tt.return\n  }\n}\n";
    Expected<TtgirModule> module = parseTtgir(text);
    QVERIFY2(module.hasValue(), module ? "" : module.message().c_str());
    Expected<KernelReport> report = analyzeKernel(*module);
    QVERIFY(report.hasValue());
    QCOMPARE(report->ops.size(), size_t(1));
    const KernelOpReport &r = report->ops[0];
    QVERIFY2(r.problem.find("unsupported src/dst combination") != std::string::npos,
             r.problem.c_str());
    QVERIFY(r.accesses.empty());
}

QTEST_GUILESS_MAIN(TestBlackwellKernel)
#include "tst_blackwellkernel.moc"
