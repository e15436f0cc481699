// The MI450 LDS blog's and rocMLIR pull request #2196's numbers drawn in the presets' figures
// themselves, not only listed beside them (docs/worked-cases.md): Fig 11's cache-line columns, Fig
// 13's run-time lowering, the attention V operand's DS counter and VGPRs, and rocMLIR's decision
// with the pull request's wrong rows.

#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QTest>

#include <algorithm>

using namespace lx;
using namespace Qt::StringLiterals;

namespace {

// The first view of `kind` of `preset`, built.
Expected<Diagram> presetView(const std::string &preset, const std::string &kind)
{
    QString error;
    const std::vector<ViewRequest> reqs = lx::test::presetRequests(preset, &error);
    for (const ViewRequest &r : reqs)
        if (r.kind == kind)
            return buildView(r);
    return makeError(preset + " has no view " + kind + " " + error.toStdString());
}

const DiagramTable *tableTitled(const Diagram &d, const QString &start)
{
    for (const DiagramTable &t : d.tables)
        if (t.title.startsWith(start))
            return &t;
    return nullptr;
}

// The cell of `table` in the row whose first cell is `row`, under `column`.
QString cell(const DiagramTable &t, const QString &row, const QString &column)
{
    const qsizetype c = t.header.indexOf(column);
    for (const QStringList &r : t.rows)
        if (!r.isEmpty() && r.front() == row && c >= 0 && c < r.size())
            return r.at(c);
    return u"<none>"_s;
}

const DiagramFigure *figure(const Diagram &d, const QString &key)
{
    for (const DiagramFigure &f : d.figures)
        if (f.key == key)
            return &f;
    return nullptr;
}

} // namespace

class TestSeedViews : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // Fig 11: B's pieces are [K, 64] fp16, a 128-byte row, one line; Fig 10's are [K, 16], 32 B,
    // a quarter. A's [32, K] bands: 64 B, half a line, in both.
    void cacheLineColumns_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("bRow");
        QTest::addColumn<QString>("bLine");
        QTest::newRow("fig11") << u"fig11"_s << u"128 B"_s << u"1 line"_s;
        QTest::newRow("fig10") << u"fig10"_s << u"32 B"_s << u"1/4 of a line"_s;
    }
    void cacheLineColumns()
    {
        QFETCH(QString, preset);
        QFETCH(QString, bRow);
        QFETCH(QString, bLine);
        Expected<Diagram> d = presetView(preset.toStdString(), "cta-pieces");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const DiagramTable *t = tableTitled(*d, u"PartitionedSharedLayout parameters"_s);
        QVERIFY(t);
        QVERIFY2(cell(*t, u"B"_s, u"bytes per piece row"_s).startsWith(bRow),
                 qPrintable(cell(*t, u"B"_s, u"bytes per piece row"_s)));
        QVERIFY2(cell(*t, u"B"_s, u"cache line per row"_s).startsWith(bLine),
                 qPrintable(cell(*t, u"B"_s, u"cache line per row"_s)));
        QVERIFY(cell(*t, u"A"_s, u"cache line per row"_s).startsWith(u"1/2 of a line"_s));
    }

    // Fig 13: register=16 and warp=1 feed the partition (the cvt table's highlighted rows), no
    // lane: 2 base pointers, set up once.
    void partitionLoweringDrawn()
    {
        Expected<Diagram> d = presetView("fig13", "cvt-partition");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const DiagramTable *t = tableTitled(*d, u"Run-time lowering"_s);
        QVERIFY(t);
        QVERIFY(cell(*t, u"Partition bits from registers"_s, u"what"_s).size() > 0);
        const DiagramFigure *pointers = figure(*d, u"basePointers"_s);
        QVERIFY(pointers && pointers->number && *pointers->number == 2.0);
        QCOMPARE(figure(*d, u"partitionLaneBits"_s)->value, u"none"_s);
        QVERIFY(figure(*d, u"partitionWarpBits"_s)->value.startsWith(u"warp=1"_s));
        QVERIFY(figure(*d, u"partitionRegisterBits"_s)->value.startsWith(u"register=16"_s));
        // The basis tables name a basis as the figures do ("register=16"), not by its value alone.
        int named = 0;
        for (const DiagramTable &bases : d->tables) {
            if (bases.header.size() < 2 || bases.header[1] != u"basis"_s)
                continue;
            for (const QStringList &row : bases.rows) {
                QVERIFY2(row[1].startsWith(row[0] + u"="_s), qPrintable(row.join(u" | "_s)));
                ++named;
            }
        }
        QVERIFY(named > 0);
    }

    // attention-v: 1024 elements of V per thread (each of the 8 warps holds the whole 128 x 256
    // operand: 32768 / 32 lanes); 1024 / 8 = 128 transposed loads, 1024 narrow ones, against 63.
    void attentionCostDrawn()
    {
        Expected<Diagram> d = presetView("attention-v", "ds-load-tr-panels");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const DiagramTable *t = tableTitled(*d, u"Per thread: the DS counter"_s);
        QVERIFY(t);
        QVERIFY(t->rows.size() >= 6);
        const DiagramFigure *narrow = figure(*d, u"dsCounterFallback"_s);
        QVERIFY(narrow && narrow->number && *narrow->number == 1024.0);
        QVERIFY(narrow->value.contains(u"961"_s));
        QCOMPARE(figure(*d, u"dsCounterTransposed"_s)->number.value_or(0), 128.0);
        QCOMPARE(figure(*d, u"vgprsTransposed"_s)->number.value_or(0), 512.0);
        QCOMPARE(figure(*d, u"vgprsFallback"_s)->number.value_or(0), 1024.0);
        QCOMPARE(figure(*d, u"spillsMeasuredFallback"_s)->source, FigureSource::Measured);
    }

    // rocMLIR: the decision table in the bank figure, the PR's rows 3 and 4 named wrong in it,
    // the inferred rows marked inferred, the quotes measured.
    void kpackDecisionDrawn()
    {
        Expected<Diagram> d = presetView("rocmlir-kpack-before", "bank-table");
        QVERIFY2(d, d ? "" : d.message().c_str());
        const DiagramTable *t = tableTitled(*d, u"rocMLIR's store decision"_s);
        QVERIFY(t);
        const QString rows = cell(*t, u"Published bank table, rows checked"_s, u"value"_s);
        QVERIFY2(rows.startsWith(u"2 of 6 rows wrong: m = 3"_s), qPrintable(rows));
        QCOMPARE(cell(*t, u"rocMLIR's stores after the fix (inferred)"_s, u"provenance"_s),
                 u"inferred"_s);
        QCOMPARE(cell(*t, u"TFLOPs, before \u2192 after re-tuning (another perf_config)"_s,
                      u"provenance"_s),
                 u"measured"_s);
        QVERIFY(cell(*t, u"Stores shown"_s, u"value"_s).contains(u"before-fix"_s));
    }
};

QTEST_MAIN(TestSeedViews)
#include "tst_seedviews.moc"
