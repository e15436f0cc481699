// "Does it fit the LDS" is one rule (hw/ldscapacity.h): the limit is a user's bound or else the
// architecture file's capacity, and what does not fit says by how much against whom. The
// allocator's scenario and the shared-layout search ask it, so an edited capacity in an
// architecture changes both answers.

#include "analysis/ldsscenario.h"
#include "analysis/suggest.h"
#include "hw/arch.h"
#include "hw/ldscapacity.h"
#include "testlayout.h"

#include <QTest>

using namespace lx;

class TestLdsCapacity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void limitAndOverflow()
    {
        const LdsLimit capacity = ldsLimit("gfx1250", 327680);
        QCOMPARE(capacity.bytes, int64_t(327680));
        QVERIFY(!ldsOverflow(327680, capacity));
        QCOMPARE(ldsOverflow(327681, capacity).value_or("fits"),
                 std::string("327681 B; gfx1250 has 327680 B of LDS"));
        const LdsLimit bound = ldsLimit("gfx1250", 327680, 4096);
        QCOMPARE(bound.bytes, int64_t(4096));
        QCOMPARE(ldsOverflow(8192, bound).value_or("fits"),
                 std::string("8192 B; the limit is 4096 B"));
        // A bound of 0 (none given) leaves the capacity.
        QCOMPARE(ldsLimit("gfx950", 163840, 0).bytes, int64_t(163840));
    }

    // The scenario's capacity warning reads the CU model's capacity through the rule.
    void scenarioWarnsPastAnEditedCapacity()
    {
        Expected<CuModel> cu = cuModelOf("gfx1250");
        QVERIFY2(cu, cu ? "" : cu.message().c_str());
        AllocationResult allocation;
        allocation.totalBytes = 48 * 1024;
        QVERIFY(capacityWarnings({}, allocation, *cu).empty());
        cu->ldsBytes = 32 * 1024;
        const std::vector<CapacityWarning> w = capacityWarnings({}, allocation, *cu);
        QCOMPARE(w.size(), size_t(1));
        const std::string want = "the allocation needs " +
                                 *ldsOverflow(allocation.totalBytes, ldsLimit("gfx1250", 32768));
        QVERIFY2(w.front().message.rfind(want, 0) == 0, w.front().message.c_str());
    }

    // The search prunes what exceeds the architecture's capacity, naming the capacity: with the
    // capacity edited below the tile (64 x 64 f16 = 8 KiB), every candidate goes.
    void searchPrunesPastAnEditedCapacity()
    {
        Expected<Architecture> arch = loadArchitecture("gfx1250");
        QVERIFY2(arch, arch ? "" : arch.message().c_str());
        SuggestSharedRequest req;
        req.arch = *arch;
        req.arch.ldsBytes = 4096;
        req.shape = {64, 64};
        req.elementBits = 16;
        req.read = test::layoutOfText("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = "
                                      "[2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
                                      req.shape);
        // The tile itself does not fit: the search is refused before any candidate is built,
        // and the refusal names the limit in the capacity rule's words.
        Expected<SuggestSharedResult> r = suggestShared(req);
        QVERIFY(!r);
        const std::string reason = "more LDS than it may use (gfx1250 has 4096 B of LDS)";
        QVERIFY2(r.message().find(reason) != std::string::npos, r.message().c_str());
        QVERIFY2(r.message().find("no layout fits") != std::string::npos, r.message().c_str());
        // With the capacity at the tile, the unpadded candidates fit and the padded ones (more
        // than the tile) are pruned under one reason for their family, naming the limit once
        // (not once per candidate size).
        req.arch.ldsBytes = 8192;
        Expected<SuggestSharedResult> tight = suggestShared(req);
        QVERIFY2(tight, tight ? "" : tight.message().c_str());
        bool named = false;
        for (const PrunedGroup &p : tight->pruned) {
            named = named || p.reason.find("gfx1250 has 8192 B of LDS") != std::string::npos;
            QVERIFY2(p.reason.find(" B; gfx1250") == std::string::npos, p.reason.c_str());
        }
        QVERIFY(named);
        // Within the limit the same search scores candidates.
        req.arch.ldsBytes = arch->ldsBytes;
        Expected<SuggestSharedResult> fits = suggestShared(req);
        QVERIFY2(fits, fits ? "" : fits.message().c_str());
        QVERIFY(!fits->candidates.empty());
    }
};

QTEST_MAIN(TestLdsCapacity)
#include "tst_ldscapacity.moc"
