// The rocprof-compute "Bank Conflicts/Access" ratio of a view is shown with its denominator and
// as covering the view's accesses only, so the kPack view's 7.000 is never read as the rocMLIR
// pull request's kernel-wide 0.49.

#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

class TestKpackMetric : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void theRatioCarriesItsDenominator()
    {
        QString error;
        const std::vector<ViewRequest> reqs =
            lx::test::presetRequests("rocmlir-kpack-before", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        // By hand: the A operand's 3 ds_write_b32 of one wave are 8-way, 16 cycles each
        // (ideal 2): 48 cycles, ideal 6, so 42 conflict cycles over 6 ideal ones = 7.000.
        bool found = false;
        for (const DiagramTable &t : d->tables)
            for (const QStringList &row : t.rows)
                if (row.value(0).startsWith(u"rocprof-compute Bank Conflicts/Access"_s)) {
                    found = true;
                    QVERIFY2(row.value(0).contains(u"= 42 / 6"_s), qPrintable(row.value(0)));
                    QVERIFY2(row.value(0).contains(u"not kernel-wide"_s), qPrintable(row.value(0)));
                    QCOMPARE(row.value(1), u"7.000"_s);
                }
        QVERIFY(found);
        for (const DiagramFigure &f : d->figures)
            if (f.key == u"conflictsPerAccess"_s) {
                QVERIFY2(f.label.contains(u"these accesses only"_s), qPrintable(f.label));
                QVERIFY2(f.toolTip.contains(u"42 / 6"_s), qPrintable(f.toolTip));
            }
    }
};

QTEST_MAIN(TestKpackMetric)
#include "tst_kpackmetric.moc"
