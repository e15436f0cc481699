// lx::Basis against std::vector<int32_t>, the type it stands in for: random sequences of the
// operations the engine uses, applied to both, must leave both with the same components, across
// the change from inline storage (up to Basis::kInline components) to a heap block and back
// through copies and moves.

#include "layout/basis.h"
#include "layout/linearlayout.h"

#include <QRandomGenerator>
#include <QTest>

#include <utility>
#include <vector>

using lx::Basis;

namespace {

bool same(const Basis &b, const std::vector<int32_t> &v)
{
    if (b.size() != v.size() || b.empty() != v.empty())
        return false;
    for (size_t i = 0; i < v.size(); ++i)
        if (b[i] != v[i] || b.data()[i] != v[i])
            return false;
    return std::vector<int32_t>(b) == v && b == v && b == Basis(v);
}

} // namespace

class TestBasis : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void constructorsMatchVectors()
    {
        QVERIFY(same(Basis(), {}));
        QVERIFY(same(Basis(3), std::vector<int32_t>(3)));
        QVERIFY(same(Basis(7, 5), std::vector<int32_t>(7, 5)));
        QVERIFY(same(Basis{5}, std::vector<int32_t>{5})); // a list of one, not five zeros
        QVERIFY(same(Basis{1, 2, 3, 4, 5, 6}, std::vector<int32_t>{1, 2, 3, 4, 5, 6}));
        const std::vector<int32_t> v{9, 8, 7, 6, 5};
        QVERIFY(same(Basis(v.begin() + 1, v.end()), std::vector<int32_t>(v.begin() + 1, v.end())));
    }

    void randomOperationsMatchVectors()
    {
        QRandomGenerator rng(20261207);
        for (int trial = 0; trial < 2000; ++trial) {
            Basis b;
            std::vector<int32_t> v;
            for (int step = 0; step < 40; ++step) {
                const int32_t x = int32_t(rng.bounded(1000));
                switch (rng.bounded(10)) {
                case 0:
                case 1:
                    b.push_back(x);
                    v.push_back(x);
                    break;
                case 2:
                    if (!v.empty()) {
                        b.pop_back();
                        v.pop_back();
                    }
                    break;
                case 3: {
                    const size_t n = rng.bounded(12);
                    b.resize(n, x);
                    v.resize(n, x);
                    break;
                }
                case 4: {
                    const size_t at = rng.bounded(int(v.size()) + 1);
                    b.insert(b.begin() + at, x);
                    v.insert(v.begin() + at, x);
                    break;
                }
                case 5:
                    if (!v.empty()) {
                        const size_t at = rng.bounded(int(v.size()));
                        b.erase(b.begin() + at);
                        v.erase(v.begin() + at);
                    }
                    break;
                case 6: { // a copy, then the original changed: the copy keeps its components
                    Basis copy = b;
                    const std::vector<int32_t> before = v;
                    b.push_back(x);
                    v.push_back(x);
                    QVERIFY(same(copy, before));
                    b = copy;
                    v = before;
                    break;
                }
                case 7: { // moved out and back; the moved-from basis is empty and usable
                    Basis moved = std::move(b);
                    QVERIFY(b.empty()); // NOLINT(bugprone-use-after-move): documented state
                    b.push_back(x);
                    b = std::move(moved);
                    break;
                }
                case 8: {
                    const std::vector<int32_t> range{x, x + 1, x + 2};
                    const size_t at = rng.bounded(int(v.size()) + 1);
                    b.insert(b.begin() + at, range.begin(), range.end());
                    v.insert(v.begin() + at, range.begin(), range.end());
                    break;
                }
                default:
                    b.clear();
                    v.clear();
                    break;
                }
                QVERIFY2(same(b, v),
                         qPrintable(QStringLiteral("trial %1 step %2").arg(trial).arg(step)));
            }
        }
    }

    void comparisonsAreVectors()
    {
        QRandomGenerator rng(7);
        for (int k = 0; k < 5000; ++k) {
            std::vector<int32_t> x(rng.bounded(7)), y(rng.bounded(7));
            for (int32_t &c : x)
                c = int32_t(rng.bounded(3));
            for (int32_t &c : y)
                c = int32_t(rng.bounded(3));
            const Basis a(x), b(y);
            QCOMPARE(a == b, x == y);
            QCOMPARE(a < b, x < y);
            QCOMPARE((a <=> b) < 0, (x <=> y) < 0);
            QCOMPARE(a == y, x == y);
        }
    }

    // A layout keeps the bases it is given: inline ones and those past kInline components.
    void layoutsKeepLongBases()
    {
        const size_t rank = Basis::kInline + 3;
        std::vector<lx::LinearLayout::NamedSize> outs;
        std::vector<Basis> bases;
        for (size_t d = 0; d < rank; ++d) {
            outs.emplace_back("dim" + std::to_string(d), 2);
            Basis b(rank, 0);
            b[d] = 1;
            bases.push_back(b);
        }
        const lx::Expected<lx::LinearLayout> l =
            lx::LinearLayout::tryCreate({{"register", bases}}, outs, true);
        QVERIFY2(l, l ? "" : l.message().c_str());
        QCOMPARE(l->bases()[0].second, bases);
        QCOMPARE(l->rank(), int(rank));
    }
};

QTEST_GUILESS_MAIN(TestBasis)
#include "tst_basis.moc"
