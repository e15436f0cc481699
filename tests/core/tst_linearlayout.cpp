// LinearLayout unit tests: literal expected layouts with their hand derivation, the error
// messages of the factories, and brute-force properties on random layouts.

#include "f2/f2matrix.h"
#include "layout/linearlayout.h"

#include <QRandomGenerator>
#include <QTest>

using lx::LinearLayout;

namespace {

LinearLayout make(LinearLayout::BasesT bases, std::vector<LinearLayout::NamedSize> outs,
                  bool surj = false)
{
    auto l = LinearLayout::tryCreate(std::move(bases), std::move(outs), surj);
    if (!l)
        qFatal("test layout invalid: %s", l.message().c_str());
    return *l;
}

LinearLayout randomLayout(QRandomGenerator &rng, int inBits, const std::vector<int> &outBits)
{
    std::vector<LinearLayout::NamedSize> outs;
    for (size_t o = 0; o < outBits.size(); ++o)
        outs.emplace_back("o" + std::to_string(o), 1 << outBits[o]);
    LinearLayout::BasesT bases;
    const char *names[] = {"register", "lane", "warp"};
    int left = inBits;
    for (int d = 0; d < 3; ++d) {
        const int k = d == 2 ? left : int(rng.bounded(uint32_t(left + 1)));
        left -= k;
        std::vector<LinearLayout::Basis> bs;
        for (int i = 0; i < k; ++i) {
            LinearLayout::Basis b;
            for (int ob : outBits)
                b.push_back(int32_t(rng.bounded(uint32_t(1) << ob)));
            bs.push_back(b);
        }
        bases.emplace_back(names[d], bs);
    }
    return make(bases, outs);
}

} // namespace

class TestLinearLayout : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void headerExample()
    {
        // register=[[0,1]], lane=[[1,0],[2,0]], warp=[[2,1],[1,0]] over (dim0:4, dim1:2).
        // warp 3 = bits 0 and 1: [2,1] xor [1,0] = [3,1]; lane 2, register 1: [2,0] xor [0,1] =
        // [2,1].
        const LinearLayout l =
            make({{"register", {{0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"warp", {{2, 1}, {1, 0}}}},
                 {{"dim0", 4}, {"dim1", 2}});
        auto w3 = l.apply({{"register", 0}, {"lane", 0}, {"warp", 3}});
        QVERIFY(w3);
        QCOMPARE(*w3, (std::vector<LinearLayout::NamedValue>{{"dim0", 3}, {"dim1", 1}}));
        QCOMPARE(l.applyOrdered({1, 2, 0}), (std::vector<int32_t>{2, 1}));
        QVERIFY(l.isSurjective());
        QVERIFY(!l.isInjective()); // 5 in-bits onto 3 out-bits
        QCOMPARE(l.rank(), 3);
    }

    void productStacksInnerMinor()
    {
        // identity1D(4,i,o1) * identity1D(8,i,o2): the outer's bases follow the inner's and
        // land on o2, so i = (1,0),(2,0),(0,1),(0,2),(0,4).
        const LinearLayout a = *LinearLayout::identity1D(4, "i", "o1");
        const LinearLayout b = *LinearLayout::identity1D(8, "i", "o2");
        const LinearLayout expect =
            make({{"i", {{1, 0}, {2, 0}, {0, 1}, {0, 2}, {0, 4}}}}, {{"o1", 4}, {"o2", 8}});
        QCOMPARE(*a.product(b), expect);
        // identity1D(8) * zeros1D(16): L(x) = x mod 8, bases [1,2,4,0,0,0,0], size 8.
        const LinearLayout c =
            *LinearLayout::identity1D(8, "i", "o")->product(*LinearLayout::zeros1D(16, "i", "o"));
        QCOMPARE(c, make({{"i", {{1}, {2}, {4}, {0}, {0}, {0}, {0}}}}, {{"o", 8}}));
        QVERIFY(LinearLayout::empty().product(c).value() == c);
    }

    void invertAndComposeSmallestPreimage()
    {
        // L = [2,1,4], outer = [0,2,1,4] (16 inputs onto 8): outer's column 0 is zero and never
        // used, so L's basis 2 = outer(in 2) -> C = 2, 1 -> 4, 4 -> 8: C = [2,4,8] into size 16.
        const LinearLayout l = make({{"in1", {{2}, {1}, {4}}}}, {{"out", 8}});
        const LinearLayout outer = make({{"in2", {{0}, {2}, {1}, {4}}}}, {{"out", 8}});
        QCOMPARE(*l.invertAndCompose(outer), make({{"in1", {{2}, {4}, {8}}}}, {{"in2", 16}}));
        // outer = [4,1,2,0]: 1 = outer(2), 2 = outer(4), 4 = outer(1) -> C = [2,4,1].
        const LinearLayout l2 = make({{"in1", {{1}, {2}, {4}}}}, {{"out", 8}});
        const LinearLayout outer2 = make({{"in2", {{4}, {1}, {2}, {0}}}}, {{"out", 8}});
        QCOMPARE(*l2.invertAndCompose(outer2), make({{"in1", {{2}, {4}, {1}}}}, {{"in2", 16}}));
    }

    void invertAndComposeIsTheSmallestPreimageEverywhere()
    {
        QRandomGenerator rng(42);
        for (int trial = 0; trial < 200; ++trial) {
            // outer: surjective onto (o0:4, o1:4) from 6 bits; L: random 5 bits into the same.
            LinearLayout outer;
            do {
                outer = randomLayout(rng, 6, {2, 2});
            } while (!outer.isSurjective());
            const LinearLayout l = randomLayout(rng, 5, {2, 2});
            auto c = l.invertAndCompose(outer);
            QVERIFY2(c, c ? "" : c.message().c_str());
            // Identity dims are only taken when a sublayout of outer equals L's: skip those
            // trials; everywhere else C(x) must be the numerically smallest preimage.
            bool identityDim = false;
            for (const auto &d : outer.inDimNames())
                identityDim =
                    identityDim || (l.hasInDim(d) && *l.sublayout({d}, l.outDimNames()) ==
                                                         *outer.sublayout({d}, l.outDimNames()));
            if (identityDim)
                continue;
            for (uint64_t x = 0; x < 32; ++x) {
                const uint64_t target = l.applyFlat(x);
                uint64_t smallest = 0;
                while (outer.applyFlat(smallest) != target)
                    ++smallest;
                QCOMPARE(c->applyFlat(x), smallest);
            }
        }
    }

    void divideLeftAndRight()
    {
        // divideLeft(identity1D(8), identity1D(4)) = identity1D(2): the first two bases match,
        // the last (4) shifted right by log2(4) is 1.
        const LinearLayout q = *LinearLayout::divideLeft(*LinearLayout::identity1D(8, "in", "out"),
                                                         *LinearLayout::identity1D(4, "in", "out"));
        QCOMPARE(q, *LinearLayout::identity1D(2, "in", "out"));
        // A scrambled first basis breaks it.
        const LinearLayout a = make({{"in", {{2}, {1}, {4}}}}, {{"out", 8}});
        QVERIFY(!LinearLayout::divideLeft(a, *LinearLayout::identity1D(4, "in", "out")));
        QVERIFY(LinearLayout::divideRight(*LinearLayout::identity1D(8, "in", "out"),
                                          *LinearLayout::identity1D(2, "in", "out")));
    }

    void toStringIsTritons()
    {
        const LinearLayout l =
            make({{"register", {{0, 1}, {8, 0}}}, {"lane", {{0, 2}, {1, 0}}}, {"block", {}}},
                 {{"row", 16}, {"col", 4}});
        QCOMPARE(QString::fromStdString(l.toString()),
                 QStringLiteral(
                     "\n - register=1 -> (0, 1)\n   register=2 -> (8, 0)\n - lane=1 -> (0, 2)\n"
                     "   lane=2 -> (1, 0)\n - block is a size 1 dimension\n"
                     "where out dims are: [row (size 16), col (size 4)]"));
        QCOMPARE(QString::fromStdString(LinearLayout::empty().toString()),
                 QStringLiteral("\n(empty layout)"));
    }

    void factoriesRefuseBadInput_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("non power of two size") << 0 << QStringLiteral("not a power of two");
        QTest::newRow("negative component") << 1 << QStringLiteral("negative");
        QTest::newRow("component out of range") << 2 << QStringLiteral("out of range");
        QTest::newRow("wrong arity") << 3 << QStringLiteral("components, expected 2");
        QTest::newRow("not surjective") << 4 << QStringLiteral("not surjective");
        QTest::newRow("duplicate in-dim") << 5 << QStringLiteral("appears twice");
        QTest::newRow("too many bits") << 6 << QStringLiteral("more than 64");
        QTest::newRow("identity1D non power of two") << 7 << QStringLiteral("not a power of two");
        QTest::newRow("too many dims") << 8 << QStringLiteral("at most 32 in-dims");
    }

    void factoriesRefuseBadInput()
    {
        QFETCH(int, which);
        QFETCH(QString, messagePart);
        lx::Expected<LinearLayout> r = LinearLayout::empty();
        switch (which) {
        case 0:
            r = LinearLayout::tryCreate({{"in", {{1}}}}, {{"out", 3}}, false);
            break;
        case 1:
            r = LinearLayout::tryCreate({{"in", {{-1}}}}, {{"out", 2}}, false);
            break;
        case 2:
            r = LinearLayout::tryCreate({{"in", {{2}}}}, {{"out", 2}}, false);
            break;
        case 3:
            r = LinearLayout::tryCreate({{"in", {{1}}}}, {{"a", 2}, {"b", 2}}, false);
            break;
        case 4:
            r = LinearLayout::tryCreate({{"in", {{0}}}}, {{"out", 2}}, true);
            break;
        case 5:
            r = LinearLayout::tryCreate({{"in", {}}, {"in", {}}}, {}, false);
            break;
        case 6:
            r = LinearLayout::tryCreate({}, {{"a", 1 << 30}, {"b", 1 << 30}, {"c", 1 << 30}},
                                        false);
            break;
        case 7:
            r = LinearLayout::identity1D(6, "in", "out");
            break;
        case 8: {
            LinearLayout::BasesT many;
            for (int i = 0; i < 33; ++i)
                many.emplace_back("d" + std::to_string(i), std::vector<LinearLayout::Basis>{});
            r = LinearLayout::tryCreate(many, {}, false);
            break;
        }
        }
        QVERIFY(!r);
        QVERIFY2(QString::fromStdString(r.message()).contains(messagePart), r.message().c_str());
    }

    void reshapeAndTranspose()
    {
        // in1=[1,4,8], in2=[2] reshaped to (in3:2, in4:8): bases handed out in order.
        const LinearLayout l = make({{"in1", {{1}, {4}, {8}}}, {"in2", {{2}}}}, {{"out", 16}});
        QCOMPARE(*l.reshapeIns({{"in3", 2}, {"in4", 8}}),
                 make({{"in3", {{1}}}, {"in4", {{4}, {8}, {2}}}}, {{"out", 16}}));
        // out (16) bases [1,4,8],[3] to (out2:2, out3:8): 4 = 0b100 -> (0, 2), 3 -> (1, 1).
        const LinearLayout m = make({{"in1", {{1}, {4}, {8}}}, {"in2", {{3}}}}, {{"out", 16}});
        QCOMPARE(*m.reshapeOuts({{"out2", 2}, {"out3", 8}}),
                 make({{"in1", {{1, 0}, {0, 2}, {0, 4}}}, {"in2", {{1, 1}}}},
                      {{"out2", 2}, {"out3", 8}}));
        QVERIFY(!l.transposeIns({"in1"}));
        QCOMPARE(l.renameInDim("in1", "x")->inDimNames(), (std::vector<std::string>{"in2", "x"}));
    }

    void cachedRanksMatchTheMatrix()
    {
        // product, the transposes and invert carry a rank known by construction instead of
        // eliminating again: on random layouts it must be the rank of the matrix (F2Matrix's
        // own elimination), and product requires surjectivity exactly when both factors are.
        QRandomGenerator rng(7);
        for (int trial = 0; trial < 200; ++trial) {
            const LinearLayout a = randomLayout(rng, int(rng.bounded(7u)), {2, 3});
            const LinearLayout b = randomLayout(rng, int(rng.bounded(6u)), {3, 1});
            const LinearLayout p = *a.product(b);
            QCOMPARE(p.rank(), p.matrix().rank());
            QCOMPARE(p.surjectivityRequired(), a.isSurjective() && b.isSurjective());
            const LinearLayout to = *p.transposeOuts({"o1", "o0"});
            QCOMPARE(to.rank(), to.matrix().rank());
            const LinearLayout ti = *p.transposeIns({"warp", "register", "lane"});
            QCOMPARE(ti.rank(), ti.matrix().rank());
            if (a.isInvertible()) {
                const LinearLayout inv = *a.invert();
                QCOMPARE(inv.rank(), inv.matrix().rank());
                QCOMPARE(*inv.compose(a), *LinearLayout::identity1D(4, "o0", "o0")
                                               ->product(*LinearLayout::identity1D(8, "o1", "o1")));
            }
        }
    }

    void freeVariableMasks()
    {
        // in1=[(1,1),(2,2),(0,0)], in2=[(1,0),(0,1),(2,0)]: in1's zero basis is free, and
        // (0,1) = (1,1) xor (1,0) makes in2's basis 1 free.
        const LinearLayout l =
            make({{"in1", {{1, 1}, {2, 2}, {0, 0}}}, {"in2", {{1, 0}, {0, 1}, {2, 0}}}},
                 {{"a", 4}, {"b", 4}});
        QCOMPARE(l.getFreeVariableMasks(),
                 (std::vector<LinearLayout::NamedValue>{{"in1", 4}, {"in2", 2}}));
    }
};

QTEST_GUILESS_MAIN(TestLinearLayout)
#include "tst_linearlayout.moc"
