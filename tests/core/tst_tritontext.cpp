// Triton's text views (getDistributedLayoutStr / getSharedLayoutStr) against every
// tritonDistributedView / tritonSharedView case of conformance/triton-ll_core.json, which Triton
// 3.6.0 produced itself: the expected text is Triton's, never ours.

#include "io/layoutjson.h"
#include "io/tritontext.h"
#include "layout/linearlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <random>

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
    void ownersAreThoseApplyFinds();
    void bufferGetsTheStringsText();
    void checkedRefusesHugeLayouts();
    void checkedRefusesHiddenInDims();
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

namespace {

// A random distributed layout over dim0 x dim1 whose bases are drawn from the out-space, zero
// and repeated ones included: elements with one owner, with two, with many and with none.
LinearLayout randomDistributed(std::mt19937 &rng)
{
    auto bits = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const int rows = bits(0, 3), cols = bits(0, 3);
    auto basis = [&]() -> LinearLayout::Basis {
        if (bits(0, 5) == 0)
            return {0, 0}; // a broadcast bit
        return {int32_t(bits(0, (1 << rows) - 1)), int32_t(bits(0, (1 << cols) - 1))};
    };
    LinearLayout::BasesT bases;
    for (const auto &[name, count] :
         {std::pair{"register", bits(0, 3)}, std::pair{"lane", bits(1, 3)},
          std::pair{"warp", bits(0, 2)}}) {
        std::vector<LinearLayout::Basis> b;
        for (int i = 0; i < count; ++i)
            b.push_back(basis());
        bases.emplace_back(name, b);
    }
    bases.emplace_back("block", std::vector<LinearLayout::Basis>{});
    auto ll = LinearLayout::tryCreate(bases, {{"dim0", 1 << rows}, {"dim1", 1 << cols}}, false);
    return *ll;
}

std::string trimmed(const std::string &s)
{
    const size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

} // namespace

// The tensor view's owners of every element are those applying the layout to every hardware
// index finds, in ascending index order (Triton's), whatever their number: one, two (a single
// broadcast bit), more, or none (an element outside the image).
void TestTritonText::ownersAreThoseApplyFinds()
{
    std::mt19937 rng(7);
    std::map<size_t, int> seen; // owners per element -> elements, to show every count is met
    for (int round = 0; round < 300; ++round) {
        const LinearLayout ll = randomDistributed(rng);
        const int64_t regs = ll.inDimSize("register"), lanes = ll.inDimSize("lane"),
                      warps = ll.inDimSize("warp");
        const int64_t cols = ll.outDimSize("dim1");
        std::vector<std::vector<std::string>> expected(size_t(ll.totalOutDimSize()));
        for (int64_t w = 0; w < warps; ++w)
            for (int64_t t = 0; t < lanes; ++t)
                for (int64_t r = 0; r < regs; ++r) {
                    const std::vector<int32_t> out =
                        ll.applyOrdered({int32_t(r), int32_t(t), int32_t(w), 0});
                    expected[size_t(out[0] * cols + out[1])].push_back(
                        "T" + std::to_string(w * lanes + t) + ":" + std::to_string(r));
                }
        std::string text = tritonDistributedView(ll, false);
        std::replace(text.begin(), text.end(), '\n', ',');
        std::erase_if(text, [](char c) { return c == '[' || c == ']'; });
        std::vector<std::vector<std::string>> found;
        size_t start = 0;
        while (start < text.size()) {
            size_t end = text.find(',', start);
            if (end == std::string::npos)
                end = text.size();
            std::vector<std::string> owners;
            const std::string element = text.substr(start, end - start);
            size_t a = 0;
            while (!trimmed(element).empty() && a <= element.size()) {
                const size_t b = std::min(element.find('|', a), element.size());
                owners.push_back(trimmed(element.substr(a, b - a)));
                a = b + 1;
            }
            found.push_back(owners);
            start = end + 1;
            if (end + 1 < text.size() && text[end + 1] == ',') // the row's newline and the next
                ++start;
        }
        QCOMPARE(found.size(), expected.size());
        for (size_t e = 0; e < expected.size(); ++e) {
            QCOMPARE(found[e], expected[e]);
            ++seen[expected[e].size()];
        }
    }
    for (size_t owners : {size_t(0), size_t(1), size_t(2), size_t(4)})
        QVERIFY2(seen[owners] > 0, std::to_string(owners).c_str());
}

// A TextBuffer of the caller's gets the same text as the std::string functions, told once how
// much room to reserve and then how much was written.
void TestTritonText::bufferGetsTheStringsText()
{
    struct Recorder final : TextBuffer
    {
        char *reserve(size_t bytes) override
        {
            ++reserves;
            room.assign(bytes, '#'); // whatever was there before: the view may not rely on it
            return room.data();
        }
        void finish(size_t used) override { text.assign(room.data(), used), ++finishes; }
        std::string room, text;
        int reserves = 0, finishes = 0;
    };
    std::mt19937 rng(11);
    for (int round = 0; round < 50; ++round) {
        const LinearLayout ll = randomDistributed(rng);
        for (bool hw : {false, true}) {
            Recorder r;
            QVERIFY(tryTritonDistributedView(ll, hw, r).hasValue());
            QCOMPARE(r.text, tritonDistributedView(ll, hw));
            QCOMPARE(r.reserves, 1);
            QCOMPARE(r.finishes, 1);
            QVERIFY(r.text.size() <= r.room.size());
        }
    }
    auto shared = LinearLayout::tryCreate({{"offset", {{0, 1}, {1, 0}, {0, 2}}}, {"block", {}}},
                                          {{"dim0", 2}, {"dim1", 4}}, true);
    QVERIFY(shared.hasValue());
    for (bool hw : {false, true}) {
        Recorder r;
        QVERIFY(tryTritonSharedView(*shared, hw, r).hasValue());
        QCOMPARE(r.text, tritonSharedView(*shared, hw));
    }
}

void TestTritonText::checkedRefusesHugeLayouts()
{
    std::vector<LinearLayout::Basis> offsets;
    for (int i = 0; i < 22; ++i)
        offsets.push_back({int32_t(1) << i});
    // 2^22 offsets (or registers) over 2^22 elements: each view refuses for the size.
    auto over = [&](const char *inDim) {
        auto ll = LinearLayout::tryCreate({{inDim, offsets}, {"block", {}}},
                                          {{"dim0", int32_t(1) << 22}}, true);
        return std::move(*ll);
    };
    auto tooLarge = [](const Expected<std::string> &view) {
        return !view.hasValue() && view.message().find("too large") != std::string::npos;
    };
    QVERIFY(tooLarge(tryTritonSharedView(over("offset"), false)));
    QVERIFY(tooLarge(tryTritonDistributedView(over("register"), true)));
}

// A view holds the in-dims it does not print at 0: the checked variants refuse a layout whose
// hidden in-dim has more than one index (a shared layout's distributed view, the reverse, or a
// name neither view knows), naming it, and accept one whose extra in-dims have a single index.
void TestTritonText::checkedRefusesHiddenInDims()
{
    auto shared = LinearLayout::tryCreate({{"offset", {{0, 1}, {1, 0}, {0, 2}}}, {"block", {}}},
                                          {{"dim0", 2}, {"dim1", 4}}, true);
    QVERIFY(shared.hasValue());
    // Refused, naming the hidden in-dim with its size and the view that shows it.
    auto refusedFor = [](const Expected<std::string> &view, const std::string &dim,
                         const std::string &other) {
        return !view.hasValue() && view.message().find(dim) != std::string::npos &&
               view.message().find(other) != std::string::npos;
    };
    QVERIFY(refusedFor(tryTritonDistributedView(*shared, false), "'offset' (8 indices)",
                       "shared view"));

    auto distributed = LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {0, 2}}}, {"warp", {}}, {"block", {}}},
        {{"dim0", 2}, {"dim1", 4}}, true);
    QVERIFY(distributed.hasValue());
    QVERIFY(refusedFor(tryTritonSharedView(*distributed, true), "'register' (2 indices)",
                       "distributed view"));
    QVERIFY(tryTritonDistributedView(*distributed, true).hasValue());

    auto custom = LinearLayout::tryCreate({{"lane", {{1}}}, {"foo", {{2}}}}, {{"dim0", 4}}, true);
    QVERIFY(custom.hasValue());
    auto hidden = tryTritonDistributedView(*custom, false);
    QVERIFY(!hidden.hasValue());
    QVERIFY(hidden.message().find("'foo'") != std::string::npos);

    auto single = LinearLayout::tryCreate({{"lane", {{1}, {2}}}, {"foo", {}}}, {{"dim0", 4}}, true);
    QVERIFY(single.hasValue());
    QCOMPARE(*tryTritonDistributedView(*single, false), tritonDistributedView(*single, false));
}

QTEST_APPLESS_MAIN(TestTritonText)
#include "tst_tritontext.moc"
