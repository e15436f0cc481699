// Large buffers (core/base/largebuffer.h): a large block is 2 MiB-aligned, marked for huge pages,
// kept when freed and handed out again to the next request of about its size (the next edit's
// ownership map reuses the last one's pages), and the blocks kept stay under the cache's limit.

#include "analysis/ownership.h"
#include "base/largebuffer.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <cstdint>
#include <cstring>

using namespace lx;

namespace {

constexpr size_t kMiB = size_t(1) << 20;

// The THPeligible line of the mapping of /proc/self/smaps that holds `p`: 1, 0, or -1 when the
// mapping or the line is not found.
int thpEligible(const void *p)
{
    QFile f(QStringLiteral("/proc/self/smaps"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const auto addr = reinterpret_cast<quintptr>(p);
    bool inside = false;
    const QByteArray all = f.readAll(); // a /proc file has no size: read it to its end
    for (const QByteArray &line : all.split('\n')) {
        const qsizetype dash = line.indexOf('-');
        const qsizetype space = line.indexOf(' ');
        if (dash > 0 && space > dash && !line.startsWith("THP")) {
            bool ok1 = false, ok2 = false;
            const quint64 lo = line.left(dash).toULongLong(&ok1, 16);
            const quint64 hi = line.mid(dash + 1, space - dash - 1).toULongLong(&ok2, 16);
            if (ok1 && ok2) {
                inside = addr >= lo && addr < hi;
                continue;
            }
        }
        if (inside && line.startsWith("THPeligible:"))
            return line.mid(12).trimmed().toInt();
    }
    return -1;
}

QByteArray hugePageMode()
{
    QFile f(QStringLiteral("/sys/kernel/mm/transparent_hugepage/enabled"));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A bijective layout over (2^half × 2^half): every element has one owner, so the map's owners
// are one array of 2^(2·half) uint64_t.
LinearLayout squareLayout(int half)
{
    LinearLayout::BasesT bases = {{"register", {}}};
    for (int b = 0; b < half; ++b) {
        bases[0].second.push_back({1 << b, 0});
        bases[0].second.push_back({0, 1 << b});
    }
    return *LinearLayout::tryCreate(bases, {{"dim0", 1 << half}, {"dim1", 1 << half}}, true);
}

} // namespace

class TestLargeBuffer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init() { dropLargeBlockCache(); }

    void smallBuffersComeFromTheHeap()
    {
        LargeBuffer<uint32_t> b(1000);
        QCOMPARE(b.size(), size_t(1000));
        QVERIFY(b.data());
        QCOMPARE(reinterpret_cast<uintptr_t>(b.data()) % 64, uintptr_t(0));
        b[999] = 7;
        {
            LargeBuffer<uint32_t> gone(1000);
        }
        QCOMPARE(largeBlockCache().blocks, size_t(0)); // small blocks are not kept
        QVERIFY(LargeBuffer<uint32_t>().empty());
        QVERIFY(LargeBuffer<uint32_t>(0).data() == nullptr);
    }

    void copiesMovesAndShrinks()
    {
        LargeBuffer<uint64_t> a(3 * kMiB / 8);
        for (size_t i = 0; i < a.size(); ++i)
            a[i] = i * 3;
        const LargeBuffer<uint64_t> copy = a;
        QVERIFY(copy.data() != a.data());
        QCOMPARE(copy.size(), a.size());
        QVERIFY(std::memcmp(copy.data(), a.data(), a.size() * 8) == 0);
        uint64_t *p = a.data();
        LargeBuffer<uint64_t> moved = std::move(a);
        QCOMPARE(moved.data(), p);
        QVERIFY(a.empty()); // NOLINT(bugprone-use-after-move): moved-from is empty
        moved.shrink(10);
        QCOMPARE(moved.size(), size_t(10));
        QCOMPARE(moved[9], uint64_t(27));
        QCOMPARE(std::distance(moved.begin(), moved.end()), std::ptrdiff_t(10));
    }

#if defined(__linux__)
    void largeBlocksAreAlignedAndMarkedForHugePages()
    {
        LargeBuffer<uint8_t> b(5 * kMiB);
        QCOMPARE(reinterpret_cast<uintptr_t>(b.data()) % (2 * kMiB), uintptr_t(0));
        std::memset(b.data(), 1, b.size());
        const QByteArray mode = hugePageMode();
        if (!mode.contains("[madvise]") && !mode.contains("[always]"))
            QSKIP("the kernel gives no transparent huge pages (never)");
        const int eligible = thpEligible(b.data());
        if (eligible < 0)
            QSKIP("no THPeligible line in /proc/self/smaps");
        QCOMPARE(eligible, 1);
    }

    void aFreedBlockIsReusedForTheNextRequestOfItsSize()
    {
        const void *first = nullptr;
        {
            LargeBuffer<uint32_t> b(8 * kMiB / 4);
            first = b.data();
        }
        QCOMPARE(largeBlockCache().blocks, size_t(1));
        QCOMPARE(largeBlockCache().bytes, 8 * kMiB);
        {
            LargeBuffer<uint32_t> again(6 * kMiB / 4); // at least half the kept block: reused
            QCOMPARE(static_cast<const void *>(again.data()), first);
            QCOMPARE(largeBlockCache().blocks, size_t(0));
        }
        {
            LargeBuffer<uint32_t> small(2 * kMiB / 4); // a quarter of it: a block of its own
            QVERIFY(static_cast<const void *>(small.data()) != first);
            QCOMPARE(largeBlockCache().blocks, size_t(1));
        }
        dropLargeBlockCache();
        QCOMPARE(largeBlockCache().bytes, size_t(0));
    }

    void theBlocksKeptStayUnderTheLimit()
    {
        {
            std::vector<LargeBuffer<uint8_t>> many;
            for (int i = 0; i < 12; ++i)
                many.emplace_back(10 * kMiB);
        }
        const LargeBlockCache c = largeBlockCache();
        QVERIFY(c.bytes <= kLargeBlockCacheBytes);
        QCOMPARE(c.blocks, kLargeBlockCacheBytes / (10 * kMiB));
        {
            LargeBuffer<uint8_t> huge(kLargeBlockCacheBytes + 2 * kMiB); // larger than the cache
        }
        QCOMPARE(largeBlockCache().bytes, c.bytes);
    }

    // An edit recomputes the ownership map of a layout of the same size: the new map's owners
    // land in the pages of the last one instead of pages faulted in afresh.
    void theNextOwnershipMapReusesTheLastOnesPages()
    {
        const LinearLayout layout = squareLayout(10); // 2^20 owners, 8 MiB
        const OwnershipMap::Input *first = nullptr;
        {
            const auto map = computeOwnership(layout, {});
            QVERIFY(map);
            first = map->owners(0, 0).data();
            QCOMPARE(map->owners(3, 5).front(),
                     OwnershipMap::Input(0b100111)); // register bits interleaved
        }
        const auto map = computeOwnership(layout, {});
        QVERIFY(map);
        QCOMPARE(map->owners(0, 0).data(), first);
        QCOMPARE(map->owners(3, 5).front(), OwnershipMap::Input(0b100111));
    }
#endif
};

QTEST_GUILESS_MAIN(TestLargeBuffer)
#include "tst_largebuffer.moc"
