// The LDS bandwidth model against the microbenchmark of the AMD blog "A Deep Dive into LDS
// Optimizations on AMD Instinct MI450 GPUs" (docs/worked-cases.md P1).
//
// Read this before trusting a pass: the model cycles = F + conflicting/256 + free/512 has one
// free constant, the fixed cost F, and F is fitted to the same two measurements (323 and 196
// cycles) the microbenchmark rows compare with. Those rows therefore check a fit residual (that
// one F explains both measurements within 1 cycle, and that the layouts, allocation and
// conflict classification feed the model the right byte counts), not a prediction. The one
// prediction, half the bytes conflicting, has no measurement to compare with.

#include "analysis/bandwidth.h"
#include "blogcumodel.h"

#include <QTest>

#include <cmath>

using namespace lx;

namespace {

// The blog's table (four warps over a 64 KiB working set, 32 loads per warp): measured cycles
// 323 (plain, peak 256) and 196 (partitioned, peak 512). These are measurements, the input of
// the model's one free constant, not outputs of the model.
constexpr double kMeasuredPlainCycles = 323;
constexpr double kMeasuredPartitionedCycles = 196;

CuModel fittedCu()
{
    CuModel cu = blogCuModel();
    cu.fixedCycles.value = fitFixedCycles(
        {{kMeasuredPlainCycles, 65536, 256}, {kMeasuredPartitionedCycles, 65536, 512}});
    return cu;
}

} // namespace

class TestBandwidth : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void fixedCostFit();
    void microbenchmarkFitResidual_data();
    void microbenchmarkFitResidual();
    void halfConflictingPrediction();
    void badInput();
};

// The fit itself: 323 - 65536/256 = 67.0 and 196 - 65536/512 = 68.0; their mean is 67.5.
void TestBandwidth::fixedCostFit()
{
    QCOMPARE(fittedCu().fixedCycles.value, 67.5);
    QCOMPARE(fitFixedCycles({}), 0.0);
    // The architecture file's constant is that fit (and labelled "inferred" there).
    auto cu = cuModelOf("gfx1250");
    QVERIFY(cu.hasValue());
    QVERIFY(std::abs(cu->fixedCycles.value - fittedCu().fixedCycles.value) <= 0.5);
}

void TestBandwidth::microbenchmarkFitResidual_data()
{
    QTest::addColumn<bool>("partitioned");
    QTest::addColumn<qint64>("ldsBytes");
    QTest::addColumn<int>("conflictingLoads");
    QTest::addColumn<double>("peak");
    QTest::addColumn<double>("measuredCycles");
    // The blog: plain = one 64 KiB buffer at 0, every load of the two pairs in partition 0;
    // partitioned = two 32 KiB buffers, the second at the 64 KiB boundary, 96 KiB, no conflict.
    QTest::newRow("plain") << false << qint64(64 * 1024) << 32 << 256.0 << kMeasuredPlainCycles;
    QTest::newRow("partitioned") << true << qint64(96 * 1024) << 0 << 512.0
                                 << kMeasuredPartitionedCycles;
}

// The layouts, allocation and conflict counts are computed; the cycle check is a fit residual
// (F was fitted to these same two measurements, see the top of this file).
void TestBandwidth::microbenchmarkFitResidual()
{
    QFETCH(bool, partitioned);
    QFETCH(qint64, ldsBytes);
    QFETCH(double, measuredCycles);
    auto row = runMicrobenchmark({4, 64 * 1024, 16, 128, partitioned}, fittedCu());
    QVERIFY2(row.hasValue(), row.hasValue() ? "" : row.message().c_str());
    // [4, 8192] fp16; 8192 / (32 lanes x 8) = 32 loads per warp.
    QCOMPARE(row->layouts.rows, 4);
    QCOMPARE(row->layouts.cols, 8192);
    QCOMPARE(row->layouts.loadsPerWarp, 32);
    QCOMPARE(row->allocation.totalBytes, ldsBytes);
    QTEST(row->access.conflictingLoads, "conflictingLoads");
    QCOMPARE(row->access.totalBytes, int64_t(65536));
    QTEST(row->bandwidth.peakBytesPerCycle, "peak");
    // Residual of the fit: with F = 67.5 the model gives 323.5 and 195.5, within 1 cycle of
    // both measurements.
    QVERIFY2(std::abs(row->bandwidth.modelCycles - measuredCycles) <= 1.0,
             QByteArray::number(row->bandwidth.modelCycles).constData());
    QCOMPARE(row->bandwidth.steadyBytesPerCycle, row->bandwidth.peakBytesPerCycle);
    QVERIFY(row->bandwidth.rawBytesPerCycle < row->bandwidth.steadyBytesPerCycle);
    // raw = 65536 / cycles; the blog measured 202.9 and 334.4 B/cycle.
    QVERIFY(std::abs(row->bandwidth.rawBytesPerCycle - 65536.0 / measuredCycles) < 2.0);
}

// A prediction of the model (no measurement exists to compare with): half the bytes
// conflicting gives 67 + 32768/256 + 32768/512 = 259 cycles (with F = 67).
void TestBandwidth::halfConflictingPrediction()
{
    CuModel cu = blogCuModel();
    cu.fixedCycles.value = 67;
    PartitionAccessReport rep;
    LoadInstruction a, b;
    a.bytes = 32768;
    a.conflict = true;
    a.portsUsable = 1;
    b.bytes = 32768;
    b.portsUsable = 2;
    rep.loads = {a, b};
    rep.totalBytes = 65536;
    QCOMPARE(estimateBandwidth(rep, cu).modelCycles, 259.0);
}

void TestBandwidth::badInput()
{
    QVERIFY(!runMicrobenchmark({3, 64 * 1024, 16, 128, false}, blogCuModel()).hasValue());
    QVERIFY(!runMicrobenchmark({4, 1000, 16, 128, false}, blogCuModel()).hasValue());
    QVERIFY(!runMicrobenchmark({4, 64 * 1024, 12, 128, false}, blogCuModel()).hasValue());
    QVERIFY(!runMicrobenchmark({1, 1024, 16, 128, true}, blogCuModel()).hasValue());
}

QTEST_APPLESS_MAIN(TestBandwidth)
#include "tst_bandwidth.moc"
