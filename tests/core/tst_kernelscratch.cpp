// The ops that lower through a scratch buffer of their own (analysis/kernelscratch.h) and the
// shared memory Triton allocates for a module (analysis/kernelallocation.h), against the modules
// of tests/data/kernels/lds-paths that Triton 3.6 compiled.

#include "analysis/kernel.h"
#include "io/ttgir.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;
using json = nlohmann::json;

namespace {

const QString kDir = QStringLiteral(LX_TEST_DATA_DIR "/kernels/lds-paths/");

std::string readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

json kernels()
{
    return json::parse(readFile(kDir + QStringLiteral("kernels.json")), nullptr, false);
}

Expected<KernelReport> reportOf(const std::string &name)
{
    Expected<TtgirModule> m =
        parseTtgir(readFile(kDir + QString::fromStdString(name) + QStringLiteral(".ttgir")));
    if (!m)
        return m.error();
    return analyzeKernel(*m);
}

const KernelOpReport *opNamed(const KernelReport &r, const std::string &op)
{
    for (const KernelOpReport &o : r.ops)
        if (o.op == op)
            return &o;
    return nullptr;
}

} // namespace

class TestKernelScratch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void allocatedBytesAgree_data();
    void allocatedBytesAgree();
    void histogramCycles_data();
    void histogramCycles();
    void scanCycles();
    void reduceCyclesInTheTotal();
    void scanOfANonBlockedLayoutIsAProblem();
    void gatherAcrossWarpsIsNamed();
};

// Every module's shared memory as Triton's allocator places its buffers equals the compiler's
// (metadata `shared` in kernels.json), for every architecture.
void TestKernelScratch::allocatedBytesAgree_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qint64>("shared");
    int rows = 0;
    for (const json &k : kernels()) {
        const std::string name = k.at("name");
        QTest::newRow(name.c_str())
            << QString::fromStdString(name) << qint64(k.at("shared").get<int64_t>());
        ++rows;
    }
    QVERIFY(rows >= 428);
}

void TestKernelScratch::allocatedBytesAgree()
{
    QFETCH(QString, name);
    QFETCH(qint64, shared);
    Expected<KernelReport> r = reportOf(name.toStdString());
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QCOMPARE(qint64(r->totals.ldsBytesAllocated), shared);
}

// A histogram of 256 bins over 4 warps, derived by hand. gfx942 (64 lanes, ds_write_b32 and
// ds_read_b32 in two phases of 32 lanes over 32 banks): 256 / 64 = 4 atomic adds per lane at
// counter 4 x lane + i, so the 32 lanes of a phase hit 8 banks 4 times each: 4 cycles a phase,
// 8 an instruction, 4 x 4 warps x 8 = 128; one zeroing store and one counter load per thread,
// each over 64 consecutive counters: 2 cycles, x 4 warps twice = 16. 144 cycles, 48 without
// conflicts (6 instructions x 4 warps x 2 phases). gfx1250 (32 lanes, one phase, 64 banks): 8
// atomic adds at 8 x lane + i, 8 banks 4 times each: 8 x 4 warps x 4 = 128; two zeroing stores
// and two loads over 32 consecutive counters: 4 x 4 warps x 1 = 16. 144, 48 without.
void TestKernelScratch::histogramCycles_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("gfx942") << QStringLiteral("histogram_gfx942_1024_b256_w4");
    QTest::newRow("gfx1250") << QStringLiteral("histogram_gfx1250_1024_b256_w4");
}

void TestKernelScratch::histogramCycles()
{
    QFETCH(QString, name);
    Expected<KernelReport> r = reportOf(name.toStdString());
    QVERIFY(r.hasValue());
    const KernelOpReport *h = opNamed(*r, "tt.histogram");
    QVERIFY(h);
    QVERIFY2(h->problem.empty(), h->problem.c_str());
    QCOMPARE(h->path, std::string("histogram scratch"));
    QCOMPARE(h->bytes, int64_t(1024)); // 256 counters of 32 bits
    QVERIFY(h->cyclesPerCta.has_value());
    QCOMPARE(*h->cyclesPerCta, int64_t(144));
    QCOMPARE(h->idealCyclesPerCta, int64_t(48));
    QCOMPARE(h->maxWays, 4);
    // The atomics have no phase table of their own: the sum says it is inferred.
    QCOMPARE(h->cyclesProvenance.confidence, std::string("inferred"));
}

// scan_gfx1250_fp32_64x64_w4_ax1: #blocked sizePerThread [1, 1], threadsPerWarp [1, 32],
// warpsPerCTA [2, 2], scanned along dim 1. Each thread holds 32 rows (32 chunks of one element);
// two warps share the axis, so each chunk's total goes through the scratch: lane 31 of each warp
// stores it (one active lane: 1 cycle), and every lane reads the first warp's total of the
// chunk at one address (a broadcast: 1 cycle); the second warp's total is read by nobody (each
// row is one chunk). (32 stores + 32 loads) x 4 warps x 1 cycle = 256, no conflict.
void TestKernelScratch::scanCycles()
{
    Expected<KernelReport> r = reportOf("scan_gfx1250_fp32_64x64_w4_ax1");
    QVERIFY(r.hasValue());
    const KernelOpReport *s = opNamed(*r, "tt.scan");
    QVERIFY(s);
    QVERIFY2(s->problem.empty(), s->problem.c_str());
    QCOMPARE(s->path, std::string("scan scratch"));
    QVERIFY(s->cyclesPerCta.has_value());
    QCOMPARE(*s->cyclesPerCta, int64_t(256));
    QCOMPARE(s->idealCyclesPerCta, int64_t(256));
    QCOMPARE(s->maxWays, 1);
    // 2 x 64 rows x 4 bytes... the scratch: 4 warps x 1 lane off the axis x 32 row blocks x 4 B.
    QCOMPARE(s->bytes, int64_t(512));
}

// A reduction's scratch is costed and counted in the kernel's total, like every other op.
void TestKernelScratch::reduceCyclesInTheTotal()
{
    Expected<KernelReport> r = reportOf("reduce_gfx1250_fp32_64x64_w4_ax1_sum");
    QVERIFY(r.hasValue());
    const KernelOpReport *red = opNamed(*r, "tt.reduce");
    QVERIFY(red);
    QCOMPARE(red->path, std::string("reduce scratch"));
    QVERIFY(red->cyclesPerCta.has_value());
    QVERIFY(*red->cyclesPerCta >= red->idealCyclesPerCta);
    // At least one cycle per instruction per warp: 32 accumulator stores, 1 combining load and
    // store, 32 result loads per thread (docs/lds-models.md §8), 4 warps.
    QVERIFY(red->idealCyclesPerCta >= (33 + 33) * 4);
    int64_t sum = 0;
    for (const KernelOpReport &o : r->ops)
        sum += o.cyclesPerCta.value_or(0);
    QCOMPARE(r->totals.cyclesPerCta, sum);
    QVERIFY(r->totals.cyclesPerCta >= *red->cyclesPerCta);
}

// Triton lowers scans of #ttg.blocked layouts only: another layout is named at the op.
void TestKernelScratch::scanOfANonBlockedLayoutIsAProblem()
{
    const std::string text =
        "#linear = #ttg.linear<{register = [[1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], "
        "[0, 8], [0, 16]], warp = [[4, 0], [8, 0]], block = []}>\n"
        "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
        "ttg.target = \"hip:gfx1250\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
        "  tt.func @f(%x: tensor<16x32xf32, #linear>) {\n"
        "    %0 = \"tt.scan\"(%x) <{axis = 0 : i32, reverse = false}> ({\n"
        "    ^bb0(%a: f32, %b: f32):\n"
        "      %1 = arith.addf %a, %b : f32\n"
        "      tt.scan.return %1 : f32\n"
        "    }) : (tensor<16x32xf32, #linear>) -> tensor<16x32xf32, #linear>\n"
        "    tt.return\n  }\n}\n";
    Expected<TtgirModule> m = parseTtgir(text);
    QVERIFY2(m.hasValue(), m ? "" : m.message().c_str());
    Expected<KernelReport> r = analyzeKernel(*m);
    QVERIFY(r.hasValue());
    const KernelOpReport *s = opNamed(*r, "tt.scan");
    QVERIFY(s);
    QVERIFY2(s->problem.find("#ttg.blocked") != std::string::npos, s->problem.c_str());
}

// A gather Triton did not mark warp-local may copy its source through LDS: it is named as not
// modelled at the op and in the notes; the marked one of lds-paths is in registers.
void TestKernelScratch::gatherAcrossWarpsIsNamed()
{
    const std::string text =
        "#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
        "warpsPerCTA = [4, 1], order = [1, 0]}>\n"
        "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, "
        "ttg.target = \"hip:gfx1250\", \"ttg.threads-per-warp\" = 32 : i32} {\n"
        "  tt.func @f(%x: tensor<64x32xf32, #blocked>, %i: tensor<64x32xi32, #blocked>) {\n"
        "    %0 = tt.gather %x[%i] {axis = 0 : i32} : (tensor<64x32xf32, #blocked>, "
        "tensor<64x32xi32, #blocked>) -> tensor<64x32xf32, #blocked>\n"
        "    tt.return\n  }\n}\n";
    Expected<TtgirModule> m = parseTtgir(text);
    QVERIFY2(m.hasValue(), m ? "" : m.message().c_str());
    Expected<KernelReport> r = analyzeKernel(*m);
    QVERIFY(r.hasValue());
    const KernelOpReport *g = opNamed(*r, "tt.gather");
    QVERIFY(g);
    QCOMPARE(g->path, std::string("not modelled"));
    bool noted = false;
    for (const std::string &n : r->notes)
        noted = noted || (n.find("tt.gather") != std::string::npos &&
                          n.find("not modelled") != std::string::npos);
    QVERIFY(noted);

    Expected<KernelReport> local = reportOf("gather_gfx1250_fp32_64x64_w4_ax1");
    QVERIFY(local.hasValue());
    const KernelOpReport *lg = opNamed(*local, "tt.gather");
    QVERIFY(lg);
    QCOMPARE(lg->path, std::string("in registers"));
}

QTEST_GUILESS_MAIN(TestKernelScratch)
#include "tst_kernelscratch.moc"
