// CuTe layouts as linear layouts: the known conversions derived by hand, refusals with their
// reasons, and round trips of random layouts checked against CuTe's definition evaluated by brute
// force (colexicographic coordinates, sum of coordinate * stride, then the swizzle).

#include "io/cute.h"
#include "io/scene.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <QTest>

#include <random>

using lx::CuteKind;
using lx::CuteUnits;
using lx::LinearLayout;

namespace {

LinearLayout make(LinearLayout::BasesT bases, std::vector<LinearLayout::NamedSize> outs)
{
    auto ll = LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
    if (!ll)
        qFatal("bad expected layout: %s", ll.message().c_str());
    return *ll;
}

// One leaf of a random layout: size 2^bits, stride (0 or a power of two).
struct Leaf
{
    int64_t size;
    int64_t stride;
};

// A random nesting of the leaves of one mode, printed as CuTe text (shape, stride).
std::pair<std::string, std::string> nest(const std::vector<Leaf> &leaves, std::mt19937 &rng)
{
    if (leaves.size() == 1 && rng() % 2)
        return {std::to_string(leaves[0].size), std::to_string(leaves[0].stride)};
    std::string s = "(", d = "(";
    size_t i = 0;
    while (i < leaves.size()) {
        const size_t take = std::min<size_t>(leaves.size() - i, 1 + rng() % 2);
        std::vector<Leaf> part(leaves.begin() + std::ptrdiff_t(i),
                               leaves.begin() + std::ptrdiff_t(i + take));
        auto [ps, pd] =
            take == 1 ? std::pair{std::to_string(part[0].size), std::to_string(part[0].stride)}
                      : nest(part, rng);
        s += (i ? "," : "") + ps;
        d += (i ? "," : "") + pd;
        i += take;
    }
    return {s + ")", d + ")"};
}

// CuTe's definition, evaluated directly: flat coordinate index -> per-leaf coordinate
// (colexicographic) -> sum of coordinate * stride.
int64_t evalCute(const std::vector<Leaf> &leaves, int64_t index)
{
    int64_t sum = 0;
    for (const Leaf &l : leaves) {
        sum += (index % l.size) * l.stride;
        index /= l.size;
    }
    return sum;
}

uint64_t swizzle(uint64_t x, int b, int m, int s)
{
    const uint64_t yyy = ((uint64_t(1) << b) - 1) << (m + std::max(0, s));
    return x ^ (s >= 0 ? (x & yyy) >> s : (x & yyy) << -s);
}

} // namespace

class TestCute : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // (4,8):(8,1) is the row-major 4x8 tile: offset = 8*m + n, so offset bits 0..2 are n's bits
    // (dim1 = 1, 2, 4) and offset bits 3, 4 are m's bits (dim0 = 1, 2).
    void rowMajorTile()
    {
        auto ll = lx::cuteTextToLinear("(4,8):(8,1)", {});
        QVERIFY2(ll, ll ? "" : ll.message().c_str());
        const LinearLayout expected =
            make({{"offset", {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}}, {"block", {}}},
                 {{"dim0", 4}, {"dim1", 8}});
        QCOMPARE(*ll, expected);
        QCOMPARE(*lx::linearToCuteText(expected), std::string("(4,8):(8,1)"));
        // Column-major: offset = m + 4*n.
        QCOMPARE(*lx::cuteTextToLinear("(4,8):(1,4)", {}),
                 make({{"offset", {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}}, {"block", {}}},
                      {{"dim0", 4}, {"dim1", 8}}));
    }

    // Sw<3,3,3> after the row-major 64x64 f16 tile (offset o = 64*m + n, in elements) XORs o's
    // bits 6..8 (m's bits 0..2) into bits 3..5 (n's bits 3..5): the element at (m, n) is stored at
    // 64*m + (n XOR 8*(m mod 8)). Inverting: offset bits 0..5 give n bits 0..5; offset bit 6 gives
    // m = 1 and, through the XOR, n = 8; bit 7: m = 2, n = 16; bit 8: m = 4, n = 32; bits 9..11
    // give m = 8, 16, 32. In bytes (f16 = 2 bytes) every offset doubles: the same swizzle is
    // Sw<3,4,3> over (64,128):(128,1).
    void swizzle343OnF16()
    {
        const LinearLayout expected = make({{"offset",
                                             {{0, 1},
                                              {0, 2},
                                              {0, 4},
                                              {0, 8},
                                              {0, 16},
                                              {0, 32},
                                              {1, 8},
                                              {2, 16},
                                              {4, 32},
                                              {8, 0},
                                              {16, 0},
                                              {32, 0}}},
                                            {"block", {}}},
                                           {{"dim0", 64}, {"dim1", 64}});
        auto elems = lx::cuteTextToLinear("Sw<3,3,3> o _0 o (_64,_64):(_64,_1)", {64, 64});
        QVERIFY2(elems, elems ? "" : elems.message().c_str());
        QCOMPARE(*elems, expected);
        auto bytes = lx::cuteTextToLinear("Swizzle<3,4,3> o (64,128):(128,1)", {64, 64},
                                          std::nullopt, CuteUnits::Bytes, 2);
        QVERIFY2(bytes, bytes ? "" : bytes.message().c_str());
        QCOMPARE(*bytes, expected);
        QCOMPARE(*lx::linearToCuteText(expected), std::string("Sw<3,3,3> o 0 o (64,64):(64,1)"));
        QCOMPARE(*lx::linearToCuteText(expected, CuteUnits::Bytes, 2),
                 std::string("Sw<3,4,3> o 0 o (64,128):(128,1)"));
        // Triton's swizzled_shared with vec 8, perPhase 1, maxPhase 8 is the same layout.
        auto attr = lx::parseTtg("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
                                 "order = [1, 0]}>");
        QVERIFY(attr);
        auto triton = lx::toLinearLayout(**attr, {64, 64});
        QVERIFY2(triton, triton ? "" : triton.message().c_str());
        QCOMPARE(*triton, expected);
    }

    // CUTLASS's SM80 16x8x16 MMA (mma_traits_sm80.hpp). C: ((4,8),(2,2)):((32,1),(16,8)) over the
    // column-major 16x8 tile (index = m + 16*n). Thread t = t0 + 4*t1 goes to 32*t0 + t1: lane
    // bit 0 -> index 32 = (m 0, n 2), bit 1 -> 64 = (0, 4), bits 2..4 -> 1, 2, 4 = m 1, 2, 4.
    // Value bit 0 -> 16 = (0, 1), bit 1 -> 8 = (8, 0). So lane 5, value 0 is at (1, 2), as PTX
    // says: row = lane / 4, column = 2 * (lane % 4).
    // A: ((4,8),(2,2,2)):((32,1),(16,8,128)) over 16x16 (m, k): the same lanes, and the values
    // step k by 1, m by 8, then k by 8 (128 = (0, 8)).
    void sm80Mma()
    {
        auto c = lx::cuteTextToLinear("((_4,_8),(_2,_2)):((_32,_1),(_16,_8))", {16, 8});
        QVERIFY2(c, c ? "" : c.message().c_str());
        QCOMPARE(*c, make({{"register", {{0, 1}, {8, 0}}},
                           {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                           {"warp", {}},
                           {"block", {}}},
                          {{"dim0", 16}, {"dim1", 8}}));
        QCOMPARE(*lx::linearToCuteText(*c), std::string("((4,8),(2,2)):((32,1),(16,8))"));
        auto a = lx::cuteTextToLinear("((4,8),(2,2,2)):((32,1),(16,8,128))", {16, 16});
        QVERIFY2(a, a ? "" : a.message().c_str());
        QCOMPARE(*a, make({{"register", {{0, 1}, {8, 0}, {0, 8}}},
                           {"lane", {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}}},
                           {"warp", {}},
                           {"block", {}}},
                          {{"dim0", 16}, {"dim1", 16}}));
        QCOMPARE(*lx::linearToCuteText(*a), std::string("((4,8),(2,2,2)):((32,1),(16,8,128))"));
        // Applying: lane 5, register 0 -> (1, 2).
        auto at = c->apply({{"register", 0}, {"lane", 5}, {"warp", 0}, {"block", 0}});
        QCOMPARE(*at, (std::vector<LinearLayout::NamedValue>{{"dim0", 1}, {"dim1", 2}}));
    }

    void refusals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QList<int>>("shape");
        QTest::addColumn<QString>("message");
        QTest::newRow("stride 3") << QStringLiteral("(4,2):(1,3)") << QList<int>{}
                                  << QStringLiteral("stride 3 is not a power of two");
        QTest::newRow("size 6") << QStringLiteral("(6,2):(1,8)") << QList<int>{}
                                << QStringLiteral("mode size 6 is not a power of two");
        QTest::newRow("carry") << QStringLiteral("(2,2):(1,1)") << QList<int>{}
                               << QStringLiteral("the sum carries");
        QTest::newRow("offset") << QStringLiteral("Sw<1,2,3> o 4 o (8,8):(8,1)") << QList<int>{}
                                << QStringLiteral("offset 4 is not 0");
        QTest::newRow("padding") << QStringLiteral("(4,4):(1,8)") << QList<int>{}
                                 << QStringLiteral("exactly once");
        QTest::newRow("broadcast")
            << QStringLiteral("(4,4):(1,0)") << QList<int>{} << QStringLiteral("share an offset");
        QTest::newRow("nesting") << QStringLiteral("(4,(2,2)):(1,4)") << QList<int>{}
                                 << QStringLiteral("same nesting");
        QTest::newRow("swizzle rule") << QStringLiteral("Sw<3,3,2> o (8,8):(8,1)") << QList<int>{}
                                      << QStringLiteral("|S| >= B");
        QTest::newRow("trailing") << QStringLiteral("(4,8):(8,1) x") << QList<int>{}
                                  << QStringLiteral("column 13: unexpected 'x'");
        QTest::newRow("no stride")
            << QStringLiteral("(4,8)") << QList<int>{} << QStringLiteral("expected ':'");
        QTest::newRow("huge") << QStringLiteral("(4,8):(8,99999999999)") << QList<int>{}
                              << QStringLiteral("number too large");
        QTest::newRow("deep") << QString(40, QLatin1Char('(')) + QStringLiteral("1") << QList<int>{}
                              << QStringLiteral("nesting deeper than 16");
        QTest::newRow("outside tile") << QStringLiteral("(32,4):(1,64)") << QList<int>{16, 8}
                                      << QStringLiteral("outside the tile");
        QTest::newRow("negative F2") << QStringLiteral("(8,8):(F2(-9),1)") << QList<int>{}
                                     << QStringLiteral("negative number is not allowed");
        QTest::newRow("F2 unclosed") << QStringLiteral("(8,8):(F2(9,1)") << QList<int>{}
                                     << QStringLiteral("expected ')' after the F2 stride");
        QTest::newRow("F2 in a shape") << QStringLiteral("(F2(8),8):(8,1)") << QList<int>{}
                                       << QStringLiteral("expected a number");
        QTest::newRow("Layout unclosed") << QStringLiteral("Layout((8,8),(8,1)") << QList<int>{}
                                         << QStringLiteral("expected ')' after Layout's stride");
        QTest::newRow("Layout colon") << QStringLiteral("Layout((8,8):(8,1))") << QList<int>{}
                                      << QStringLiteral("expected ','");
        QTest::newRow("Swizzle( closed by >")
            << QStringLiteral("Swizzle(3,0,3> o (8,8):(8,1)") << QList<int>{}
            << QStringLiteral("expected ')' after the swizzle");
        QTest::newRow("tile not pow2") << QStringLiteral("(32,4):(1,32)") << QList<int>{12, 8}
                                       << QStringLiteral("tile size 12");
    }
    void refusals()
    {
        QFETCH(QString, text);
        QFETCH(QList<int>, shape);
        QFETCH(QString, message);
        const std::vector<int32_t> tile(shape.begin(), shape.end());
        auto ll = lx::cuteTextToLinear(text.toStdString(), tile);
        QVERIFY(!ll);
        QVERIFY2(QString::fromStdString(ll.message()).contains(message), ll.message().c_str());
    }

    void writeRefusals()
    {
        // A basis moving two dims has no CuTe stride.
        const LinearLayout swizzledWarp =
            make({{"register", {}}, {"lane", {{1, 0}}}, {"warp", {{1, 1}}}, {"block", {}}},
                 {{"dim0", 2}, {"dim1", 2}});
        auto t = lx::linearToCuteText(swizzledWarp);
        QVERIFY(!t);
        QVERIFY2(t.message().find("more than one dim") != std::string::npos, t.message().c_str());
        // Two bases on the same element: CuTe would add them.
        const LinearLayout twice =
            make({{"register", {{1}}}, {"lane", {{1}, {2}}}, {"warp", {}}, {"block", {}}},
                 {{"dim0", 4}});
        t = lx::linearToCuteText(twice);
        QVERIFY(!t);
        QVERIFY2(t.message().find("CuTe would add") != std::string::npos, t.message().c_str());
        // A shared layout with broadcast is not one to one.
        const LinearLayout shared =
            make({{"offset", {{1, 0}, {1, 0}}}}, {{"dim0", 2}, {"dim1", 1}});
        QVERIFY(!lx::linearToCuteText(shared));
        // Byte units need a power-of-two element size.
        QVERIFY(!lx::cuteTextToLinear("(4,8):(8,1)", {}, std::nullopt, CuteUnits::Bytes, 3));
    }

    // Random memory layouts (some swizzled): the linear layout agrees with CuTe's definition on
    // every element, and reading what linearToCuteText writes gives the same linear layout.
    void memoryRoundTrips()
    {
        std::mt19937 rng(1234);
        int checked = 0;
        for (int iter = 0; iter < 150; ++iter) {
            const int n = 1 + int(rng() % 12);
            // Partition the offset bits 0..n-1 into runs, one leaf each, shuffled into 1..3 dims.
            std::vector<Leaf> runs;
            for (int b = 0; b < n;) {
                const int len = 1 + int(rng() % std::min(3, n - b));
                runs.push_back({int64_t(1) << len, int64_t(1) << b});
                b += len;
            }
            std::shuffle(runs.begin(), runs.end(), rng);
            const size_t dims = std::min<size_t>(runs.size(), 1 + rng() % 3);
            std::vector<std::vector<Leaf>> perDim(dims);
            for (size_t i = 0; i < runs.size(); ++i)
                perDim[i < dims ? i : rng() % dims].push_back(runs[i]);
            int sb = 0, sm = 0, ss = 0;
            const bool swizzled = iter >= 100 && n >= 3;
            if (swizzled) {
                sb = 1 + int(rng() % std::max(1, n / 3));
                ss = sb + int(rng() % std::max(1, n - 2 * sb + 1));
                sm = int(rng() % std::max(1, n - sb - ss + 1));
                if (sm + sb + ss > n)
                    continue;
            }
            std::string shape = "(", stride = "(";
            for (size_t d = 0; d < dims; ++d) {
                auto [s, t] = nest(perDim[d], rng);
                shape += (d ? "," : "") + s;
                stride += (d ? "," : "") + t;
            }
            const std::string text =
                (swizzled ? "Sw<" + std::to_string(sb) + "," + std::to_string(sm) + "," +
                                std::to_string(ss) + "> o _0 o "
                          : std::string()) +
                shape + "):" + stride + ")";
            auto ll = lx::cuteTextToLinear(text, {}, CuteKind::Memory);
            QVERIFY2(ll, (text + ": " + (ll ? "" : ll.message())).c_str());
            // Brute force: every coordinate index of every dim.
            std::vector<int64_t> dimSizes;
            int64_t total = 1;
            for (const auto &leaves : perDim) {
                int64_t s = 1;
                for (const Leaf &l : leaves)
                    s *= l.size;
                dimSizes.push_back(s);
                total *= s;
            }
            for (int64_t i = 0; i < total; ++i) {
                int64_t rest = i, offset = 0;
                std::vector<int32_t> coord;
                for (size_t d = 0; d < dims; ++d) {
                    const int64_t c = rest % dimSizes[d];
                    rest /= dimSizes[d];
                    coord.push_back(int32_t(c));
                    offset += evalCute(perDim[d], c);
                }
                if (swizzled)
                    offset = int64_t(swizzle(uint64_t(offset), sb, sm, ss));
                if (ll->applyOrdered({int32_t(offset)}) != coord)
                    QFAIL(qPrintable(QStringLiteral("%1: offset %2")
                                         .arg(QString::fromStdString(text))
                                         .arg(offset)));
            }
            auto back = lx::linearToCuteText(*ll);
            QVERIFY2(back, (text + ": " + (back ? "" : back.message())).c_str());
            auto again = lx::cuteTextToLinear(*back, {}, CuteKind::Memory);
            QVERIFY2(again && *again == *ll, (text + " -> " + *back).c_str());
            QCOMPARE(*lx::linearToCuteText(*again), *back);
            ++checked;
        }
        QVERIFY(checked >= 140);
    }

    // XOR strides: the 8x8 tile whose column c of row r lands at 8r + (c XOR r) is, by the
    // carry-less product, Layout((8,8),(F2(9),F2(1))) (bit j of the row reaches
    // (8 << j) XOR (1 << j) = 9 << j), and also CuTe's Sw<3,0,3> o (8,8):(8,1). Each element is
    // checked against that definition, and the two spellings give the same layout.
    void xorStrides()
    {
        for (const char *text :
             {"Layout((8, 8), (F2(9), F2(1)))", "(8,8):(F2(9),F2(1))", "(8,8):(F2(9),1)",
              "Swizzle(3, 0, 3) o Layout((8, 8), (8, 1))", "Sw<3,0,3> o 0 o (8,8):(8,1)"}) {
            auto ll = lx::cuteTextToLinear(text, {}, CuteKind::Memory);
            QVERIFY2(ll, (std::string(text) + ": " + (ll ? "" : ll.message())).c_str());
            for (int32_t r = 0; r < 8; ++r)
                for (int32_t c = 0; c < 8; ++c)
                    QCOMPARE(ll->applyOrdered({8 * r + (c ^ r)}), (std::vector<int32_t>{r, c}));
        }
        // The plain strides of a mixed layout still add: 2 and 2 carry.
        auto carry = lx::cuteTextToLinear("(2,2,2):(2,2,F2(3))", {}, CuteKind::Memory);
        QVERIFY(!carry);
        QVERIFY2(carry.message().find("the sum carries") != std::string::npos,
                 carry.message().c_str());
        // A thread-value layout with an XOR stride: value bit 0 moves both dims of a 2x2 tile.
        auto tv = lx::cuteTextToLinear("(2,2):(1,F2(3))", {2, 2}, CuteKind::ThreadValue);
        QVERIFY2(tv, tv ? "" : tv.message().c_str());
        QCOMPARE(tv->basis("register", 0), (LinearLayout::Basis{1, 1}));
        QCOMPARE(tv->basis("lane", 0), (LinearLayout::Basis{1, 0}));
    }

    // Any bijection offset -> (dim0, dim1) is written by linearToCuteText (with XOR strides when
    // no single swizzle does it) and reads back as the same layout.
    void everyBijectionWrites()
    {
        std::mt19937 rng(7);
        int xorWritten = 0;
        for (int iter = 0; iter < 200; ++iter) {
            const int rows = 1 + int(rng() % 4), cols = 1 + int(rng() % 4), n = rows + cols;
            // A random invertible GF(2) matrix: the identity under random row additions.
            std::vector<uint32_t> img(static_cast<size_t>(n));
            for (int i = 0; i < n; ++i)
                img[size_t(i)] = 1u << i;
            for (int k = 0; k < 3 * n; ++k) {
                const int a = int(rng() % n), b = int(rng() % n);
                if (a != b)
                    img[size_t(a)] ^= img[size_t(b)];
            }
            std::vector<LinearLayout::Basis> offset;
            for (uint32_t v : img)
                offset.push_back({int32_t(v >> cols), int32_t(v & ((1u << cols) - 1))});
            const LinearLayout ll = make({{"offset", offset}, {"block", {}}},
                                         {{"dim0", 1 << rows}, {"dim1", 1 << cols}});
            auto text = lx::linearToCuteText(ll);
            QVERIFY2(text, text ? "" : text.message().c_str());
            xorWritten += text->find("F2(") != std::string::npos ? 1 : 0;
            auto back = lx::cuteTextToLinear(*text, {}, CuteKind::Memory);
            QVERIFY2(back && *back == ll, text->c_str());
        }
        QVERIFY(xorWritten > 20);
    }

    // Random thread-value layouts over random tiles, zero strides (broadcast) included.
    void threadValueRoundTrips()
    {
        std::mt19937 rng(99);
        int checked = 0;
        for (int iter = 0; iter < 120; ++iter) {
            const int mBits = 1 + int(rng() % 5), nBits = 1 + int(rng() % 5);
            const int t = mBits + nBits;
            // Distinct index bits, some leaves with stride 0.
            std::vector<int> bits(static_cast<size_t>(t));
            std::iota(bits.begin(), bits.end(), 0);
            std::shuffle(bits.begin(), bits.end(), rng);
            std::vector<Leaf> thread, value;
            size_t used = 0;
            while (used < bits.size()) {
                const Leaf leaf{2, int64_t(1) << bits[used++]};
                (rng() % 3 ? thread : value).push_back(leaf);
            }
            if (rng() % 2)
                thread.push_back({2, 0});
            if (thread.empty())
                thread.push_back({1, 0});
            if (value.empty())
                value.push_back({1, 0});
            auto [ts, td] = nest(thread, rng);
            auto [vs, vd] = nest(value, rng);
            const std::string text = "(" + ts + "," + vs + "):(" + td + "," + vd + ")";
            const int32_t m = 1 << mBits, nn = 1 << nBits;
            auto ll = lx::cuteTextToLinear(text, {m, nn}, CuteKind::ThreadValue,
                                           CuteUnits::Elements, 1, 4);
            QVERIFY2(ll, (text + ": " + (ll ? "" : ll.message())).c_str());
            int64_t threads = 1, values = 1;
            for (const Leaf &l : thread)
                threads *= l.size;
            for (const Leaf &l : value)
                values *= l.size;
            for (int64_t th = 0; th < threads; ++th)
                for (int64_t v = 0; v < values; ++v) {
                    const int64_t index = evalCute(thread, th) + evalCute(value, v);
                    const std::vector<int32_t> want{int32_t(index % m), int32_t(index / m)};
                    const std::vector<int32_t> got =
                        ll->applyOrdered({int32_t(v), int32_t(th % 4), int32_t(th / 4), 0});
                    if (got != want)
                        QFAIL(qPrintable(QString::fromStdString(text)));
                }
            auto back = lx::linearToCuteText(*ll);
            QVERIFY2(back, (text + ": " + (back ? "" : back.message())).c_str());
            auto again = lx::cuteTextToLinear(*back, {m, nn}, CuteKind::ThreadValue,
                                              CuteUnits::Elements, 1, 4);
            QVERIFY2(again && *again == *ll, (text + " -> " + *back).c_str());
            ++checked;
        }
        QCOMPARE(checked, 120);
    }

    // Scene files take CuTe text in elements; the TV reading over the layout's shape.
    void sceneFiles()
    {
        const char *json = R"json({"format": "layout-explorer-scene", "version": 1,
            "layouts": [{"name": "S", "text": "Sw<3,3,3> o _0 o (_64,_64):(_64,_1)"},
                        {"name": "C", "text": "((4,8),(2,2)):((32,1),(16,8))", "shape": [16, 8]},
                        {"name": "bad", "text": "(4,2):(1,3)"}],
            "views": []})json";
        auto scene = lx::parseScene(json);
        QVERIFY2(scene, scene ? "" : scene.message().c_str());
        auto s = lx::resolveLayout(*scene, "S");
        QVERIFY2(s, s ? "" : s.message().c_str());
        QCOMPARE(s->layout, *lx::cuteTextToLinear("Sw<3,3,3> o (64,64):(64,1)", {}));
        QCOMPARE(s->shape, (std::vector<int32_t>{64, 64}));
        auto c = lx::resolveLayout(*scene, "C");
        QVERIFY2(c, c ? "" : c.message().c_str());
        QCOMPARE(c->layout.inDimSize("lane"), 32);
        auto bad = lx::resolveLayout(*scene, "bad");
        QVERIFY(!bad);
        QVERIFY2(bad.message().find("stride 3") != std::string::npos, bad.message().c_str());
        QCOMPARE(*lx::parseScene(lx::serializeScene(*scene)), *scene);
        // Unparsable CuTe text is refused when the scene is read, naming the layout.
        auto broken = lx::parseScene(R"json({"format": "layout-explorer-scene", "version": 1,
            "layouts": [{"name": "X", "text": "(4,8):"}], "views": []})json");
        QVERIFY(!broken);
        QVERIFY2(broken.message().find("expected a number") != std::string::npos,
                 broken.message().c_str());
    }

    void looksLikeCute()
    {
        QVERIFY(lx::looksLikeCute("  (4,8):(8,1)"));
        QVERIFY(lx::looksLikeCute("8:1"));
        QVERIFY(lx::looksLikeCute("Sw<3,3,3> o (8,8):(8,1)"));
        QVERIFY(!lx::looksLikeCute("#ttg.blocked<{}>"));
        QVERIFY(!lx::looksLikeCute("ttgl.BlockedLayout([1], [32], [4], [0])"));
    }
};

QTEST_APPLESS_MAIN(TestCute)
#include "tst_cute.moc"
