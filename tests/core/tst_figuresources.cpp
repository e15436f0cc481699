// The figures the views list beside their drawings come from the request layer
// (request/viewfigures.h) with a typed provenance, and their numbers follow the architecture
// file: an edited port rate changes the load's modelled rate, edited measurements change the
// measured cycles and speedup.

#include "analysis/bandwidth.h"
#include "hw/arch.h"
#include "request/viewfigures.h"
#include "testlayout.h"

#include <QTest>

using namespace lx;

namespace {

const Figure *find(const std::vector<Figure> &figures, const std::string &key)
{
    for (const Figure &f : figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

} // namespace

class TestFigureSources : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void loadFiguresFollowTheCuModel()
    {
        Expected<CuModel> cu = cuModelOf("gfx1250");
        QVERIFY2(cu, cu ? "" : cu.message().c_str());
        LoadInstruction load;
        load.index = 3;
        load.conflict = true;
        load.conflictPartitions = {1};
        load.portsUsable = 1;
        const std::vector<std::set<int>> byPair = {{0, 1}, {1}};
        for (double rate : {256.0, 100.0}) {
            cu->portBytesPerCycle.value = rate;
            const std::vector<Figure> f = loadFigures(load, byPair, *cu);
            const Figure *r = find(f, "loadRate");
            QVERIFY(r);
            QCOMPARE(r->source, FigureSource::Model);
            QCOMPARE(r->value.value_or(-1), rate); // one port
            const Figure *c = find(f, "loadConflict");
            QVERIFY(c);
            QCOMPARE(c->source, FigureSource::Computed);
            QCOMPARE(c->text, std::string("yes: both pairs reach P1"));
            const Figure *p = find(f, "loadPartitions");
            QVERIFY(p);
            QCOMPARE(p->text, std::string("P0 (SIMD pair 0), P1 (SIMD pair 0), P1 (SIMD pair 1)"));
            QCOMPARE(find(f, "loadPorts")->text, "1 of " + std::to_string(cu->ports));
        }
    }

    // The measured cycles are the CU model's measurements of this very microbenchmark, labelled
    // measured; a different microbenchmark has none.
    void measuredCyclesFromTheCuModel()
    {
        Expected<CuModel> cu = cuModelOf("gfx1250");
        QVERIFY2(cu, cu ? "" : cu.message().c_str());
        QVERIFY(!cu->measurements.empty());
        MicrobenchSpec spec;
        spec.numWarps = cu->measurements.front().warps;
        spec.totalBytes = cu->measurements.front().bytes;
        spec.elemBits = cu->measurements.front().elementBits;
        spec.loadBits = cu->measurements.front().loadBits;
        for (LdsMeasurement &m : cu->measurements)
            m.cycles = m.layout == "plain" ? 400 : 100;
        const std::optional<MicrobenchMeasured> measured = microbenchMeasured(*cu, spec);
        QVERIFY(measured);
        QCOMPARE(measured->plain, 400.0);
        QCOMPARE(measured->partitioned, 100.0);
        spec.partitioned = true;
        Expected<MicrobenchRow> row = runMicrobenchmark(spec, *cu);
        QVERIFY2(row, row ? "" : row.message().c_str());
        const std::vector<Figure> f = microbenchFigures(*row, *cu, measured);
        const Figure *m = find(f, "cyclesMeasuredPartitioned");
        QVERIFY(m);
        QCOMPARE(m->source, FigureSource::Measured);
        QCOMPARE(m->value.value_or(-1), 100.0);
        QCOMPARE(find(f, "cyclesModelPartitioned")->source, FigureSource::Model);
        QCOMPARE(find(f, "ldsBytesAllocatedPartitioned")->source, FigureSource::Computed);
        const std::vector<Figure> s = microbenchSpeedupFigures(300, 150, *cu, measured);
        QCOMPARE(find(s, "speedupModel")->value.value_or(-1), 2.0);
        QCOMPARE(find(s, "speedupMeasured")->value.value_or(-1), 4.0);
        QCOMPARE(find(s, "speedupMeasured")->source, FigureSource::Measured);
        QCOMPARE(find(s, "speedupMeasured")->text, std::string("4.00\u00d7"));

        spec.loadBits = spec.loadBits / 2; // a microbenchmark nobody measured
        QVERIFY(!microbenchMeasured(*cu, spec));
    }

    void operationResult()
    {
        // A blocked layout of 64 x 64 with 4 x 2 x 16 x 4 = 512 threads' registers: 4096 elements
        // held once each, so rank 12, injective and surjective.
        const LinearLayout l = test::layoutOfText(
            "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, "
            "1], order = [1, 0]}>",
            {64, 64});
        const std::vector<Figure> f = operationResultFigures(l);
        QCOMPARE(find(f, "resultRank")->value.value_or(-1), double(l.totalOutDimSizeLog2()));
        QCOMPARE(find(f, "resultSurjective")->text, std::string("yes"));
        for (const Figure &x : f)
            QCOMPARE(x.source, FigureSource::Computed);
    }
};

QTEST_MAIN(TestFigureSources)
#include "tst_figuresources.moc"
