// The blocked, NVIDIA MMA and AMD WMMA builders write a one-CTA layout's bases directly
// (ctabases.h); their ...Composed counterparts (buildWmma and buildDotOperand with `composed`)
// run Triton's formula step by step (tiles, identities, products, then combineCtaCgaWithShape),
// as the builders still do for several CTAs. On thousands of random
// parameters, valid and not, both must give the same layout (in-dims, bases, out-dims, rank, the
// surjectivity flag) or the same error. tst_conformance and tst_nvidialayouts check the builders
// against Triton's own answers; this test covers the parameters those files do not hold.

#include "layout/buildersinternal.h"

#include <QtTest>

#include <random>

using namespace lx;
using namespace lx::buildinternal;

namespace {

template <typename F> std::string outcome(F &&build, LinearLayout *out)
{
    Expected<LinearLayout> l = guarded(std::forward<F>(build));
    if (!l)
        return "error: " + l.message();
    *out = std::move(*l);
    return "ok";
}

// Both builds of one case agree; `what` names the case in a failure.
template <typename Direct, typename Composed>
void compareBuilds(Direct &&direct, Composed &&composed, const std::string &what, int &built)
{
    LinearLayout d, c;
    const std::string dOutcome = outcome(std::forward<Direct>(direct), &d);
    const std::string cOutcome = outcome(std::forward<Composed>(composed), &c);
    QVERIFY2(dOutcome == cOutcome,
             (what + ": direct " + dOutcome + ", composed " + cOutcome).c_str());
    if (dOutcome != "ok")
        return;
    ++built;
    QVERIFY2(d == c,
             (what + ":\n  direct   " + d.toString() + "\n  composed " + c.toString()).c_str());
    QVERIFY2(d.inDimNames() == c.inDimNames(), what.c_str());
    QCOMPARE(d.rank(), c.rank());
    QVERIFY2(d.surjectivityRequired() == c.surjectivityRequired(), what.c_str());
}

class Random
{
public:
    explicit Random(uint32_t seed) : m_gen(seed) {}
    int32_t below(int32_t n) { return int32_t(m_gen() % uint32_t(n)); }
    // A power of two 2^0 .. 2^maxLog2.
    int32_t pow2(int maxLog2) { return int32_t(1) << below(maxLog2 + 1); }
    IntList pow2List(size_t n, int maxLog2)
    {
        IntList v;
        for (size_t i = 0; i < n; ++i)
            v.push_back(pow2(maxLog2));
        return v;
    }
    IntList permutation(size_t n)
    {
        IntList v;
        for (size_t i = 0; i < n; ++i)
            v.push_back(int32_t(i));
        std::shuffle(v.begin(), v.end(), m_gen);
        return v;
    }
    // One or two CTA blocks over `rank` dims (the composed path in both builds), or none.
    BasisList cga(size_t rank)
    {
        BasisList blocks;
        if (below(4) != 0)
            return blocks;
        for (int i = 0; i <= below(2); ++i) {
            std::vector<int32_t> b(rank, 0);
            b[size_t(below(int32_t(rank)))] = pow2(2);
            blocks.push_back(b);
        }
        return blocks;
    }

private:
    std::mt19937 m_gen;
};

std::string text(const IntList &v)
{
    return listText(v);
}

} // namespace

class TestDirectBuilds : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void blockedAgreesWithTheComposedFormula()
    {
        Random rnd(1234);
        int built = 0;
        for (int i = 0; i < 3000; ++i) {
            const size_t rank = size_t(1 + rnd.below(3));
            BlockedAttr a;
            a.sizePerThread = rnd.pow2List(rank, 3);
            a.threadsPerWarp = rnd.pow2List(rank, 5);
            a.warpsPerCTA = rnd.pow2List(rank, 3);
            a.order = rnd.permutation(rank);
            a.cgaLayout = rnd.cga(rank);
            const IntList shape = rnd.pow2List(rank, 9);
            const std::string what = "blocked spt " + text(a.sizePerThread) + " tpw " +
                                     text(a.threadsPerWarp) + " wpc " + text(a.warpsPerCTA) +
                                     " order " + text(a.order) + " shape " + text(shape);
            compareBuilds([&] { return buildBlocked(a, shape); },
                          [&] { return buildBlockedComposed(a, shape); }, what, built);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(built > 2500);
    }

    // Sizes past the limits and parameters the validators refuse: the same error both ways.
    void blockedLimitsAndErrorsAgree()
    {
        int built = 0;
        const std::vector<std::pair<BlockedAttr, IntList>> cases = {
            {{{1 << 20}, {1 << 12}, {1}, {0}, {}}, {1 << 20}},           // a dim past 2^30
            {{{1, 1}, {32, 1}, {1, 1}, {0, 1}, {}}, {1 << 30, 1 << 30}}, // 60 register bits
            {{{1, 1, 1}, {4, 8, 1}, {1, 1, 4}, {2, 1, 0}, {}}, {1 << 22, 1 << 22, 1 << 22}},
            {{{3}, {32}, {1}, {0}, {}}, {64}},                 // not a power of two
            {{{1, 1}, {32}, {1, 1}, {0, 1}, {}}, {64, 64}},    // wrong rank
            {{{1, 1}, {32, 1}, {1, 1}, {0, 0}, {}}, {64, 64}}, // not a permutation
        };
        for (const auto &[a, shape] : cases) {
            compareBuilds([&] { return buildBlocked(a, shape); },
                          [&] { return buildBlockedComposed(a, shape); },
                          "blocked spt " + text(a.sizePerThread) + " shape " + text(shape), built);
            if (QTest::currentTestFailed())
                return;
        }
    }

    void nvidiaMmaAgreesWithTheComposedFormula()
    {
        Random rnd(99);
        int built = 0;
        for (int i = 0; i < 3000; ++i) {
            NvidiaMmaAttr a;
            a.versionMajor = rnd.below(8) == 0 ? 1 : 2 + rnd.below(2);
            const size_t rank = a.versionMajor == 3 ? 2 : size_t(2 + rnd.below(2));
            a.instrShape = a.versionMajor == 3 ? IntList{16, 8 << rnd.below(6), 8 << rnd.below(3)}
                                               : (rank == 3 ? IntList{1, 16, 8} : IntList{16, 8});
            if (rnd.below(20) == 0)
                a.instrShape[0] = 32; // refused
            a.warpsPerCTA = rnd.pow2List(rank, 3);
            a.cgaLayout = rnd.cga(rank);
            const IntList shape = rnd.pow2List(rank, 9);
            const std::string what = "nvidia_mma v" + std::to_string(a.versionMajor) + " instr " +
                                     text(a.instrShape) + " warps " + text(a.warpsPerCTA) +
                                     " shape " + text(shape);
            compareBuilds([&] { return buildNvidiaMma(a, shape); },
                          [&] { return buildNvidiaMmaComposed(a, shape); }, what, built);
            if (QTest::currentTestFailed())
                return;

            DotOperandAttr dot;
            dot.opIdx = rnd.below(2);
            dot.kWidth = rnd.below(10) == 0 ? 3 * rnd.below(2) : rnd.pow2(3);
            dot.parent = makeAttr(a);
            compareBuilds([&] { return buildNvidiaMmaOperand(dot, a, shape); },
                          [&] { return buildNvidiaMmaOperandComposed(dot, a, shape); },
                          what + " operand " + std::to_string(dot.opIdx) + " kWidth " +
                              std::to_string(dot.kWidth),
                          built);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(built > 3000);
    }

    // AMD WMMA accumulators of the ctaLayout form and their operands: the direct build against
    // the tile, ctaLayout, product and fitting one after the other.
    void wmmaAgreesWithTheComposedFormula()
    {
        Random rnd(4242);
        int built = 0;
        for (int i = 0; i < 3000; ++i) {
            const size_t rank = rnd.below(6) == 0 ? 3 : 2;
            AmdWmmaAttr a;
            a.version = 1 + rnd.below(3);
            a.isTransposed = rnd.below(2) == 1;
            a.instrShape = {16, 16, 16};
            if (a.version == 3)
                a.instrShape = rnd.below(3) == 0 ? IntList{32, 16, 64 << rnd.below(2)}
                                                 : IntList{16, 16, 4 << (rnd.below(4) * 2)};
            auto basis = [&] {
                std::vector<int32_t> b(rank, 0);
                b[size_t(rnd.below(int32_t(rank)))] = rnd.pow2(3);
                if (rnd.below(8) == 0)
                    b[rank - 1] = rnd.below(4); // two bits, or none
                return b;
            };
            for (int k = rnd.below(3); k > 0; --k)
                a.ctaRegister.push_back(basis());
            for (int k = rnd.below(4); k > 0; --k)
                a.ctaWarp.push_back(basis());
            a.cgaLayout = rnd.cga(rank);
            a.rank = int32_t(rank);
            const IntList shape = rnd.pow2List(rank, 9);
            std::string what = "amd_wmma v" + std::to_string(a.version) + " instr " +
                               text(a.instrShape) + (a.isTransposed ? " transposed" : "") +
                               " register";
            for (const auto &b : a.ctaRegister)
                what += " " + text(b);
            what += " warp";
            for (const auto &b : a.ctaWarp)
                what += " " + text(b);
            what += " shape " + text(shape);
            compareBuilds([&] { return buildWmma(a, shape); },
                          [&] { return buildWmma(a, shape, true); }, what, built);
            if (QTest::currentTestFailed())
                return;

            DotOperandAttr dot;
            dot.opIdx = rnd.below(2);
            dot.kWidth = rnd.below(10) == 0 ? 3 : rnd.pow2(4);
            dot.parent = makeAttr(a);
            compareBuilds([&] { return buildDotOperand(dot, shape); },
                          [&] { return buildDotOperand(dot, shape, true); },
                          what + " operand " + std::to_string(dot.opIdx) + " kWidth " +
                              std::to_string(dot.kWidth),
                          built);
            if (QTest::currentTestFailed())
                return;
        }
        QVERIFY(built > 2500);
    }
};

QTEST_APPLESS_MAIN(TestDirectBuilds)
#include "tst_directbuilds.moc"
