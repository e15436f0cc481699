// Partition analysis: the partitioned shared layout, the (offset, partition) conversion of Fig 13
// with the bases that feed `partition`, and conflicts under the same-cycle model
// (docs/worked-cases.md P2).

#include "analysis/bandwidth.h"
#include "analysis/partitioncount.h"
#include "analysis/partitions.h"
#include "blogcumodel.h"

#include <QTest>

using namespace lx;
using Bases = std::vector<lx::Basis>;

namespace {

// Operand A of the blog's swizzled ctaLayout (register [[2,0]], warp [[2,1],[1,0]]) on a 64x64
// fp16 tile, kWidth 8 (docs/gfx1250-layouts.md §3.4): the 16x32 A tile (registers K 1,2,4,16; lanes
// M 1,2,4,8 and K 8), times the ctaLayout with its N component zeroed in elements (register
// [2,0] -> [32,0]; warp [2,1] -> [32,0], [1,0] -> [16,0]); then the K repetition [0,32].
LinearLayout fig13Distributed()
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}, {0, 2}, {0, 4}, {0, 16}, {32, 0}, {0, 32}}},
         {"lane", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 8}}},
         {"warp", {{32, 0}, {16, 0}}},
         {"block", {}}},
        {{"dim0", 64}, {"dim1", 64}}, true);
}

} // namespace

class TestPartitions : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sharedLayoutExample();
    void piecesAlternate();
    void fig13Conversion();
    void fig13Conflicts();
    void sameCycleModel_data();
    void sameCycleModel();
    void badInput();
    void theCountAgreesWithTheReport();
};

void TestPartitions::sharedLayoutExample()
{
    // docs/gfx1250-layouts.md §4.3 (ds_transpose_partitioned_remaps_lane): 64x64, 2 partitions, 4
    // groups, partitionDim 1, inner [64, 8] order [1, 0] -> offset bases dim1 1,2,4; dim0
    // 1..32; dim1 16,32 (groups); partition basis dim1 8.
    auto l = partitionedSharedLayout({64, 64}, {1, 0}, 2, 4, 1);
    QVERIFY(l.hasValue());
    const Bases offset{{0, 1}, {0, 2},  {0, 4},  {1, 0},  {2, 0}, {4, 0},
                       {8, 0}, {16, 0}, {32, 0}, {0, 16}, {0, 32}};
    QCOMPARE(l->bases()[0].first, std::string("offset"));
    QCOMPARE(l->bases()[0].second, offset);
    QCOMPARE(l->bases()[2].first, std::string("partition"));
    QCOMPARE(l->bases()[2].second, (Bases{{0, 8}}));
}

void TestPartitions::piecesAlternate()
{
    // the PartitionedSharedEncodingAttr description (Triton's TritonGPUAttrDefs.td): [128, 32], 2
    // partitions, 4 groups, partitionDim 0: pieces of 16 rows; Buffer 0 = [P0|P2|P4|P6], Buffer 1 =
    // [P1|P3|P5|P7]. Row r is piece r / 16, partition (r / 16) mod 2, slot (group) r / 32 at
    // in-buffer offset group x 16 x 32.
    auto l = partitionedSharedLayout({128, 32}, {1, 0}, 2, 4, 0);
    QVERIFY(l.hasValue());
    auto inv = l->invert();
    QVERIFY(inv.hasValue());
    for (int row = 0; row < 128; row += 8) {
        const auto out = inv->applyOrdered({row, 0});
        // out: offset, block, partition
        QCOMPARE(out[2], (row / 16) % 2);
        QCOMPARE(out[0], (row / 32) * 16 * 32 + (row % 16) * 32);
    }
}

void TestPartitions::fig13Conversion()
{
    // A 64x64 operand A cut into two 32-row pieces (fig9's pieces), one per partition.
    auto shared = partitionedSharedLayout({64, 64}, {1, 0}, 2, 1, 0);
    QVERIFY(shared.hasValue());
    auto pc = partitionConversion(fig13Distributed(), *shared);
    QVERIFY(pc.hasValue());
    QVERIFY(pc->partitioned);
    // Rows 32-63 are partition 1: the bases moving M by 32 feed `partition` -- register 4 (the
    // compile-time repetition) and warp 0 (the loop-invariant pair bit); no lane does (the
    // the blog: "lane usually does not feed partition at all").
    std::vector<std::pair<std::string, int>> feeding;
    for (const CvtBasisRow &r : pc->rows)
        if (r.feedsPartition)
            feeding.emplace_back(r.inDim, r.index);
    const std::vector<std::pair<std::string, int>> expected{{"register", 4}, {"warp", 0}};
    QCOMPARE(feeding, expected);
    // Lane 1 moves one row: 64 elements of offset inside the piece (order [1, 0], 64 columns).
    for (const CvtBasisRow &r : pc->rows)
        if (r.inDim == "lane" && r.index == 0)
            QCOMPARE(r.offset, 64);
}

void TestPartitions::fig13Conflicts()
{
    // Buffers at 0 and 65536 (what the allocator gives). Load 0: w0 rows 0-15 and w2 rows 16-31
    // (pair A) in partition 0; w1 rows 32-47 and w3 rows 48-63 (pair B) in partition 1.
    auto shared = partitionedSharedLayout({64, 64}, {1, 0}, 2, 1, 0);
    QVERIFY(shared.hasValue());
    PartitionAccessSpec spec{fig13Distributed(), *shared, 16, 128, {0, 65536}};
    auto rep = analyzePartitionAccess(spec, blogCuModel());
    QVERIFY(rep.hasValue());
    // 64 registers / 8 per ds_load_b128 = 8 loads per warp.
    QCOMPARE(rep->loads.size(), size_t(8));
    QCOMPARE(rep->loads[0].warps[0].partitions, std::set<int>{0});
    QCOMPARE(rep->loads[0].warps[1].partitions, std::set<int>{1});
    QCOMPARE(rep->loads[0].warps[2].partitions, std::set<int>{0});
    QCOMPARE(rep->loads[0].warps[3].partitions, std::set<int>{1});
    QCOMPARE(rep->conflictingLoads, 0);

    // The same reads from one unpartitioned 8 KiB buffer: every load conflicts in partition 0.
    std::vector<LinearLayout::Basis> off;
    for (int32_t v = 1; v < 64; v *= 2)
        off.push_back({0, v});
    for (int32_t v = 1; v < 64; v *= 2)
        off.push_back({v, 0});
    auto plain = LinearLayout::tryCreate({{"offset", off}, {"block", {}}},
                                         {{"dim0", 64}, {"dim1", 64}}, true);
    QVERIFY(plain.hasValue());
    auto rep2 = analyzePartitionAccess({fig13Distributed(), *plain, 16, 128, {0}}, blogCuModel());
    QVERIFY(rep2.hasValue());
    QCOMPARE(rep2->conflictingLoads, 8);
    QCOMPARE(rep2->loads[0].conflictPartitions, std::set<int>{0});
}

void TestPartitions::sameCycleModel_data()
{
    QTest::addColumn<bool>("partitioned");
    QTest::addColumn<bool>("conflict");
    QTest::addColumn<int>("ports");
    // docs/worked-cases.md P2 row 1: w0 reads [0,512), w1 [512,1024): both in partition 0 ->
    // conflict, one port. Row 2: w1 moved to [65536, 66048) -> partitions {0} / {1}, both ports.
    QTest::newRow("w0 [0,512) w1 [512,1024)") << false << true << 1;
    QTest::newRow("w0 [0,512) w1 [65536,66048)") << true << false << 2;
}

void TestPartitions::sameCycleModel()
{
    QFETCH(bool, partitioned);
    // Two warps, one 512-byte row each (32 lanes x 16 bytes).
    auto row = runMicrobenchmark({2, 1024, 16, 128, partitioned}, blogCuModel());
    QVERIFY(row.hasValue());
    QCOMPARE(row->access.loads.size(), size_t(1));
    QCOMPARE(row->allocation.buffers.back().offset, partitioned ? int64_t(65536) : int64_t(0));
    QTEST(row->access.loads[0].conflict, "conflict");
    QTEST(row->access.loads[0].portsUsable, "ports");
}

void TestPartitions::badInput()
{
    QVERIFY(!partitionedSharedLayout({64, 64}, {1, 0}, 3, 1, 0).hasValue());
    QVERIFY(!partitionedSharedLayout({64, 64}, {1, 0}, 2, 1, 2).hasValue());
    auto notDivisible = partitionedSharedLayout({4, 64}, {1, 0}, 2, 4, 0);
    QVERIFY(!notDivisible.hasValue());
    QVERIFY(QString::fromStdString(notDivisible.message()).contains(QStringLiteral("divisible")));
    auto shared = partitionedSharedLayout({64, 64}, {1, 0}, 2, 1, 0);
    QVERIFY(shared.hasValue());
    auto wrongBuffers =
        analyzePartitionAccess({fig13Distributed(), *shared, 16, 128, {0}}, blogCuModel());
    QVERIFY(!wrongBuffers.hasValue());
    QVERIFY(
        QString::fromStdString(wrongBuffers.message()).contains(QStringLiteral("buffer offsets")));
    auto oddLoad =
        analyzePartitionAccess({fig13Distributed(), *shared, 16, 24, {0, 65536}}, blogCuModel());
    QVERIFY(!oddLoad.hasValue());
    // A shared layout that does not cover the distributed one.
    auto small = LinearLayout::tryCreate({{"offset", {{0, 1}}}, {"block", {}}},
                                         {{"dim0", 1}, {"dim1", 2}}, true);
    QVERIFY(small.hasValue());
    QVERIFY(!analyzePartitionAccess({fig13Distributed(), *small, 16, 128, {0}}, blogCuModel())
                 .hasValue());
}

// countPartitionConflicts (the search's and the kernel analysis's count) against the full report
// it replaces there: partitioned layouts of every partition dim, order, partition and group
// count, and plain ones (one buffer), read at every load width from buffers that each lie in one
// partition (counted per buffer) or straddle two (counted per element); a buffer past partition
// 63 takes the report's path; refused specs give the report's message.
void TestPartitions::theCountAgreesWithTheReport()
{
    std::vector<std::pair<LinearLayout, std::vector<int64_t>>> shared;
    for (int dim : {0, 1})
        for (const std::array<int, 2> &order : {std::array<int, 2>{1, 0}, {0, 1}})
            for (int parts : {2, 4})
                for (int groups : {1, 2, 4}) {
                    auto l = partitionedSharedLayout({64, 64}, order, parts, groups, dim);
                    if (!l)
                        continue;
                    for (int64_t stride :
                         {int64_t(65536), int64_t(2048), int64_t(40960), int64_t(64512)}) {
                        std::vector<int64_t> offsets;
                        for (int p = 0; p < parts; ++p)
                            offsets.push_back(p * stride);
                        shared.emplace_back(*l, offsets);
                    }
                }
    for (bool rowMajor : {true, false}) {
        std::vector<LinearLayout::Basis> off;
        for (int d : {rowMajor ? 1 : 0, rowMajor ? 0 : 1})
            for (int32_t v = 1; v < 64; v *= 2)
                off.push_back(d == 0 ? LinearLayout::Basis{v, 0} : LinearLayout::Basis{0, v});
        auto plain = LinearLayout::tryCreate({{"offset", off}, {"block", {}}},
                                             {{"dim0", 64}, {"dim1", 64}}, true);
        QVERIFY(plain.hasValue());
        for (int64_t at : {int64_t(0), int64_t(65536 - 4096), int64_t(64) * 65536})
            shared.emplace_back(*plain, std::vector<int64_t>{at});
    }
    int compared = 0, conflicting = 0;
    for (const auto &[layout, offsets] : shared)
        for (int loadBits : {16, 32, 64, 128}) {
            const PartitionAccessSpec spec{fig13Distributed(), layout, 16, loadBits, offsets};
            const Expected<PartitionAccessReport> rep = analyzePartitionAccess(spec, blogCuModel());
            const Expected<int> count = countPartitionConflicts(spec, blogCuModel());
            QVERIFY(rep.hasValue() && count.hasValue());
            QCOMPARE(*count, rep->conflictingLoads);
            ++compared;
            conflicting += *count > 0 ? 1 : 0;
        }
    // Both answers occur, so equality is not two zeros.
    QVERIFY2(conflicting > 0 && conflicting < compared,
             qPrintable(QStringLiteral("%1 of %2 conflict").arg(conflicting).arg(compared)));

    auto two = partitionedSharedLayout({64, 64}, {1, 0}, 2, 1, 0);
    QVERIFY(two.hasValue());
    for (const PartitionAccessSpec &bad :
         {PartitionAccessSpec{fig13Distributed(), *two, 16, 128, {0}},
          PartitionAccessSpec{fig13Distributed(), *two, 16, 24, {0, 65536}},
          PartitionAccessSpec{fig13Distributed(), *two, 12, 48, {0, 65536}}}) {
        const Expected<PartitionAccessReport> rep = analyzePartitionAccess(bad, blogCuModel());
        const Expected<int> count = countPartitionConflicts(bad, blogCuModel());
        QVERIFY(!rep.hasValue() && !count.hasValue());
        QCOMPARE(count.message(), rep.message());
    }
}

QTEST_APPLESS_MAIN(TestPartitions)
#include "tst_partitions.moc"
