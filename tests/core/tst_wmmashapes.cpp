// The WMMA v3 instruction shapes are one list (hw/wmmashapes.h): the #ttg reader and the
// ctaLayout analysis accept exactly its shapes and refuse the others, and every shape an
// element width can use (hw/dtype.h wmmaV3Shapes) is in it.

#include "analysis/ctalayout.h"
#include "hw/arch.h"
#include "hw/dtype.h"
#include "hw/wmmashapes.h"
#include "io/ttgtext.h"

#include <QTest>

#include <string>

using namespace lx;

namespace {

std::string wmmaText(const std::array<int32_t, 3> &s)
{
    return "#ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = [[0, 1], [1, "
           "0]]}, instrShape = [" +
           std::to_string(s[0]) + ", " + std::to_string(s[1]) + ", " + std::to_string(s[2]) + "]}>";
}

Expected<CtaAnalysis> ctaOf(const std::array<int32_t, 3> &s, const CuModel &cu)
{
    CtaLayoutSpec spec;
    spec.warpBases = {{0, 1}, {1, 0}};
    spec.instrShape = s;
    spec.shape = {128, 128};
    return analyzeCtaLayout(spec, cu);
}

} // namespace

class TestWmmaShapes : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readerAndAnalysisAgree()
    {
        Expected<CuModel> cu = cuModelOf("gfx1250");
        QVERIFY2(cu, cu ? "" : cu.message().c_str());
        QCOMPARE(wmmaV3LayoutShapes().size(), size_t(6));
        for (const auto &s : wmmaV3LayoutShapes()) {
            Expected<LayoutAttrPtr> a = parseTtg(wmmaText(s));
            QVERIFY2(a, (wmmaText(s) + ": " + (a ? "" : a.message())).c_str());
            Expected<CtaAnalysis> c = ctaOf(s, *cu);
            QVERIFY2(c, (wmmaText(s) + ": " + (c ? "" : c.message())).c_str());
        }
        // Shapes of other versions or none: both refuse them.
        for (const std::array<int32_t, 3> s :
             {std::array<int32_t, 3>{16, 16, 16}, std::array<int32_t, 3>{32, 32, 8},
              std::array<int32_t, 3>{16, 32, 64}}) {
            QVERIFY(!isWmmaV3LayoutShape(s));
            QVERIFY2(!parseTtg(wmmaText(s)), wmmaText(s).c_str());
            Expected<CtaAnalysis> c = ctaOf(s, *cu);
            QVERIFY(!c);
            QVERIFY2(c.message().find(wmmaV3LayoutShapesText()) != std::string::npos,
                     c.message().c_str());
        }
    }

    void everyWidthsShapeIsInTheList()
    {
        for (int bits : {4, 6, 8, 16, 32})
            for (const auto &s : wmmaV3Shapes(bits))
                QVERIFY2(isWmmaV3LayoutShape(s), std::to_string(bits).c_str());
    }
};

QTEST_MAIN(TestWmmaShapes)
#include "tst_wmmashapes.moc"
