// Triton's generic shared-memory lowering (analysis/ldslowering.h): the vector of a plain LDS
// access and the two halves of a conversion through LDS. Expected values are derived by hand
// from the layouts (the derivation is next to each case).

#include "analysis/ldslowering.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include "testlayout.h"

#include <QTest>

using namespace lx;
using lx::test::layoutOfText;

namespace {

// A (register, lane, warp) -> offset map with the given offset of each basis.
LinearLayout cvtOf(const std::vector<int32_t> &regs, const std::vector<int32_t> &lanes,
                   int32_t offsets)
{
    LinearLayout::BasesT bases;
    std::vector<LinearLayout::Basis> r, l;
    for (int32_t v : regs)
        r.push_back({v});
    for (int32_t v : lanes)
        l.push_back({v});
    bases.emplace_back("register", r);
    bases.emplace_back("lane", l);
    bases.emplace_back("warp", std::vector<LinearLayout::Basis>{});
    return *LinearLayout::tryCreate(bases, {{"offset", offsets}}, false);
}

} // namespace

class TestLdsLowering : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void vectorisation_data();
    void vectorisation();
    void roundTrip_data();
    void roundTrip();
    void roundTripRefusesOtherTensors();
};

void TestLdsLowering::vectorisation_data()
{
    QTest::addColumn<std::vector<int32_t>>("regs");
    QTest::addColumn<std::vector<int32_t>>("lanes");
    QTest::addColumn<int>("bits");
    QTest::addColumn<int>("cap"); // 0: none
    QTest::addColumn<int>("elements");
    QTest::addColumn<bool>("permuted");
    QTest::addColumn<int>("broadcast");

    // An FMA A operand read from an M-contiguous buffer: the registers walk K first (offset
    // strides 64, 128, ...), then M by offsets 1 and 2. getNumConsecutiveInOut of the register
    // order is 1; moving the two M registers to the front gives 4 x 32 bits.
    QTest::newRow("fma operand, M registers last")
        << std::vector<int32_t>{64, 128, 256, 1, 2} << std::vector<int32_t>{4, 8} << 32 << 0 << 4
        << true << 0;
    // The same under a padding interval: Triton allows no permutation, the leading register
    // (offset 64) is not offset 1, so one element per access.
    QTest::newRow("fma operand, capped by padding")
        << std::vector<int32_t>{64, 128, 256, 1, 2} << std::vector<int32_t>{4, 8} << 32 << 4 << 1
        << false << 0;
    // Registers 1, 2, 4 in order: 8 f16 = 128 bits, no permutation needed.
    QTest::newRow("leading run") << std::vector<int32_t>{1, 2, 4, 64} << std::vector<int32_t>{8, 16}
                                 << 16 << 0 << 8 << false << 0;
    // A swizzled lane (offset 36 = 32 ^ 4) touches offset bit 2: an 8-vector would not divide
    // (divideLeft fails), a 4-vector does -- 4 f16 per access although 8 registers are in a run.
    QTest::newRow("swizzled lane inside the vector")
        << std::vector<int32_t>{1, 2, 4, 8} << std::vector<int32_t>{16, 36} << 16 << 0 << 4 << false
        << 0;
    // A zero register basis (a replica) is removed before vectorising: registers 0, 1, 2 give 4.
    QTest::newRow("broadcast register removed")
        << std::vector<int32_t>{0, 1, 2} << std::vector<int32_t>{4} << 32 << 0 << 4 << false << 1;
    // At most 128 bits: 16 consecutive bytes of fp8 and no more.
    QTest::newRow("capped at 128 bits") << std::vector<int32_t>{1, 2, 4, 8, 16}
                                        << std::vector<int32_t>{32} << 8 << 0 << 16 << false << 0;
}

void TestLdsLowering::vectorisation()
{
    QFETCH(std::vector<int32_t>, regs);
    QFETCH(std::vector<int32_t>, lanes);
    QFETCH(int, bits);
    QFETCH(int, cap);
    QFETCH(int, elements);
    QFETCH(bool, permuted);
    QFETCH(int, broadcast);
    const LdsVectorisation v = largestVectorisation(
        cvtOf(regs, lanes, 1024), bits, cap > 0 ? std::optional<int>(cap) : std::nullopt);
    QCOMPARE(v.elements, elements);
    QCOMPARE(v.permuted, permuted);
    QCOMPARE(v.broadcastBases, broadcast);
    QCOMPARE(v.registerBases, int(regs.size()) - broadcast);
}

void TestLdsLowering::roundTrip_data()
{
    QTest::addColumn<QString>("src");
    QTest::addColumn<QString>("dst");
    QTest::addColumn<std::vector<int32_t>>("shape");
    QTest::addColumn<int>("store");
    QTest::addColumn<int>("load");
    QTest::addColumn<int>("registers");

    // The epilogue of tests/data/kernels/more-shapes/matmul3_gfx1250_bf16_64x64x128_w4_s1_am_bk
    // (f16). Source registers: n 1, 2, m 1, 2, 32; destination registers m 2, 4, 8, 16, 32.
    // Both: m 2, m 32 -> 4 elements per store and per load (the compiler: ds_store_2addr_b64 and
    // ds_load_2addr_b64, 4 each = 8 accesses of 64 bits over 32 registers).
    QTest::newRow("fma epilogue 64x64")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], "
                          "warpsPerCTA = [4, 1], order = [1, 0]}>")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [2, 2], order = [1, 0]}>")
        << std::vector<int32_t>{64, 64} << 4 << 4 << 32;
    // matmul3_gfx1250_fp16_128x64x128_w8: source registers n 1, 2, m 1, 2, 64; destination
    // registers m 4, 8, 16, 32, 64. Both: m 64 only -> 2 elements (32 bits) each side; the
    // compiler: 8 ds_store_2addr_b32 and 8 ds_load_2addr_stride64_b32 = 16 each of 32 bits.
    QTest::newRow("fma epilogue 128x64, 8 warps")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], "
                          "warpsPerCTA = [8, 1], order = [1, 0]}>")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [4, 2], order = [1, 0]}>")
        << std::vector<int32_t>{128, 64} << 2 << 2 << 32;
    // matmul3_gfx1250_bf16_64x128x64: source registers n 1, 2, m 1, 2, 16, 32; destination m 1,
    // 2, 4, 8, 16, 32. Both: m 1, 2, 16 (the first three in the source's order) -> 8 f16 each
    // side, 64 registers -> 8 ds_store_b128 and 8 ds_load_b128, as the compiler's counts say.
    QTest::newRow("fma epilogue 64x128")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [4, 1], order = [1, 0]}>")
        << QStringLiteral("#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [1, 4], order = [1, 0]}>")
        << std::vector<int32_t>{64, 128} << 8 << 8 << 64;
}

void TestLdsLowering::roundTrip()
{
    QFETCH(QString, src);
    QFETCH(QString, dst);
    QFETCH(std::vector<int32_t>, shape);
    QFETCH(int, store);
    QFETCH(int, load);
    QFETCH(int, registers);
    Expected<LdsRoundTrip> t = ldsRoundTrip(layoutOfText(src.toStdString(), shape),
                                            layoutOfText(dst.toStdString(), shape), 16);
    QVERIFY2(t.hasValue(), t ? "" : t.message().c_str());
    QCOMPARE(t->storeElements, store);
    QCOMPARE(t->loadElements, load);
    QCOMPARE(t->storeRegisters, int64_t(registers));
    QCOMPARE(t->loadRegisters, int64_t(registers));
}

void TestLdsLowering::roundTripRefusesOtherTensors()
{
    const std::string b = "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], "
                          "warpsPerCTA = [1, 4], order = [1, 0]}>";
    Expected<LdsRoundTrip> t =
        ldsRoundTrip(layoutOfText(b, {64, 128}), layoutOfText(b, {128, 128}), 16);
    QVERIFY(!t.hasValue());
    QVERIFY(t.message().find("same tensor") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestLdsLowering)
#include "tst_ldslowering.moc"
