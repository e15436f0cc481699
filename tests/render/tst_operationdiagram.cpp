// Operations drawn: the result table's values are the operation's result, each row says where
// it flows from and is tinted like its source, and bad requests say why.

#include "render/operationdiagram.h"
#include "render/viewregistry.h"

#include <QTest>

using lx::LayoutOperation;
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
LinearLayout make(LinearLayout::BasesT bases, std::vector<LinearLayout::NamedSize> outs)
{
    return *LinearLayout::tryCreate(std::move(bases), std::move(outs), false);
}
} // namespace

class TestOperationDiagram : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A = lane -> dim0 identity (lane 1 -> 1, lane 2 -> 2); B swaps the two bits of dim0 into x.
    // compose: lane[0] = B(1) = 2, lane[1] = B(2) = 1.
    void compose()
    {
        const LinearLayout a = make({{"lane", {{1}, {2}}}}, {{"dim0", 4}});
        const LinearLayout b = make({{"dim0", {{2}, {1}}}}, {{"x", 4}});
        auto d = lx::operationDiagram(LayoutOperation::Compose, a, b, QStringLiteral("A"),
                                      QStringLiteral("B"));
        QVERIFY2(d, d ? "" : d.message().c_str());
        QCOMPARE(d->tables.size(), size_t(3));
        const lx::DiagramTable &r = d->tables[2];
        QCOMPARE(r.rows.size(), size_t(2));
        QCOMPARE(r.rows[0][2], QStringLiteral("[2]"));
        QCOMPARE(r.rows[1][2], QStringLiteral("[1]"));
        QCOMPARE(r.rows[0][3], QStringLiteral("B(A lane=1 \u2192 [1])"));
        // Tinted like A's lane rows.
        QCOMPARE(r.fills[0][0], d->tables[0].fills[0][0]);
    }

    // C holds element 1 in register 1 and element 2 in lane 1, so A's lane[0] (element 1) comes
    // from C's register 1 and A's lane[1] (element 2) from C's lane 1.
    void invertAndCompose()
    {
        const LinearLayout a = make({{"register", {}}, {"lane", {{1}, {2}}}}, {{"dim0", 4}});
        const LinearLayout c = make({{"register", {{1}}}, {"lane", {{2}}}}, {{"dim0", 4}});
        auto d = lx::operationDiagram(LayoutOperation::InvertAndCompose, a, c, QStringLiteral("A"),
                                      QStringLiteral("C"));
        QVERIFY2(d, d ? "" : d.message().c_str());
        const lx::DiagramTable &r = d->tables[2];
        QCOMPARE(r.rows.size(), size_t(2));
        QCOMPARE(r.rows[0][2], QStringLiteral("[1, 0]"));
        QCOMPARE(r.rows[1][2], QStringLiteral("[0, 1]"));
        QVERIFY2(r.rows[0][3].contains(QStringLiteral("held by C at register=1")),
                 qPrintable(r.rows[0][3]));
        QVERIFY2(r.rows[1][3].contains(QStringLiteral("held by C at lane=1")),
                 qPrintable(r.rows[1][3]));
    }

    // A * B: A's lane bases first (minor), then B's, shifted past A's size.
    void product()
    {
        const LinearLayout a = make({{"lane", {{1}}}}, {{"dim0", 2}});
        const LinearLayout b = make({{"lane", {{1}}}}, {{"dim0", 2}});
        auto d = lx::operationDiagram(LayoutOperation::Product, a, b, QStringLiteral("A"),
                                      QStringLiteral("B"));
        QVERIFY(d);
        const lx::DiagramTable &r = d->tables[2];
        QCOMPARE(r.rows[0][2], QStringLiteral("[1]"));
        QCOMPARE(r.rows[1][2], QStringLiteral("[2]"));
        QCOMPARE(r.rows[0][3], QStringLiteral("A lane=1"));
        QVERIFY(r.rows[1][3].startsWith(QStringLiteral("B lane=1")));
        QVERIFY(r.fills[0][0] != r.fills[1][0]);
    }

    void viewOptions()
    {
        const LinearLayout a = make({{"lane", {{1}, {2}}}}, {{"dim0", 4}});
        const LinearLayout t = make({{"lane", {{2}}}}, {{"dim0", 4}});
        lx::ViewRequest r;
        r.kind = "operation";
        r.layouts = {named("A", a, {4}), named("T", t, {4})};
        r.options = {{"op", "invert"}};
        auto inv = lx::buildView(r);
        QVERIFY2(inv, inv ? "" : inv.message().c_str());
        r.options = {{"op", "divideLeft"}, {"other", "T"}};
        auto div = lx::buildView(r);
        QVERIFY(!div);
        QVERIFY2(div.message().find("not a left factor") != std::string::npos,
                 div.message().c_str());
        r.options = {{"op", "compose"}};
        auto missing = lx::buildView(r);
        QVERIFY(!missing);
        QVERIFY(missing.message().find("\"other\"") != std::string::npos);
        r.options = {{"op", "sublayout"}, {"ins", {"lane"}}, {"outs", {"dim0"}}};
        QVERIFY(lx::buildView(r));
    }
};

QTEST_MAIN(TestOperationDiagram)
#include "tst_operationdiagram.moc"
