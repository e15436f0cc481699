// The swizzle / descriptor bridge (io/nvmmabridge.h). Every expected value is derived by hand
// beside it from the documents it names:
//  - CUTLASS include/cute/atom/mma_traits_sm90_gmma.hpp: the K-major swizzle atoms of 16-bit
//    elements, Layout_K_SW128_Atom = Sw<3,4,3> o smem_ptr[16b] o (8,64):(64,1) (rows of 128 B),
//    SW64 = Sw<2,4,3> o (8,32):(32,1), SW32 = Sw<1,4,3> o (8,16):(16,1); in elements the swizzle's
//    M is log2(16 B / 2 B) = 3.
//  - The PTX ISA, Asynchronous Warpgroup Level Matrix Shared Memory Layout, matrix descriptor:
//    layout type in bits 62-63 (1 = 128B, 2 = 64B, 3 = 32B swizzle, 0 = interleave); the leading
//    and stride byte offsets are stored >> 4. K-major swizzled: SBO = the distance between two
//    groups of 8 rows (8 rows x the swizzle width when rows follow one another), LBO unused.
//    MN-major swizzled: LBO = the distance between swizzle spans along M/N, SBO = between groups
//    of 8 along K.
// The CuTe text the bridge writes is read back by the product's own CuTe reader and must give
// the very layout Triton's NVMMA builder gives.

#include "io/cute.h"
#include "io/nvmmabridge.h"

#include "../common/testlayout.h"

#include <QTest>

using namespace lx;

namespace {

NvSharedBridge bridgeOf(const std::string &ttg, const std::vector<int32_t> &shape, int bits)
{
    Expected<NvSharedBridge> b = nvSharedBridge(test::layoutOfText(ttg, shape), bits);
    if (!b)
        qFatal("%s", b.message().c_str());
    return *b;
}

std::string nvmma(int swizzle, bool transposed)
{
    return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzle) +
           ", transposed = " + (transposed ? "true" : "false") + ", elementBitWidth = 16}>";
}

} // namespace

class TestNvmmaBridge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void kMajorAtoms_data();
    void kMajorAtoms();
    void mnMajorAcrossSpans();
    void transposedIsMnMajorForA();
    void cuteTextReadsBack();
    void swizzledSharedEqualToTheAtomIsCanonical();
    void nonCanonicalNamesTheBasis();
};

void TestNvmmaBridge::kMajorAtoms_data()
{
    QTest::addColumn<int>("swizzle");
    QTest::addColumn<int>("cols");
    QTest::addColumn<QString>("cute");
    QTest::addColumn<int>("layoutType");
    QTest::addColumn<int>("sbo");
    QTest::addColumn<QString>("tma");
    // 64 rows of one swizzle span each (K = the span): SBO = 8 rows x swizzle bytes.
    QTest::newRow("SW128") << 128 << 64 << QStringLiteral("Sw<3,3,3> o 0 o (64,64):(64,1)") << 1
                           << 1024 << QStringLiteral("CU_TENSOR_MAP_SWIZZLE_128B");
    QTest::newRow("SW64") << 64 << 32 << QStringLiteral("Sw<2,3,3> o 0 o (64,32):(32,1)") << 2
                          << 512 << QStringLiteral("CU_TENSOR_MAP_SWIZZLE_64B");
    QTest::newRow("SW32") << 32 << 16 << QStringLiteral("Sw<1,3,3> o 0 o (64,16):(16,1)") << 3
                          << 256 << QStringLiteral("CU_TENSOR_MAP_SWIZZLE_32B");
}

void TestNvmmaBridge::kMajorAtoms()
{
    QFETCH(int, swizzle);
    QFETCH(int, cols);
    QFETCH(QString, cute);
    QFETCH(int, layoutType);
    QFETCH(int, sbo);
    QFETCH(QString, tma);
    // A (M x K) bf16 tile, K contiguous: the K-major operand.
    const NvSharedBridge b = bridgeOf(nvmma(swizzle, false), {64, cols}, 16);
    QVERIFY2(b.canonical, b.whyNot.c_str());
    QCOMPARE(b.nvmma.swizzlingByteWidth, swizzle);
    QCOMPARE(QString::fromStdString(b.cute), cute);
    QCOMPARE(QString::fromStdString(b.tmaSwizzle), tma);
    QCOMPARE(b.tmaBox, (std::vector<int32_t>{64, cols}));
    QCOMPARE(b.descriptors.size(), size_t(2));
    const WgmmaDescriptor &a = b.descriptors[0];
    QCOMPARE(a.major, std::string("K"));
    QCOMPARE(a.layoutType, layoutType);
    QCOMPARE(a.sboBytes, int64_t(sbo));
    QCOMPARE(a.sboField(), int64_t(sbo / 16));
    QVERIFY(!a.lboUsed);
    QCOMPARE(a.lboField(), int64_t(1));
}

// B (K x N) bf16 64 x 128 with a 128-byte swizzle: N contiguous, two spans of 64 elements, each
// a TMA box of 64 rows x 128 B = 8192 B. MN-major: LBO = the next span = 8192 B (field 512), SBO
// = the next 8 rows of K = 8 x 128 B = 1024 B (field 64).
void TestNvmmaBridge::mnMajorAcrossSpans()
{
    const NvSharedBridge b = bridgeOf(nvmma(128, false), {64, 128}, 16);
    QVERIFY(b.canonical);
    QCOMPARE(b.cute, std::string("Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))"));
    QCOMPARE(b.tmaBox, (std::vector<int32_t>{64, 64}));
    const WgmmaDescriptor &d = b.descriptors[1];
    QCOMPARE(d.operand, std::string("B (K x N)"));
    QCOMPARE(d.major, std::string("MN"));
    QVERIFY(d.lboUsed);
    QCOMPARE(d.lboBytes, int64_t(8192));
    QCOMPARE(d.lboField(), int64_t(512));
    QCOMPARE(d.sboBytes, int64_t(1024));
}

// transposed = true makes dim0 contiguous: an A (M x K) tile is then M-major, a B (K x N) tile
// K-major; either way the next 8 along the strided dim is 8 x 128 B.
void TestNvmmaBridge::transposedIsMnMajorForA()
{
    const NvSharedBridge b = bridgeOf(nvmma(128, true), {64, 64}, 16);
    QVERIFY(b.canonical);
    QVERIFY(b.nvmma.transposed);
    QCOMPARE(b.descriptors[0].major, std::string("MN"));
    QCOMPARE(b.descriptors[0].sboBytes, int64_t(1024));
    QVERIFY(!b.descriptors[0].lboUsed); // one span of 64 elements covers M
    QCOMPARE(b.descriptors[1].major, std::string("K"));
    QCOMPARE(b.descriptors[1].sboBytes, int64_t(1024));
    QCOMPARE(b.cute, std::string("Sw<3,3,3> o 0 o (64,64):(1,64)"));
}

// The CuTe text in elements and in bytes reads back (io/cute.h) as the NVMMA builder's layout.
void TestNvmmaBridge::cuteTextReadsBack()
{
    for (const auto &[swizzle, transposed, shape] :
         {std::tuple{128, false, std::vector<int32_t>{64, 128}},
          std::tuple{64, true, std::vector<int32_t>{64, 64}},
          std::tuple{32, false, std::vector<int32_t>{128, 32}}}) {
        const LinearLayout want = test::layoutOfText(nvmma(swizzle, transposed), shape);
        const NvSharedBridge b = bridgeOf(nvmma(swizzle, transposed), shape, 16);
        Expected<LinearLayout> elements = cuteTextToLinear(b.cute, shape, CuteKind::Memory);
        QVERIFY2(elements.hasValue(), elements.hasValue() ? "" : elements.message().c_str());
        QCOMPARE(elements->bases().front().second, want.bases().front().second);
        Expected<LinearLayout> bytes =
            cuteTextToLinear(b.cuteBytes, shape, CuteKind::Memory, CuteUnits::Bytes, 2);
        QVERIFY2(bytes.hasValue(), bytes.hasValue() ? "" : bytes.message().c_str());
        QCOMPARE(bytes->bases().front().second, want.bases().front().second);
    }
}

// A swizzled_shared of vec 8 (16 B), perPhase 1, maxPhase 8 over 64 f16 columns (128 B rows) is
// the 128-byte swizzle: row r XORs chunk r mod 8, as CUTLASS's SW128 atom.
void TestNvmmaBridge::swizzledSharedEqualToTheAtomIsCanonical()
{
    const NvSharedBridge b =
        bridgeOf("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                 {64, 64}, 16);
    QVERIFY2(b.canonical, b.whyNot.c_str());
    QCOMPARE(b.nvmma.swizzlingByteWidth, 128);
    QCOMPARE(b.descriptors[0].sboBytes, int64_t(1024));
}

// maxPhase 4 over 128-byte rows: offsets 0-5 walk the 64 columns, rows 1 and 2 XOR chunks 1 and
// 2 (bases 6, 7 = [1, 8], [2, 16]) as the 128-byte swizzle does, but row 4 wraps to phase 0:
// basis 8 = [4, 0] where the 128-byte swizzle has [4, 32]. No swizzle mode or descriptor
// describes it.
void TestNvmmaBridge::nonCanonicalNamesTheBasis()
{
    const NvSharedBridge b =
        bridgeOf("#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                 {64, 64}, 16);
    QVERIFY(!b.canonical);
    QCOMPARE(b.nvmma.swizzlingByteWidth, 128);
    QVERIFY2(b.whyNot.find("offset basis 8 is [4, 0]") != std::string::npos, b.whyNot.c_str());
    QVERIFY2(b.whyNot.find("[4, 32]") != std::string::npos, b.whyNot.c_str());
    QVERIFY(b.descriptors.empty());
    QVERIFY(b.cute.empty());
    QVERIFY(bridgeText(b).find("not canonical") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestNvmmaBridge)
#include "tst_nvmmabridge.moc"
