// The conflict explainer (core/analysis/explain.h): the lanes, addresses and colliding lane bits
// of a known conflict (lds-c1's naive layout: ds_read_b128 4-way), and the property that every
// fix it proposes, re-read from its #ttg text and re-analysed, lowers the n-way it names, over
// random linear layouts.

#include "analysis/explain.h"
#include "io/ttgtext.h"
#include "layout/builders.h"

#include <QtTest>

#include <random>
#include <tuple>

using namespace lx;

namespace {

// A random invertible map of `bits` tile bits: unit vectors shuffled, then XOR-mixed.
std::vector<uint32_t> randomInvertible(int bits, std::mt19937 &rng)
{
    std::vector<uint32_t> v;
    for (int b = 0; b < bits; ++b)
        v.push_back(1u << b);
    std::shuffle(v.begin(), v.end(), rng);
    std::uniform_int_distribution<int> pick(0, bits - 1);
    for (int k = 0; k < bits; ++k) {
        const int i = pick(rng), j = pick(rng);
        if (i != j && rng() % 2)
            v[size_t(i)] ^= v[size_t(j)];
    }
    return v;
}

std::vector<int32_t> coords(uint32_t v, int bits0)
{
    return {int32_t(v & ((1u << bits0) - 1)), int32_t(v >> bits0)};
}

int phaseWays(const BankConflictReport &r, const ConflictExplanation &e)
{
    for (const auto &ir : r.instructions)
        if (ir.warp == e.warp && ir.index == e.instruction)
            for (const auto &ph : ir.phases)
                if (ph.pass == e.pass && ph.phase == e.phase)
                    return ph.ways;
    return -1;
}

} // namespace

class TestExplain : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knownConflict();
    void contiguityRuleWhereItApplies();
    void everyFixLowersItsWays_data();
    void everyFixLowersItsWays();
};

// lds-c1: [16, 64] f16 read by rows of 8 halves per lane, naive row-major: lanes 0, 8, 16 ... hit
// the same bank in a ds_read_b128 phase.
void TestExplain::knownConflict()
{
    const std::vector<int32_t> shape = {16, 64};
    auto reg = toLinearLayout(
        **parseTtg("#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 32]], lane = [[1, 0], "
                   "[2, 0], [4, 0], [8, 0], [0, 8], [0, 16]], warp = [], block = []}>"),
        shape);
    auto attr = *parseTtg("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = "
                          "[1, 0]}>");
    auto sml = sharedMemoryLayout(*attr, shape, 16);
    QVERIFY(reg && sml);
    auto arch = *loadArchitecture("gfx942");
    BankAccessRequest req;
    req.reg = *reg;
    req.shared = *sml;
    req.elementBits = 16;
    auto e = explainConflict(arch, req, *attr, shape, {});
    QVERIFY2(e, e ? "" : e.message().c_str());
    QCOMPARE(e->ways, 4);
    QCOMPARE(int(e->dwords.size()), 4);
    QVERIFY(!e->collisions.empty());
    // Rows 0..3 (lane bits 0, 1) are 128 bytes apart: each collision moves whole rows.
    for (const auto &c : e->collisions)
        QCOMPARE(c.byteDelta % 128, int64_t(0));
    QVERIFY(e->fix);
    QCOMPARE(e->fix->waysBefore, 4);
    QVERIFY(e->fix->waysAfter < 4);
    qInfo().noquote() << QString::fromStdString(e->fix->description) << "->"
                      << QString::fromStdString(e->fix->text) << e->fix->waysBefore << "->"
                      << e->fix->waysAfter << "ways";
}

// "worst": the worst conflict of the access (the Suggest panel's button); "clicked": a random
// conflicting bank of a random phase, as a click on the bank views asks for it.
// lds-c1's registers (8 halves along dim 1 per lane) over the same tile stored column-major
// (order [0, 1]: offset 1 moves dim 0): the registers and the buffer are contiguous along
// different dims, so the read is narrow (ds_read_u16, 16 elements = 32 B apart per register) and
// lanes 8 and 16 (dim 1 + 8, + 16: 128 and 256 elements away) share a bank; the explanation says
// that neither TDM nor async_copy can reorder contiguity. Row-major (knownConflict's layout)
// matches the registers and gets no such note.
void TestExplain::contiguityRuleWhereItApplies()
{
    const std::vector<int32_t> shape = {16, 64};
    auto reg = toLinearLayout(
        **parseTtg("#ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 32]], lane = [[1, 0], "
                   "[2, 0], [4, 0], [8, 0], [0, 8], [0, 16]], warp = [], block = []}>"),
        shape);
    QVERIFY(reg);
    auto arch = *loadArchitecture("gfx942");
    for (const char *order : {"[0, 1]", "[1, 0]"}) {
        auto attr = *parseTtg(std::string("#ttg.swizzled_shared<{vec = 1, perPhase = 1, "
                                          "maxPhase = 1, order = ") +
                              order + "}>");
        auto sml = sharedMemoryLayout(*attr, shape, 16);
        QVERIFY(sml);
        BankAccessRequest req;
        req.reg = *reg;
        req.shared = *sml;
        req.elementBits = 16;
        auto e = explainConflict(arch, req, *attr, shape, {});
        QVERIFY2(e, e ? "" : e.message().c_str());
        QVERIFY(e->ways > 1);
        const bool mismatched = std::string(order) == "[0, 1]";
        const bool noted = e->fixNote.find("neither TDM nor async_copy can reorder contiguity") !=
                           std::string::npos;
        QVERIFY2(noted == mismatched, (std::string(order) + ": " + e->fixNote).c_str());
    }
}

void TestExplain::everyFixLowersItsWays_data()
{
    QTest::addColumn<bool>("clicked");
    QTest::newRow("worst") << false;
    QTest::newRow("clicked") << true;
}

void TestExplain::everyFixLowersItsWays()
{
    QFETCH(bool, clicked);
    std::mt19937 rng(1234);
    const std::vector<int32_t> shape = {32, 64}; // 11 bits: 3 register, 5 lane, 3 warp
    int conflicts = 0, fixes = 0;
    for (const char *archName : {"sm80", "gfx1250", "sm90"}) {
        const auto arch = *loadArchitecture(archName);
        for (int trial = 0; trial < 40; ++trial) {
            const auto regV = randomInvertible(11, rng);
            std::vector<lx::Basis> r, l, w;
            for (int b = 0; b < 11; ++b)
                (b < 3 ? r : b < 8 ? l : w).push_back(coords(regV[size_t(b)], 5));
            auto reg = LinearLayout::tryCreate({{"register", r}, {"lane", l}, {"warp", w}},
                                               {{"dim0", 32}, {"dim1", 64}}, true);
            QVERIFY(reg);
            const auto offV = randomInvertible(11, rng);
            SharedLinearAttr s;
            for (uint32_t v : offV)
                s.offsetBases.push_back(coords(v, 5));
            const auto attr = makeAttr(s);
            auto sml = sharedMemoryLayout(*attr, shape, 16);
            QVERIFY(sml);
            BankAccessRequest req;
            req.reg = *reg;
            req.shared = *sml;
            req.elementBits = 16;
            req.maxWarps = 1;
            ConflictQuery q;
            int clickedWays = 0;
            if (clicked) {
                auto before = analyzeBanks(arch, req);
                QVERIFY(before);
                std::vector<std::pair<ConflictQuery, int>> banks;
                for (const auto &ir : before->instructions)
                    for (const auto &ph : ir.phases)
                        for (size_t b = 0; b < ph.accessesPerBank.size(); ++b)
                            if (ph.accessesPerBank[b] > 1)
                                banks.push_back({{ir.warp, ir.index, ph.pass, ph.phase, int(b)},
                                                 ph.accessesPerBank[b]});
                if (banks.empty())
                    continue;
                std::tie(q, clickedWays) = banks[size_t(rng() % banks.size())];
            }
            auto e = explainConflict(arch, req, *attr, shape, q);
            QVERIFY2(e, e ? "" : e.message().c_str());
            if (clicked) {
                // The explanation is of the bank asked for, with that bank's distinct dwords.
                QCOMPARE(e->instruction, q.instruction);
                QCOMPARE(e->phase, q.phase);
                QCOMPARE(e->bank, q.bank);
                QCOMPARE(e->ways, clickedWays);
                QCOMPARE(int(e->dwords.size()), clickedWays);
            }
            if (e->ways <= 1)
                continue;
            ++conflicts;
            QVERIFY(!e->lanes.empty());
            if (!e->fix)
                continue;
            ++fixes;
            // Independent check: the fix's text, parsed back and analysed afresh.
            auto fixed = parseTtg(e->fix->text);
            QVERIFY2(fixed, e->fix->text.c_str());
            auto fixedSml = sharedMemoryLayout(**fixed, shape, 16);
            QVERIFY(fixedSml);
            req.shared = *fixedSml;
            auto after = analyzeBanks(arch, req);
            QVERIFY(after);
            const int ways = phaseWays(*after, *e);
            QVERIFY2(ways >= 1 && ways < e->fix->waysBefore,
                     qPrintable(u"%1 trial %2: %3 did not lower %4-way (now %5)"_qs
                                    .arg(QLatin1String(archName))
                                    .arg(trial)
                                    .arg(QString::fromStdString(e->fix->description))
                                    .arg(e->fix->waysBefore)
                                    .arg(ways)));
            QCOMPARE(ways, e->fix->waysAfter);
        }
    }
    qInfo() << conflicts << "random conflicts," << fixes << "fixed by one XOR term or pad";
    QVERIFY(conflicts >= 30);
    QVERIFY(fixes * 2 >= conflicts);
}

QTEST_APPLESS_MAIN(TestExplain)
#include "tst_explain.moc"
