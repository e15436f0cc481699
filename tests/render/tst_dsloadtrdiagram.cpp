// ds_load_tr diagrams: the panels carry the blog's facts (Part I of the AMD MI450 LDS blog), the
// other views carry the analysis' tables. Set LX_DSLOADTR_PNG_DIR to also write each figure as PNG.

#include "analysis/dsloadtr.h"
#include "layout/linearlayout.h"
#include "render/diagramrenderer.h"
#include "render/dsloadtrdiagram.h"
#include "render/exporter.h"
#include "render/viewregistry.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using namespace lx;

namespace {

// The blog's toy: tensor<32x8>, #shared order [0, 1] (offset walks dim0 first), #dst lane = row,
// register = column.
LinearLayout toyShared()
{
    return *LinearLayout::tryCreate(
        {{"offset", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 1}, {0, 2}, {0, 4}}},
         {"block", {}}},
        {{"dim0", 32}, {"dim1", 8}}, true);
}

LinearLayout toyDst(std::vector<LinearLayout::Basis> lane = {
                        {1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}})
{
    return *LinearLayout::tryCreate(
        {{"register", {{0, 1}, {0, 2}, {0, 4}}}, {"lane", lane}, {"warp", {}}},
        {{"dim0", 32}, {"dim1", 8}}, true);
}

void maybeWrite(const Diagram &d, const char *name)
{
    const QByteArray dir = qgetenv("LX_DSLOADTR_PNG_DIR");
    if (dir.isEmpty())
        return;
    const QString err = exportDiagram(d, RenderOptions{},
                                      QString::fromLocal8Bit(dir) + QLatin1Char('/') +
                                          QLatin1String(name) + QStringLiteral(".png"),
                                      *lx::exportFormatForPath(QStringLiteral("x.png")));
    QVERIFY2(err.isEmpty(), qPrintable(err));
}

int laneOf(const QString &label) // "S12:E3" / "D4:R7" -> 12 / 4
{
    return label.mid(1, label.indexOf(QLatin1Char(':')) - 1).toInt();
}

} // namespace

class TestDsLoadTrDiagram : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void figure1aTr16();
    void figure1bTr8();
    void exchangeAndFullTile();
    void eligibilityInvalid();
    void pipelineAndToyTable();
    void viewsThroughRegistry();
};

void TestDsLoadTrDiagram::figure1aTr16()
{
    const DsLoadTrPlan plan = *analyzeDsLoadTr(toyShared(), toyDst(), 16, "gfx1250");
    Expected<Diagram> d = buildDsLoadTrPanels(plan, toyShared(), {});
    QVERIFY2(d, d ? "" : d.message().c_str());
    QCOMPARE(d->panels.size(), size_t(2));
    const DiagramPanel &src = d->panels[0], &dst = d->panels[1];
    QCOMPARE(src.rows(), 32);
    QCOMPARE(src.columns(), 8);
    // Blog: "D0 receives column E0: [S0:E0, S1:E0, ..., S7:E0]" and "D8 ... [S8:E0 ... S15:E0]":
    // the cells destination lane D holds are read, register by register, by those source lanes.
    for (int lane : {0, 1, 8}) {
        QStringList got;
        for (int r = 0; r < 32; ++r)
            for (int c = 0; c < 8; ++c)
                if (laneOf(dst.text(r, c)) == lane)
                    got << src.text(r, c);
        QStringList want;
        for (int k = 0; k < 8; ++k)
            want << QStringLiteral("S%1:E%2").arg((lane & 24) + k).arg(lane & 7);
        QCOMPARE(got, want);
    }
    maybeWrite(*d, "fig1a");
}

void TestDsLoadTrDiagram::figure1bTr8()
{
    const DsLoadTrPlan plan = *analyzeDsLoadTr(toyShared(), toyDst(), 8, "gfx1250");
    QCOMPARE(plan.instruction.name, std::string("ds_load_tr8_b64"));
    Expected<Diagram> d = buildDsLoadTrPanels(plan, toyShared(), {});
    QVERIFY2(d, d ? "" : d.message().c_str());
    const DiagramPanel &src = d->panels[0], &dst = d->panels[1];
    // Blog: "destination lanes D0 through D7 draw from source lanes S0 through S3 and S8 through
    // S11".
    std::set<int> sources;
    for (int r = 0; r < 32; ++r)
        for (int c = 0; c < 8; ++c)
            if (laneOf(dst.text(r, c)) < 8)
                sources.insert(laneOf(src.text(r, c)));
    QCOMPARE(sources, (std::set<int>{0, 1, 2, 3, 8, 9, 10, 11}));
    maybeWrite(*d, "fig1b");
}

void TestDsLoadTrDiagram::exchangeAndFullTile()
{
    const DsLoadTrInstruction tr8 = *dsLoadTrInstructionByName("ds_load_tr8_b64");
    const Diagram x = buildDsLoadTrExchange(tr8, nullptr, 0, 0);
    QCOMPARE(x.panels.size(), size_t(2));
    // Reference §2.3 tr8 destination view, row D8: L4.e0 L5.e0 L6.e0 L7.e0 L12.e0 ... L15.e0.
    QStringList row8;
    for (int r = 0; r < 8; ++r)
        row8 << x.panels[1].text(8, r);
    QCOMPARE(row8, (QStringList{QStringLiteral("S4:E0"), QStringLiteral("S5:E0"),
                                QStringLiteral("S6:E0"), QStringLiteral("S7:E0"),
                                QStringLiteral("S12:E0"), QStringLiteral("S13:E0"),
                                QStringLiteral("S14:E0"), QStringLiteral("S15:E0")}));
    maybeWrite(x, "exchange-tr8");
    // Fig 4b: "lane=8 now selects source lane S4 instead of S8, and register=4 selects S8".
    const Diagram f = buildDsLoadTrFullTile(tr8);
    QCOMPARE(f.tables.size(), size_t(1));
    const auto &rows = f.tables[0].rows;
    auto image = [&](const QString &basis) {
        for (const QStringList &r : rows)
            if (r[0] == basis)
                return r[2];
        return QString();
    };
    QCOMPARE(image(QStringLiteral("lane=8")), QStringLiteral("(O0, S4)"));
    QCOMPARE(image(QStringLiteral("register=4")), QStringLiteral("(O0, S8)"));
    QCOMPARE(image(QStringLiteral("lane=2")), QStringLiteral("(O2, S0)"));
    QCOMPARE(rows.size(), size_t(8)); // five lane bases, three register bases
    maybeWrite(f, "fig4b");
    const Diagram f16 = buildDsLoadTrFullTile(*dsLoadTrInstructionByName("ds_load_tr16_b128"));
    maybeWrite(f16, "fig4a");
}

void TestDsLoadTrDiagram::eligibilityInvalid()
{
    // Fig 5 right: lanes 1 and 2 swapped.
    const LinearLayout dst = toyDst({{1, 0}, {4, 0}, {2, 0}, {8, 0}, {16, 0}});
    const DsLoadTrPlan plan = *analyzeDsLoadTr(toyShared(), dst, 16, "gfx1250");
    QVERIFY(!plan.eligible);
    const Diagram d = buildDsLoadTrEligibility(plan, dst, "bf16");
    QVERIFY(d.subtitle.contains(QStringLiteral("lane basis 1 maps to [4] (need offset 2)")));
    const DiagramTable &cvt = d.tables[1];
    int breaks = 0;
    for (const QStringList &r : cvt.rows)
        if (r[3] == QStringLiteral("breaks")) {
            ++breaks;
            QVERIFY(r[0] == QStringLiteral("lane=2") || r[0] == QStringLiteral("lane=4"));
        }
    QCOMPARE(breaks, 2); // lane=2 -> [4] and lane=4 -> [2]
    maybeWrite(d, "fig5-invalid");
    Expected<Diagram> panels = buildDsLoadTrPanels(plan, toyShared(), {});
    QVERIFY(!panels);
}

void TestDsLoadTrDiagram::pipelineAndToyTable()
{
    const DsLoadTrPlan plan = *analyzeDsLoadTr(toyShared(), toyDst(), 16, "gfx1250");
    const Diagram p = buildDsLoadTrPipeline(plan, toyDst());
    QCOMPARE(p.tables.size(),
             size_t(7)); // dst, cvt, quotient, reps, fullTile, addrToOffset, addrLayout
    // reps: cvt with the tile's lane bases zeroed: lane=1,2,4 -> [0].
    const DiagramTable &reps = p.tables[3];
    for (const QStringList &r : reps.rows)
        if (r[0] == QStringLiteral("lane=1") || r[0] == QStringLiteral("lane=4"))
            QCOMPARE(r[1], QStringLiteral("[0]"));
    maybeWrite(p, "fig6");
    // The blog's toy table: register=4 -> [0, 4] matches sharedLL's 128 -> [0, 4], so cvt has
    // register=4 -> [128].
    Expected<Diagram> t = buildInvertAndComposeTable(toyDst(), toyShared());
    QVERIFY(t);
    const auto &rows = t->tables[0].rows;
    QCOMPARE(rows.size(), size_t(8));
    QCOMPARE(rows[2][0], QStringLiteral("register=4"));
    QCOMPARE(rows[2][1], QStringLiteral("[0, 4]"));
    QCOMPARE(rows[7][2], QStringLiteral("offset=128"));
    QCOMPARE(rows[7][3], QStringLiteral("[0, 4]"));
    QCOMPARE(rows[2][5], QStringLiteral("[128]"));
    maybeWrite(*t, "toy-32x8");
}

void TestDsLoadTrDiagram::viewsThroughRegistry()
{
    ViewRequest r;
    r.layouts = {{"shared", toyShared(), {32, 8}, "bf16", nullptr},
                 {"dst", toyDst(), {32, 8}, "bf16", nullptr}};
    for (const char *kind :
         {"ds-load-tr-panels", "ds-load-tr-exchange", "ds-load-tr-fulltile",
          "ds-load-tr-eligibility", "ds-load-tr-pipeline", "invert-and-compose"}) {
        r.kind = kind;
        Expected<Diagram> d = buildView(r);
        QVERIFY2(d, d ? kind : d.message().c_str());
    }
    // 32-bit elements: no variant exists; every view says so, with the fallback, instead of
    // failing.
    r.options = {{"dtype", "f32"}};
    for (const char *kind : {"ds-load-tr-panels", "ds-load-tr-exchange", "ds-load-tr-fulltile",
                             "ds-load-tr-eligibility", "ds-load-tr-pipeline"}) {
        r.kind = kind;
        Expected<Diagram> none = buildView(r);
        QVERIFY2(none, none ? kind : none.message().c_str());
        QCOMPARE(none->title, QStringLiteral("No transposed load for 32-bit elements on gfx1250"));
        QVERIFY(none->subtitle.contains(QStringLiteral("not eligible")));
        QVERIFY(!none->tables.empty());
    }
    r.kind = "ds-load-tr-panels";
    r.options = {{"warp", 3}};
    QVERIFY(!buildView(r));
}

QTEST_MAIN(TestDsLoadTrDiagram)
#include "tst_dsloadtrdiagram.moc"
