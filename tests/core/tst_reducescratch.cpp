// The LDS a tt.reduce costs (analysis/reducescratch.h). Each case is a reduction Triton 3.6
// compiled (tests/data/kernels/lds-paths); the expected figures are derived by hand from the
// layouts, as written next to each row, and they are the compiler's: its ds_store/ds_load counts
// and its shared bytes (tst_kernel checks the whole modules).

#include "analysis/reducescratch.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include "testlayout.h"

#include <QTest>

using namespace lx;
using lx::test::layoutOfText;

class TestReduceScratch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void scratch_data();
    void scratch();
    void insideOneWarpNeedsNoLds();
    void refusesABadAxis();
};

void TestReduceScratch::scratch_data()
{
    QTest::addColumn<QString>("blocked");
    QTest::addColumn<std::vector<int32_t>>("shape");
    QTest::addColumn<int>("axis");
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("accumulators");
    QTest::addColumn<int>("partials");
    QTest::addColumn<int>("resultLoads");
    QTest::addColumn<int>("bytes");

    // reduce_gfx1250_fp32_64x64_w4_ax1: lanes walk dim1 1..16, warps dim1 32 and dim0 1,
    // registers dim0 2..32. Axis 1: one warp basis along it -> 2 warps. Registers off the axis:
    // 32 positions -> 32 stores. Scratch [64, 2] f32 = 512 B; 128 elements / 128 threads -> 1
    // partial. Result rows 2..32 sit at offsets 4..64 (axis first: offset = warp + 2 * row): no
    // register at offset 1 -> 32 scalar loads. (Compiler: 33 ds_store_b32, 34 ds_load_b32 with
    // the convert_layout after it, 512 B.)
    QTest::newRow("64x64 over dim1, 4 warps")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [2, 2], order = [1, 0]}>")
        << std::vector<int32_t>{64, 64} << 1 << 128 << 32 << 1 << 32 << 512;
    // reduce_gfx1250_fp32_64x64_w4_ax0: the same layout over dim0: the warp basis dim0 1 ->
    // 2 warps; registers all along dim0 -> 1 accumulator; scratch [2, 64] = 512 B, 1 partial;
    // the result (dim1) is one register per thread -> 1 load. (Compiler: 2 ds_store_b32,
    // 2 ds_load_b32, 512 B.)
    QTest::newRow("64x64 over dim0, 4 warps")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [2, 2], order = [1, 0]}>")
        << std::vector<int32_t>{64, 64} << 0 << 128 << 1 << 1 << 1 << 512;
    // reduce_gfx942_fp16_32x128_w8_ax1 (reduced in f32, wave 64): lanes dim1 1..32, warps dim1
    // 64 then dim0 1, 2, registers dim0 4, 8, 16. 2 warps along dim1; 8 accumulators; scratch
    // [32, 2] f32 = 256 B, 64 elements / 512 threads -> 1 partial; result rows 4, 8, 16 at
    // offsets 8, 16, 32 -> 8 scalar loads. (Compiler: 9 ds_write_b32, 9 ds_read_b32, 256 B.)
    QTest::newRow("32x128 over dim1, 8 warps of 64")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], "
                          "warpsPerCTA = [4, 2], order = [1, 0]}>")
        << std::vector<int32_t>{32, 128} << 1 << 512 << 8 << 1 << 8 << 256;
}

void TestReduceScratch::scratch()
{
    QFETCH(QString, blocked);
    QFETCH(std::vector<int32_t>, shape);
    QFETCH(int, axis);
    QFETCH(int, threads);
    QFETCH(int, accumulators);
    QFETCH(int, partials);
    QFETCH(int, resultLoads);
    QFETCH(int, bytes);
    const std::string parent = blocked.toStdString();
    const LinearLayout src = layoutOfText(parent, shape);
    std::vector<int32_t> resultShape = shape;
    resultShape.erase(resultShape.begin() + axis);
    const LinearLayout result = layoutOfText(
        "#ttg.slice<{dim = " + std::to_string(axis) + ", parent = " + parent + "}>", resultShape);
    Expected<ReduceScratch> r = reduceScratch(src, result, axis, 32, threads);
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QVERIFY(r->throughLds);
    QCOMPARE(r->warpsAlongAxis, 2);
    QCOMPARE(r->accumulators, int64_t(accumulators));
    QCOMPARE(r->partialsPerThread, int64_t(partials));
    QCOMPARE(r->resultLoads, int64_t(resultLoads));
    QCOMPARE(r->scratchBytes, int64_t(bytes));
    QCOMPARE(r->barriers, 2);
}

void TestReduceScratch::insideOneWarpNeedsNoLds()
{
    // Warps split dim0 only; a reduction over dim1 stays inside each warp (shuffles).
    const std::string parent = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>";
    const LinearLayout src = layoutOfText(parent, {64, 64});
    const LinearLayout result =
        layoutOfText("#ttg.slice<{dim = 1, parent = " + parent + "}>", {64});
    Expected<ReduceScratch> r = reduceScratch(src, result, 1, 32, 128);
    QVERIFY(r.hasValue());
    QVERIFY(!r->throughLds);
    QCOMPARE(r->scratchBytes, int64_t(0));
}

void TestReduceScratch::refusesABadAxis()
{
    const std::string parent = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                               "warpsPerCTA = [4, 1], order = [1, 0]}>";
    const LinearLayout src = layoutOfText(parent, {64, 64});
    Expected<ReduceScratch> r = reduceScratch(src, src, 2, 32, 128);
    QVERIFY(!r.hasValue());
    QVERIFY(r.message().find("axis 2") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestReduceScratch)
#include "tst_reducescratch.moc"
