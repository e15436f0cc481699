// Triton's text views (getDistributedLayoutStr / getSharedLayoutStr) against every
// tritonDistributedView / tritonSharedView case of conformance/triton-ll_core.json, which Triton
// 3.6.0 produced itself: the expected text is Triton's, never ours.

#include "io/layoutjson.h"
#include "io/tritontext.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;

namespace {

nlohmann::json loadCases()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-ll_core.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

} // namespace

class TestTritonText : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void conformance_data();
    void conformance();
    void blockedFourElements();
    void checkedRefusesHugeLayouts();
};

void TestTritonText::conformance_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("layout");
    QTest::addColumn<bool>("hw");
    QTest::addColumn<QString>("expect");
    const nlohmann::json doc = loadCases();
    QVERIFY2(doc.is_object(), "cannot read triton-ll_core.json");
    int rows = 0;
    for (const auto &c : doc.at("cases")) {
        const std::string op = c.at("op").get<std::string>();
        if (op != "tritonDistributedView" && op != "tritonSharedView")
            continue;
        QTest::newRow(c.at("name").get<std::string>().c_str())
            << QString::fromStdString(op) << QString::fromStdString(c.at("args").at(0).dump())
            << c.at("args").at(1).get<bool>()
            << QString::fromStdString(c.at("expect").get<std::string>());
        ++rows;
    }
    // The file holds 45 view cases (24 distributed, 21 shared); all must be exercised.
    QCOMPARE(rows, 45);
}

void TestTritonText::conformance()
{
    QFETCH(QString, op);
    QFETCH(QString, layout);
    QFETCH(bool, hw);
    QFETCH(QString, expect);
    const auto ll = layoutFromJson(nlohmann::json::parse(layout.toStdString()));
    QVERIFY2(ll.hasValue(), ll ? "" : ll.message().c_str());
    const std::string text = op == QLatin1String("tritonDistributedView")
                                 ? tritonDistributedView(*ll, hw)
                                 : tritonSharedView(*ll, hw);
    QCOMPARE(QString::fromStdString(text), expect);
}

// Triton's unittest/Dialect/TritonGPU/DumpLayoutTest.cpp: #ttg.blocked<{sizePerThread=[1],
// threadsPerWarp=[8], warpsPerCTA=[4], order=[0]}> on tensor<4xi32>. Its linear layout is
// lane = [[1], [2], [0]] (lanes 4..7 replicate), warp = [[0], [0]] over dim0 = 4.
void TestTritonText::blockedFourElements()
{
    auto ll = LinearLayout::tryCreate(
        {{"register", {}}, {"lane", {{1}, {2}, {0}}}, {"warp", {{0}, {0}}}, {"block", {}}},
        {{"dim0", 4}}, true);
    QVERIFY(ll.hasValue());
    QCOMPARE(tritonDistributedView(*ll, false),
             std::string("[ T0:0| T4:0| T8:0|T12:0|T16:0|T20:0|T24:0|T28:0,  T1:0| T5:0| "
                         "T9:0|T13:0|T17:0|T21:0|T25:0|T29:0,  T2:0| T6:0|T10:0|T14:0|T18:0|"
                         "T22:0|T26:0|T30:0,  T3:0| T7:0|T11:0|T15:0|T19:0|T23:0|T27:0|T31:0]\n"));
    QCOMPARE(tritonDistributedView(*ll, true),
             std::string("Warp0:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                         "Warp1:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                         "Warp2:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"
                         "Warp3:\n(0), (1), (2), (3), (0), (1), (2), (3)\n"));
}

void TestTritonText::checkedRefusesHugeLayouts()
{
    std::vector<LinearLayout::Basis> offsets;
    for (int i = 0; i < 22; ++i)
        offsets.push_back({int32_t(1) << i});
    auto ll = LinearLayout::tryCreate({{"offset", offsets}, {"block", {}}},
                                      {{"dim0", int32_t(1) << 22}}, true);
    QVERIFY(ll.hasValue());
    QVERIFY(!tryTritonSharedView(*ll, false).hasValue());
    QVERIFY(!tryTritonDistributedView(*ll, true).hasValue());
}

QTEST_APPLESS_MAIN(TestTritonText)
#include "tst_tritontext.moc"
