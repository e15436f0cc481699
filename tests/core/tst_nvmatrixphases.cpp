// The phases of ldmatrix / stmatrix (analysis/nvmatrixphases.h) and the swizzle atom of a shared
// layout (analysis/swizzleatom.h), against the PTX ISA's ldmatrix fragment figure and the
// 128-byte swizzle table of docs/nvidia-layouts.md §6, each derived by hand below.

#include "analysis/nvmatrixphases.h"
#include "analysis/nvwavefronts.h"
#include "analysis/swizzleatom.h"
#include "hw/arch.h"

#include "../common/testlayout.h"

#include <QTest>

using namespace lx;

namespace {

// A (register, lane) -> offset map with the given offset of each basis.
LinearLayout cvtOf(const std::vector<int32_t> &regs, const std::vector<int32_t> &lanes,
                   int32_t offsets)
{
    auto column = [](const std::vector<int32_t> &v) {
        std::vector<LinearLayout::Basis> out;
        for (int32_t x : v)
            out.push_back({x});
        return out;
    };
    LinearLayout::BasesT bases{{"register", column(regs)}, {"lane", column(lanes)}};
    Expected<LinearLayout> l = LinearLayout::tryCreate(bases, {{"offset", offsets}}, false);
    if (!l)
        qFatal("%s", l.message().c_str());
    return *l;
}

const NvMatrixFeatures kSm90{true, true, false};

Architecture sm90()
{
    Expected<Architecture> a = loadArchitecture("sm90");
    if (!a)
        qFatal("%s", a.message().c_str());
    return *a;
}

NvMatrixPhases phasesOf(const LinearLayout &cvt, bool withElements = true)
{
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(cvt, 16, false, kSm90);
    Expected<NvMatrixPhases> p = nvidiaMatrixPhases(sm90(), cvt, a, 16, withElements);
    if (!p)
        qFatal("%s", p.message().c_str());
    return *p;
}

std::string nvmma(int swizzle)
{
    return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzle) +
           ", transposed = false, elementBitWidth = 16}>";
}

} // namespace

class TestNvMatrixPhases : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void fragmentOfThePtxFigure();
    void transposedFragment();
    void unswizzledRowsConflict();
    void wavefrontsAreThePhases();
    void atomOf128ByteSwizzle();
    void atomOfNarrowerSwizzles_data();
    void atomOfNarrowerSwizzles();
    void atomRefusals();
};

// One 8x8 f16 matrix stored row-major (offset = 8 row + col). The thread's register pair is
// offset 1, lanes 0, 1 continue the 16-byte row (offsets 2, 4), lanes 2, 3, 4 pick rows 1, 2, 4
// (offsets 8, 16, 32): ldmatrix .x1. The PTX figure: lane r gives row r's address; thread t holds
// row t / 4, elements 2 (t mod 4) and 2 (t mod 4) + 1 in registers 0 and 1.
void TestNvMatrixPhases::fragmentOfThePtxFigure()
{
    const NvMatrixPhases p = phasesOf(cvtOf({1}, {2, 4, 8, 16, 32}, 64));
    QCOMPARE(p.matrices, 1);
    QCOMPARE(p.instructionsPerWarp, int64_t(1));
    QCOMPARE(p.rowElements, 8);
    QCOMPARE(p.phases.size(), size_t(1));
    const NvMatrixPhase &ph = p.phases[0];
    QCOMPARE(ph.rows.size(), size_t(8));
    for (int r = 0; r < 8; ++r) {
        QCOMPARE(ph.rows[size_t(r)].lane, r);
        QCOMPARE(ph.rows[size_t(r)].offset, int64_t(8 * r));
        for (int c = 0; c < 8; ++c) {
            const NvMatrixSlot s = ph.rows[size_t(r)].elements[size_t(c)];
            QCOMPARE(s.lane, 4 * r + c / 2);
            QCOMPARE(s.reg, int64_t(c % 2));
        }
    }
    // Rows 16 bytes apart: the eight rows cover the 32 banks once.
    QCOMPARE(ph.ways, 1);
}

// The same matrix read transposed: lanes 2, 3, 4 walk a memory row (offsets 1, 2, 4), register 0
// and lanes 0, 1 pick rows 1, 2, 4 (offsets 8, 16, 32). Lane r still gives row r's address;
// memory row r, element c lands in thread 4c + r / 2, register r mod 2 (the PTX ISA's .trans:
// thread t holds column t / 4, rows 2 (t mod 4) and 2 (t mod 4) + 1).
void TestNvMatrixPhases::transposedFragment()
{
    const LinearLayout cvt = cvtOf({8}, {16, 32, 1, 2, 4}, 64);
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(cvt, 16, false, kSm90);
    QCOMPARE(int(a.kind), int(NvAccessKind::MatrixTransposed));
    const NvMatrixPhases p = phasesOf(cvt);
    QCOMPARE(p.phases.size(), size_t(1));
    const NvMatrixPhase &ph = p.phases[0];
    for (int r = 0; r < 8; ++r) {
        QCOMPARE(ph.rows[size_t(r)].lane, r);
        QCOMPARE(ph.rows[size_t(r)].offset, int64_t(8 * r));
        for (int c = 0; c < 8; ++c) {
            const NvMatrixSlot s = ph.rows[size_t(r)].elements[size_t(c)];
            QCOMPARE(s.lane, 4 * c + r / 2);
            QCOMPARE(s.reg, int64_t(r % 2));
        }
    }
}

// Rows of 64 f16 (128 bytes) without a swizzle: the eight rows of a matrix are 128 bytes apart,
// every one on banks 0-3: an 8-way phase. Four register bases: the pair (1), then 8, 16 (the
// matrices of an .x4: columns 8 and 16), then 512 (row 8: a second instruction).
void TestNvMatrixPhases::unswizzledRowsConflict()
{
    const NvMatrixPhases p = phasesOf(cvtOf({1, 8, 16, 512}, {2, 4, 64, 128, 256}, 1024));
    QCOMPARE(p.matrices, 4);
    QCOMPARE(p.instructionsPerWarp, int64_t(2));
    QCOMPARE(p.phases.size(), size_t(8));
    for (const NvMatrixPhase &ph : p.phases)
        QCOMPARE(ph.ways, 8);
    // Matrix 1 of instruction 1: lanes 8-15, rows 8-15 (offset 512 + 64 r) at column 8.
    const NvMatrixPhase &ph = p.phases[5];
    QCOMPARE(ph.instruction, int64_t(1));
    QCOMPARE(ph.matrix, 1);
    QCOMPARE(ph.rows[3].lane, 11);
    QCOMPARE(ph.rows[3].offset, int64_t(512 + 3 * 64 + 8));
}

// The CTA's wavefronts are the phases' (one path: nvwavefronts.h sums nvmatrixphases.h).
void TestNvMatrixPhases::wavefrontsAreThePhases()
{
    const LinearLayout cvt = cvtOf({1, 8, 16, 512}, {2, 4, 64, 128, 256}, 1024);
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(cvt, 16, false, kSm90);
    Expected<NvWavefronts> w = nvidiaWavefronts(sm90(), cvt, a, 16, false);
    QVERIFY(w.hasValue());
    // 2 instructions x 4 matrices, each 8-way.
    QCOMPARE(w->instructions, int64_t(2));
    QCOMPARE(w->measured, int64_t(64));
    QCOMPARE(w->ideal, int64_t(8));
    QCOMPARE(w->maxWays, 8);
}

// docs/nvidia-layouts.md §6: 8 x 64 f16 with the 128-byte swizzle stores chunk j of row r at
// position j XOR r, so position p of line r holds chunk p XOR r; chunk j of the eight rows lies
// at positions j XOR 0 .. j XOR 7: all 32 banks once.
void TestNvMatrixPhases::atomOf128ByteSwizzle()
{
    const LinearLayout s = test::layoutOfText(nvmma(128), {8, 64});
    Expected<SwizzleAtom> a = swizzleAtom(sm90(), s, 16);
    QVERIFY2(a.hasValue(), a ? "" : a.message().c_str());
    QCOMPARE(a->contiguousDim, 1);
    QCOMPARE(a->lineBytes, 128);
    QCOMPARE(a->chunksPerLine, 8);
    QCOMPARE(a->lines.size(), size_t(8));
    for (int r = 0; r < 8; ++r)
        for (int p = 0; p < 8; ++p) {
            QCOMPARE(a->lines[size_t(r)][size_t(p)].chunk, p ^ r);
            QCOMPARE(a->lines[size_t(r)][size_t(p)].coord[0], r);
        }
    for (int j = 0; j < 8; ++j) {
        QCOMPARE(a->ways[size_t(j)], 1);
        QCOMPARE(a->positions[size_t(j)][5], j ^ 5);
    }
}

void TestNvMatrixPhases::atomOfNarrowerSwizzles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("chunks");
    QTest::addColumn<int>("perPhase");
    QTest::addColumn<int>("maxPhase");
    QTest::addColumn<int>("ways");
    // 64 B: rows of 32 f16, 4 chunks, rows paired (perPhase 2), XOR r / 2 mod 4. Rows r and
    // r + 2 lie 128 bytes apart, a chunk of them on different positions: 1-way.
    QTest::newRow("nvmma 64") << QString::fromStdString(nvmma(64)) << 4 << 2 << 4 << 1;
    // 32 B: 2 chunks, rows by four, XOR r / 4 mod 2; lines 0-3 fill 128 bytes, 4-7 swap: 1-way.
    QTest::newRow("nvmma 32") << QString::fromStdString(nvmma(32)) << 2 << 4 << 2 << 1;
    // No swizzle over rows of 64 f16: chunk j of every row on the same 4 banks: 8-way.
    QTest::newRow("nvmma 0") << QString::fromStdString(nvmma(0)) << 8 << 1 << 1 << 8;
    // maxPhase 4 over 128-byte rows: rows r and r + 4 share the XOR value: 2-way.
    QTest::newRow("swizzled maxPhase 4")
        << QStringLiteral(
               "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>")
        << 8 << 1 << 4 << 2;
}

void TestNvMatrixPhases::atomOfNarrowerSwizzles()
{
    QFETCH(QString, text);
    QFETCH(int, chunks);
    QFETCH(int, perPhase);
    QFETCH(int, maxPhase);
    QFETCH(int, ways);
    const LinearLayout s = test::layoutOfText(text.toStdString(), {64, 64});
    Expected<SwizzleAtom> a = swizzleAtom(sm90(), s, 16);
    QVERIFY2(a.hasValue(), a ? "" : a.message().c_str());
    QCOMPARE(a->chunksPerLine, chunks);
    QCOMPARE(a->lines.size(), size_t(8));
    for (int r = 0; r < 8; ++r)
        for (int p = 0; p < chunks; ++p)
            QCOMPARE(a->lines[size_t(r)][size_t(p)].chunk, p ^ ((r / perPhase) % maxPhase));
    QCOMPARE(*std::max_element(a->ways.begin(), a->ways.end()), ways);
}

void TestNvMatrixPhases::atomRefusals()
{
    // A register layout is not a shared one.
    const LinearLayout reg = cvtOf({1}, {2, 4, 8, 16, 32}, 64);
    QVERIFY(!swizzleAtom(sm90(), reg, 16).hasValue());
    // 24-bit elements do not exist.
    const LinearLayout s = test::layoutOfText(nvmma(128), {8, 64});
    Expected<SwizzleAtom> bad = swizzleAtom(sm90(), s, 24);
    QVERIFY(!bad.hasValue());
    QVERIFY(bad.message().find("24") != std::string::npos);
    // A plain access has no matrix phases.
    const LinearLayout plain = cvtOf({64}, {1, 2, 4, 8, 16}, 128);
    const NvSharedAccess a = nvidiaSharedAccessOfCvt(plain, 16, false, kSm90);
    QCOMPARE(int(a.kind), int(NvAccessKind::Plain));
    QVERIFY(!nvidiaMatrixPhases(sm90(), plain, a, 16, true).hasValue());
}

QTEST_APPLESS_MAIN(TestNvMatrixPhases)
#include "tst_nvmatrixphases.moc"
