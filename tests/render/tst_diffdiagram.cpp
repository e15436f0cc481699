// The diff view: the cells it colours are exactly the elements the diff counts, the basis table
// tints the changed bases, and a missing "other" option is an error naming it.

#include "render/diffdiagram.h"
#include "render/viewregistry.h"

#include <QTest>

using lx::LinearLayout;

namespace {
lx::ResolvedLayout named(const std::string &name, const LinearLayout &l, std::vector<int32_t> shape)
{
    lx::ResolvedLayout r;
    r.name = name;
    r.layout = l;
    r.shape = std::move(shape);
    r.dtype = "f16";
    return r;
}
LinearLayout make(LinearLayout::BasesT bases)
{
    return *LinearLayout::tryCreate(std::move(bases), {{"dim0", 4}, {"dim1", 4}}, false);
}
} // namespace

class TestDiffDiagram : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void colours()
    {
        // B swaps register bases 0 and 1: elements with dim1 = 1 or 2 change register.
        const LinearLayout a =
            make({{"register", {{0, 1}, {0, 2}}}, {"lane", {{1, 0}, {2, 0}}}, {"block", {}}});
        const LinearLayout b =
            make({{"register", {{0, 2}, {0, 1}}}, {"lane", {{1, 0}, {2, 0}}}, {"block", {}}});
        lx::ViewRequest r;
        r.kind = "diff";
        r.layouts = {named("A", a, {4, 4}), named("B", b, {4, 4})};
        r.layout = "A";
        r.options = {{"other", "B"}};
        auto d = lx::buildView(r);
        QVERIFY2(d, d ? "" : d.message().c_str());
        const lx::DiagramPanel &p = d->panels.at(0);
        QCOMPARE(p.rows(), 4);
        QCOMPARE(p.columns(), 4);
        for (int row = 0; row < 4; ++row)
            for (int col = 0; col < 4; ++col) {
                const bool differs = col == 1 || col == 2;
                QCOMPARE(p.text(row, col), differs ? QStringLiteral("\u2260") : QString());
            }
        QVERIFY(p.tooltip(0, 1).contains(QStringLiteral("A: register=1")));
        QVERIFY(p.tooltip(0, 1).contains(QStringLiteral("B: register=2")));
        const lx::DiagramTable &t = d->tables.at(0);
        QCOMPARE(t.rows.size(), size_t(4));
        // Bases named as everywhere else: by the input whose image they are.
        QCOMPARE(t.rows[0][1], QStringLiteral("register=1"));
        QCOMPARE(t.rows[1][1], QStringLiteral("register=2"));
        QCOMPARE(t.rows[3][1], QStringLiteral("lane=2"));
        QVERIFY(qAlpha(t.fills[0][0]) != 0); // register 0 changed
        QCOMPARE(qAlpha(t.fills[2][0]), 0);  // lane 0 did not
        QVERIFY(d->subtitle.contains(QStringLiteral("register permutation")));

        r.options = nlohmann::json::object();
        auto missing = lx::buildView(r);
        QVERIFY(!missing);
        QVERIFY(missing.message().find("\"other\"") != std::string::npos);
    }
};

QTEST_MAIN(TestDiffDiagram)
#include "tst_diffdiagram.moc"
