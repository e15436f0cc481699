// Raw linear layouts in JSON: the conformance array form, the gfx1250 object form,
// sizesInferred, and messages (never exceptions) for malformed input.

#include "io/layoutjson.h"
#include "layout/linearlayout.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>

using namespace lx;
using namespace Qt::StringLiterals;
using json = nlohmann::json;

class TestLayoutJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void conformanceRoundTrip();
    void arrayForm();
    void objectForm();
    void sizesInferred();
    void malformed_data();
    void malformed();
};

// Every expected layout of the conversion cases reads and writes back to the same JSON.
void TestLayoutJson::conformanceRoundTrip()
{
    std::ifstream in(std::string(LX_TEST_DATA_DIR) + "/conformance/triton-conversions.json");
    const json data = json::parse(in, nullptr, false);
    QVERIFY(data.is_object());
    int count = 0;
    for (const json &c : data["cases"]) {
        Expected<LinearLayout> l = layoutFromJson(c["expect"]);
        QVERIFY2(l.hasValue(), l.hasValue() ? "" : l.message().c_str());
        QCOMPARE(QString::fromStdString(layoutToJson(*l).dump()),
                 QString::fromStdString(c["expect"].dump()));
        ++count;
    }
    QCOMPARE(count, 622);
}

void TestLayoutJson::arrayForm()
{
    // register 1 -> (0, 1); lane 1 -> (1, 0), lane 2 -> (2, 0); out-dims in the order given.
    Expected<LinearLayout> l = layoutFromJson(json::parse(R"({"bases": [["register", [[0, 1]]],
        ["lane", [[1, 0], [2, 0]]]], "outDims": [["dim0", 4], ["dim1", 2]]})"));
    QVERIFY(l.hasValue());
    QCOMPARE(l->inDimNames(), (std::vector<std::string>{"register", "lane"}));
    QCOMPARE(l->outDimSize("dim0"), 4);
    QCOMPARE(l->basis("lane", 1), (LinearLayout::Basis{2, 0}));
    // Explicit sizes may exceed what the bases reach (not surjective): kept as given.
    Expected<LinearLayout> wide = layoutFromJson(json::parse(R"({"bases": [["offset", [[1]]]],
        "outDims": [["dim0", 8]]})"));
    QVERIFY(wide.hasValue());
    QCOMPARE(wide->outDimSize("dim0"), 8);
    QVERIFY(!wide->isSurjective());
}

void TestLayoutJson::objectForm()
{
    // The object form keeps order in inOrder/outOrder: lane before register here.
    Expected<LinearLayout> l = layoutFromJson(json::parse(R"({"inOrder": ["lane", "register"],
        "outOrder": ["dim1", "dim0"], "bases": {"register": [[0, 1]], "lane": [[1, 0]]},
        "outDims": {"dim0": 2, "dim1": 2}})"));
    QVERIFY2(l.hasValue(), l.hasValue() ? "" : l.message().c_str());
    QCOMPARE(l->inDimNames(), (std::vector<std::string>{"lane", "register"}));
    QCOMPARE(l->outDimNames(), (std::vector<std::string>{"dim1", "dim0"}));
    QCOMPARE(
        QString::fromStdString(layoutToJson(*l).dump()),
        uR"({"bases":[["lane",[[1,0]]],["register",[[0,1]]]],"outDims":[["dim1",2],["dim0",2]]})"_s);
}

void TestLayoutJson::sizesInferred()
{
    // Inferred: register reaches 2 in dim1 -> size 4; lane reaches 1 in dim0 -> size 2.
    Expected<LinearLayout> l =
        layoutFromJson(json::parse(R"({"bases": [["register", [[0, 1], [0, 2]]],
        ["lane", [[1, 0]]]], "outDims": [["dim0", 2], ["dim1", 4]], "sizesInferred": true})"));
    QVERIFY2(l.hasValue(), l.hasValue() ? "" : l.message().c_str());
    QCOMPARE(l->outDimSize("dim1"), 4);
    // Inferred sizes require surjectivity, like Triton's constructor without sizes.
    Expected<LinearLayout> bad = layoutFromJson(json::parse(R"({"bases": [["register", [[3]]]],
        "outDims": [["dim0", 4]], "sizesInferred": true})"));
    QVERIFY(!bad.hasValue());
    QVERIFY2(QString::fromStdString(bad.message()).contains(u"surjective"_s),
             bad.message().c_str());
}

void TestLayoutJson::malformed_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("not an object") << QByteArray(R"([])") << u"JSON object"_s;
    QTest::newRow("no bases") << QByteArray(R"({"outDims": [["dim0", 2]]})") << u"'bases'"_s;
    QTest::newRow("no outDims") << QByteArray(R"({"bases": []})") << u"'outDims'"_s;
    QTest::newRow("bases entry arity")
        << QByteArray(R"({"bases": [["register"]], "outDims": [["dim0", 2]]})") << u"[inDimName"_s;
    QTest::newRow("in-dim name not a string")
        << QByteArray(R"({"bases": [[1, [[1]]]], "outDims": [["dim0", 2]]})") << u"[inDimName"_s;
    QTest::newRow("basis not a list")
        << QByteArray(R"({"bases": [["register", [1]]], "outDims": [["dim0", 2]]})")
        << u"basis 0"_s;
    QTest::newRow("negative component")
        << QByteArray(R"({"bases": [["register", [[-1]]]], "outDims": [["dim0", 2]]})")
        << u"negative"_s;
    QTest::newRow("non-integer component")
        << QByteArray(R"({"bases": [["register", [[1.5]]]], "outDims": [["dim0", 2]]})")
        << u"integer"_s;
    QTest::newRow("string component")
        << QByteArray(R"({"bases": [["register", [["1"]]]], "outDims": [["dim0", 2]]})")
        << u"integer"_s;
    QTest::newRow("wrong basis arity")
        << QByteArray(R"({"bases": [["register", [[1, 0]]]], "outDims": [["dim0", 2]]})")
        << u"components"_s;
    QTest::newRow("component out of range")
        << QByteArray(R"({"bases": [["register", [[2]]]], "outDims": [["dim0", 2]]})")
        << u"out of range"_s;
    QTest::newRow("outDims entry arity")
        << QByteArray(R"({"bases": [], "outDims": [["dim0"]]})") << u"[name, size]"_s;
    QTest::newRow("size not a power of two")
        << QByteArray(R"({"bases": [], "outDims": [["dim0", 6]]})") << u"power of two"_s;
    QTest::newRow("size zero") << QByteArray(R"({"bases": [], "outDims": [["dim0", 0]]})")
                               << u"power of two"_s;
    QTest::newRow("size above 2^30")
        << QByteArray(R"({"bases": [], "outDims": [["dim0", 2147483648]]})") << u"integer"_s;
    QTest::newRow("size 2^62") << QByteArray(R"({"bases": [], "outDims": [["dim0", 1073741824],
        ["dim1", 4611686018427387904]]})")
                               << u"integer"_s;
    QTest::newRow("size float") << QByteArray(R"({"bases": [], "outDims": [["dim0", 2.0]]})")
                                << u"integer"_s;
    QTest::newRow("duplicate in-dim")
        << QByteArray(R"({"bases": [["lane", []], ["lane", []]], "outDims": [["dim0", 2]]})")
        << u"twice"_s;
    QTest::newRow("duplicate out-dim")
        << QByteArray(R"({"bases": [], "outDims": [["dim0", 2], ["dim0", 2]]})") << u"twice"_s;
    QTest::newRow("sizesInferred not bool")
        << QByteArray(R"({"bases": [], "outDims": [["dim0", 1]], "sizesInferred": 1})")
        << u"sizesInferred"_s;
    QTest::newRow("sizesInferred disagrees")
        << QByteArray(
               R"({"bases": [["register", [[1]]]], "outDims": [["dim0", 4]], "sizesInferred": true})")
        << u"infer"_s;
    QTest::newRow("object form without inOrder")
        << QByteArray(R"({"bases": {"register": [[1]]}, "outDims": [["dim0", 2]]})")
        << u"inOrder"_s;
    QTest::newRow("object form inOrder names a missing dim")
        << QByteArray(
               R"({"inOrder": ["lane"], "bases": {"register": [[1]]}, "outDims": [["dim0", 2]]})")
        << u"'lane'"_s;
    QTest::newRow("object outDims without outOrder")
        << QByteArray(R"({"bases": [], "outDims": {"dim0": 2}})") << u"outOrder"_s;
}

void TestLayoutJson::malformed()
{
    QFETCH(QByteArray, input);
    QFETCH(QString, messagePart);
    const json j = json::parse(input.toStdString(), nullptr, false);
    QVERIFY(!j.is_discarded());
    Expected<LinearLayout> l = layoutFromJson(j);
    QVERIFY(!l.hasValue());
    QVERIFY2(QString::fromStdString(l.message()).contains(messagePart), l.message().c_str());
}

QTEST_GUILESS_MAIN(TestLayoutJson)
#include "tst_layoutjson.moc"
