// Ownership enumeration and XOR decomposition (core/analysis/ownership.h).

#include "analysis/ownership.h"
#include "io/layoutjson.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <random>

namespace {

using lx::LinearLayout;

// The worked example of linearlayout.h: register = [[0,1]], lane = [[1,0],[2,0]],
// warp = [[2,1],[1,0]] over (dim0: 4, dim1: 2).
LinearLayout workedExample()
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
        {{"dim0", 4}, {"dim1", 2}}, false);
}

LinearLayout fromDataFile(const char *name)
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/render/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const auto j = nlohmann::json::parse(f.readAll().toStdString());
    return *lx::layoutFromJson(j.at("layout"));
}

// Every owner of every element of the map equals the definition: every input, in order, through
// apply().
void checkOwnersAgainstApply(const LinearLayout &l, const lx::OwnershipMap &map)
{
    std::vector<std::vector<uint64_t>> expected(size_t(map.rows() * map.columns()));
    const auto names = l.inDimNames();
    for (uint64_t x = 0; x < uint64_t(l.totalInDimSize()); ++x) {
        std::vector<LinearLayout::NamedValue> in;
        int shift = 0;
        for (const auto &name : names) {
            const int bits = l.inDimSizeLog2(name);
            in.emplace_back(name, int32_t((x >> shift) & ((uint64_t(1) << bits) - 1)));
            shift += bits;
        }
        const auto out = l.apply(in);
        QVERIFY(out.hasValue());
        const int row = (*out)[0].second;
        const int col = out->size() > 1 ? (*out)[1].second : 0;
        expected[size_t(row * map.columns() + col)].push_back(x);
    }
    size_t most = 0;
    for (int r = 0; r < map.rows(); ++r)
        for (int c = 0; c < map.columns(); ++c) {
            const auto owners = map.owners(r, c);
            const auto &want = expected[size_t(r * map.columns() + c)];
            QCOMPARE(std::vector<uint64_t>(owners.begin(), owners.end()), want);
            most = std::max(most, want.size());
        }
    QCOMPARE(map.maxOwnerCount(), most);
    // With no fixed dims, every element has the same number of owners exactly when the layout
    // is surjective, and the map says so.
    if (l.numOutDims() <= 2)
        QCOMPARE(map.uniformOwnerCount(), l.isSurjective());
    if (map.uniformOwnerCount())
        for (const auto &owners : expected)
            QCOMPARE(owners.size(), most);
}

} // namespace

class TestOwnership : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyOwnerOfTheWorkedExample()
    {
        const LinearLayout l = workedExample();
        const auto map = lx::computeOwnership(l, {});
        QVERIFY(map.hasValue());
        QCOMPARE(map->rows(), 4);
        QCOMPARE(map->columns(), 2);
        // Flat input bits: register (bit 0), lane (bits 1-2), warp (bits 3-4). Owners of [0,0] are
        // the kernel of the map: solve x0*[0,1] ^ x1*[1,0] ^ x2*[2,0] ^ x3*[2,1] ^ x4*[1,0] = 0.
        // Per out-bit:
        //   dim0 bit0: x1 ^ x4 = 0, dim0 bit1: x2 ^ x3 = 0, dim1 bit0: x0 ^ x3 = 0.
        // Free x3, x4: (x3,x4) = (0,0) -> 0; (0,1) -> x1=1,x4=1 -> 0b10010 = 18;
        // (1,0) -> x0=x2=x3=1 -> 0b01101 = 13; (1,1) -> 13 ^ 18 = 31.
        const auto owners = map->owners(0, 0);
        QCOMPARE(std::vector<uint64_t>(owners.begin(), owners.end()),
                 (std::vector<uint64_t>{0, 13, 18, 31}));
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 2; ++c)
                QCOMPARE(map->ownerCount(r, c), size_t(4)); // rank 3 of 5 input bits
        QCOMPARE(map->maxOwnerCount(), size_t(4));
        // 13 = register 1, lane 2, warp 1.
        QCOMPARE(map->decode(13), (std::vector<int32_t>{1, 2, 1}));
    }

    void ownersAgreeWithApply_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("worked example") << QStringLiteral("worked_example.json");
        QTest::newRow("wmma3 2x2 128x128") << QStringLiteral("wmma3_2x2_128.json");
    }
    void ownersAgreeWithApply()
    {
        QFETCH(QString, file);
        const LinearLayout l = fromDataFile(file.toLatin1().constData());
        QVERIFY(l.numOutDims() == 2);
        const auto map = lx::computeOwnership(l, {});
        QVERIFY(map.hasValue());
        // Every input appears exactly once, as an owner of the element apply() gives.
        size_t total = 0;
        for (int r = 0; r < map->rows(); ++r) {
            for (int c = 0; c < map->columns(); ++c) {
                uint64_t previous = 0;
                bool first = true;
                for (uint64_t x : map->owners(r, c)) {
                    QVERIFY(first || x > previous); // ascending
                    previous = x;
                    first = false;
                    const uint64_t out = l.applyFlat(x);
                    QCOMPARE(int(out & uint64_t(map->rows() - 1)), r);
                    QCOMPARE(int(out >> std::countr_zero(uint32_t(map->rows()))), c);
                    ++total;
                }
            }
        }
        QCOMPARE(total, size_t(l.totalInDimSize()));
    }

    // Replicated layouts whose kernel vectors overlap in their low bits (a dependent basis that
    // is the XOR of several earlier ones, zero bases, a dependent basis in a later in-dim): the
    // owners of each element are exactly the inputs apply() sends there, ascending, whether the
    // layout covers its out-space or not.
    void replicatedOwnersAgreeWithApply_data()
    {
        QTest::addColumn<int>("which");
        QTest::newRow("xor of earlier bases") << 0;
        QTest::newRow("zero bases and a dependent warp") << 1;
        QTest::newRow("not surjective") << 2;
        QTest::newRow("one out-dim") << 3;
    }
    void replicatedOwnersAgreeWithApply()
    {
        QFETCH(int, which);
        const std::vector<LinearLayout> layouts = {
            *LinearLayout::tryCreate({{"register", {{1, 0}, {0, 1}, {1, 1}, {2, 0}}},
                                      {"lane", {{0, 2}, {3, 1}, {4, 0}}},
                                      {"warp", {{4, 2}, {0, 0}}}},
                                     {{"dim0", 8}, {"dim1", 4}}, false),
            *LinearLayout::tryCreate({{"register", {{0, 0}, {1, 0}}},
                                      {"lane", {{0, 1}, {2, 0}, {0, 0}, {0, 2}}},
                                      {"warp", {{2, 2}, {3, 3}}}},
                                     {{"dim0", 4}, {"dim1", 4}}, false),
            *LinearLayout::tryCreate({{"register", {{1, 0}, {1, 0}}}, {"lane", {{0, 2}, {1, 2}}}},
                                     {{"dim0", 4}, {"dim1", 4}}, false),
            *LinearLayout::tryCreate({{"register", {{1}, {2}, {3}}}, {"lane", {{4}, {5}}}},
                                     {{"dim0", 8}}, false),
        };
        const LinearLayout &l = layouts[size_t(which)];
        const lx::OwnershipSlice slice{0, l.numOutDims() > 1 ? 1 : -1, {}};
        const auto map = lx::computeOwnership(l, slice);
        QVERIFY2(map.hasValue(), map ? "" : map.message().c_str());
        checkOwnersAgainstApply(l, *map);
    }

    // Random layouts of 10 to 16 input bits onto 2^a x 2^b: surjective ones take the enumeration
    // in slot order (a table over the low slot bits, a walk over the high ones), the others the
    // two-pass scan; both must give every owner, in order, as the definition does.
    void randomLayoutsAgreeWithApply()
    {
        std::mt19937 rng(20261207);
        int surjective = 0;
        for (int trial = 0; trial < 24; ++trial) {
            const int rowBits = 2 + int(rng() % 4), colBits = 2 + int(rng() % 4);
            const int inBits = rowBits + colBits + int(rng() % 4);
            LinearLayout::BasesT bases = {{"register", {}}, {"lane", {}}, {"warp", {}}};
            for (int k = 0; k < inBits; ++k) {
                // Mostly unit vectors (as real layouts), some arbitrary XORs and zeros.
                std::vector<int32_t> v = {0, 0};
                const unsigned kind = rng() % 8;
                if (kind < 5) {
                    const int bit = int(rng() % unsigned(rowBits + colBits));
                    v[bit < rowBits ? 0 : 1] = 1 << (bit < rowBits ? bit : bit - rowBits);
                } else if (kind < 7) {
                    v = {int32_t(rng() % (1u << rowBits)), int32_t(rng() % (1u << colBits))};
                }
                bases[size_t(k % 3)].second.push_back(v);
            }
            const auto l = LinearLayout::tryCreate(
                bases, {{"dim0", 1 << rowBits}, {"dim1", 1 << colBits}}, false);
            QVERIFY(l.hasValue());
            surjective += l->isSurjective() ? 1 : 0;
            const auto map = lx::computeOwnership(*l, {0, 1, {}});
            QVERIFY2(map.hasValue(), map ? "" : map.message().c_str());
            checkOwnersAgainstApply(*l, *map);
        }
        QVERIFY(surjective >= 4); // both paths were taken
        QVERIFY(surjective <= 20);
    }

    // A map of 2^22 owners (16 MiB, written with streaming stores past 8 MiB): a 2048 x 1024
    // layout with a broadcast lane bit and mixed bases, two owners per element. Sampled against
    // applyFlat: every owner of every 4099th element lands on it, ascending, and every 997th input
    // is among the owners of its image.
    void largeMapAgreesWithApply()
    {
        LinearLayout::BasesT bases = {{"register", {}}, {"lane", {}}, {"warp", {}}};
        std::vector<std::vector<int32_t>> units;
        for (int b = 0; b < 10; ++b) {
            units.push_back({0, 1 << b});
            units.push_back({1 << b, 0});
        }
        units.push_back({1 << 10, 0});
        units[3] = {2, 3};       // dim0 bit 1 with dim1 bits 0 and 1: still onto
        units.push_back({0, 0}); // the broadcast: two owners per element
        std::swap(units[5], units[21]);
        for (size_t k = 0; k < units.size(); ++k)
            bases[k < 12 ? 0 : k < 17 ? 1 : 2].second.push_back(units[k]);
        const auto l = LinearLayout::tryCreate(bases, {{"dim0", 2048}, {"dim1", 1024}}, false);
        QVERIFY(l.hasValue());
        QVERIFY(l->isSurjective());
        QCOMPARE(l->totalInDimSizeLog2(), 22);
        const auto map = lx::computeOwnership(*l, {0, 1, {}});
        QVERIFY2(map.hasValue(), map ? "" : map.message().c_str());
        QVERIFY(map->uniformOwnerCount());
        QCOMPARE(map->maxOwnerCount(), size_t(2));
        for (uint64_t e = 0; e < uint64_t(2048) * 1024; e += 4099) {
            const int row = int(e / 1024), col = int(e % 1024);
            const auto owners = map->owners(row, col);
            QCOMPARE(owners.size(), size_t(2));
            QVERIFY(owners[0] < owners[1]);
            for (const auto x : owners)
                QCOMPARE(l->applyFlat(x), uint64_t(row) | (uint64_t(col) << 11));
        }
        for (uint64_t x = 0; x < (uint64_t(1) << 22); x += 997) {
            const uint64_t flat = l->applyFlat(x);
            const auto owners = map->owners(int(flat & 2047), int(flat >> 11));
            QVERIFY(std::find(owners.begin(), owners.end(), lx::OwnershipMap::Input(x)) !=
                    owners.end());
        }
    }

    void wmmaOwnerFromConformance()
    {
        // wmma3-0049 (conformance): warp bases [[0,16],[16,0]], lane [[0,1],...,[8,0]]. Element
        // (dim0 = 8, dim1 = 16) = lane 16 ([8,0]) XOR warp 1 ([0,16]): lane bits are input bits
        // 7..11 (after 7 register bits), warp bits 12..13, so the flat input is (16 << 7) | (1 <<
        // 12).
        const LinearLayout l = fromDataFile("wmma3_2x2_128.json");
        const auto map = lx::computeOwnership(l, {});
        QVERIFY(map.hasValue());
        const auto owners = map->owners(8, 16);
        QCOMPARE(owners.size(), size_t(1));
        QCOMPARE(owners[0], (uint64_t(16) << 7) | (uint64_t(1) << 12));
    }

    void sliceOfA3DLayout()
    {
        // register -> dim2 (size 2), lane -> dim0, dim1 identity (2x2). Fixing dim2 = 1 keeps the
        // inputs with register = 1: element (r, c) is owned by lane r | c << 1 (written as 2 lane
        // bits after the register bit: flat = 1 | (lane << 1)).
        const auto l =
            *LinearLayout::tryCreate({{"register", {{0, 0, 1}}}, {"lane", {{1, 0, 0}, {0, 1, 0}}}},
                                     {{"dim0", 2}, {"dim1", 2}, {"dim2", 2}}, false);
        const auto map = lx::computeOwnership(l, {0, 1, {0, 0, 1}});
        QVERIFY(map.hasValue());
        QCOMPARE(map->owners(1, 1).size(), size_t(1));
        QCOMPARE(map->owners(1, 1)[0], lx::OwnershipMap::Input(1 | (3 << 1)));
        QCOMPARE(map->elementIdAt(1, 1), int64_t(1 | 2 | 4));
    }

    void badSlices_data()
    {
        QTest::addColumn<int>("rowDim");
        QTest::addColumn<int>("colDim");
        QTest::addColumn<int>("fixed2");
        QTest::newRow("row dim out of range") << 3 << 1 << 0;
        QTest::newRow("same dims") << 1 << 1 << 0;
        QTest::newRow("fixed value outside dim2") << 0 << 1 << 2;
        QTest::newRow("missing column dim") << 0 << -1 << 0;
    }
    void badSlices()
    {
        QFETCH(int, rowDim);
        QFETCH(int, colDim);
        QFETCH(int, fixed2);
        const auto l = *LinearLayout::tryCreate({{"register", {{0, 0, 1}}}},
                                                {{"dim0", 1}, {"dim1", 1}, {"dim2", 2}}, false);
        const auto map = lx::computeOwnership(l, {rowDim, colDim, {0, 0, fixed2}});
        QVERIFY(!map.hasValue());
        QVERIFY(!map.message().empty());
    }

    void xorDecomposition_data()
    {
        QTest::addColumn<int>("reg");
        QTest::addColumn<int>("lane");
        QTest::addColumn<int>("warp");
        QTest::addColumn<QString>("text");
        // From the AMD blog and linearlayout.h: warp 3 = warp bit 0 ([2,1]) XOR bit 1 ([1,0]).
        QTest::newRow("warp 3") << 0 << 0 << 3 << QStringLiteral("warp=3 → [2,1] ⊕ [1,0] = [3,1]");
        // One term: no XOR sign.
        QTest::newRow("lane 2") << 0 << 2 << 0 << QStringLiteral("lane=2 → [2,0]");
        // register 1 ([0,1]) XOR lane 2 ([2,0]) = [2,1] (linearlayout.h).
        QTest::newRow("register 1 lane 2")
            << 1 << 2 << 0 << QStringLiteral("register=1, lane=2 → [0,1] ⊕ [2,0] = [2,1]");
        QTest::newRow("origin") << 0 << 0 << 0
                                << QStringLiteral("register=0, lane=0, warp=0 → [0,0]");
    }
    void xorDecomposition()
    {
        QFETCH(int, reg);
        QFETCH(int, lane);
        QFETCH(int, warp);
        QFETCH(QString, text);
        const auto x =
            lx::decomposeXor(workedExample(), {{"warp", warp}, {"register", reg}, {"lane", lane}});
        QVERIFY(x.hasValue());
        QCOMPARE(QString::fromStdString(x->toString()), text);
        QCOMPARE(x->result, workedExample().applyOrdered({reg, lane, warp}));
    }

    void xorDecompositionErrors()
    {
        QVERIFY(!lx::decomposeXor(workedExample(), {{"warp", 4}, {"register", 0}, {"lane", 0}})
                     .hasValue());
        QVERIFY(!lx::decomposeXor(workedExample(), {{"warp", 1}, {"register", 0}}).hasValue());
        QVERIFY(!lx::decomposeXor(workedExample(), {{"warp", 1}, {"register", 0}, {"block", 0}})
                     .hasValue());
    }
};

QTEST_APPLESS_MAIN(TestOwnership)
#include "tst_ownership.moc"
