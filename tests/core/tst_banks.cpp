// Tests of the bank-conflict analysis (core/analysis/banks.h) and the rocMLIR kPack layouts
// (core/analysis/kpack.h). Expected numbers come from docs/worked-cases.md (the case
// id is in each row name, with its provenance), from rocMLIR pull request #2196, and from
// Triton's own engine (tests/data/conformance/triton-bank_conflicts.json). None is copied from
// the output under test.

#include "analysis/banks.h"
#include "analysis/kpack.h"
#include "hw/arch.h"
#include "layout/builders.h"

#include "testlayout.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>

using namespace lx;

namespace {

using AddressFn = std::function<std::optional<int64_t>(int lane)>;

Architecture arch(const char *name)
{
    auto a = loadArchitecture(name);
    if (!a)
        qFatal("%s", a.message().c_str());
    return *a;
}

InstructionReport run(const char *archName, const char *insName, const AddressFn &fn,
                      BankOptions options = {})
{
    const Architecture a = arch(archName);
    auto ins = a.instruction(insName);
    if (!ins)
        qFatal("%s", ins.message().c_str());
    std::vector<std::vector<std::optional<int64_t>>> addrs(size_t(ins->passes));
    for (auto &pass : addrs) {
        for (int l = 0; l < a.waveSize; ++l)
            pass.push_back(fn(l));
    }
    auto r = analyzeAddresses(a, *ins, addrs, options);
    if (!r)
        qFatal("%s", r.message().c_str());
    return *r;
}

std::vector<int> waysOf(const InstructionReport &r)
{
    std::vector<int> ways;
    for (const PhaseReport &p : r.phases)
        ways.push_back(p.ways);
    return ways;
}

// One address-level case of docs/worked-cases.md.
struct AddressCase
{
    const char *name;
    const char *arch;
    const char *instruction;
    AddressFn address;
    int cycles;
    int maxWays;
    std::vector<int> ways; // empty: not stated by the case
};

std::vector<AddressCase> makeAddressCases()
{
    std::vector<AddressCase> cases;
    auto add = [&](const char *name, const char *a, const char *i, AddressFn f, int cycles,
                   int maxWays, std::vector<int> ways = {}) {
        cases.push_back({name, a, i, std::move(f), cycles, maxWays, ways});
    };

    // B1 [DER] (= [SRC] "2-way" read, "conflict-free" write): CK-Tile naive 64x32 fp16 A tile.
    const AddressFn b1Read = [](int l) { return int64_t((l % 16) * 64 + (l / 16) * 16); };
    add("B1 read gfx942 [DER]", "gfx942", "ds_read_b128", b1Read, 16, 2, {2, 2, 2, 2, 2, 2, 2, 2});
    add("B1 write gfx942 [DER]", "gfx942", "ds_write_b128",
        [](int t) { return int64_t((t / 4) * 64 + (t % 4) * 16); }, 8, 1, {1, 1, 1, 1, 1, 1, 1, 1});
    add("B1 read gfx950 [DER]", "gfx950", "ds_read_b128", b1Read, 8, 2, {2, 2, 2, 2});

    // C1: 128-B rows, naive and XOR pre-shuffle.
    const AddressFn c1Naive = [](int l) { return int64_t((l % 16) * 128 + (l / 16) * 16); };
    const AddressFn c1Xor = [](int l) {
        return int64_t((l % 16) * 128 + (((l / 16) ^ ((l % 16) % 8)) * 16));
    };
    add("C1 naive gfx942 [DER]=[SRC] 4-way", "gfx942", "ds_read_b128", c1Naive, 32, 4,
        std::vector<int>(8, 4));
    add("C1 naive gfx950 [DER]", "gfx950", "ds_read_b128", c1Naive, 16, 4, {4, 4, 4, 4});
    add("C1 xor gfx942 [DER]", "gfx942", "ds_read_b128", c1Xor, 8, 1);
    add("C1 xor gfx950 [DER]", "gfx950", "ds_read_b128", c1Xor, 4, 1);
    add(
        "C1 xor write gfx942 [DER]", "gfx942", "ds_write_b128",
        [](int t) { return int64_t((t / 8) * 128 + (((t % 8) ^ ((t / 8) % 8)) * 16)); }, 8, 1);

    // C2: row padding of the C1 tile.
    for (auto [pad, c942, w942, c950, w950] :
         {std::tuple{16, 16, 2, 8, 2}, std::tuple{32, 8, 1, 4, 1}, std::tuple{64, 16, 2, 8, 2}}) {
        static std::vector<std::string> names;
        const int stride = 128 + pad;
        const AddressFn read = [stride](int l) {
            return int64_t((l % 16) * stride + (l / 16) * 16);
        };
        names.push_back("C2 pad " + std::to_string(pad) + " gfx942 [DER]");
        add(names.back().c_str(), "gfx942", "ds_read_b128", read, c942, w942);
        names.push_back("C2 pad " + std::to_string(pad) + " gfx950 [DER]");
        add(names.back().c_str(), "gfx950", "ds_read_b128", read, c950, w950);
        names.push_back("C2 pad " + std::to_string(pad) + " write [DER]");
        add(
            names.back().c_str(), "gfx942", "ds_write_b128",
            [stride](int t) { return int64_t((t / 8) * stride + (t % 8) * 16); }, 8, 1);
    }

    // G1 [DER]: ds_read_b64 with stride s (8-byte units), gfx950 vs gfx942.
    for (auto [s, c950, w950, c942, w942] :
         {std::tuple{1, 2, 1, 4, 1}, std::tuple{2, 4, 2, 8, 2}, std::tuple{4, 8, 4, 16, 4},
          std::tuple{32, 64, 32, 64, 16}}) {
        static std::vector<std::string> names;
        const AddressFn f = [s = s](int l) { return int64_t(l * 8 * s); };
        names.push_back("G1 s=" + std::to_string(s) + " gfx950 [DER]");
        add(names.back().c_str(), "gfx950", "ds_read_b64", f, c950, w950, {w950, w950});
        names.push_back("G1 s=" + std::to_string(s) + " gfx942 [DER]");
        add(names.back().c_str(), "gfx942", "ds_read_b64", f, c942, w942, {w942, w942, w942, w942});
    }

    // G4 [DER]: rocRoller's sample addresses under the phase model.
    const AddressFn g4 = [](int l) { return int64_t((l / 16) * 16 + (l % 16) * 64); };
    add("G4 phase model gfx950 [DER]", "gfx950", "ds_read_b128", g4, 8, 2, {2, 2, 2, 2});
    add("G4 phase model gfx942 [DER]", "gfx942", "ds_read_b128", g4, 16, 2);

    // T2 [DER] (confidence L): gfx11 WMMA A operand, lanes 16-31 replicate 0-15, two K-chunks.
    for (int c = 0; c < 2; ++c) {
        static std::vector<std::string> names;
        names.push_back("T2 unswizzled chunk " + std::to_string(c) + " gfx1100 [DER]");
        add(names.back().c_str(), "gfx1100", "ds_load_b128",
            [c](int l) { return int64_t((l % 16) * 128 + c * 16); }, 32, 8, {8, 8, 8, 8});
        names.push_back("T2 swizzled chunk " + std::to_string(c) + " gfx1100 [DER]");
        add(names.back().c_str(), "gfx1100", "ds_load_b128",
            [c](int l) { return int64_t((l % 16) * 128 + ((c ^ ((l % 16) % 8)) * 16)); }, 4, 1,
            {1, 1, 1, 1});
    }

    // G3 [DER] by addresses (the layout form is tested in layoutCases).
    add("G3 unpadded gfx1250 [DER]", "gfx1250", "ds_load_b128", c1Naive, 16, 8, {8, 8});
    add("G3 padded 128:+8 gfx1250 [DER]", "gfx1250", "ds_load_b128",
        [](int l) {
            const int64_t e = (l % 16) * 64 + (l / 16) * 8;
            return (e + (e / 128) * 8) * 2;
        },
        2, 1, {1, 1});

    // N: NVIDIA wavefronts (Fuser model). N1 [DER] textbook, N3 [MEAS], N3c/N4 [DER].
    for (auto [s, wf] : {std::pair{1, 1}, std::pair{2, 2}, std::pair{4, 4}, std::pair{8, 8},
                         std::pair{16, 16}, std::pair{32, 32}, std::pair{33, 1}}) {
        static std::vector<std::string> names;
        names.push_back("N1 LDS.32 s=" + std::to_string(s) + " [DER]");
        add(
            names.back().c_str(), "sm80", "LDS.32", [s = s](int t) { return int64_t(4 * s * t); },
            wf, wf);
    }
    add(
        "N1b LDS.32 same word [DER]", "sm80", "LDS.32", [](int) { return int64_t(64); }, 1, 1);
    add("N2 LDS.64 8t [DER]", "sm80", "LDS.64", [](int t) { return int64_t(8 * t); }, 2, 1, {1, 1});
    add("N2b LDS.64 16t [DER]", "sm80", "LDS.64", [](int t) { return int64_t(16 * t); }, 4, 2,
        {2, 2});
    add("N3 LDS.128 16t [MEAS]", "sm90", "LDS.128", [](int t) { return int64_t(16 * t); }, 4, 1,
        {1, 1, 1, 1});
    add("N3c LDS.128 128t [DER]", "sm80", "LDS.128", [](int t) { return int64_t(128 * t); }, 32, 8,
        {8, 8, 8, 8});
    add("N4 ldmatrix.x4 unswizzled [DER]", "sm80", "ldmatrix.x4",
        [](int t) { return int64_t(128 * t); }, 32, 8, {8, 8, 8, 8});
    add("N4 ldmatrix.x4 swizzled [DER]", "sm80", "ldmatrix.x4",
        [](int t) { return int64_t(128 * t + ((t % 8) * 16)); }, 4, 1, {1, 1, 1, 1});
    // Cross-vendor contrast [DER]: 16-B per lane consecutive is conflict-free everywhere.
    add(
        "contrast gfx942 [DER]", "gfx942", "ds_read_b128", [](int l) { return int64_t(16 * l); }, 8,
        1);
    add(
        "contrast gfx950 [DER]", "gfx950", "ds_read_b128", [](int l) { return int64_t(16 * l); }, 4,
        1);
    return cases;
}

// Triton's swizzled_shared linear layout (swizzledSharedToLinearLayout) for a rank-2 shape: the
// columns (order[0]) first, then each row bit r with column (vec * ((r / perPhase) % maxPhase))
// mod numCols, then a size-1 block dim; out-dims in dim order.
LinearLayout swizzledShared(int vec, int perPhase, int maxPhase, std::vector<int> order,
                            std::vector<int> shape)
{
    const int colDim = order[0], rowDim = order[1];
    std::vector<LinearLayout::Basis> offset;
    for (int c = 1; c < shape[size_t(colDim)]; c *= 2) {
        LinearLayout::Basis b(2, 0);
        b[size_t(colDim)] = c;
        offset.push_back(b);
    }
    for (int r = 1; r < shape[size_t(rowDim)]; r *= 2) {
        LinearLayout::Basis b(2, 0);
        b[size_t(rowDim)] = r;
        b[size_t(colDim)] = (vec * ((r / perPhase) % maxPhase)) % shape[size_t(colDim)];
        offset.push_back(b);
    }
    auto ll = LinearLayout::tryCreate({{"offset", offset}, {"block", {}}},
                                      {{"dim0", shape[0]}, {"dim1", shape[1]}}, true);
    if (!ll)
        qFatal("%s", ll.message().c_str());
    return *ll;
}

LinearLayout rowMajor(int rows, int cols)
{
    return swizzledShared(1, 1, 1, {1, 0}, {rows, cols});
}

LinearLayout distributed(std::vector<LinearLayout::Basis> reg,
                         std::vector<LinearLayout::Basis> lane,
                         std::vector<LinearLayout::Basis> warp, int rows, int cols)
{
    auto ll =
        LinearLayout::tryCreate({{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", {}}},
                                {{"dim0", rows}, {"dim1", cols}}, false);
    if (!ll)
        qFatal("%s", ll.message().c_str());
    return *ll;
}

// MFMA/WMMA A-operand reads: lane l -> row l % 16, 8-element chunk l / 16; registers walk the
// 8 contiguous columns, then the remaining column chunks, then row blocks of 16.
LinearLayout mfmaOperandA(int rows, int cols, int laneBits)
{
    std::vector<LinearLayout::Basis> reg = {{0, 1}, {0, 2}, {0, 4}};
    std::vector<LinearLayout::Basis> lane = {{1, 0}, {2, 0}, {4, 0}, {8, 0}};
    int c = 8;
    for (int i = 4; i < laneBits; ++i, c *= 2)
        lane.push_back({0, c});
    for (; c < cols; c *= 2)
        reg.push_back({0, c});
    for (int r = 16; r < rows; r *= 2)
        reg.push_back({r, 0});
    return distributed(reg, lane, {}, rows, cols);
}

} // namespace

class TestBanks : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countingCore();
    void addressCases_data();
    void addressCases();
    void a1ActiveLanes_data();
    void a1ActiveLanes();
    void a2StrideSweep_data();
    void a2StrideSweep();
    void g4RocRollerModel();
    void layoutCases_data();
    void layoutCases();
    void instructionChoice();
    void perElementBanks();
    void paddingAndBankMap();
    void errors();
    void lowConfidenceLabelled();
    void partitionedBlogMicrobenchmark();
    void tritonConformance();
    void tritonPeerCase7();
    void kpackBefore();
    void kpackAfter();
    void kpackPerfConfig();
    void kpackMetricCheck();
};

// K1-K6 [SRC]: rocRoller LDSModelTest.cpp arithmetic.
void TestBanks::countingCore()
{
    // K1: {0,128,256} b32, NB 32: all in bank 0, count 3 (distinct dwords).
    auto k1 = bankCounts({0, 128, 256}, 1, 4, 32, false);
    QCOMPARE(k1[0], 3);
    // K2: add 4 and 16 -> bank0:3, bank1:1, bank4:1.
    auto k2 = bankCounts({0, 128, 256, 4, 16}, 1, 4, 32, false);
    QCOMPARE(k2[0], 3);
    QCOMPARE(k2[1], 1);
    QCOMPARE(k2[4], 1);
    QCOMPARE(std::accumulate(k2.begin(), k2.end(), 0), 5);
    // K3: address 124, b128, NB 32 -> banks 31, 0, 1, 2 once each.
    auto k3 = bankCounts({124}, 4, 4, 32, false);
    QCOMPARE(k3[31], 1);
    QCOMPARE(k3[0], 1);
    QCOMPARE(k3[1], 1);
    QCOMPARE(k3[2], 1);
    QCOMPARE(std::accumulate(k3.begin(), k3.end(), 0), 4);
    // K4/K5 through the rocRoller data-cycle model: groups of 8 lanes; group maxima 5, 1, 3 -> 9.
    // Group 0: five lanes on bank 0 (dwords 0, 32, 64, 96, 128); group 1: one lane; group 2: three
    // lanes on bank 5; empty lanes are inactive, and an empty group costs 0 (K4).
    std::vector<std::optional<int64_t>> lanes(32);
    for (int i = 0; i < 5; ++i)
        lanes[size_t(i)] = int64_t(i * 128);
    lanes[8] = int64_t(4);
    for (int i = 0; i < 3; ++i)
        lanes[size_t(16 + i)] = int64_t(20 + i * 128);
    QCOMPARE(rocRollerDataCycles(lanes, 1, 8, 32), int64_t(9));
    QCOMPARE(rocRollerDataCycles(std::vector<std::optional<int64_t>>(8), 1, 8, 32), int64_t(0));
    // K6: issue cycles: read 4 for any width; write 4 + 4 * dwords.
    for (int d : {1, 2, 3, 4})
        QCOMPARE(rocRollerIssueCycles(false, d), 4);
    QCOMPARE(rocRollerIssueCycles(true, 1), 8);
    QCOMPARE(rocRollerIssueCycles(true, 2), 12);
    QCOMPARE(rocRollerIssueCycles(true, 3), 16);
    QCOMPARE(rocRollerIssueCycles(true, 4), 20);
    // Broadcast: the same dword twice counts once.
    QCOMPARE(bankCounts({0, 0, 128}, 1, 4, 32, true)[0], 2);
}

void TestBanks::addressCases_data()
{
    QTest::addColumn<int>("index");
    const auto cases = makeAddressCases();
    for (size_t i = 0; i < cases.size(); ++i)
        QTest::newRow(cases[i].name) << int(i);
}

void TestBanks::addressCases()
{
    QFETCH(int, index);
    const AddressCase c = makeAddressCases()[size_t(index)];
    const InstructionReport r = run(c.arch, c.instruction, c.address);
    QCOMPARE(r.cycles, c.cycles);
    QCOMPARE(r.maxWays, c.maxWays);
    if (!c.ways.empty())
        QCOMPARE(waysOf(r), c.ways);
    QCOMPARE(r.idealCycles, int(r.phases.size()));
}

// A1 [MEAS] N = 1, 2 and [DER] otherwise: stride-32-dword ds_read_b32 with N active lanes.
void TestBanks::a1ActiveLanes_data()
{
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("indexCycles");
    QTest::addColumn<int>("conflictCycles");
    QTest::newRow("A1 N=1 [MEAS]") << 1 << 2 << 0;
    QTest::newRow("A1 N=2 [MEAS]") << 2 << 3 << 1;
    QTest::newRow("A1 N=3 [DER]") << 3 << 4 << 2;
    QTest::newRow("A1 N=32 [DER]") << 32 << 33 << 31;
    QTest::newRow("A1 N=33 [DER]") << 33 << 33 << 31;
    QTest::newRow("A1 N=64 [DER]") << 64 << 64 << 62;
}

void TestBanks::a1ActiveLanes()
{
    QFETCH(int, n);
    QFETCH(int, indexCycles);
    QFETCH(int, conflictCycles);
    const InstructionReport r = run("gfx90a", "ds_read_b32", [n](int l) {
        return l < n ? std::optional<int64_t>(l * 128) : std::nullopt;
    });
    QCOMPARE(r.cycles, indexCycles);
    QCOMPARE(r.extraCycles(), conflictCycles);
    if (n == 64) {
        BankTotals t;
        t.cycles = r.cycles;
        t.idealCycles = r.idealCycles;
        // gfx942's scale (3.125 = 100 / 32, from its architecture file) x 31 conflicts per access
        // (62 extra / 2 ideal cycles) = 96.875 %.
        const Expected<Architecture> gfx942 = loadArchitecture("gfx942");
        QVERIFY(gfx942 && gfx942->bankConflictRateScale);
        QCOMPARE(t.conflictRatePercent(gfx942->bankConflictRateScale->value), 96.875);
    }
}

// A2 [MEAS] (H for the ways, M for the out-of-range rule): lane l reads dword l * s of a 64 KiB
// array.
void TestBanks::a2StrideSweep_data()
{
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("cycles");
    QTest::addColumn<int>("phase0");
    QTest::addColumn<int>("phase1");
    for (int s : {1, 3, 5, 9, 17, 33, 65, 129})
        QTest::newRow(qPrintable(QStringLiteral("A2 s=%1").arg(s))) << s << 2 << 1 << 1;
    QTest::newRow("A2 s=0 broadcast") << 0 << 2 << 1 << 1;
    QTest::newRow("A2 s=2") << 2 << 4 << 2 << 2;
    QTest::newRow("A2 s=4") << 4 << 8 << 4 << 4;
    QTest::newRow("A2 s=8") << 8 << 16 << 8 << 8;
    QTest::newRow("A2 s=16") << 16 << 32 << 16 << 16;
    for (int s : {32, 64, 128, 256})
        QTest::newRow(qPrintable(QStringLiteral("A2 s=%1").arg(s))) << s << 64 << 32 << 32;
    QTest::newRow("A2 s=512 out of range") << 512 << 33 << 32 << 1;
    QTest::newRow("A2 s=1024 out of range") << 1024 << 17 << 16 << 1;
}

void TestBanks::a2StrideSweep()
{
    QFETCH(int, stride);
    QFETCH(int, cycles);
    QFETCH(int, phase0);
    QFETCH(int, phase1);
    BankOptions opt;
    opt.ldsLimitBytes = 64 * 1024;
    const InstructionReport r = run(
        "gfx942", "ds_read_b32", [stride](int l) { return int64_t(4) * l * stride; }, opt);
    QCOMPARE(r.cycles, cycles);
    QCOMPARE(waysOf(r), (std::vector<int>{phase0, phase1}));
}

// G4 [SRC]: rocRoller's model gives 16 data cycles for these addresses on gfx950 (8 consecutive
// lanes per clock, 64 banks, no broadcast).
void TestBanks::g4RocRollerModel()
{
    std::vector<std::optional<int64_t>> lanes;
    for (int l = 0; l < 64; ++l)
        lanes.push_back(int64_t((l / 16) * 16 + (l % 16) * 64));
    QCOMPARE(rocRollerDataCycles(lanes, 4, 8, 64), int64_t(16));
}

// Cases whose access is given as layouts (T1, T3, G3, B1): the analysis picks ds_*_b128 from the
// vectorisation and every instruction of the wave must show the stated count.
void TestBanks::layoutCases_data()
{
    QTest::addColumn<QString>("arch");
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<int>("cycles");
    QTest::addColumn<int>("maxWays");
    enum
    {
        T1Swz942,
        T1Plain942,
        T1Swz950,
        T1Plain950,
        T3,
        T3Identity,
        T3Unpadded,
        G3Plain,
        G3Padded
    };
    QTest::newRow("T1 gfx942 swizzled {8,1,8} [DER]")
        << u"gfx942"_qs << int(T1Swz942) << u"ds_read_b128"_qs << 8 << 1;
    QTest::newRow("T1 gfx942 unswizzled [DER]")
        << u"gfx942"_qs << int(T1Plain942) << u"ds_read_b128"_qs << 32 << 4;
    QTest::newRow("T1 gfx950 swizzled {8,2,8} [DER]")
        << u"gfx950"_qs << int(T1Swz950) << u"ds_read_b128"_qs << 4 << 1;
    QTest::newRow("T1 gfx950 unswizzled [DER]")
        << u"gfx950"_qs << int(T1Plain950) << u"ds_read_b128"_qs << 16 << 4;
    QTest::newRow("T3 gfx950 [512:+16] row perm [DER]")
        << u"gfx950"_qs << int(T3) << u"ds_read_b128"_qs << 4 << 1;
    QTest::newRow("T3 gfx950 [512:+16] identity rows [DER]")
        << u"gfx950"_qs << int(T3Identity) << u"ds_read_b128"_qs << 8 << 2;
    QTest::newRow("T3 gfx950 unpadded [DER]")
        << u"gfx950"_qs << int(T3Unpadded) << u"ds_read_b128"_qs << 16 << 4;
    QTest::newRow("G3 gfx1250 unpadded [DER]")
        << u"gfx1250"_qs << int(G3Plain) << u"ds_load_b128"_qs << 16 << 8;
    QTest::newRow("G3 gfx1250 [128:+8] [DER]")
        << u"gfx1250"_qs << int(G3Padded) << u"ds_load_b128"_qs << 2 << 1;
}

void TestBanks::layoutCases()
{
    QFETCH(QString, arch);
    QFETCH(int, which);
    QFETCH(QString, instruction);
    QFETCH(int, cycles);
    QFETCH(int, maxWays);
    const Architecture a = ::arch(arch.toLatin1().constData());
    BankAccessRequest req;
    req.elementBits = 16;
    switch (which) {
    case 0: // T1: 16 x 64 fp16 A operand, wave64 (lanes 16-63 walk the 4 chunks of 8).
        req.reg = mfmaOperandA(16, 64, 6);
        req.shared.layout = swizzledShared(8, 1, 8, {1, 0}, {16, 64});
        break;
    case 1:
        req.reg = mfmaOperandA(16, 64, 6);
        req.shared.layout = rowMajor(16, 64);
        break;
    case 2:
        req.reg = mfmaOperandA(16, 64, 6);
        req.shared.layout = swizzledShared(8, 2, 8, {1, 0}, {16, 64});
        break;
    case 3:
        req.reg = mfmaOperandA(16, 64, 6);
        req.shared.layout = rowMajor(16, 64);
        break;
    case 4:
    case 5:
    case 6: {
        // T3: 128 x 64, offset bases: columns, then rows 16, 32, 64, then rows 1, 2, 4, 8.
        req.reg = mfmaOperandA(128, 64, 6);
        std::vector<LinearLayout::Basis> offset = {{0, 1}, {0, 2},  {0, 4},
                                                   {0, 8}, {0, 16}, {0, 32}};
        if (which == 4) {
            for (int r : {16, 32, 64, 1, 2, 4, 8})
                offset.push_back({r, 0});
        } else {
            for (int r : {1, 2, 4, 8, 16, 32, 64})
                offset.push_back({r, 0});
        }
        auto ll = LinearLayout::tryCreate({{"offset", offset}, {"block", {}}},
                                          {{"dim0", 128}, {"dim1", 64}}, true);
        QVERIFY(ll.hasValue());
        req.shared.layout = *ll;
        if (which != 6)
            req.shared.padding = {{512, 16}};
        break;
    }
    case 7:
    case 8: // G3: wave32, lane l -> row l % 16, chunk l / 16; K = 64.
        req.reg = mfmaOperandA(16, 64, 5);
        req.shared.layout = rowMajor(16, 64);
        if (which == 8)
            req.shared.padding = {{128, 8}};
        break;
    }
    auto r = analyzeBanks(a, req);
    QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
    QCOMPARE(QString::fromStdString(r->instruction.name), instruction);
    QCOMPARE(r->vectorElements, 8);
    QVERIFY(!r->instructions.empty());
    for (const InstructionReport &ir : r->instructions) {
        QCOMPARE(ir.cycles, cycles);
        QCOMPARE(ir.maxWays, maxWays);
    }
    QCOMPARE(r->totals.maxWays, maxWays);
    QCOMPARE(r->totals.cycles, int64_t(cycles) * int64_t(r->instructions.size()));
}

void TestBanks::instructionChoice()
{
    // A blocked layout with one f16 per lane: 2 contiguous bytes -> ds_read_u16 on gfx942; with
    // four registers along the contiguous dim -> 8 bytes -> ds_read_b64.
    const Architecture a = arch("gfx942");
    BankAccessRequest req;
    req.elementBits = 16;
    req.shared.layout = rowMajor(64, 64);
    req.reg = distributed({}, {{0, 1}, {0, 2}, {0, 4}, {0, 8}, {0, 16}, {0, 32}}, {{1, 0}}, 64, 64);
    auto one = analyzeBanks(a, req);
    QVERIFY2(one.hasValue(), one ? "" : one.message().c_str());
    QCOMPARE(QString::fromStdString(one->instruction.name), u"ds_read_u16"_qs);
    req.reg = distributed({{0, 1}, {0, 2}}, {{0, 4}, {0, 8}, {0, 16}, {0, 32}, {1, 0}, {2, 0}}, {},
                          64, 64);
    auto four = analyzeBanks(a, req);
    QVERIFY(four.hasValue());
    QCOMPARE(QString::fromStdString(four->instruction.name), u"ds_read_b64"_qs);
    QCOMPARE(four->maxVectorElements, 4);
    // Consecutive 8 B per lane over 64 lanes: ds_read_b64 is conflict-free (4 phases).
    QCOMPARE(four->instructions.front().cycles, 4);
    // Forcing a narrower instruction is allowed; a wider one is refused with the reason.
    req.instruction = "ds_read_b32";
    auto narrow = analyzeBanks(a, req);
    QVERIFY(narrow.hasValue());
    QCOMPARE(narrow->vectorElements, 2);
    QVERIFY(narrow->instructionForced);
    req.instruction = "ds_read_b128";
    auto wide = analyzeBanks(a, req);
    QVERIFY(!wide.hasValue());
    QVERIFY2(QString::fromStdString(wide.message()).contains(u"at most 8 contiguous bytes"_qs),
             wide.message().c_str());
    // Writes pick ds_write_*; a read instruction on a write is refused.
    req.instruction.clear();
    req.isWrite = true;
    auto w = analyzeBanks(a, req);
    QVERIFY(w.hasValue());
    QCOMPARE(QString::fromStdString(w->instruction.name), u"ds_write_b64"_qs);
    req.instruction = "ds_read_b64";
    auto mismatch = analyzeBanks(a, req);
    QVERIFY(!mismatch.hasValue());
    QVERIFY(QString::fromStdString(mismatch.message())
                .contains(u"is a read instruction but the access is a write"_qs));
}

void TestBanks::perElementBanks()
{
    // G3 unpadded: phase 0 even rows -> banks 0-3, odd rows -> banks 32-35 (docs/worked-cases.md
    // G3).
    const Architecture a = arch("gfx1250");
    BankAccessRequest req;
    req.reg = mfmaOperandA(16, 64, 5);
    req.shared.layout = rowMajor(16, 64);
    auto r = analyzeBanks(a, req);
    QVERIFY(r.hasValue());
    int checked = 0;
    for (const ElementAccess &e : r->elements) {
        if (e.warp != 0 || e.instruction != 0 || e.lane >= 16)
            continue;
        // Element (row, col): byte = (row * 64 + col) * 2; bank = byte / 4 mod 64.
        const int row = e.coords[0], col = e.coords[1];
        QCOMPARE(e.bank, ((row * 64 + col) * 2 / 4) % 64);
        QCOMPARE(e.bank, (row % 2) * 32 + col / 2); // even rows B0-3, odd rows B32-35
        QVERIFY(e.conflicted());
        QCOMPARE(e.ways, 8);
        ++checked;
    }
    QCOMPARE(checked, 16 * 8);
}

void TestBanks::paddingAndBankMap()
{
    QCOMPARE(paddedOffset(0, {{128, 8}}), int64_t(0));
    QCOMPARE(paddedOffset(127, {{128, 8}}), int64_t(127));
    QCOMPARE(paddedOffset(128, {{128, 8}}), int64_t(136));
    // Triton's doc examples: [2:+2] -> e0 e1 p0 p1 e2 ..., [2:+1, 4:+2] -> e0 e1 p0 e2 e3 p1 p2 p3
    // e4.
    QCOMPARE(paddedOffset(2, {{2, 2}}), int64_t(4));
    QCOMPARE(paddedOffset(2, {{2, 1}, {4, 2}}), int64_t(3));
    QCOMPARE(paddedOffset(4, {{2, 1}, {4, 2}}), int64_t(8));
    SharedMemoryLayout s;
    s.layout = rowMajor(4, 64);
    s.padding = {{64, 4}};
    auto map = sharedBankMap(s, 16, 64);
    QVERIFY(map.hasValue());
    QCOMPARE(int(map->size()), 256);
    // Element (1, 0): offset 64 -> phys 68 -> byte 136 -> bank 34.
    QCOMPARE(map->at(64).coords, (std::vector<int32_t>{1, 0}));
    QCOMPARE(map->at(64).byteAddress, int64_t(136));
    QCOMPARE(map->at(64).bank, 34);
    auto bad = sharedBankMap(s, 12, 64);
    QVERIFY(!bad.hasValue());
    s.padding = {{100, 4}};
    auto badPad = sharedBankMap(s, 16, 64);
    QVERIFY(!badPad.hasValue());
    QVERIFY2(QString::fromStdString(badPad.message()).contains(u"padding interval 100"_qs),
             badPad.message().c_str());
}

void TestBanks::errors()
{
    const Architecture a = arch("gfx1250");
    BankAccessRequest req;
    req.reg = mfmaOperandA(16, 64, 5);
    req.shared.layout = rowMajor(16, 64);
    req.instruction = "ds_read_b128";
    auto unknown = analyzeBanks(a, req);
    QVERIFY(!unknown.hasValue());
    const QString msg = QString::fromStdString(unknown.message());
    QVERIFY2(msg.contains(u"unknown instruction 'ds_read_b128' for gfx1250"_qs) &&
                 msg.contains(u"ds_load_b128"_qs),
             qPrintable(msg));
    req.instruction.clear();
    req.elementBits = 12;
    QVERIFY(!analyzeBanks(a, req).hasValue());
    req.elementBits = 16;
    req.reg = mfmaOperandA(16, 64, 6); // 64 lanes on a wave32 architecture
    auto lanes = analyzeBanks(a, req);
    QVERIFY(!lanes.hasValue());
    QVERIFY(QString::fromStdString(lanes.message()).contains(u"64 lanes"_qs));
    req.reg = mfmaOperandA(16, 64, 5);
    req.shared.layout = rowMajor(8, 64); // smaller than the register tensor
    QVERIFY(!analyzeBanks(a, req).hasValue());
    auto wrongPasses = analyzeAddresses(a, *a.findInstruction("ds_load_b128"), {});
    QVERIFY(!wrongPasses.hasValue());
    QVERIFY(!tritonBankConflicts(req.reg, req.reg, 16).hasValue());
}

void TestBanks::lowConfidenceLabelled()
{
    // gfx1250 stores are extrapolated: the report carries the instruction's provenance, low.
    const Architecture a = arch("gfx1250");
    BankAccessRequest req;
    req.reg = mfmaOperandA(16, 64, 5);
    req.shared.layout = rowMajor(16, 64);
    req.isWrite = true;
    auto r = analyzeBanks(a, req);
    QVERIFY(r.hasValue());
    QCOMPARE(QString::fromStdString(r->instruction.name), u"ds_store_b128"_qs);
    QVERIFY(r->instruction.provenance.isLowConfidence());
    QVERIFY(QString::fromStdString(r->instruction.provenance.label()).contains(u"low"_qs));
}

// The AMD MI450 LDS blog's microbenchmark, scaled to [4, 256] fp16: warp w owns row w, 8 fp16 per
// lane. "No bank conflicts either way" (ds_load_b128, 16-lane groups cover all 64 banks once); the
// partitioned layout puts row w in partition w % 2, the plain one keeps every row in partition 0.
void TestBanks::partitionedBlogMicrobenchmark()
{
    const Architecture a = arch("gfx1250");
    const LinearLayout reg =
        distributed({{0, 1}, {0, 2}, {0, 4}}, {{0, 8}, {0, 16}, {0, 32}, {0, 64}, {0, 128}},
                    {{1, 0}, {2, 0}}, 4, 256);
    SwizzledSharedAttr plain;
    plain.order = {1, 0};
    PartitionedSharedAttr part;
    part.numPartitions = 2;
    part.numGroups =
        2; // four one-row pieces; piece i in partition i % 2 (blog: partition = 1 -> (1, 0))
    part.partitionDim = 0;
    part.partitionLayout = makeAttr(plain);
    for (bool partitioned : {false, true}) {
        const LayoutAttr attr = partitioned ? LayoutAttr{part} : LayoutAttr{plain};
        auto shared = sharedMemoryLayout(attr, {4, 256}, 16, a.cu->partitionBytes);
        QVERIFY2(shared.hasValue(), shared ? "" : shared.message().c_str());
        BankAccessRequest req;
        req.reg = reg;
        req.shared = *shared;
        req.elementBits = 16;
        auto r = analyzeBanks(a, req);
        QVERIFY2(r.hasValue(), r ? "" : r.message().c_str());
        QCOMPARE(QString::fromStdString(r->instruction.name), u"ds_load_b128"_qs);
        QCOMPARE(int(r->instructions.size()), 4); // one per warp
        for (const InstructionReport &ir : r->instructions) {
            QCOMPARE(ir.cycles, 2);
            QCOMPARE(ir.maxWays, 1);
        }
        for (const ElementAccess &e : r->elements)
            QCOMPARE(a.cu->partitionOfAddress(e.byteAddress), partitioned ? e.warp % 2 : 0);
        QCOMPARE(r->tritonExtraWavefronts.has_value(), !partitioned);
    }
}

// Every tritonBankConflicts case of Triton 3.6.0 (get_shared_bank_conflicts).
void TestBanks::tritonConformance()
{
    std::ifstream in(LX_TEST_DATA_DIR "/conformance/triton-bank_conflicts.json");
    QVERIFY(in.good());
    const nlohmann::json doc = nlohmann::json::parse(in);
    int total = 0, agree = 0;
    QStringList failures;
    for (const auto &c : doc.at("cases")) {
        if (c.at("op") != "tritonBankConflicts")
            continue;
        ++total;
        const auto &args = c.at("args");
        const LinearLayout reg = lx::test::layoutOfJson(args.at(0));
        const auto &g = args.at(1);
        QCOMPARE(QString::fromStdString(g.at("kind").get<std::string>()),
                 u"SwizzledSharedLayout"_qs);
        const auto shape = args.at(2).get<std::vector<int>>();
        const LinearLayout shared =
            swizzledShared(g.at("vec"), g.at("per_phase"), g.at("max_phase"),
                           g.at("order").get<std::vector<int>>(), shape);
        auto got = tritonBankConflicts(reg, shared, args.at(3).get<int>());
        const int64_t expect = c.at("expect").get<int64_t>();
        if (got && *got == expect)
            ++agree;
        else
            failures << QString::fromStdString(c.at("name").get<std::string>() + ": expected " +
                                               std::to_string(expect) + ", got " +
                                               (got ? std::to_string(*got) : got.message()));
    }
    qInfo("tritonBankConflicts: %d of %d conformance cases agree", agree, total);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(u'\n')));
    QCOMPARE(total, 134);
}

// Triton's Gluon bank-conflict test (python/test/gluon/test_frontend.py), row 1 and 2:
// BlockedLayout([1],[32],[4],[0]) over [32] read from an unswizzled 1-D shared layout -> 0 at 32
// and 16 bits.
void TestBanks::tritonPeerCase7()
{
    auto reg = LinearLayout::tryCreate({{"register", {}},
                                        {"lane", {{1}, {2}, {4}, {8}, {16}}},
                                        {"warp", {{0}, {0}}},
                                        {"block", {}}},
                                       {{"dim0", 32}}, false);
    auto shared = LinearLayout::tryCreate({{"offset", {{1}, {2}, {4}, {8}, {16}}}, {"block", {}}},
                                          {{"dim0", 32}}, true);
    QVERIFY(reg.hasValue() && shared.hasValue());
    auto r32 = tritonBankConflicts(*reg, *shared, 32);
    auto r16 = tritonBankConflicts(*reg, *shared, 16);
    QVERIFY(r32.hasValue() && r16.hasValue());
    QCOMPARE(*r32, int64_t(0));
    QCOMPARE(*r16, int64_t(0));
}

// R1 (rocMLIR PR #2196): before the fix T0, T2, ..., T14 all store to bank 0: 8-way, 16 cycles per
// store.
void TestBanks::kpackBefore()
{
    auto cfg = parsePerfConfig("v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1");
    QVERIFY2(cfg.hasValue(), cfg ? "" : cfg.message().c_str());
    const Architecture a = arch("gfx942");
    auto plan = kpackStorePlan(*cfg, KPackOperand::A, 16, a.waveSize, false);
    QVERIFY2(plan.hasValue(), plan ? "" : plan.message().c_str());
    // The pull request's table: row m = 0 (j = 0), T0 B0 T1 B1 T2 B0 ...: T0, T2, ..., T14 on bank
    // 0.
    for (int t = 0; t <= 14; t += 2)
        QCOMPARE(plan->bankOf(t, 0, 32), 0);
    for (int t = 1; t <= 15; t += 2)
        QCOMPARE(plan->bankOf(t, 0, 32), 1);
    // docs/worked-cases.md R1 table: T16 (d = 3) stores j = 0, 1, 2 to B6, B8, B10.
    QCOMPARE(plan->bankOf(16, 0, 32), 6);
    QCOMPARE(plan->bankOf(16, 1, 32), 8);
    QCOMPARE(plan->bankOf(16, 2, 32), 10);
    QCOMPARE(plan->byteAddress(2, 0), int64_t(768));
    QCOMPARE(plan->byteAddress(31, 0), int64_t(5404));
    auto reports = analyzeKPackStores(a, *plan);
    QVERIFY2(reports.hasValue(), reports ? "" : reports.message().c_str());
    QCOMPARE(int(reports->size()), 3);
    for (const InstructionReport &r : *reports) {
        QCOMPARE(waysOf(r), (std::vector<int>{8, 8}));
        QCOMPARE(r.cycles, 16);
        QCOMPARE(r.idealCycles, 2);
    }
    // Phase-0 histogram of store 0: B0, B1, B6, B7 x 8.
    const auto &h = reports->front().phases.front().accessesPerBank;
    for (int b = 0; b < 32; ++b)
        QCOMPARE(h[size_t(b)], (b == 0 || b == 1 || b == 6 || b == 7) ? 8 : 0);
}

// R1 after the fix (rotation d' = (d + k_outer) mod 96): 2-way, 4 cycles per store.
void TestBanks::kpackAfter()
{
    auto cfg = parsePerfConfig("v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1");
    QVERIFY(cfg.hasValue());
    const Architecture a = arch("gfx942");
    auto plan = kpackStorePlan(*cfg, KPackOperand::A, 16, a.waveSize, true);
    QVERIFY(plan.hasValue());
    // R1 table "after": T2 -> 776 B, banks B2, B4, B6; T31 -> 5460 B, B21, B23, B25.
    QCOMPARE(plan->byteAddress(2, 0), int64_t(776));
    QCOMPARE(plan->bankOf(2, 0, 32), 2);
    QCOMPARE(plan->bankOf(2, 2, 32), 6);
    QCOMPARE(plan->byteAddress(31, 0), int64_t(5460));
    QCOMPARE(plan->bankOf(31, 2, 32), 25);
    auto reports = analyzeKPackStores(a, *plan);
    QVERIFY(reports.hasValue());
    for (const InstructionReport &r : *reports) {
        QCOMPARE(waysOf(r), (std::vector<int>{2, 2}));
        QCOMPARE(r.cycles, 4);
    }
    // Store 0, phase 0: B0-B5 and B16-B21 once, B6-B15 twice.
    const auto &h = reports->front().phases.front().accessesPerBank;
    for (int b = 0; b < 32; ++b) {
        const int expect = (b >= 6 && b <= 15) ? 2 : ((b <= 5 || (b >= 16 && b <= 21)) ? 1 : 0);
        QCOMPARE(h[size_t(b)], expect);
    }
}

// docs/lds-models.md §4.4: the derived quantities of rocMLIR PR #2196's config, and parse errors.
void TestBanks::kpackPerfConfig()
{
    auto cfg = parsePerfConfig("v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1");
    QVERIFY(cfg.hasValue());
    QCOMPARE(cfg->mPerBlock, 96);
    QCOMPARE(cfg->nPerBlock, 256);
    QCOMPARE(cfg->kpackPerBlock, 8);
    QCOMPARE(cfg->kpack, 4);
    auto plan = kpackStorePlan(*cfg, KPackOperand::A, 16, 64, false);
    QVERIFY(plan.hasValue());
    QCOMPARE(plan->blockSize, 512);
    QCOMPARE(plan->kPerBlock, 32);
    QCOMPARE(plan->dPerBlock, 96);
    QCOMPARE(plan->copyPerThread, 6);
    QCOMPARE(plan->kPerThread, 2);
    QCOMPARE(plan->dPerThread, 3);
    QCOMPARE(plan->kThreads, 16);
    QCOMPARE(plan->dThreads, 32);
    QCOMPARE(plan->bufferBytes, int64_t(6144));
    QCOMPARE(plan->writeBytes, 4); // vector<2xf16> -> ds_write_b32

    const struct
    {
        const char *text;
        const char *message;
    } bad[] = {
        {"v3:96,256,8,96,32,32,4,1,2,0,0,4,1,1", "only v4"},
        {"v4:96,256,8,96,32,32,4,1,2,0,0,4,1", "14 fields"},
        {"v4:96,256,x,96,32,32,4,1,2,0,0,4,1,1", "field 3 (kpackPerBlock)"},
        {"v4:96,256,8,0,32,32,4,1,2,0,0,4,1,1", "field 4 (mPerWave)"},
        {"v4:96,256,8,64,32,32,4,1,2,0,0,4,1,1", "mPerBlock 96 is not a multiple of mPerWave 64"},
    };
    for (const auto &b : bad) {
        auto r = parsePerfConfig(b.text);
        QVERIFY2(!r.hasValue(), b.text);
        QVERIFY2(QString::fromStdString(r.message()).contains(QLatin1String(b.message)),
                 r.message().c_str());
    }
}

// R1 metric check [DER] (informational in the reference, but exact): conflict cycles of the A
// stores per wave 42 before, 6 after; over 86 ideal cycles -> 0.49 and 0.07.
void TestBanks::kpackMetricCheck()
{
    auto cfg = parsePerfConfig("v4:96,256,8,96,32,32,4,1,2,0,0,4,1,1");
    QVERIFY(cfg.hasValue());
    const Architecture a = arch("gfx942");
    int64_t extra[2] = {0, 0};
    for (bool rotate : {false, true}) {
        auto plan = kpackStorePlan(*cfg, KPackOperand::A, 16, a.waveSize, rotate);
        QVERIFY(plan.hasValue());
        auto reports = analyzeKPackStores(a, *plan);
        QVERIFY(reports.hasValue());
        for (const auto &r : *reports)
            extra[rotate] += r.extraCycles();
    }
    QCOMPARE(extra[0], int64_t(42));
    QCOMPARE(extra[1], int64_t(6));
    QCOMPARE(qRound(100.0 * double(extra[0]) / 86.0), 49);
    QCOMPARE(qRound(100.0 * double(extra[1]) / 86.0), 7);
}

QTEST_APPLESS_MAIN(TestBanks)
#include "tst_banks.moc"
