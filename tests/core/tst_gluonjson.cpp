// Gluon layout JSON ({"kind": ..., keyword arguments}): parsing, printing, and the messages for
// malformed objects.

#include "io/gluonjson.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>

using namespace lx;
using namespace Qt::StringLiterals;
using json = nlohmann::json;

class TestGluonJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void conformanceRoundTrip();
    void parsesEveryKind_data();
    void parsesEveryKind();
    void fields();
    void malformed_data();
    void malformed();
};

// Every Gluon layout of the conversion, bank-conflict and NVIDIA cases parses, and printing it
// gives the same JSON object back.
void TestGluonJson::conformanceRoundTrip()
{
    int count = 0;
    for (const char *file :
         {"triton-conversions.json", "triton-bank_conflicts.json", "triton-nvidia.json"}) {
        std::ifstream in(std::string(LX_TEST_DATA_DIR) + "/conformance/" + file);
        const json data = json::parse(in, nullptr, false);
        QVERIFY(data.is_object());
        for (const json &c : data["cases"])
            for (const json &arg : c["args"]) {
                if (!arg.is_object() || !arg.contains("kind"))
                    continue;
                Expected<LayoutAttrPtr> attr = attrFromGluonJson(arg);
                QVERIFY2(attr.hasValue(), attr.hasValue() ? "" : attr.message().c_str());
                QCOMPARE(QString::fromStdString(attrToGluonJson(**attr).dump()),
                         QString::fromStdString(arg.dump()));
                ++count;
            }
    }
    QCOMPARE(count, 622 + 134 + 368);
}

void TestGluonJson::parsesEveryKind_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::newRow("SliceLayout") << QByteArray(
        R"({"kind": "SliceLayout", "dim": 1, "parent": {"kind":
        "BlockedLayout", "size_per_thread": [1, 1], "threads_per_warp": [4, 8], "warps_per_cta": [1, 1],
        "order": [1, 0], "cga_layout": []}})");
    QTest::newRow("DistributedLinearLayout")
        << QByteArray(R"({"kind": "DistributedLinearLayout", "reg_bases":
        [[0, 1]], "lane_bases": [[1, 0]], "warp_bases": [], "block_bases": [], "shape": [2, 2]})");
    QTest::newRow("AMDWMMALayout ctaLayout")
        << QByteArray(R"({"kind": "AMDWMMALayout", "version": 3,
        "transposed": true, "warp_bases": [[2, 1], [1, 0]], "reg_bases": [[0, 1]], "instr_shape": [16, 16, 32],
        "cga_layout": []})");
    QTest::newRow("AMDWMMALayout rank 3") << QByteArray(R"({"kind": "AMDWMMALayout", "version": 3,
        "transposed": false, "warp_bases": [], "reg_bases": [], "rank": 3, "instr_shape": [16, 16, 32],
        "cga_layout": []})");
    QTest::newRow("PaddedSharedLayout identity") << QByteArray(R"({"kind": "PaddedSharedLayout",
        "interval_padding_pairs": [[512, 16], [1024, 8]], "shape": [128, 64], "order": [0, 1],
        "cga_layout": []})");
    QTest::newRow("PaddedSharedLayout bases") << QByteArray(R"({"kind": "PaddedSharedLayout",
        "interval_padding_pairs": [[2, 2]], "shape": [2, 2], "offset_bases": [[0, 1], [1, 0]],
        "cga_layout": []})");
    QTest::newRow("SharedLinearLayout")
        << QByteArray(R"({"kind": "SharedLinearLayout", "offset_bases":
        [[0, 1], [1, 0]], "block_bases": [], "alignment": 16})");
    QTest::newRow("PartitionedSharedLayout") << QByteArray(R"({"kind": "PartitionedSharedLayout",
        "num_partitions": 2, "num_groups": 4, "partition_dim": 1, "partition_layout": {"kind":
        "SwizzledSharedLayout", "vec": 1, "per_phase": 1, "max_phase": 1, "order": [1, 0], "cga_layout": []}})");
}

void TestGluonJson::parsesEveryKind()
{
    QFETCH(QByteArray, input);
    const json j = json::parse(input.toStdString());
    Expected<LayoutAttrPtr> attr = attrFromGluonJson(j);
    QVERIFY2(attr.hasValue(), attr.hasValue() ? "" : attr.message().c_str());
    QCOMPARE(QString::fromStdString(attrToGluonJson(**attr).dump()),
             QString::fromStdString(j.dump()));
    Expected<LayoutAttrPtr> again = attrFromGluonJson(attrToGluonJson(**attr));
    QVERIFY(again.hasValue());
    QVERIFY(**again == **attr);
}

// Keyword names land in the right fields, defaults included.
void TestGluonJson::fields()
{
    Expected<LayoutAttrPtr> a =
        attrFromGluonJson(json::parse(R"({"kind": "AMDWMMALayout", "version": 3,
        "transposed": true, "warp_bases": [[2, 1], [1, 0]], "reg_bases": [[0, 1]]})"));
    QVERIFY(a.hasValue());
    const auto *w = (*a)->as<AmdWmmaAttr>();
    QVERIFY(w);
    QVERIFY(w->isTransposed);
    QCOMPARE(w->ctaWarp, (BasisList{{2, 1}, {1, 0}}));
    QCOMPARE(w->ctaRegister, (BasisList{{0, 1}}));
    QCOMPARE(w->instrShape, (IntList{16, 16, 16}));
    QVERIFY(!w->warpsPerCTA);

    Expected<LayoutAttrPtr> m =
        attrFromGluonJson(json::parse(R"({"kind": "AMDMFMALayout", "version": 4,
        "instr_shape": [16, 16, 32], "transposed": false, "warps_per_cta": [2, 2], "element_bitwidth": 64})"));
    QVERIFY(m.hasValue());
    QCOMPARE((*m)->as<AmdMfmaAttr>()->elementBitWidth, 64);
    QVERIFY((*m)->as<AmdMfmaAttr>()->tilesPerWarp.empty());

    Expected<LayoutAttrPtr> d =
        attrFromGluonJson(json::parse(R"({"kind": "DotOperandLayout", "operand_index": 1,
        "k_width": 8, "parent": {"kind": "AMDMFMALayout", "version": 3, "instr_shape": [32, 32, 8],
        "transposed": true, "warps_per_cta": [1, 4]}})"));
    QVERIFY(d.hasValue());
    const auto *dot = (*d)->as<DotOperandAttr>();
    QCOMPARE(dot->opIdx, 1);
    QCOMPARE(dot->kWidth, 8);
    QCOMPARE(dot->parent->as<AmdMfmaAttr>()->warpsPerCTA, (IntList{1, 4}));

    Expected<LayoutAttrPtr> p = attrFromGluonJson(json::parse(R"({"kind": "PaddedSharedLayout",
        "interval_padding_pairs": [[512, 16]], "shape": [64, 8], "order": [1, 0]})"));
    QVERIFY(p.hasValue());
    const auto *padded = (*p)->as<PaddedSharedAttr>();
    QCOMPARE(padded->intervalPadding, (std::vector<std::pair<int32_t, int32_t>>{{512, 16}}));
    QCOMPARE(padded->order, (IntList{1, 0}));
    QVERIFY(padded->offsetBases.empty());
}

void TestGluonJson::malformed_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("not an object") << QByteArray(R"([1, 2])") << u"must be an object"_s;
    QTest::newRow("no kind") << QByteArray(R"({"vec": 1})") << u"'kind'"_s;
    QTest::newRow("kind not a string") << QByteArray(R"({"kind": 3})") << u"'kind'"_s;
    QTest::newRow("unknown kind") << QByteArray(R"({"kind": "NVMMASharedLayout"})")
                                  << u"NVMMASharedLayout"_s;
    QTest::newRow("missing key")
        << QByteArray(R"({"kind": "SwizzledSharedLayout", "vec": 1, "per_phase": 1,
        "order": [1, 0]})")
        << u"'max_phase' is missing"_s;
    QTest::newRow("misspelt key")
        << QByteArray(R"({"kind": "SwizzledSharedLayout", "vec": 1, "per_phase": 1,
        "max_phase": 1, "order": [1, 0], "maxPhase": 2})")
        << u"unknown key 'maxPhase'"_s;
    QTest::newRow("float for int")
        << QByteArray(R"({"kind": "SwizzledSharedLayout", "vec": 1.5, "per_phase": 1,
        "max_phase": 1, "order": [1, 0]})")
        << u"'vec' must be an integer"_s;
    QTest::newRow("int out of range")
        << QByteArray(R"({"kind": "SwizzledSharedLayout", "vec": 4294967296,
        "per_phase": 1, "max_phase": 1, "order": [1, 0]})")
        << u"32-bit"_s;
    QTest::newRow("string in list")
        << QByteArray(R"({"kind": "BlockedLayout", "size_per_thread": [1, "2"],
        "threads_per_warp": [4, 8], "warps_per_cta": [1, 1], "order": [1, 0]})")
        << u"size_per_thread"_s;
    QTest::newRow("list not a list")
        << QByteArray(R"({"kind": "BlockedLayout", "size_per_thread": 4,
        "threads_per_warp": [4, 8], "warps_per_cta": [1, 1], "order": [1, 0]})")
        << u"must be a list of integers"_s;
    QTest::newRow("bool not a bool")
        << QByteArray(R"({"kind": "AMDMFMALayout", "version": 3, "instr_shape":
        [32, 32, 8], "transposed": 1, "warps_per_cta": [1, 1]})")
        << u"'transposed' must be true or false"_s;
    QTest::newRow("bases not lists")
        << QByteArray(R"({"kind": "SharedLinearLayout", "offset_bases": [1, 2]})")
        << u"offset_bases"_s;
    QTest::newRow("bad nested parent")
        << QByteArray(R"({"kind": "DotOperandLayout", "operand_index": 0,
        "k_width": 8, "parent": {"kind": "AMDWMMALayout", "version": 3}})")
        << u"'transposed' is missing"_s;
    QTest::newRow("both WMMA forms")
        << QByteArray(R"({"kind": "AMDWMMALayout", "version": 3, "transposed": true,
        "warps_per_cta": [1, 1], "warp_bases": []})")
        << u"either"_s;
    QTest::newRow("padding pair arity") << QByteArray(R"({"kind": "PaddedSharedLayout",
        "interval_padding_pairs": [[512, 16, 2]], "shape": [64, 8], "order": [1, 0]})")
                                        << u"[interval, padding]"_s;
    QTest::newRow("distributed partition layout")
        << QByteArray(R"({"kind": "PartitionedSharedLayout",
        "num_partitions": 2, "num_groups": 1, "partition_dim": 0, "partition_layout": {"kind": "BlockedLayout",
        "size_per_thread": [1, 1], "threads_per_warp": [4, 8], "warps_per_cta": [1, 1], "order": [1, 0]}})")
        << u"shared layout"_s;
    QTest::newRow("linear basis rank")
        << QByteArray(R"({"kind": "DistributedLinearLayout", "reg_bases": [[1]],
        "lane_bases": [], "warp_bases": [], "block_bases": [], "shape": [2, 2]})")
        << u"rank 2"_s;
    QByteArray deep = R"({"kind": "BlockedLayout", "size_per_thread": [1], "threads_per_warp": [32],
        "warps_per_cta": [1], "order": [0]})";
    for (int i = 0; i < 40; ++i)
        deep = R"({"kind": "SliceLayout", "dim": 0, "parent": )" + deep + "}";
    QTest::newRow("nested too deep") << deep << u"levels deep"_s;
}

void TestGluonJson::malformed()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, messagePart);
    const json j = json::parse(input.toStdString(), nullptr, false);
    QVERIFY(!j.is_discarded());
    Expected<LayoutAttrPtr> attr = attrFromGluonJson(j);
    QVERIFY(!attr.hasValue());
    QVERIFY2(QString::fromStdString(attr.message()).contains(messagePart), attr.message().c_str());
}

QTEST_GUILESS_MAIN(TestGluonJson)
#include "tst_gluonjson.moc"
