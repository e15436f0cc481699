// CtaLayout analysis: Figures 8-11, Gluon's make_partitioned_dot_layouts, the WMMA v3
// accumulators of the conformance file, and bad input.

#include "analysis/ctalayout.h"
#include "blogcumodel.h"
#include "io/ttgtext.h"
#include "layout/builders.h"
#include "testlayout.h"

#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace lx;
using Bases = std::vector<lx::Basis>;
Q_DECLARE_METATYPE(Bases)

namespace {

CtaLayoutSpec spec(Bases reg, Bases warp, int m, int n)
{
    CtaLayoutSpec s;
    s.registerBases = std::move(reg);
    s.warpBases = std::move(warp);
    s.instrShape = {16, 16, 32};
    s.isTransposed = true;
    s.shape = {m, n};
    return s;
}

nlohmann::json loadCases()
{
    QFile f(QStringLiteral(LX_TEST_DATA_DIR "/conformance/triton-gfx1250-lowering.json"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return nlohmann::json::parse(f.readAll().toStdString())["cases"];
}

} // namespace

class TestCtaLayout : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void blogFigures_data();
    void blogFigures();
    void fig9Placement();
    void genericLinearNote();
    void accumulatorConformance();
    void partitionedGemmConfig();
    void fromTtgText_data();
    void fromTtgText();
    void archModel();
    void badInput_data();
    void badInput();
};

void TestCtaLayout::fromTtgText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("aShared");
    QTest::addColumn<int>("bPieces");
    // The blog's two ctaLayouts as Triton prints them, on C 128x128.
    QTest::newRow("standard") << QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, "
                                                "ctaLayout = {warp = [[0, 1], [1, 0]]}, "
                                                "instrShape = [16, 16, 32]}>")
                              << true << 8;
    QTest::newRow("swizzled") << QStringLiteral("#ttg.amd_wmma<{version = 3, isTranspose = true, "
                                                "ctaLayout = {register = [[2, 0]], warp "
                                                "= [[2, 1], [1, 0]]}, instrShape = [16, 16, 32]}>")
                              << false << 8;
    // warpsPerCTA = [2, 2] is the standard ctaLayout warp = [[0, 1], [1, 0]] (§3.3).
    QTest::newRow("legacy warpsPerCTA [2, 2]")
        << QStringLiteral(
               "#ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], instrShape = "
               "[16, 16, 32]}>")
        << true << 8;
}

void TestCtaLayout::fromTtgText()
{
    QFETCH(QString, text);
    auto attr = parseTtg(text.toStdString());
    QVERIFY2(attr.hasValue(), attr.hasValue() ? "" : attr.message().c_str());
    auto s = ctaSpecFromAttr(**attr, {128, 128}, 16);
    QVERIFY(s.hasValue());
    auto r = analyzeCtaLayout(*s, blogCuModel());
    QVERIFY(r.hasValue());
    QTEST(r->a.crossPairShared, "aShared");
    QTEST(r->b.numPieces, "bPieces");
    // The analysis' accumulator is the builder's (ctaLayout form) for the same attribute.
    if ((*attr)->as<AmdWmmaAttr>()->ctaWarp.size() > 0) {
        auto ll = toLinearLayout(**attr, {128, 128});
        QVERIFY(ll.hasValue());
        QVERIFY(r->accumulator.bases() == ll->bases());
    }
}

void TestCtaLayout::archModel()
{
    // The embedded gfx1250 description gives the blog's mapping: warp w -> SIMD w mod 4 ->
    // pair A for SIMD 0, 2 and pair B for SIMD 1, 3.
    auto cu = cuModelOf("gfx1250");
    QVERIFY2(cu.hasValue(), cu.hasValue() ? "" : cu.message().c_str());
    std::vector<int> pairOfSimd;
    for (int simd = 0; simd < cu->simds; ++simd)
        pairOfSimd.push_back(cu->pairOfSimd(simd));
    QCOMPARE(pairOfSimd, (std::vector<int>{0, 1, 0, 1}));
    QCOMPARE(cu->partitionBytes, int64_t(65536));
    QCOMPARE(cu->ldsPartitions, 5);
    QCOMPARE(cu->hwPartitions(), 6);
    QCOMPARE(cu->ports, 2);
    QCOMPARE(cu->portBytesPerCycle.value, 256.0);
    auto r = analyzeCtaLayout(spec({{2, 0}}, {{2, 1}, {1, 0}}, 128, 128), *cu);
    QVERIFY(r.hasValue());
    QCOMPARE(r->b.numPieces, 8);
    QVERIFY(!cuModelOf("no-such-arch").hasValue());
}

void TestCtaLayout::blogFigures_data()
{
    QTest::addColumn<Bases>("reg");
    QTest::addColumn<Bases>("warp");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("n");
    QTest::addColumn<bool>("aShared");
    QTest::addColumn<bool>("bShared");
    QTest::addColumn<int>("aPieces");
    QTest::addColumn<int>("aGroups");
    QTest::addColumn<int>("aTdm");
    QTest::addColumn<int>("bPieces");
    QTest::addColumn<int>("bGroups");
    QTest::addColumn<int>("bTdm");

    // Fig 8: w0 (pair A) and w1 (pair B) share M-row 0: A shared; B columns are shared only
    // inside a pair (w0+w2, w1+w3). A has no pieces; B is cut at every tile column: 2 pieces.
    QTest::newRow("fig8 standard warp=[[0,1],[1,0]] 32x32")
        << Bases{} << Bases{{0, 1}, {1, 0}} << 32 << 32 << true << false << 0 << 0 << 0 << 2 << 1
        << 1;
    // Fig 9: "all Pair A warps occupy one set of M-rows and all Pair B warps a disjoint set";
    // the ctaLayout tile is 4x2 tiles = 64x32.
    QTest::newRow("fig9 swizzled 64x32") << Bases{{2, 0}} << Bases{{2, 1}, {1, 0}} << 64 << 32
                                         << false << false << 2 << 1 << 1 << 2 << 1 << 1;
    // Fig 10 (the blog's text): "A is sliced along M into 2 x 2 = 4 pieces (groups G0-G1); B
    // along N into 2 x 4 = 8 pieces (groups G0-G3)"; TDM = ceil(4/4) = 1 and ceil(8/4) = 2.
    QTest::newRow("fig10 swizzled 128x128") << Bases{{2, 0}} << Bases{{2, 1}, {1, 0}} << 128 << 128
                                            << false << false << 4 << 2 << 1 << 8 << 4 << 2;
    // Fig 11: "Operand A is unchanged (four [32, K] pieces ...), but operand B collapses ... to
    // two [K, 64] pieces (num_groups = 1)": one TDM instruction each. Each warp spans a
    // four-tile N strip and two M positions (Gluon's rule, docs/gfx1250-layouts.md §3.5, with
    // piece_n = 4, piece_m = 1): register = [[0,1],[0,2],[2,0]].
    QTest::newRow("fig11 coarse warp=[[2,4],[1,0]] 128x128")
        << Bases{{0, 1}, {0, 2}, {2, 0}} << Bases{{2, 4}, {1, 0}} << 128 << 128 << false << false
        << 4 << 2 << 1 << 2 << 1 << 1;
    // docs/gfx1250-layouts.md §10: make_partitioned_dot_layouts(128, 128, num_warps=8) gives warp
    // [[4,4],[2,0],[4,0]]; w1 (SIMD 1, pair B) = [4,4] and w4 (SIMD 0, pair A) = [4,0] compute
    // the same M band: A is shared. B: pair A warps sit at N tile 0, pair B at N tile 4, so N
    // bit 2 separates them: pieces of 4 tiles = 64 columns, 2 pieces, 1 group, ceil(2/8) = 1.
    QTest::newRow("gluon 8 warps 128x128 shares A")
        << Bases{{0, 1}, {0, 2}, {1, 0}} << Bases{{4, 4}, {2, 0}, {4, 0}} << 128 << 128 << true
        << false << 0 << 0 << 0 << 2 << 1 << 1;
}

void TestCtaLayout::blogFigures()
{
    QFETCH(Bases, reg);
    QFETCH(Bases, warp);
    QFETCH(int, m);
    QFETCH(int, n);
    auto r = analyzeCtaLayout(spec(reg, warp, m, n), blogCuModel());
    QVERIFY2(r.hasValue(), r.hasValue() ? "" : r.message().c_str());
    QTEST(r->a.crossPairShared, "aShared");
    QTEST(r->b.crossPairShared, "bShared");
    QTEST(r->a.numPieces, "aPieces");
    QTEST(r->a.numGroups, "aGroups");
    QTEST(r->a.tdmInstructions, "aTdm");
    QTEST(r->b.numPieces, "bPieces");
    QTEST(r->b.numGroups, "bGroups");
    QTEST(r->b.tdmInstructions, "bTdm");
    QCOMPARE(r->a.partitionDim, 0);
    QCOMPARE(r->b.partitionDim, 1);
    if (r->a.separable)
        QCOMPARE(r->a.numPartitions, 2);
    QCOMPARE(r->a.separable, !r->a.crossPairShared);
    // Pieces alternate partitions: even pieces to partition 0, odd to 1 (Fig 10 lower panels).
    for (const OperandPiece &p : r->b.pieces) {
        QCOMPARE(p.partition, p.index % 2);
        QCOMPARE(p.group, p.index / 2);
    }
}

void TestCtaLayout::fig9Placement()
{
    auto r = analyzeCtaLayout(spec({{2, 0}}, {{2, 1}, {1, 0}}, 64, 32), blogCuModel());
    QVERIFY(r.hasValue());
    // warp -> SIMD w mod 4 -> pair (A: SIMD 0, 2; B: SIMD 1, 3).
    QCOMPARE(r->warps.size(), size_t(4));
    QCOMPARE(r->warps[1].simd, 1);
    QCOMPARE(r->warps[1].pair, 1);
    QCOMPARE(r->warps[2].simd, 2);
    QCOMPARE(r->warps[2].pair, 0);
    // The blog: "w1 on its second iteration combines warp = 1 and reg = 1, landing on [2, 1] XOR
    // [2, 0] = [0, 1]"; in the first, w1 sits at [2, 1], w2 at [1, 0], w3 at [2,1]^[1,0] = [3,1].
    QCOMPARE(r->instructions.size(), size_t(2));
    QCOMPARE(r->instructions[0].tiles[1].tileM, 2);
    QCOMPARE(r->instructions[0].tiles[1].tileN, 1);
    QCOMPARE(r->instructions[0].tiles[3].tileM, 3);
    QCOMPARE(r->instructions[0].tiles[3].tileN, 1);
    QCOMPARE(r->instructions[1].tiles[1].tileM, 0);
    QCOMPARE(r->instructions[1].tiles[1].tileN, 1);
    // Gluon's make_partitioned_dot_layouts docstring
    // (python/triton/experimental/gluon/language/amd/_layouts.py): "M=0: w0/r0 w1/r1".
    const auto owners = r->ownersOfTile(0, 1);
    QCOMPARE(owners.size(), size_t(1));
    QCOMPARE(owners[0], std::make_pair(1, 1));
    // A pieces are 2 tiles = 32 rows: pc0 rows 0-31 in partition 0, pc1 rows 32-63 partition 1.
    QCOMPARE(r->a.pieceExtent, 32);
    QCOMPARE(r->a.pieces[1].begin, 32);
    QCOMPARE(r->a.pieces[1].partition, 1);
}

void TestCtaLayout::genericLinearNote()
{
    auto swizzled = analyzeCtaLayout(spec({{2, 0}}, {{2, 1}, {1, 0}}, 64, 32), blogCuModel());
    QVERIFY(swizzled.hasValue());
    QCOMPARE(swizzled->notes.size(), size_t(1));
    QVERIFY(swizzled->notes[0].find("generic_linear") != std::string::npos);
    QVERIFY(swizzled->notes[0].find("warp basis 0") != std::string::npos);
    // The WMMA attribute takes the diagonal basis as written: only the linear form is generic.
    QVERIFY(swizzled->notes[0].find("#ttg.amd_wmma's ctaLayout takes it") != std::string::npos);
    QVERIFY(swizzled->notes[0].find("can only be written") == std::string::npos);
    // Two diagonal bases: one note naming both.
    auto two = analyzeCtaLayout(spec({{1, 0}}, {{2, 1}, {1, 1}}, 64, 32), blogCuModel());
    QVERIFY2(two.hasValue(), two ? "" : two.message().c_str());
    QCOMPARE(two->notes.size(), size_t(1));
    QVERIFY2(two->notes[0].find("warp basis 0 = [2, 1] and warp basis 1 = [1, 1] move") !=
                 std::string::npos,
             two->notes[0].c_str());
    auto standard = analyzeCtaLayout(spec({}, {{0, 1}, {1, 0}}, 32, 32), blogCuModel());
    QVERIFY(standard.hasValue());
    QVERIFY(standard->notes.empty());
}

void TestCtaLayout::accumulatorConformance()
{
    const auto cases = loadCases();
    QVERIFY(!cases.empty());
    int checked = 0;
    for (const auto &c : cases) {
        if (c["kind"] != "wmma_accumulator" || c["inputs"]["version"] != 3)
            continue;
        const auto &in = c["inputs"];
        CtaLayoutSpec s;
        s.registerBases = in["ctaLayout"]["register"].get<Bases>();
        s.warpBases = in["ctaLayout"]["warp"].get<Bases>();
        const auto is = in["instrShape"].get<std::vector<int32_t>>();
        s.instrShape = {is[0], is[1], is[2]};
        s.isTransposed = in["isTransposed"].get<bool>();
        const auto sh = in["tensor_shape"].get<std::vector<int32_t>>();
        s.shape = {sh[0], sh[1]};
        auto r = analyzeCtaLayout(s, blogCuModel());
        const std::string id = c["id"].get<std::string>();
        QVERIFY2(r.hasValue(), id.c_str());
        const LinearLayout expected = test::layoutOfJson(c["expected"]["linear_layout"]);
        QVERIFY2(r->accumulator.bases() == expected.bases(), id.c_str());
        QVERIFY2(r->accumulator.outDims() == expected.outDims(), id.c_str());
        ++checked;
    }
    QVERIFY(checked >= 7);

    // WMMA_v3_32x16TransposedPartitionedCTAIsInjective: bases in logical 16x32 tile units give
    // an injective layout with 64 registers; the physical-unit bases clip N and duplicate.
    for (const auto &c : cases) {
        if (c["kind"] != "wmma_accumulator_property")
            continue;
        for (const char *variant : {"logical", "physical_wrong"}) {
            CtaLayoutSpec s;
            s.registerBases =
                c["inputs"]["variants"][variant]["ctaLayout"]["register"].get<Bases>();
            s.warpBases = c["inputs"]["variants"][variant]["ctaLayout"]["warp"].get<Bases>();
            s.instrShape = {32, 16, 128};
            s.isTransposed = true;
            s.shape = {128, 128};
            auto r = analyzeCtaLayout(s, blogCuModel());
            QVERIFY(r.hasValue());
            QCOMPARE(r->accumulator.isInjective(), c["expected"][variant]["injective"].get<bool>());
            QCOMPARE(int(r->accumulator.inDimSize("register")),
                     c["expected"][variant]["register_count"].get<int>());
        }
    }
}

void TestCtaLayout::partitionedGemmConfig()
{
    for (const auto &c : loadCases()) {
        if (c["kind"] != "partitioned_gemm_config")
            continue;
        const auto &e = c["expected"];
        auto r = analyzeCtaLayout(spec(e["wmma"]["reg_bases"].get<Bases>(),
                                       e["wmma"]["warp_bases"].get<Bases>(), 128, 128),
                                  blogCuModel());
        QVERIFY(r.hasValue());
        const LinearLayout expected = test::layoutOfJson(e["accumulator_linear_layout"]);
        QVERIFY(r->accumulator.bases() == expected.bases());
        QCOMPARE(r->a.numGroups, e["shared_a"]["num_groups"].get<int>());
        QCOMPARE(r->b.numGroups, e["shared_b"]["num_groups"].get<int>());
        QCOMPARE(r->a.partitionDim, e["shared_a"]["partition_dim"].get<int>());
        QCOMPARE(r->b.partitionDim, e["shared_b"]["partition_dim"].get<int>());
        QCOMPARE(r->a.numPartitions, e["shared_a"]["num_partitions"].get<int>());
        // inner_shape [64, 32] for A: a piece is 64 rows; [32, 64] for B: 64 columns.
        QCOMPARE(r->a.pieceExtent, e["shared_a"]["inner_shape"][0].get<int>());
        QCOMPARE(r->b.pieceExtent, e["shared_b"]["inner_shape"][1].get<int>());
        QVERIFY(!r->a.crossPairShared);
        QVERIFY(!r->b.crossPairShared);
        return;
    }
    QFAIL("no partitioned_gemm_config case");
}

void TestCtaLayout::badInput_data()
{
    QTest::addColumn<Bases>("reg");
    QTest::addColumn<Bases>("warp");
    QTest::addColumn<int>("m");
    QTest::addColumn<int>("k");
    QTest::addColumn<QString>("needle");
    QTest::newRow("not surjective (swizzle without its register)")
        << Bases{} << Bases{{2, 1}, {1, 0}} << 128 << 32 << QStringLiteral("does not cover");
    QTest::newRow("three components")
        << Bases{} << Bases{{0, 1, 0}} << 128 << 32 << QStringLiteral("components");
    QTest::newRow("shape not a power of two")
        << Bases{} << Bases{{0, 1}} << 96 << 32 << QStringLiteral("power of two");
    QTest::newRow("not a v3 instruction")
        << Bases{} << Bases{{0, 1}} << 128 << 16 << QStringLiteral("not a WMMA v3 shape");
    QTest::newRow("negative basis")
        << Bases{} << Bases{{-1, 0}} << 128 << 32 << QStringLiteral("out of range");
}

void TestCtaLayout::badInput()
{
    QFETCH(Bases, reg);
    QFETCH(Bases, warp);
    QFETCH(int, m);
    QFETCH(int, k);
    QFETCH(QString, needle);
    CtaLayoutSpec s = spec(reg, warp, m, 128);
    s.instrShape = {16, 16, k};
    auto r = analyzeCtaLayout(s, blogCuModel());
    QVERIFY(!r.hasValue());
    QVERIFY2(QString::fromStdString(r.message()).contains(needle), r.message().c_str());
}

QTEST_APPLESS_MAIN(TestCtaLayout)
#include "tst_ctalayout.moc"
