// The allocator view (Figure 12) draws every stage-1 step, numbered as the analysis numbers
// them: a step that neither placed a buffer nor reopened its slot is shown, not skipped.

#include "presetrequests.h"
#include "render/diagram.h"
#include "render/viewregistry.h"

#include <QRegularExpression>
#include <QTest>

using namespace lx;
using namespace Qt::StringLiterals;

class TestAllocatorSteps : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyStepIsDrawnInOrder()
    {
        QString error;
        const std::vector<ViewRequest> reqs = lx::test::presetRequests("fig12", &error);
        QVERIFY2(!reqs.empty(), qPrintable(error));
        Expected<Diagram> d = buildView(reqs.front());
        QVERIFY2(bool(d), d ? "" : d.message().c_str());
        int steps = -1;
        for (const DiagramFigure &f : d->figures)
            if (f.key == u"stage1Steps"_s)
                steps = f.value.section(QLatin1Char(' '), 0, 0).toInt();
        QVERIFY(steps > 0);
        QList<int> drawn;
        const QRegularExpression re(uR"(stage 1, step (\d+))"_s);
        bool dropped = false;
        for (const DiagramAnnotation &a : d->annotations) {
            const QRegularExpressionMatch m = re.match(a.text);
            if (m.hasMatch())
                drawn << m.captured(1).toInt();
            dropped = dropped || a.text.contains(u"dropped"_s);
        }
        QList<int> expected;
        for (int i = 0; i < steps; ++i)
            expected << i;
        QCOMPARE(drawn, expected);
        // fig12 has a step that placed nothing (step 1): it says so.
        QVERIFY(dropped);
    }
};

QTEST_MAIN(TestAllocatorSteps)
#include "tst_allocatorsteps.moc"
