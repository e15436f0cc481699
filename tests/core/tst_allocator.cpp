// The partition-aware allocator against every partition_aware_allocation case of
// triton-gfx1250-lowering.json (test/Analysis/test-allocation-partitioned.mlir), plus the
// stage-1 trace of Fig 12 and bad input.

#include "analysis/allocator.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;

namespace {

using Pads = std::vector<std::pair<int64_t, int64_t>>;

// "[256:+8]" pairs of a #ttg.padded_shared text; none for a swizzled layout.
Pads padsOf(const std::string &text)
{
    Pads pads;
    static const QRegularExpression re(QStringLiteral("(\\d+):\\+(\\d+)"));
    auto it = re.globalMatch(QString::fromStdString(text));
    while (it.hasNext()) {
        const auto m = it.next();
        pads.emplace_back(m.captured(1).toLongLong(), m.captured(2).toLongLong());
    }
    return pads;
}

int elemBits(const std::string &elem)
{
    return elem == "f32" ? 32 : elem == "f16" ? 16 : 8;
}

// The requests of one case. Liveness follows the shape of the lit test programs: allocation i
// is defined at step i and, when the program uses its allocations ("all live simultaneously"),
// used at step N + i, so it lives [i, N + i + 1); "dealloc before next" ends it at the next
// step, before the following allocation is made.
std::vector<AllocRequest> requestsOf(const nlohmann::json &inputs)
{
    std::vector<AllocRequest> reqs;
    const auto &allocs = inputs["allocs_in_program_order"];
    const int64_t n = int64_t(allocs.size());
    int64_t step = 0;
    for (size_t i = 0; i < allocs.size(); ++i) {
        const auto &a = allocs[i];
        int64_t elems = 1;
        for (const auto &d : a["shape"])
            elems *= d.get<int64_t>();
        const int bits = elemBits(a["elem"].get<std::string>());
        AllocRequest r;
        r.name = "alloc" + std::to_string(i);
        if (a["enc"].is_object()) {
            const auto &e = a["enc"];
            r.numPartitions = e["numPartitions"].get<int>();
            r.bufferBytes =
                partitionBufferBytes(elems, bits, r.numPartitions, e["numGroups"].get<int>(),
                                     padsOf(e["inner"].get<std::string>()));
        } else {
            r.bufferBytes = paddedElements(elems, padsOf(a["enc"].get<std::string>())) * bits / 8;
        }
        const bool dealloc = a.contains("live") && a["live"] == "dealloc before next";
        r.liveStart = step;
        r.liveEnd = dealloc ? step + 2 : n + int64_t(i) + 1;
        step += dealloc ? 2 : 1;
        reqs.push_back(r);
    }
    return reqs;
}

nlohmann::json allocationCases()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-gfx1250-lowering.json"));
    if (!f.open(QIODevice::ReadOnly))
        return nlohmann::json::array();
    nlohmann::json out = nlohmann::json::array();
    const nlohmann::json all = nlohmann::json::parse(f.readAll().toStdString());
    for (const auto &c : all["cases"])
        if (c["kind"] == "partition_aware_allocation")
            out.push_back(c);
    return out;
}

} // namespace

class TestAllocator : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void conformance_data();
    void conformance();
    void paddedSizes();
    void stage1Trace();
    void microbenchmark();
    void badInput_data();
    void badInput();
};

void TestAllocator::conformance_data()
{
    QTest::addColumn<QByteArray>("caseJson");
    const auto cases = allocationCases();
    QCOMPARE(cases.size(), size_t(12));
    for (const auto &c : cases)
        QTest::newRow(c["id"].get<std::string>().c_str()) << QByteArray::fromStdString(c.dump());
}

void TestAllocator::conformance()
{
    QFETCH(QByteArray, caseJson);
    const auto c = nlohmann::json::parse(caseJson.toStdString());
    auto r =
        allocateShared(requestsOf(c["inputs"]), c["inputs"]["partition_size_bytes"].get<int64_t>());
    QVERIFY(r.hasValue());
    const auto &expected = c["expected"]["buffers_per_alloc"];
    for (size_t a = 0; a < expected.size(); ++a) {
        const auto bufs = r->buffersOf(int(a));
        QCOMPARE(bufs.size(), expected[a].size());
        for (size_t p = 0; p < bufs.size(); ++p) {
            QCOMPARE(bufs[p]->size, expected[a][p]["size"].get<int64_t>());
            QCOMPARE(bufs[p]->offset, expected[a][p]["offset"].get<int64_t>());
        }
    }
    QCOMPARE(r->totalBytes, c["expected"]["total_shared_bytes"].get<int64_t>());
    // The guarantee itself: neighbours never share a hardware partition.
    for (const AllocBuffer &b : r->buffers)
        for (int n : b.neighbors) {
            const auto x = r->partitionsOf(b), y = r->partitionsOf(r->buffers[size_t(n)]);
            QVERIFY(x.second < y.first || y.second < x.first);
        }
}

void TestAllocator::paddedSizes()
{
    // gfx1250-layouts.md §4.3: 64x32 f16, [256:+8], P=2, G=2 -> 2104 padded elements -> 4208
    // bytes -> 1052 per piece -> 2104 per buffer.
    QCOMPARE(paddedElements(64 * 32, {{256, 8}}), int64_t(2104));
    QCOMPARE(partitionBufferBytes(64 * 32, 16, 2, 2, {{256, 8}}), int64_t(2104));
    // No padding: the whole tensor split evenly (64x32 f16 = 4096 B, 8 pieces of 512, x4).
    QCOMPARE(partitionBufferBytes(64 * 32, 16, 2, 4, {}), int64_t(2048));
}

void TestAllocator::stage1Trace()
{
    // The seed's Fig 12 situation: a two-partition tensor; the second partition buffer is
    // liveness-eligible at offset 0 but blocked by its placed neighbour, so the slot reopens at
    // the first boundary past the neighbour (65536) and the buffer lands there.
    auto r = allocateShared({AllocRequest{"T", 32768, 2, 16, 0, 1}}, 65536);
    QVERIFY(r.hasValue());
    // Step 0: slot {0, all time}: both buffers are candidates, T.p0 (first) is placed at 0;
    //   the slot splits into {32768, [0,1)} and, for the time after T dies, {0, [0, inf)}.
    // Step 1: slot {0, [0, inf)}: T.p1 is live there but also in the open slot at 32768, so it
    //   is no candidate here; the slot is dropped.
    // Step 2: slot {32768, [0,1)}: T.p1 is the candidate, blocked by T.p0's partition 0; the
    //   slot reopens at the first boundary past partition 0, 65536.
    // Step 3: T.p1 placed at 65536.
    QCOMPARE(r->stage1.size(), size_t(4));
    QCOMPARE(r->stage1[0].chosen, 0);
    QCOMPARE(r->stage1[0].placedOffset, int64_t(0));
    QCOMPARE(r->stage1[1].slotOffset, int64_t(0));
    QVERIFY(r->stage1[1].candidates.empty());
    QCOMPARE(r->stage1[2].slotOffset, int64_t(32768));
    QCOMPARE(r->stage1[2].chosen, -1);
    QCOMPARE(r->stage1[2].blocked, std::vector<int>{1});
    QCOMPARE(r->stage1[2].reopenedAt, int64_t(65536));
    QCOMPARE(r->stage1[3].chosen, 1);
    QCOMPARE(r->stage1[3].placedOffset, int64_t(65536));
    QVERIFY(r->stage2.empty());
}

void TestAllocator::microbenchmark()
{
    // The seed: "the baseline allocates one 64 KiB buffer at offset 0, while the partitioned
    // version allocates two 32 KiB buffers and is forced to push the second to the 64 KiB
    // boundary, for 96 KiB total."
    auto plain = allocateShared({AllocRequest{"X", 65536, 1, 16, 0, 1}}, 65536);
    QVERIFY(plain.hasValue());
    QCOMPARE(plain->totalBytes, int64_t(64 * 1024));
    auto part = allocateShared({AllocRequest{"X", 32768, 2, 16, 0, 1}}, 65536);
    QVERIFY(part.hasValue());
    QCOMPARE(part->buffers[1].offset, int64_t(65536));
    QCOMPARE(part->totalBytes, int64_t(96 * 1024));
}

void TestAllocator::badInput_data()
{
    QTest::addColumn<qint64>("size");
    QTest::addColumn<qint64>("alignment");
    QTest::addColumn<qint64>("liveEnd");
    QTest::addColumn<int>("partitions");
    QTest::addColumn<QString>("needle");
    QTest::newRow("zero size") << qint64(0) << qint64(16) << qint64(1) << 1
                               << QStringLiteral("size");
    QTest::newRow("alignment 24") << qint64(64) << qint64(24) << qint64(1) << 1
                                  << QStringLiteral("alignment");
    QTest::newRow("empty liveness")
        << qint64(64) << qint64(16) << qint64(0) << 1 << QStringLiteral("liveness");
    QTest::newRow("zero partitions")
        << qint64(64) << qint64(16) << qint64(1) << 0 << QStringLiteral("numPartitions");
}

void TestAllocator::badInput()
{
    QFETCH(qint64, size);
    QFETCH(qint64, alignment);
    QFETCH(qint64, liveEnd);
    QFETCH(int, partitions);
    QFETCH(QString, needle);
    auto r = allocateShared({AllocRequest{"X", size, partitions, alignment, 0, liveEnd}}, 65536);
    QVERIFY(!r.hasValue());
    QVERIFY2(QString::fromStdString(r.message()).contains(needle), r.message().c_str());
}

QTEST_APPLESS_MAIN(TestAllocator)
#include "tst_allocator.moc"
