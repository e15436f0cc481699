// F2Matrix against brute force: every property is checked by enumerating all vectors of small
// random matrices, so nothing here depends on the elimination code under test.

#include "f2/f2matrix.h"
#include "f2/f2reduce.h"

#include <bit>

#include <QRandomGenerator>
#include <QTest>

#include <set>

using lx::F2Matrix;

namespace {

F2Matrix randomMatrix(QRandomGenerator &rng, int rows, int cols, int density = 50)
{
    F2Matrix m(rows, cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            if (int(rng.bounded(100)) < density)
                m.set(r, c, true);
    return m;
}

uint64_t applyVector(const F2Matrix &m, uint64_t x)
{
    uint64_t y = 0;
    for (int c = 0; c < m.cols(); ++c)
        if ((x >> c) & 1u)
            y ^= m.column(c);
    return y;
}

int bruteRank(const F2Matrix &m)
{
    std::set<uint64_t> images;
    for (uint64_t x = 0; x < (uint64_t(1) << m.cols()); ++x)
        images.insert(applyVector(m, x));
    int r = 0;
    while ((size_t(1) << r) < images.size())
        ++r;
    return r;
}

} // namespace

class TestF2Matrix : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rankMatchesBruteForce()
    {
        QRandomGenerator rng(1234);
        for (int trial = 0; trial < 400; ++trial) {
            const int rows = 1 + int(rng.bounded(7));
            const int cols = 1 + int(rng.bounded(7));
            const F2Matrix m = randomMatrix(rng, rows, cols, 20 + int(rng.bounded(60)));
            QCOMPARE(m.rank(), bruteRank(m));
            // Pivot columns are the greedy independent set: each is independent of all earlier
            // columns, each free column is dependent on them.
            const std::vector<int> pivots = m.pivotColumns();
            for (int c = 0; c < cols; ++c) {
                F2Matrix prefix(rows, c + 1);
                for (int r = 0; r < rows; ++r)
                    for (int k = 0; k <= c; ++k)
                        prefix.set(r, k, m.at(r, k));
                F2Matrix prefixWithout(rows, c);
                for (int r = 0; r < rows; ++r)
                    for (int k = 0; k < c; ++k)
                        prefixWithout.set(r, k, m.at(r, k));
                const bool independent = bruteRank(prefix) > (c ? bruteRank(prefixWithout) : 0);
                QCOMPARE(std::find(pivots.begin(), pivots.end(), c) != pivots.end(), independent);
            }
        }
    }

    void solveGivesTheSmallestSolution()
    {
        QRandomGenerator rng(99);
        for (int trial = 0; trial < 300; ++trial) {
            const int rows = 1 + int(rng.bounded(6));
            const int cols = 1 + int(rng.bounded(6));
            const F2Matrix a = randomMatrix(rng, rows, cols);
            const F2Matrix b = randomMatrix(rng, rows, 3);
            // Brute force: for each column of B the numerically smallest x with A x = b_j.
            std::vector<std::optional<uint64_t>> smallest;
            for (int j = 0; j < 3; ++j) {
                std::optional<uint64_t> best;
                for (uint64_t x = 0; x < (uint64_t(1) << cols) && !best; ++x)
                    if (applyVector(a, x) == b.column(j))
                        best = x;
                smallest.push_back(best);
            }
            const bool solvable = smallest[0] && smallest[1] && smallest[2];
            const std::optional<F2Matrix> x = a.solve(b);
            QCOMPARE(x.has_value(), solvable);
            if (!x)
                continue;
            for (int j = 0; j < 3; ++j)
                QCOMPARE(x->column(j), *smallest[size_t(j)]);
        }
    }

    // The column form of solve (invertAndCompose's) gives solve's answer, and the same first
    // column outside the image.
    void solveColumnsIsSolve()
    {
        QRandomGenerator rng(41);
        for (int trial = 0; trial < 300; ++trial) {
            const int rows = 1 + int(rng.bounded(8)), cols = 1 + int(rng.bounded(8));
            const F2Matrix a = randomMatrix(rng, rows, cols, 20 + int(rng.bounded(60)));
            const F2Matrix b = randomMatrix(rng, rows, 1 + int(rng.bounded(4)));
            std::vector<uint64_t> ac, bc;
            for (int c = 0; c < a.cols(); ++c)
                ac.push_back(a.column(c));
            for (int c = 0; c < b.cols(); ++c)
                bc.push_back(b.column(c));
            int outsideM = -2, outsideC = -2;
            const std::optional<F2Matrix> x = a.solve(b, &outsideM);
            const auto xc = F2Matrix::solveColumns(ac, bc, rows, &outsideC);
            QCOMPARE(xc.has_value(), x.has_value());
            QCOMPARE(outsideC, outsideM);
            if (x)
                for (int j = 0; j < b.cols(); ++j)
                    QCOMPARE((*xc)[size_t(j)], x->column(j));
        }
    }

    void inverseAndKernel()
    {
        QRandomGenerator rng(7);
        for (int trial = 0; trial < 200; ++trial) {
            const int n = 1 + int(rng.bounded(6));
            const F2Matrix m = randomMatrix(rng, n, n);
            const std::optional<F2Matrix> inv = m.inverse();
            QCOMPARE(inv.has_value(), m.rank() == n);
            if (inv) {
                QCOMPARE(m * *inv, F2Matrix::identity(n));
                QCOMPARE(*inv * m, F2Matrix::identity(n));
            }
            const int cols = 1 + int(rng.bounded(7));
            const F2Matrix a = randomMatrix(rng, n, cols);
            const F2Matrix k = a.kernel();
            QCOMPARE(k.cols(), cols - a.rank());
            QCOMPARE(k.rank(), k.cols()); // independent
            for (int j = 0; j < k.cols(); ++j)
                QCOMPARE(applyVector(a, k.column(j)), uint64_t(0));
            // Brute force: the kernel has exactly 2^(cols - rank) vectors.
            int zeros = 0;
            for (uint64_t x = 0; x < (uint64_t(1) << cols); ++x)
                zeros += applyVector(a, x) == 0;
            QCOMPARE(zeros, 1 << k.cols());
        }
    }

    void wideRowsSpanSeveralWords()
    {
        // 3 x 130: columns 0, 64 and 129 are the unit vectors; everything else is zero.
        F2Matrix m(3, 130);
        m.set(0, 0, true);
        m.set(1, 64, true);
        m.set(2, 129, true);
        QCOMPARE(m.rank(), 3);
        QCOMPARE(m.pivotColumns(), (std::vector<int>{0, 64, 129}));
        QCOMPARE(int(m.freeColumns().size()), 127);
        QCOMPARE(m.transposed().transposed(), m);
    }

    void textOfRows()
    {
        F2Matrix m(2, 3);
        m.set(0, 0, true);
        m.set(0, 2, true);
        m.set(1, 1, true);
        m.set(1, 2, true);
        QVERIFY(m.at(0, 0) && !m.at(0, 1) && m.at(0, 2) && m.at(1, 2));
        QCOMPARE(QString::fromStdString(m.toString()), QStringLiteral("101\n011\n"));
    }

    // The elimination itself: pivots in increasing column order, the RREF of the rows, zero rows
    // last; checked against brute force on random single-word matrices.
    void rrefAgainstBruteForce()
    {
        QRandomGenerator rng(23);
        for (int trial = 0; trial < 300; ++trial) {
            const int rows = 1 + int(rng.bounded(9)), cols = 1 + int(rng.bounded(9));
            const F2Matrix m = randomMatrix(rng, rows, cols, 20 + int(rng.bounded(60)));
            std::vector<uint64_t> packed;
            for (int r = 0; r < rows; ++r)
                packed.push_back(m.rowBits(r));
            const std::vector<int> pivots = lx::f2::rref(packed.data(), rows, cols, 1);
            QCOMPARE(int(pivots.size()), bruteRank(m));
            QCOMPARE(pivots, m.pivotColumns());
            for (size_t i = 0; i < packed.size(); ++i) {
                if (i >= pivots.size()) {
                    QCOMPARE(packed[i], uint64_t(0));
                    continue;
                }
                // Lowest set bit is the pivot; no other row has that bit.
                QCOMPARE(int(std::countr_zero(packed[i])), pivots[i]);
                for (size_t k = 0; k < packed.size(); ++k)
                    if (k != i)
                        QVERIFY(!((packed[k] >> pivots[i]) & 1u));
            }
            QCOMPARE(lx::f2::rank(std::vector<uint64_t>(packed.begin(), packed.end())),
                     bruteRank(m));
        }
    }

    // SingleWordBasis::reduce against the span enumerated: the residual is zero exactly for the
    // vectors of the span, the combination then makes the vector, and both are linear in the
    // vector (what a table over a few bits relies on, io/tritontext.cpp's owners).
    void singleWordReduceAgainstTheSpan()
    {
        QRandomGenerator rng(29);
        for (int trial = 0; trial < 200; ++trial) {
            const int n = 1 + int(rng.bounded(6)), bits = 1 + int(rng.bounded(8));
            std::vector<uint64_t> vectors;
            lx::f2::SingleWordBasis basis;
            for (int i = 0; i < n; ++i) {
                vectors.push_back(rng.generate64() & ((uint64_t(1) << bits) - 1));
                (void)basis.insert(vectors.back(), uint64_t(1) << i);
            }
            std::set<uint64_t> span;
            for (uint64_t pick = 0; pick < (uint64_t(1) << n); ++pick) {
                uint64_t v = 0;
                for (int i = 0; i < n; ++i)
                    if ((pick >> i) & 1)
                        v ^= vectors[size_t(i)];
                span.insert(v);
            }
            for (uint64_t v = 0; v < (uint64_t(1) << bits); ++v) {
                uint64_t made = 0;
                const uint64_t left = basis.reduce(v, made);
                QCOMPARE(left == 0, span.count(v) == 1);
                uint64_t sum = left;
                for (int i = 0; i < n; ++i)
                    if ((made >> i) & 1)
                        sum ^= vectors[size_t(i)];
                QCOMPARE(sum, v);
                for (uint64_t w = 0; w < (uint64_t(1) << bits); w += 1 + rng.bounded(7)) {
                    uint64_t madeW = 0, madeVW = 0;
                    const uint64_t leftW = basis.reduce(w, madeW);
                    QCOMPARE(basis.reduce(v ^ w, madeVW), left ^ leftW);
                    QCOMPARE(madeVW, made ^ madeW);
                }
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestF2Matrix)
#include "tst_f2matrix.moc"
