// Bank conflicts of a transposed LDS load on its source addresses (core/analysis/banksdsloadtr.h)
// and the bank views' choice between the transposed load and its fallback
// (core/request/analysisinputs.h). The expected addresses and ways are derived by hand below
// from the WMMA operand layout and the gfx1250 phase table; none is read off the output.
//
// The hand derivation (gfx1250, ds_load_tr16_b128, 16-bit elements, 64 banks of 4 B):
//
// The destination is the B operand of a 16x16x32 WMMA (kWidth 8): lane L < 16 holds column
// n = L, rows k = 0..7 in registers 0-7 and k = 16..23 in registers 8-15; lane L >= 16 holds
// column n = L - 16, rows 8..15 and 24..31. One ds_load_tr16_b128 fills 8 registers of every
// lane, transposing 8x8 inside each aligned group of 8 lanes: destination lane L, register r
// receives element L % 8 of source lane 8 * (L / 8) + r. So source lane s reads the 8
// contiguous elements (16 B) of row
//     k(s) = s % 8 + 8 * (s / 16)        (+ 16 for the second instruction)
// starting at column
//     n(s) = 8 * ((s / 8) % 2)           (+ 16 per further 16-column tile).
// With N columns of f16 per row and no swizzle, byte(s) = 2 * (k(s) * N + n(s)).
// The phases of ds_load_tr16_b128 on gfx1250 are lanes 0-15 and lanes 16-31.
//
//  * N = 16 (fig2a, row = 32 B): lanes 0-15 read rows 0-7, both halves: bytes 0, 16, 32, ...,
//    240, i.e. 256 contiguous bytes = every bank once. 1-way, and lanes 16-31 (bytes 256-511)
//    likewise: 2 cycles per instruction (ideal 2), 2 instructions per thread.
//  * N = 128 (row = 256 B = all 64 banks): byte(s) = 256 k(s) + 16 * ((s / 8) % 2). Lanes 0-7
//    all start in bank 0 (their 16 B cover banks 0-3) with eight different rows: 8-way; lanes
//    8-15 banks 4-7, 8-way. Every instruction is the same pattern moved by whole rows or by 32 B:
//    16 cycles (ideal 2) each, 128 registers / 8 = 16 instructions.
//  * N = 128 with #ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8}>: the 32-B unit u
//    of row k is stored at unit u ^ (k % 8). Lane s reads unit 0, half (s / 8) % 2, so
//    byte(s) = 256 k + 32 (k % 8) + 16 ((s / 8) % 2) and bank group (4 banks) = 2 (k % 8) +
//    (s / 8) % 2: the 16 lanes of a phase hit 16 different groups. 1-way.

#include "analysis/banksdsloadtr.h"
#include "hw/arch.h"
#include "io/scene.h"
#include "request/analysisinputs.h"

#include <QtTest>

#include <set>

using namespace lx;

namespace {

const char *kBOperand =
    "#mma = #ttg.amd_wmma<{version = 3, isTranspose = true, ctaLayout = {warp = []}, "
    "instrShape = [16, 16, 32]}>\n#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>";
const char *kPlain = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";
const char *kSwizzled =
    "#ttg.swizzled_shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [1, 0]}>";

ResolvedLayout layout(const char *name, const std::string &text, int32_t k, int32_t n,
                      const char *dtype = "f16")
{
    SceneLayout s;
    s.name = name;
    s.text = text;
    s.shape = {k, n};
    s.dtype = dtype;
    Expected<ResolvedLayout> r = resolveLayout(s);
    if (!r)
        qFatal("%s", r.message().c_str());
    return *r;
}

ViewRequest bankRequest(const char *shared, int32_t k, int32_t n, const char *dtype = "f16")
{
    ViewRequest r;
    r.kind = "bank-table";
    r.arch = "gfx1250";
    r.layouts = {layout("shared", shared, k, n, dtype), layout("dst", kBOperand, k, n, dtype)};
    r.options = {{"shared", "shared"}, {"reg", "dst"}};
    return r;
}

// The hand-derived source byte of lane s in instruction 0 (see the header comment).
int64_t handByte(int s, int32_t n, bool swizzled)
{
    const int64_t k = s % 8 + 8 * (s / 16);
    const int64_t half = (s / 8) % 2;
    if (swizzled)
        return 2 * k * n + 32 * (k % 8) + 16 * half;
    return 2 * (k * n + 8 * half);
}

} // namespace

class TestBanksDsLoadTr : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handDerived_data();
    void handDerived();
    void elementsLandWhereTheSharedLayoutPutsThem();
    void fallbackIsNamed();
    void thirtyTwoBitIsAResult();
    void namedInstructionThatDoesNotApply();
};

void TestBanksDsLoadTr::handDerived_data()
{
    QTest::addColumn<QString>("shared");
    QTest::addColumn<int>("columns");
    QTest::addColumn<bool>("swizzled");
    QTest::addColumn<int>("ways");
    QTest::addColumn<int>("instructions");
    QTest::newRow("fig2a 32x16, row 32 B: 1-way")
        << QString::fromLatin1(kPlain) << 16 << false << 1 << 2;
    QTest::newRow("32x128, row 256 B: 8-way")
        << QString::fromLatin1(kPlain) << 128 << false << 8 << 16;
    QTest::newRow("32x128 swizzled vec 16: 1-way")
        << QString::fromLatin1(kSwizzled) << 128 << true << 1 << 16;
}

void TestBanksDsLoadTr::handDerived()
{
    QFETCH(QString, shared);
    QFETCH(int, columns);
    QFETCH(bool, swizzled);
    QFETCH(int, ways);
    QFETCH(int, instructions);
    const Expected<BankViewInput> in =
        resolveBankView(bankRequest(qPrintable(shared), 32, columns));
    QVERIFY2(in, in ? "" : in.message().c_str());
    const BankConflictReport &r = in->report;
    QVERIFY(r.transposedLoad && r.transposedLoad->used);
    QCOMPARE(r.instruction.name, std::string("ds_load_tr16_b128"));
    QCOMPARE(int(r.instructions.size()), instructions);
    for (int s = 0; s < 32; ++s)
        QCOMPARE(*r.instructions.front().addresses[0][size_t(s)], handByte(s, columns, swizzled));
    for (const InstructionReport &ir : r.instructions) {
        QCOMPARE(int(ir.phases.size()), 2);
        QCOMPARE(ir.phases[0].lanes.front(), 0);
        QCOMPARE(ir.phases[0].lanes.back(), 15);
        QCOMPARE(ir.phases[1].lanes.front(), 16);
        for (const PhaseReport &p : ir.phases)
            QCOMPARE(p.ways, ways);
        QCOMPARE(ir.cycles, 2 * ways);
        QCOMPARE(ir.idealCycles, 2);
    }
    QCOMPARE(r.totals.cycles, int64_t(2 * ways * instructions));
    QCOMPARE(r.totals.idealCycles, int64_t(2 * instructions));
    QCOMPARE(in->sourceText.find("read by the transposed load ds_load_tr16_b128") !=
                 std::string::npos,
             true);
}

// Every destination element is reported once, at the byte the row-major unswizzled layout gives
// its coordinates (2 * (k * N + n)), with the ways of its bank in its source lane's phase.
void TestBanksDsLoadTr::elementsLandWhereTheSharedLayoutPutsThem()
{
    const Expected<BankViewInput> in = resolveBankView(bankRequest(kPlain, 32, 128));
    QVERIFY2(in, in ? "" : in.message().c_str());
    const BankConflictReport &r = in->report;
    QCOMPARE(int(r.elements.size()), 32 * 128);
    std::set<std::pair<int32_t, int32_t>> seen;
    for (const ElementAccess &e : r.elements) {
        QCOMPARE(e.byteAddress, 2 * (int64_t(e.coords[0]) * 128 + e.coords[1]));
        QCOMPARE(e.bank, int((e.byteAddress / 4) % 64));
        QCOMPARE(e.ways, 8);
        seen.insert({e.coords[0], e.coords[1]});
    }
    QCOMPARE(int(seen.size()), 32 * 128);
}

// Destination lanes 0 and 1 swapped in the tile (lane basis 0 steps 2 elements, not 1): the
// transposed load does not apply. Each lane's 8 registers lie 32 elements apart in the
// dim0-contiguous 32x8 tile, so the fallback is one 16-bit load per element, and the report says
// so. A K-contiguous B operand read with ds_load_b128 is as wide as the transposed load and is
// not called a fallback.
void TestBanksDsLoadTr::fallbackIsNamed()
{
    ViewRequest r;
    r.kind = "bank-table";
    r.arch = "gfx1250";
    r.layouts = {
        layout("shared",
               "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>", 32,
               8),
        layout("dst",
               "#ttg.linear<{register = [[0, 1], [0, 2], [0, 4]], lane = [[2, 0], [1, 0], "
               "[4, 0], [8, 0], [16, 0]], warp = [], block = []}>",
               32, 8)};
    r.options = {{"shared", "shared"}, {"reg", "dst"}};
    const Expected<BankViewInput> in = resolveBankView(r);
    QVERIFY2(in, in ? "" : in.message().c_str());
    const BankConflictReport &rep = in->report;
    QVERIFY(rep.transposedLoad);
    QVERIFY(!rep.transposedLoad->used);
    QCOMPARE(rep.transposedLoad->candidate, std::string("ds_load_tr16_b128"));
    QVERIFY2(rep.transposedLoad->reason.find("lane basis 0") != std::string::npos,
             rep.transposedLoad->reason.c_str());
    QCOMPARE(rep.transposedLoad->fallback, std::string("ds_load_u16"));
    QCOMPARE(rep.transposedLoad->fallbackCount, int64_t(8));
    QCOMPARE(rep.instruction.name, std::string("ds_load_u16"));
    QVERIFY2(in->sourceText.find("ds_load_tr16_b128 not eligible") != std::string::npos,
             in->sourceText.c_str());

    const Expected<BankViewInput> wide = resolveBankView(bankRequest(
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>", 32, 16));
    QVERIFY2(wide, wide ? "" : wide.message().c_str());
    QCOMPARE(wide->report.instruction.name, std::string("ds_load_b128"));
    QVERIFY(!wide->report.transposedLoad);
}

// 32-bit elements: no variant exists; the plan and the bank view say so and name the fallback.
// The B operand holds 16 f32 per lane, 8 contiguous along k; the N-contiguous source gives no
// two of them adjacent in LDS, so the fallback is 16 single 32-bit loads per thread.
void TestBanksDsLoadTr::thirtyTwoBitIsAResult()
{
    const ResolvedLayout shared = layout("shared", kPlain, 32, 16, "f32");
    const ResolvedLayout dst = layout("dst", kBOperand, 32, 16, "f32");
    const Expected<DsLoadTrPlan> plan = analyzeDsLoadTr(shared.layout, dst.layout, 32, "gfx1250");
    QVERIFY2(plan, plan ? "" : plan.message().c_str());
    QVERIFY(!plan->eligible);
    QVERIFY(!plan->hasInstruction());
    QVERIFY2(plan->reason.find("32-bit") != std::string::npos, plan->reason.c_str());
    QCOMPARE(plan->fallback.instruction, std::string("ds_load_b32"));
    QCOMPARE(plan->fallback.count, int64_t(16));

    const Expected<BankViewInput> in = resolveBankView(bankRequest(kPlain, 32, 16, "f32"));
    QVERIFY2(in, in ? "" : in.message().c_str());
    QVERIFY(in->report.transposedLoad);
    QVERIFY(!in->report.transposedLoad->used);
    QVERIFY(in->report.transposedLoad->candidate.empty());
    QCOMPARE(in->report.transposedLoad->fallback, std::string("ds_load_b32"));
    QCOMPARE(in->report.instruction.name, std::string("ds_load_b32"));
}

void TestBanksDsLoadTr::namedInstructionThatDoesNotApply()
{
    ViewRequest r = bankRequest(
        "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>", 32, 16);
    r.options["instruction"] = "ds_load_tr16_b128";
    const Expected<BankViewInput> in = resolveBankView(r);
    QVERIFY(!in);
    QVERIFY2(in.message().find("ds_load_tr16_b128 does not apply") != std::string::npos,
             in.message().c_str());
    ViewRequest r8 = bankRequest(kPlain, 32, 16);
    r8.options["instruction"] = "ds_load_tr8_b64";
    const Expected<BankViewInput> in8 = resolveBankView(r8);
    QVERIFY(!in8);
    QVERIFY2(in8.message().find("moves 8-bit elements") != std::string::npos,
             in8.message().c_str());
}

QTEST_MAIN(TestBanksDsLoadTr)
#include "tst_banksdsloadtr.moc"
