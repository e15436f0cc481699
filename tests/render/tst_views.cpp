// The view builders (ownership, inverse, matrix, xor) and the view registry.

#include "layout/linearlayout.h"
#include "render/ownershipdiagram.h"
#include "render/palette.h"
#include "render/viewregistry.h"

#include <QTest>

using namespace Qt::StringLiterals;
using lx::LinearLayout;

namespace {

// The worked example of linearlayout.h: register = [[0,1]], lane = [[1,0],[2,0]],
// warp = [[2,1],[1,0]] over (dim0: 4, dim1: 2). Every element has 4 owners (rank 3, 5 bits).
LinearLayout workedExample()
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
        {{"dim0", 4}, {"dim1", 2}}, false);
}

lx::ViewRequest request(const std::string &kind, nlohmann::json options = nlohmann::json::object())
{
    lx::ViewRequest r;
    r.kind = kind;
    r.layouts.push_back({"L", workedExample(), {4, 2}, "f16", nullptr});
    r.options = std::move(options);
    return r;
}

} // namespace

class TestViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void ownershipListsEveryOwner()
    {
        const auto d = lx::buildView(request("ownership"));
        QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
        const lx::DiagramPanel &p = d->panels.at(0);
        QCOMPARE(p.rows(), 4);
        QCOMPARE(p.columns(), 2);
        // 4 owners > maxLabelOwners (2): a count, never only the first owner.
        QCOMPARE(p.text(3, 1), u"×4"_s);
        // Element [3,1]: owners solve L(x) = [3,1]; one is warp=3 alone ([2,1] ⊕ [1,0] = [3,1],
        // the blog's example), and the tooltip lists all four with their decompositions.
        const QString tip = p.tooltip(3, 1);
        QVERIFY2(tip.contains(u"4 owners"_s), qPrintable(tip));
        QVERIFY2(tip.contains(u"warp=3 → [2,1] ⊕ [1,0] = [3,1]"_s), qPrintable(tip));
        QCOMPARE(tip.count(u'\n'), 4);
        // The owners have different warps: outlined, and the legend says so.
        QVERIFY(qAlpha(p.cell(3, 1).outline) != 0);
        // Element ids: dim0 + 4 * dim1 (the first out-dim least significant).
        QCOMPARE(p.cell(3, 1).elementId, qint64(3 + 4 * 1));
    }

    void ownershipLabelsAndColours()
    {
        // A bijective layout: lane -> dim1 (2), register -> dim0 (2), warp -> dim0 (2).
        lx::ViewRequest r;
        r.kind = "ownership";
        r.layouts.push_back({"B",
                             *LinearLayout::tryCreate(
                                 {{"register", {{1, 0}}}, {"lane", {{0, 1}}}, {"warp", {{2, 0}}}},
                                 {{"dim0", 4}, {"dim1", 2}}, true),
                             {},
                             {},
                             nullptr});
        r.options = {{"colorBy", "lane"}};
        const auto d = lx::buildView(r);
        QVERIFY(d.hasValue());
        const auto &p = d->panels.at(0);
        // (3, 1) = register 1 ([1,0]) ^ warp 1 ([2,0]) ^ lane 1 ([0,1]): "W1" line, then "T1:R1".
        QCOMPARE(p.text(3, 1), u"W1\nT1:R1"_s);
        QCOMPARE(p.cell(3, 1).fill, lx::categoricalColor(1, 2));
        QCOMPARE(p.cell(3, 0).fill, lx::categoricalColor(0, 2));
        r.options = {{"colorBy", "simd-pair"}};
        const auto pairs = lx::buildView(r);
        QVERIFY(pairs.hasValue());
        // warp 1 -> SIMD 1 -> pair B.
        QCOMPARE(pairs->panels[0].cell(3, 1).fill, lx::simdPairColor(1));
        QCOMPARE(pairs->panels[0].cell(0, 0).fill, lx::simdPairColor(0));
    }

    // A colour key with one value (one warp, one register, one block) paints every element one
    // colour: the legend says why instead of listing a single "warp 0", and the same sentence is
    // what singleOwnerColourNote gives the window. A key with several values lists them.
    void aColourKeyOfOneValueSaysWhy_data()
    {
        QTest::addColumn<QString>("colorBy");
        QTest::addColumn<QString>("said");
        QTest::newRow("warp") << u"warp"_s
                              << u"The layout has one warp, so every element is warp 0"_s;
        QTest::newRow("register")
            << u"register"_s << u"The layout has one register, so every element is register 0"_s;
        QTest::newRow("block") << u"block"_s
                               << u"The layout has one block, so every element is block 0"_s;
        QTest::newRow("lane: 4 lanes") << u"lane"_s << QString();
    }
    void aColourKeyOfOneValueSaysWhy()
    {
        QFETCH(QString, colorBy);
        QFETCH(QString, said);
        // lane = [[1,0],[2,0]] (4 lanes), no register, warp or block bases, over (dim0: 4).
        const LinearLayout oneWarp = *LinearLayout::tryCreate(
            {{"register", {}}, {"lane", {{1}, {2}}}, {"warp", {}}}, {{"dim0", 4}}, false);
        lx::ViewRequest r;
        r.kind = "ownership";
        r.layouts.push_back({"L", oneWarp, {4}, "f16", nullptr});
        r.options = {{"colorBy", colorBy.toStdString()}};
        const auto d = lx::buildView(r);
        QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
        const lx::Expected<lx::OwnerColor> key = lx::parseOwnerColor(colorBy.toStdString());
        QVERIFY(key);
        QCOMPARE(lx::singleOwnerColourNote(oneWarp, *key), said);
        if (said.isEmpty()) {
            QCOMPARE(int(d->legend.size()), 4);
            QCOMPARE(d->legend.at(3).text, u"lane 3"_s);
            return;
        }
        QCOMPARE(int(d->legend.size()), 1);
        QCOMPARE(d->legend.at(0).text, said);
        const lx::DiagramPanel &p = d->panels.at(0);
        for (int row = 0; row < p.rows(); ++row)
            QCOMPARE(p.cell(row, 0).fill, d->legend.at(0).color);
    }

    // Cells are square once a side has more than 128 elements (a grid navigated, not read
    // whole), wide enough for a one-line label below that; the option "cells" says otherwise.
    void ownershipCellShape()
    {
        auto identity = [](int log2Rows, int log2Cols) {
            std::vector<lx::Basis> lane, reg;
            for (int i = 0; i < log2Cols; ++i)
                reg.push_back({0, 1 << i});
            for (int i = 0; i < log2Rows; ++i)
                lane.push_back({1 << i, 0});
            lx::ViewRequest r;
            r.kind = "ownership";
            r.layouts.push_back({"L",
                                 *LinearLayout::tryCreate(
                                     {{"register", reg}, {"lane", lane}},
                                     {{"dim0", 1 << log2Rows}, {"dim1", 1 << log2Cols}}, false),
                                 {},
                                 {},
                                 nullptr});
            return r;
        };
        auto cellSize = [](const lx::ViewRequest &r) {
            const auto d = lx::buildView(r);
            return d ? d->cellSize : QSizeF();
        };
        const QSizeF small = cellSize(identity(6, 6));
        QVERIFY(small.width() > small.height());
        lx::ViewRequest big = identity(8, 8);
        const QSizeF square = cellSize(big);
        QCOMPARE(square.width(), square.height());
        QCOMPARE(square.width(), small.width()); // as wide as before, as high as wide
        QCOMPARE(cellSize(identity(3, 9)).height(), cellSize(identity(3, 9)).width());
        big.options = {{"cells", "wide"}};
        QCOMPARE(cellSize(big), small);
        lx::ViewRequest forced = identity(6, 6);
        forced.options = {{"cells", "square"}};
        QCOMPARE(cellSize(forced).height(), small.width());
        // Square cells put one owner's lane and register on two lines.
        const auto tall = lx::buildView(forced);
        QVERIFY(tall.hasValue());
        QCOMPARE(tall->panels[0].text(1, 2), u"T1\nR2"_s);
        const auto wide = lx::buildView(identity(6, 6));
        QCOMPARE(wide->panels[0].text(1, 2), u"T1:R2"_s);
        forced.options = {{"cells", "round"}};
        const auto refused = lx::buildView(forced);
        QVERIFY(!refused.hasValue());
        QVERIFY2(refused.message().find("cells") != std::string::npos, refused.message().c_str());
    }

    // "axisNames" renames the out-dims wherever the view names them: the axis labels, the
    // subtitle and the tooltips (a tensor-memory view's "TMEM lane" and "TMEM column"); one name
    // per out-dim, else refused.
    void ownershipAxisNames()
    {
        lx::ViewRequest r;
        r.kind = "ownership";
        r.layouts.push_back({"T",
                             *LinearLayout::tryCreate(
                                 {{"register", {{0, 1}}}, {"lane", {{1, 0}}}, {"warp", {{2, 0}}}},
                                 {{"dim0", 4}, {"dim1", 2}}, true),
                             {},
                             {},
                             nullptr});
        const auto plain = lx::buildView(r);
        QVERIFY(plain.hasValue());
        QCOMPARE(plain->panels[0].rowAxisLabel, u"dim0"_s);
        r.options = {{"axisNames", {"TMEM lane", "TMEM column"}}};
        const auto d = lx::buildView(r);
        QVERIFY2(d.hasValue(), d ? "" : d.message().c_str());
        const auto &p = d->panels.at(0);
        QCOMPARE(p.rowAxisLabel, u"TMEM lane"_s);
        QCOMPARE(p.columnAxisLabel, u"TMEM column"_s);
        QVERIFY2(d->subtitle.startsWith(u"rows: TMEM lane (4), columns: TMEM column (2)"_s),
                 qPrintable(d->subtitle));
        QVERIFY2(p.tooltip(3, 1).startsWith(u"TMEM lane=3, TMEM column=1: 1 owner"_s),
                 qPrintable(p.tooltip(3, 1)));
        QVERIFY(!p.tooltip(3, 1).contains(u"dim0"_s));
        r.options = {{"axisNames", {"TMEM lane"}}};
        const auto refused = lx::buildView(r);
        QVERIFY(!refused.hasValue());
        QVERIFY2(refused.message().find("axisNames") != std::string::npos,
                 refused.message().c_str());
    }

    void inverseView()
    {
        const auto d = lx::buildView(request("inverse", {{"warp", 3}}));
        QVERIFY(d.hasValue());
        const auto &p = d->panels.at(0);
        QCOMPARE(p.rows(), 4);    // lanes
        QCOMPARE(p.columns(), 2); // registers
        // lane 0, register 0, warp 3 -> [3,1].
        QCOMPARE(p.text(0, 0), u"[3,1]"_s);
        QCOMPARE(p.tooltip(0, 0), u"warp=3 → [2,1] ⊕ [1,0] = [3,1]"_s);
        QCOMPARE(p.cell(0, 0).elementId, qint64(3 + 4 * 1));
    }

    void matrixView()
    {
        const auto d = lx::buildView(request("matrix"));
        QVERIFY(d.hasValue());
        // One panel per in-dim; rows = 2 dim0 bits + 1 dim1 bit.
        QCOMPARE(int(d->panels.size()), 3);
        const auto &warp = d->panels[2];
        QCOMPARE(warp.title, u"warp"_s);
        QCOMPARE(warp.rows(), 3);
        // warp basis 0 = [2,1]: dim0 bit 1 and dim1 bit 0 set, dim0 bit 0 clear.
        QCOMPARE(warp.text(0, 0), QString());
        QCOMPARE(warp.text(1, 0), u"1"_s);
        QCOMPARE(warp.text(2, 0), u"1"_s);
        // Lane basis 0 = [1,0] equals warp basis 1: warp bit 1 is a free variable. Its column is
        // headed by the value whose image it is (warp=2, the one naming of a basis), and its
        // cells' tooltips name it so.
        QCOMPARE(warp.columnHeaders.at(1), u"2*"_s);
        QVERIFY2(warp.tooltip(0, 1).startsWith(u"warp=2 [1,0]"_s), qPrintable(warp.tooltip(0, 1)));
    }

    void xorView()
    {
        const auto d = lx::buildView(request("xor", {{"warp", 3}}));
        QVERIFY(d.hasValue());
        QCOMPARE(d->title, u"warp=3 → [2,1] ⊕ [1,0] = [3,1]"_s);
        // dim0 panel: rows [2], [1], result [3]; columns 2^1, 2^0.
        const auto &dim0 = d->panels[0];
        QCOMPARE(dim0.text(0, 0) + dim0.text(0, 1), u"10"_s);
        QCOMPARE(dim0.text(1, 0) + dim0.text(1, 1), u"01"_s);
        QCOMPARE(dim0.text(2, 0) + dim0.text(2, 1), u"11"_s);
        // Headers as narrow as a cell: the exponent in superscript ("2^12^0" ran together).
        QCOMPARE(dim0.columnHeaders, QStringList({u"2\u00b9"_s, u"2\u2070"_s}));
        // Each term is its basis, named as everywhere: warp=1 is bit 0 of warp.
        QCOMPARE(dim0.rowHeaders.value(0), u"warp=1 [2,1]"_s);
        QCOMPARE(dim0.rowHeaders.value(1), u"warp=2 [1,0]"_s);
    }

    void registryErrors_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown kind") << u"nope"_s << u"{}"_s << u"known views: ownership"_s;
        QTest::newRow("wrong option type") << u"ownership"_s << u"{\"rowDim\": \"x\"}"_s
                                           << u"option 'rowDim' must be an integer"_s;
        QTest::newRow("value not allowed")
            << u"ownership"_s << u"{\"label\": \"x\"}"_s << u"expected one of"_s;
        QTest::newRow("missing layout") << u"ownership"_s << u"{\"layout\": \"Q\"}"_s << u"'Q'"_s;
        QTest::newRow("xor out of range")
            << u"xor"_s << u"{\"lane\": 4}"_s << u"lane=4 is outside [0, 4)"_s;
    }
    void registryErrors()
    {
        QFETCH(QString, kind);
        QFETCH(QString, options);
        QFETCH(QString, message);
        const auto d = lx::buildView(
            request(kind.toStdString(), nlohmann::json::parse(options.toStdString())));
        QVERIFY(!d.hasValue());
        QVERIFY2(QString::fromStdString(d.message()).contains(message), d.message().c_str());
    }

    void everyKindIsListedOnce()
    {
        QStringList kinds;
        for (const lx::ViewKind &k : lx::viewKinds()) {
            QVERIFY(!kinds.contains(QString::fromLatin1(k.kind)));
            kinds << QString::fromLatin1(k.kind);
            QVERIFY(k.build);
        }
        for (const char *k : {"ownership", "inverse", "matrix", "xor"})
            QVERIFY(kinds.contains(QString::fromLatin1(k)));
    }
};

QTEST_APPLESS_MAIN(TestViews)
#include "tst_views.moc"
