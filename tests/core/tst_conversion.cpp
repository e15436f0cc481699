// convert_layout classification (analysis/conversion.h).
//
// The hand-made layouts below live on a 32 x 8 tensor (dim0: 32, dim1: 8) with 4 registers,
// 32 lanes and 2 warps per thread block unless said otherwise; each expected kind is derived in
// the comment above its row from which hardware index holds which element. The conformance data
// (Triton's own to_linear_layout results) checks that every layout converts to itself as a
// no-op and that the classification never fails between layouts of the same tensor.

#include "analysis/conversion.h"

#include "testlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace lx;
using json = nlohmann::json;

Q_DECLARE_METATYPE(lx::LinearLayout)
Q_DECLARE_METATYPE(lx::ConversionKind)

namespace {

using Bases = std::vector<lx::Basis>;

LinearLayout make(const Bases &reg, const Bases &lane, const Bases &warp, const Bases &block = {},
                  int32_t dim0 = 32)
{
    Expected<LinearLayout> l = LinearLayout::tryCreate(
        {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", block}},
        {{"dim0", dim0}, {"dim1", 8}}, false);
    return l ? *l : LinearLayout();
}

// Registers along dim1 (two bits), lanes: one along dim1 then four along dim0, warp along dim0.
LinearLayout base()
{
    return make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}});
}

} // namespace

class TestConversion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kinds_data();
    void kinds();
    void ldsBytesCountDistinctElements();
    void movedDimsOfAPermutation();
    void badInput();
    void conformanceLayouts();
};

void TestConversion::kinds_data()
{
    QTest::addColumn<LinearLayout>("src");
    QTest::addColumn<LinearLayout>("dst");
    QTest::addColumn<ConversionKind>("kind");
    QTest::addColumn<qint64>("bytes");

    // The same map: dst(x) == src(x) for every x.
    QTest::newRow("identical") << base() << base() << ConversionKind::NoOp << qint64(0);
    // Register bits 0 and 1 trade places: every thread keeps its 4 elements (dim1 0..3 of its
    // row), only their register numbers change.
    QTest::newRow("register swap")
        << base() << make({{0, 2}, {0, 1}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}})
        << ConversionKind::RegisterPermutation << qint64(0);
    // Register bit 0 (dim1 += 1) and lane bit 0 (dim1 += 4) trade places: the element a thread
    // needs is in its neighbour lane's registers; one register/lane exchange, inside the warp.
    QTest::newRow("one register/lane exchange")
        << base() << make({{0, 4}, {0, 2}}, {{0, 1}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}})
        << ConversionKind::WarpShuffle << qint64(0);
    // Lanes 1 and 2 trade places (dim0 1 <-> 2): a pure lane permutation, no register moves.
    QTest::newRow("lane permutation")
        << base() << make({{0, 1}, {0, 2}}, {{0, 4}, {2, 0}, {1, 0}, {4, 0}, {8, 0}}, {{16, 0}})
        << ConversionKind::WarpShuffle << qint64(0);
    // Both register bits trade with lane bits (dim1 1 <-> lane 4-step, dim1 2 <-> dim0 1): two
    // exchanges, past what Triton does with shuffles: through LDS, 32 x 8 fp16 = 512 bytes.
    QTest::newRow("two register/lane exchanges")
        << base() << make({{0, 4}, {1, 0}}, {{0, 1}, {0, 2}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}})
        << ConversionKind::LdsRoundTrip << qint64(512);
    // Warp bit (dim0 16) and the last lane bit (dim0 8) trade places: rows 8..15 move from
    // warp 0 to warp 1: through LDS, 512 bytes.
    QTest::newRow("warp exchange")
        << base() << make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {16, 0}}, {{8, 0}})
        << ConversionKind::LdsRoundTrip << qint64(512);
    // 64 rows over two CTAs: src splits dim0 at 32 between blocks, dst at 16.
    QTest::newRow("block exchange")
        << make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}}, {{32, 0}},
                64)
        << make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{32, 0}}, {{16, 0}},
                64)
        << ConversionKind::CrossCta << qint64(0);
}

void TestConversion::kinds()
{
    QFETCH(LinearLayout, src);
    QFETCH(LinearLayout, dst);
    QFETCH(ConversionKind, kind);
    QFETCH(qint64, bytes);
    Expected<ConversionPlan> plan = classifyConversion(src, dst, 16);
    QVERIFY2(plan.hasValue(), plan ? "" : plan.message().c_str());
    QCOMPARE(conversionKindName(plan->kind), conversionKindName(kind));
    QCOMPARE(plan->ldsBytes, bytes);
    QVERIFY(!plan->reason.empty());
}

void TestConversion::ldsBytesCountDistinctElements()
{
    // 16 x 8 tensor, 128 elements. src: the two warps hold the same elements (warp basis 0);
    // dst: lane bit 4 is a replica and warp splits dim0 at 8. The round trip stores each of the
    // 128 distinct elements once: 128 x 2 bytes, not the 256 elements src's registers carry.
    const LinearLayout src =
        make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{0, 0}}, {}, 16);
    const LinearLayout dst =
        make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {0, 0}}, {{8, 0}}, {}, 16);
    Expected<ConversionPlan> plan = classifyConversion(src, dst, 16);
    QVERIFY(plan.hasValue());
    QCOMPARE(plan->kind, ConversionKind::LdsRoundTrip);
    QCOMPARE(plan->ldsBytes, qint64(256));
    // The same with 8-bit elements: 128 bytes.
    QCOMPARE(classifyConversion(src, dst, 8)->ldsBytes, qint64(128));
}

void TestConversion::movedDimsOfAPermutation()
{
    // Only the register dim survives the quotients, and the minimal conversion swaps its bits.
    const LinearLayout dst =
        make({{0, 2}, {0, 1}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{16, 0}});
    Expected<ConversionPlan> plan = classifyConversion(base(), dst, 16);
    QVERIFY(plan.hasValue());
    QCOMPARE(plan->movedDims, std::vector<std::string>{"register"});
    QCOMPARE(plan->minimal.basis("register", 0), (LinearLayout::Basis{2}));
    QCOMPARE(plan->minimal.basis("register", 1), (LinearLayout::Basis{1}));
}

void TestConversion::badInput()
{
    // Different tensors.
    QVERIFY(!classifyConversion(base(),
                                make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}},
                                     {{16, 0}}, {{32, 0}}, 64),
                                16)
                 .hasValue());
    // A shared layout is not distributed.
    Expected<LinearLayout> shared = LinearLayout::tryCreate(
        {{"offset", {{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}}},
        {{"dim0", 32}, {"dim1", 8}}, false);
    QVERIFY(shared.hasValue());
    Expected<ConversionPlan> plan = classifyConversion(*shared, base(), 16);
    QVERIFY(!plan.hasValue());
    QVERIFY(plan.message().find("distributed") != std::string::npos);
    QVERIFY(!classifyConversion(base(), base(), 0).hasValue());
    // dst needs elements src does not hold (src covers only half the rows).
    const LinearLayout half =
        make({{0, 1}, {0, 2}}, {{0, 4}, {1, 0}, {2, 0}, {4, 0}, {8, 0}}, {{0, 0}});
    QVERIFY(!classifyConversion(half, base(), 16).hasValue());
}

void TestConversion::conformanceLayouts()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-conversions.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const json doc = json::parse(f.readAll().toStdString());
    std::map<std::string, std::vector<LinearLayout>> byTensor; // out-dims + lanes + warps
    int noOps = 0;
    for (const json &c : doc.at("cases")) {
        if (c.at("op") != "toLinear" || !c.at("expect").contains("bases"))
            continue;
        const LinearLayout l = lx::test::layoutOfJson(c.at("expect"));
        Expected<ConversionPlan> self = classifyConversion(l, l, 16);
        QVERIFY2(self.hasValue(), c.at("name").get<std::string>().c_str());
        QVERIFY2(self->kind == ConversionKind::NoOp, c.at("name").get<std::string>().c_str());
        ++noOps;
        std::string key;
        for (const auto &[d, s] : l.outDims())
            key += d + std::to_string(s) + " ";
        key += std::to_string(l.inDimSize("lane")) + " " + std::to_string(l.inDimSize("warp")) +
               " " + std::to_string(l.inDimSize("block"));
        byTensor[key].push_back(l);
    }
    QVERIFY(noOps > 500);
    // Between two different layouts of the same tensor the answer is never a no-op, and a
    // conversion that exists is always classified.
    int pairs = 0;
    for (const auto &[key, layouts] : byTensor)
        for (size_t i = 0; i < layouts.size() && i < 12; ++i)
            for (size_t j = 0; j < layouts.size() && j < 12; ++j) {
                Expected<ConversionPlan> plan = classifyConversion(layouts[i], layouts[j], 16);
                if (!plan)
                    continue; // dst needs elements src broadcasts away
                ++pairs;
                QCOMPARE(plan->kind == ConversionKind::NoOp, layouts[i] == layouts[j]);
            }
    QVERIFY(pairs > 100);
    qInfo("%d self-conversions, %d pairs of conformance layouts classified", noOps, pairs);
}

QTEST_GUILESS_MAIN(TestConversion)
#include "tst_conversion.moc"
