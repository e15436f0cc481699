// What a shared-memory access becomes on NVIDIA (analysis/nvsharedaccess.h): ldmatrix /
// stmatrix, their transposed forms, or plain ld.shared / st.shared. Each register -> offset map
// below is written out by hand, with the derivation of the expected instruction next to it.

#include "analysis/nvsharedaccess.h"
#include "analysis/nvswizzling.h"

#include "../common/testlayout.h"

#include <QTest>

using namespace lx;

namespace {

// A (register, lane, warp) -> offset map with the given offset of each basis.
LinearLayout cvtOf(const std::vector<int32_t> &regs, const std::vector<int32_t> &lanes,
                   const std::vector<int32_t> &warps, int32_t offsets)
{
    auto column = [](const std::vector<int32_t> &v) {
        std::vector<LinearLayout::Basis> out;
        for (int32_t x : v)
            out.push_back({x});
        return out;
    };
    LinearLayout::BasesT bases{
        {"register", column(regs)}, {"lane", column(lanes)}, {"warp", column(warps)}};
    Expected<LinearLayout> l = LinearLayout::tryCreate(bases, {{"offset", offsets}}, false);
    if (!l)
        qFatal("%s", l.message().c_str());
    return *l;
}

const NvMatrixFeatures kSm90{true, true, false};
const NvMatrixFeatures kSm80{true, false, false};
const NvMatrixFeatures kSm100{true, true, true};

} // namespace

class TestNvSharedAccess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void decision_data();
    void decision();
    void reasonsNameTheBasis();
    void plainMnemonics_data();
    void plainMnemonics();
    void throughLayouts();
    void packedStores();
    void conversionPairs();
};

void TestNvSharedAccess::decision_data()
{
    QTest::addColumn<std::vector<int32_t>>("regs");
    QTest::addColumn<std::vector<int32_t>>("lanes");
    QTest::addColumn<int>("bits");
    QTest::addColumn<bool>("isWrite");
    QTest::addColumn<int>("features"); // 80, 90 or 100
    QTest::addColumn<QString>("mnemonic");
    QTest::addColumn<int>("count");

    // An MMA A operand of f16 read from a 16x64 row-major buffer (row stride 64): register 0 is
    // the pair (k, k+1) -> offset 1; lanes 0, 1 walk k by 2 and 4 -> offsets 2, 4; lanes 2, 3, 4
    // walk rows 1, 2, 4 -> 64, 128, 256; registers 1, 2 add row 8 (512) and k 8 (8). The 16-byte
    // row tile is register 0 + lanes 0, 1 (offsets 1..7); every other basis is a multiple of 8.
    // 8 registers of 16 bits = 128 bits: one ldmatrix.x4.
    QTest::newRow("A operand, k-contiguous: ldmatrix.x4")
        << std::vector<int32_t>{1, 512, 8} << std::vector<int32_t>{2, 4, 64, 128, 256} << 16
        << false << 90 << QStringLiteral("ldmatrix.sync.aligned.m8n8.x4.shared.b16") << 1;
    // The same access with 16 registers (k 16 added, offset 16): two ldmatrix.x4.
    QTest::newRow("A operand, 16 registers: two ldmatrix.x4")
        << std::vector<int32_t>{1, 512, 8, 16} << std::vector<int32_t>{2, 4, 64, 128, 256} << 16
        << false << 90 << QStringLiteral("ldmatrix.sync.aligned.m8n8.x4.shared.b16") << 2;
    // 4 registers (64 bits): one ldmatrix.x2.
    QTest::newRow("4 registers: ldmatrix.x2")
        << std::vector<int32_t>{1, 8} << std::vector<int32_t>{2, 4, 64, 128, 256} << 16 << false
        << 90 << QStringLiteral("ldmatrix.sync.aligned.m8n8.x2.shared.b16") << 1;
    // A B operand from an N-contiguous buffer: no register holds offset 1, but lanes 2, 3, 4
    // walk offsets 1, 2, 4 (eight consecutive n), lanes 0, 1 walk k rows (128, 256), the
    // registers k 1 (64), k 8 (512), n 8 (8). Transposed: 8 registers -> one .x4.trans.
    QTest::newRow("B operand, n-contiguous: ldmatrix.x4.trans")
        << std::vector<int32_t>{64, 512, 8} << std::vector<int32_t>{128, 256, 1, 2, 4} << 16
        << false << 90 << QStringLiteral("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16") << 1;
    // The same k-contiguous map stored from registers on sm90: stmatrix.x4.
    QTest::newRow("store, sm90: stmatrix.x4")
        << std::vector<int32_t>{1, 512, 8} << std::vector<int32_t>{2, 4, 64, 128, 256} << 16 << true
        << 90 << QStringLiteral("stmatrix.sync.aligned.m8n8.x4.shared.b16") << 1;
    // sm80 has no stmatrix: registers 0 (offset 1) is the only vector -> 2 elements per store,
    // 32 bits, 8 registers / 2 = 4 st.shared.v2.b16.
    QTest::newRow("store, sm80: st.shared.v2.b16")
        << std::vector<int32_t>{1, 512, 8} << std::vector<int32_t>{2, 4, 64, 128, 256} << 16 << true
        << 80 << QStringLiteral("st.shared.v2.b16") << 4;
    // A row of 8 registers at offsets 1, 2, 4 and lanes elsewhere: lane 0 is at offset 8, not
    // 2, and lane 2 at 32, not 1: neither matrix form. Plain: 8 f16 = 128 bits, packed into four
    // 32-bit words -> one ld.shared.v4.b32.
    QTest::newRow("blocked row of 8: ld.shared.v4.b32")
        << std::vector<int32_t>{1, 2, 4} << std::vector<int32_t>{8, 16, 32, 64, 128} << 16 << false
        << 90 << QStringLiteral("ld.shared.v4.b32") << 1;
    // 8-bit transposed load needs sm100: lanes 2, 3, 4 -> 1, 2, 4, a register at 8, 8 registers
    // (64 bits, one m16n16 matrix) -> ldmatrix.m16n16.x1.trans.b8.
    QTest::newRow("8-bit transposed load, sm100")
        << std::vector<int32_t>{8, 256, 512} << std::vector<int32_t>{64, 128, 1, 2, 4} << 8 << false
        << 100 << QStringLiteral("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8") << 1;
    // The same on sm90: no 8-bit transposed form; non-transposed needs offsets 1, 2 in
    // registers (none holds 1). Plain: register 0 is at offset 8, so no vector: 8 ld.shared.b8.
    QTest::newRow("8-bit transposed load, sm90: ld.shared.b8")
        << std::vector<int32_t>{8, 256, 512} << std::vector<int32_t>{64, 128, 1, 2, 4} << 8 << false
        << 90 << QStringLiteral("ld.shared.b8") << 8;
}

void TestNvSharedAccess::decision()
{
    QFETCH(std::vector<int32_t>, regs);
    QFETCH(std::vector<int32_t>, lanes);
    QFETCH(int, bits);
    QFETCH(bool, isWrite);
    QFETCH(int, features);
    QFETCH(QString, mnemonic);
    QFETCH(int, count);
    const NvMatrixFeatures f = features == 80 ? kSm80 : features == 90 ? kSm90 : kSm100;
    const NvSharedAccess a =
        nvidiaSharedAccessOfCvt(cvtOf(regs, lanes, {}, 1024), bits, isWrite, f);
    QCOMPARE(QString::fromStdString(a.mnemonic), mnemonic);
    QCOMPARE(a.count, int64_t(count));
}

void TestNvSharedAccess::reasonsNameTheBasis()
{
    // Lane 0 at offset 8 instead of 2: the non-transposed reason names lane basis 0.
    const NvSharedAccess a =
        nvidiaSharedAccessOfCvt(cvtOf({1, 2, 4}, {8, 16, 32, 64, 128}, {}, 1024), 16, false, kSm90);
    QCOMPARE(a.kind, NvAccessKind::Plain);
    QVERIFY2(a.whyNotMatrix.find("lane basis 0") != std::string::npos, a.whyNotMatrix.c_str());
    QVERIFY2(a.whyNotTransposed.find("lane basis 2") != std::string::npos,
             a.whyNotTransposed.c_str());
    // A warp basis inside the 16-byte row breaks the division: it is named.
    const NvSharedAccess b = nvidiaSharedAccessOfCvt(
        cvtOf({1, 512, 8}, {2, 4, 64, 128, 256}, {4}, 1024), 16, false, kSm90);
    QCOMPARE(b.kind, NvAccessKind::Plain);
    QVERIFY2(b.whyNotMatrix.find("warp basis 0") != std::string::npos, b.whyNotMatrix.c_str());
}

void TestNvSharedAccess::plainMnemonics_data()
{
    QTest::addColumn<int>("elements");
    QTest::addColumn<int>("bits");
    QTest::addColumn<bool>("isWrite");
    QTest::addColumn<QString>("mnemonic");
    QTest::newRow("1 x f16 load") << 1 << 16 << false << QStringLiteral("ld.shared.b16");
    QTest::newRow("2 x f16 store") << 2 << 16 << true << QStringLiteral("st.shared.v2.b16");
    QTest::newRow("4 x f16 store") << 4 << 16 << true << QStringLiteral("st.shared.v4.b16");
    // More than four 16-bit elements are packed into 32-bit words: 8 x 16 = 4 x 32.
    QTest::newRow("8 x f16 store") << 8 << 16 << true << QStringLiteral("st.shared.v4.b32");
    QTest::newRow("16 x i8 load") << 16 << 8 << false << QStringLiteral("ld.shared.v4.b32");
    QTest::newRow("2 x f32 load") << 2 << 32 << false << QStringLiteral("ld.shared.v2.b32");
    // A load of 32 bits or more reads 32-bit words: two f16 are one ld.shared.b32, four are
    // ld.shared.v2.b32 (the PTX of the measured kernels has no ld.shared.v2.b16).
    QTest::newRow("2 x f16 load") << 2 << 16 << false << QStringLiteral("ld.shared.b32");
    QTest::newRow("4 x f16 load") << 4 << 16 << false << QStringLiteral("ld.shared.v2.b32");
    QTest::newRow("2 x f64 load") << 2 << 64 << false << QStringLiteral("ld.shared.v2.b64");
}

void TestNvSharedAccess::plainMnemonics()
{
    QFETCH(int, elements);
    QFETCH(int, bits);
    QFETCH(bool, isWrite);
    QFETCH(QString, mnemonic);
    QCOMPARE(QString::fromStdString(nvidiaPlainMnemonic(elements, bits, isWrite)), mnemonic);
}

void TestNvSharedAccess::throughLayouts()
{
    // A one-dim tensor of 64 f16: register 0 at element 1, register 1 a replica (zero basis),
    // lanes at 2, 4, 8, 16, 32; the shared layout is the identity. The replica is removed before
    // the map is built, so a thread moves 2 distinct registers. Row tile: register 0 + lanes 0,
    // 1 -> offsets 1, 2, 4; lanes 2, 3, 4 (8, 16, 32) leave them alone: ldmatrix, 2 registers =
    // 32 bits = one matrix (.x1), one per thread.
    Expected<LinearLayout> reg = LinearLayout::tryCreate(
        {{"register", {{1}, {0}}}, {"lane", {{2}, {4}, {8}, {16}, {32}}}, {"warp", {}}},
        {{"dim0", 64}}, false);
    Expected<LinearLayout> shared = LinearLayout::tryCreate(
        {{"offset", {{1}, {2}, {4}, {8}, {16}, {32}}}}, {{"dim0", 64}}, true);
    QVERIFY(reg && shared);
    Expected<NvSharedAccess> a = nvidiaSharedAccess(*reg, *shared, 16, false, kSm90);
    QVERIFY2(a.hasValue(), a ? "" : a.message().c_str());
    QCOMPARE(a->registers, int64_t(2));
    QCOMPARE(QString::fromStdString(a->mnemonic),
             QStringLiteral("ldmatrix.sync.aligned.m8n8.x1.shared.b16"));
    QCOMPARE(a->count, int64_t(1));
}

// A store of registers that hold packed 16-bit pairs writes 32-bit words; unpacked registers are
// written element by element up to four, words beyond.
void TestNvSharedAccess::packedStores()
{
    QCOMPARE(nvidiaPlainMnemonic(2, 16, true, true), std::string("st.shared.b32"));
    QCOMPARE(nvidiaPlainMnemonic(4, 16, true, true), std::string("st.shared.v2.b32"));
    QCOMPARE(nvidiaPlainMnemonic(2, 16, true, false), std::string("st.shared.v2.b16"));
    QCOMPARE(nvidiaPlainMnemonic(4, 16, true, false), std::string("st.shared.v4.b16"));
    QCOMPARE(nvidiaPlainMnemonic(8, 16, true, false), std::string("st.shared.v4.b32"));
}

// convert_layout pairs (analysis/nvswizzling.h), derived by hand:
//  - the sm90 epilogue, 64x64 f16 from MMA v3 (registers: col 1, row 8, col 8, 16, 32; lanes: col
//    2, 4, row 1, 2, 4) to blocked [1, 8] / [4, 8] (registers col 1, 2, 4, row 16, 32; lanes col 8,
//    16, 32, row 1, 2). Both sides share only register col 1, so no (st.shared, ld.shared) pair
//    (it needs 3 common registers); (st.shared, ldmatrix) fits (the load's lanes 0, 1 = col 8, 16
//    are source registers) and so does (stmatrix, ld.shared) (the store's lanes 0, 1 = col 2, 4 are
//    destination registers); the .trans forms and (stmatrix, ldmatrix) do not. Both fitting
//    pairs are conflict-free in one round, so the first, (st.shared, ldmatrix), wins: the store's
//    vector is col 1, 8, 16 = 8 f16 = st.shared.v4.b32, 32 registers / 8 = 4; the load is
//    ldmatrix.x4, 4 per thread.
//  - the fp32 transpose of tr_fp32_32x128_w8: blocked [4, 1] / [32, 1] / warps [1, 8] to blocked
//    [1, 4] / [4, 8] / [8, 1]: no register in common and no tile pair fits (the only 32-bit
//    tiles need source lanes that are destination registers); plain accesses of one element:
//    16 st.shared.b32 and 16 ld.shared.b32.
void TestNvSharedAccess::conversionPairs()
{
    const LinearLayout mma =
        test::layoutOfText("#ttg.nvidia_mma<{versionMajor = 3, versionMinor = "
                           "0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
                           {64, 64});
    const LinearLayout rows = test::layoutOfText(
        "#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>",
        {64, 64});
    Expected<NvSwizzledConversion> c = nvidiaSwizzledConversion(mma, rows, 16, kSm90);
    QVERIFY2(c.hasValue(), c.hasValue() ? "" : c.message().c_str());
    QCOMPARE(c->store.mnemonic, std::string("st.shared.v4.b32"));
    QCOMPARE(c->store.count, int64_t(4));
    QCOMPARE(c->load.mnemonic, std::string("ldmatrix.sync.aligned.m8n8.x4.shared.b16"));
    QCOMPARE(c->load.count, int64_t(4));
    QCOMPARE(c->rounds, 1);
    QCOMPARE(c->readConflicts + c->writeConflicts, 0);
    QVERIFY2(c->choice.rfind("2 (store, load) pairs fit", 0) == 0, c->choice.c_str());

    const LinearLayout cols = test::layoutOfText(
        "#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 8], "
        "order = [0, 1]}>",
        {128, 32});
    const LinearLayout rows32 = test::layoutOfText(
        "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], "
        "order = [1, 0]}>",
        {128, 32});
    Expected<NvSwizzledConversion> t = nvidiaSwizzledConversion(cols, rows32, 32, kSm90);
    QVERIFY2(t.hasValue(), t.hasValue() ? "" : t.message().c_str());
    QCOMPARE(t->store.mnemonic, std::string("st.shared.b32"));
    QCOMPARE(t->store.count, int64_t(16));
    QCOMPARE(t->load.mnemonic, std::string("ld.shared.b32"));
    QCOMPARE(t->load.count, int64_t(16));
    QVERIFY2(t->choice.find("no ldmatrix/stmatrix tile fits") != std::string::npos,
             t->choice.c_str());
}

QTEST_GUILESS_MAIN(TestNvSharedAccess)
#include "tst_nvsharedaccess.moc"
