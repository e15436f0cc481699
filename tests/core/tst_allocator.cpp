// The partition-aware allocator against every partition_aware_allocation case of
// triton-gfx1250-lowering.json (Triton's test/Analysis/test-allocation-partitioned.mlir), with
// buffer sizes from the production sizing of the encodings, plus the stage-1 trace of the MI450
// LDS blog's Fig 12 and bad input.

#include "analysis/allocator.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;

namespace {

// Bytes of one allocation as the scene's allocator input computes them (ldsscenario.cpp): the
// production sizing of builders.h (sharedAllocationBytes, partitionedBufferSizes) on the parsed
// encoding. A partitioned encoding is given as its parameters plus the inner layout's text.
struct AllocSize
{
    int64_t bufferBytes = 0;
    int numPartitions = 1;
};

AllocSize sizeOf(const nlohmann::json &alloc)
{
    const std::vector<int32_t> shape = alloc["shape"].get<std::vector<int32_t>>();
    const std::string elem = alloc["elem"].get<std::string>();
    const int32_t bits = elem == "f32" ? 32 : elem == "f16" ? 16 : 8;
    const nlohmann::json &enc = alloc["enc"];
    if (enc.is_object()) {
        auto inner = parseTtg(enc["inner"].get<std::string>());
        if (!inner)
            qFatal("inner layout: %s", inner.message().c_str());
        PartitionedSharedAttr attr;
        attr.numPartitions = enc["numPartitions"].get<int32_t>();
        attr.numGroups = enc["numGroups"].get<int32_t>();
        attr.partitionDim = enc["partitionDim"].get<int32_t>();
        attr.partitionLayout = *inner;
        auto sizes = partitionedBufferSizes(attr, shape, bits);
        if (!sizes)
            qFatal("partitioned sizes: %s", sizes.message().c_str());
        return {sizes->bufferBytes, sizes->numBuffers};
    }
    auto attr = parseTtg(enc.get<std::string>());
    if (!attr)
        qFatal("layout: %s", attr.message().c_str());
    auto bytes = sharedAllocationBytes(**attr, shape, bits);
    if (!bytes)
        qFatal("allocation bytes: %s", bytes.message().c_str());
    return {*bytes, 1};
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
        const AllocSize size = sizeOf(a);
        AllocRequest r;
        r.name = "alloc" + std::to_string(i);
        r.numPartitions = size.numPartitions;
        r.bufferBytes = size.bufferBytes;
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
    void stage2Trace();
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
    // 64x32 f16 in [256:+8] padding, numPartitions 2, numGroups 2 (docs/gfx1250-layouts.md
    // §4.3): 2048 elements gain a pad of 8 after every 256 but the last, 2048 + 7 * 8 = 2104
    // elements = 4208 bytes; 4 pieces of 1052 bytes; a buffer holds 2 pieces = 2104 bytes.
    auto padded = parseTtg("#ttg.padded_shared<[256:+8] {order = [1, 0], shape = [64, 32]}>");
    QVERIFY(padded.hasValue());
    QCOMPARE(*sharedAllocationBytes(**padded, {64, 32}, 16), int64_t(4208));
    PartitionedSharedAttr attr;
    attr.numPartitions = 2;
    attr.numGroups = 2;
    attr.partitionLayout =
        *parseTtg("#ttg.padded_shared<[256:+8] {order = [1, 0], shape = [16, 32]}>");
    auto sizes = partitionedBufferSizes(attr, {64, 32}, 16);
    QVERIFY2(sizes.hasValue(), sizes ? "" : sizes.message().c_str());
    QCOMPARE(sizes->pieceBytes, int64_t(1052));
    QCOMPARE(sizes->bufferBytes, int64_t(2104));
    QCOMPARE(sizes->numBuffers, 2);
    // No padding: the whole tensor split evenly (64x32 f16 = 4096 B, 8 pieces of 512, x4).
    attr.numGroups = 4;
    attr.partitionLayout =
        *parseTtg("#ttg.swizzled_shared<{vec = 2, perPhase = 2, maxPhase = 4, order = [1, 0]}>");
    auto plain = partitionedBufferSizes(attr, {64, 32}, 16);
    QVERIFY2(plain.hasValue(), plain ? "" : plain.message().c_str());
    QCOMPARE(plain->bufferBytes, int64_t(2048));
}

void TestAllocator::stage1Trace()
{
    // Fig 12 situation: a two-partition tensor; the second partition buffer is
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
    // The blog: "the baseline allocates one 64 KiB buffer at offset 0, while the partitioned
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

void TestAllocator::stage2Trace()
{
    // The blog's two reasons for stage 2 in one program. Expected values from a separate
    // transcription of the rules (a Python model written from the header's description, run
    // by hand): stage 1 puts S.p0 at 32768 on top of D.p0 (both live at step 2) and S.p1 at
    // 65536; round 1 lifts S.p0 above D.p0 to 65536, into partition 1 where its neighbour S.p1
    // is; round 2 lifts S.p1 past that partition, to 131072.
    const std::vector<AllocRequest> reqs{{"S", 8192, 2, 16, 2, 5},
                                         {"E", 32768, 1, 16, 3, 5},
                                         {"C", 32768, 2, 16, 1, 2},
                                         {"D", 32768, 2, 16, 0, 3}};
    auto r = allocateShared(reqs, 65536);
    QVERIFY(r.hasValue());
    QCOMPARE(r->stage2.size(), size_t(2));
    QCOMPARE(r->stage2[0].moves.size(), size_t(1));
    const AllocMove &first = r->stage2[0].moves[0];
    QCOMPARE(r->buffers[size_t(first.buffer)].name, std::string("S.p0"));
    QCOMPARE(r->buffers[size_t(first.cause)].name, std::string("D.p0"));
    QCOMPARE(first.from, int64_t(32768));
    QCOMPARE(first.to, int64_t(65536));
    QVERIFY(!first.partitionEdge);
    QCOMPARE(r->stage2[1].moves.size(), size_t(1));
    const AllocMove &second = r->stage2[1].moves[0];
    QCOMPARE(r->buffers[size_t(second.buffer)].name, std::string("S.p1"));
    QCOMPARE(r->buffers[size_t(second.cause)].name, std::string("S.p0"));
    QVERIFY(second.partitionEdge);
    QCOMPARE(second.from, int64_t(65536));
    QCOMPARE(second.to, int64_t(131072));
    // Replaying the moves from the stage-1 offsets reaches the final placement.
    std::vector<int64_t> offsets = r->stage1Offsets();
    QCOMPARE(offsets[size_t(first.buffer)], first.from);
    for (const AllocStage2Round &round : r->stage2)
        for (const AllocMove &m : round.moves) {
            QCOMPARE(offsets[size_t(m.buffer)], m.from);
            offsets[size_t(m.buffer)] = m.to;
        }
    for (const AllocBuffer &b : r->buffers)
        QCOMPARE(offsets[size_t(b.id)], b.offset);
    const std::vector<std::string> words = describeStage2(*r);
    QCOMPARE(words.size(), size_t(2));
    QVERIFY2(words[1].find("past the partition of its neighbour S.p0") != std::string::npos,
             words[1].c_str());
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
